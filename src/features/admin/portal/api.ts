/** Banners as the admin portal reads and writes them (signed in, lambda mode). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { byIndex, listAll, MAX_PAGE_SIZE, type ModelRecord } from '../../../lib/catalogue';
import { catalogueChanged } from '../common/catalogue-cache';
import { ApiCallError, throwOnErrors } from '../common/graphql-errors';
import { adminKeys } from '../common/admin-keys';
import { adminQuery } from '../common/admin-query';
import { adminClient } from '../common/admin-client';

/** A banner as the Banner Changer edits it: its description (alt text, caption on phones) '' for none. */
export type AdminBanner = Pick<ModelRecord<'Banner'>, 'id' | 'img'> & { description: string };

export const BANNER_MESSAGES = {
  loadError: 'Error Loading Banner Images',
  deleted: 'Banner Deleted',
  deleteError: 'Error Deleting Banner',
  saved: 'Banners Saved',
  saveError: 'Error Saving Banners',
} as const;

/** Every banner, in carousel order. */
async function fetchAdminBanners(): Promise<AdminBanner[]> {
  const banners = await listAll((nextToken) =>
    adminClient.models.Banner.list({ selectionSet: ['id', 'img', 'index', 'description'], limit: MAX_PAGE_SIZE, nextToken }),
  );
  return byIndex(banners).map((banner) => ({ id: banner.id, img: banner.img, description: banner.description ?? '' }));
}

export const adminBannersQuery = () => adminQuery(adminKeys.banners(), fetchAdminBanners, BANNER_MESSAGES.loadError);

export function useAdminBanners() {
  return useQuery(adminBannersQuery());
}

/** Deletes one saved banner at once (product §4 banner edit); ApiCallError thrown on failure. */
async function deleteBanner(id: string): Promise<void> {
  const result = await adminClient.models.Banner.delete({ id });
  if (result.errors?.length || !result.data) throw new ApiCallError(result.errors);
  void catalogueChanged();
}

/**
 * Replaces the whole banner set with these images, in this order, in one transaction, each with
 * its description (parallel to `images`; '' for none).
 */
async function replaceBanners({ images, descriptions }: { images: string[]; descriptions: string[] }): Promise<void> {
  const result = await adminClient.mutations.replaceBanners({ images, descriptions });
  throwOnErrors(result);
  await catalogueChanged();
}

/** The banner writes of the Banner Changer, as mutations: `remove` one saved banner, `replace` the whole set. */
export function useBannerWrites() {
  return {
    remove: useMutation({ mutationFn: deleteBanner }),
    replace: useMutation({ mutationFn: replaceBanners }),
  };
}
