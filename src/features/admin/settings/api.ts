/** The Shop settings screen's server calls, as the signed-in admin: read the record, save it. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { SELECTIONS } from '../../../../shared/first-screen';
import { SHOP_SETTINGS_ID } from '../../../../shared/shop-hours';
import type { inputOf } from './settings-form';
import { ApiCallError, throwOnErrors } from '../common/graphql-errors';
import { adminKeys } from '../common/admin-keys';
import { adminQuery } from '../common/admin-query';
import { adminClient } from '../common/admin-client';
import { catalogueChanged } from '../common/catalogue-cache';

async function fetchShopSettings() {
  const result = await adminClient.models.ShopSettings.get({ id: SHOP_SETTINGS_ID }, { selectionSet: SELECTIONS.adminShopSettings });
  throwOnErrors(result);
  return result.data ?? null;
}

export const adminShopSettingsQuery = () => adminQuery(adminKeys.settings(), fetchShopSettings, undefined, { retry: false });

export function useAdminShopSettings() {
  return useQuery(adminShopSettingsQuery());
}

/** Saves the settings: an update of the one record, or its creation when there is none yet. Throws ApiCallError. */
async function saveShopSettings({ input, exists }: { input: ReturnType<typeof inputOf>; exists: boolean }): Promise<void> {
  const result = exists
    ? await adminClient.models.ShopSettings.update({ id: SHOP_SETTINGS_ID, ...input })
    : await adminClient.models.ShopSettings.create({ id: SHOP_SETTINGS_ID, ...input });
  if (result.errors?.length || !result.data) throw new ApiCallError(result.errors);
}

/** The settings screen's one write, as a mutation; the storefront's copy reloads when it worked. */
export function useSaveShopSettings() {
  return useMutation({ mutationFn: saveShopSettings, onSuccess: () => void catalogueChanged() });
}
