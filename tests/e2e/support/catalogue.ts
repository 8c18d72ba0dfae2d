/**
 * Reading and changing the catalogue directly through the API as an admin, to set up a test or
 * check what the screens saved. Use with `adminApi(request)` from admin-session.ts.
 *
 *     const api = await adminApi(request);
 *     const items = await listItems(api);
 */
import type { adminApi } from './admin-session';

export type AdminApi = Awaited<ReturnType<typeof adminApi>>;

export interface ApiItem {
  id: string;
  name: string;
  price: number | null;
  description: string | null;
  upc: string | null;
  img: string | null;
  promoted: boolean | null;
  /** Marked Sale: a price raise on it is refused (decision 0292), so price tests pick others. */
  onSale: boolean | null;
  tags: string[] | null;
  /** Its size: reservation lines and their messages name it with the size (nameWithSize). */
  sizeMl: number | null;
  packCount: number | null;
  updatedAt: string;
}

const ITEM_FIELDS = 'id name price description upc img promoted onSale tags sizeMl packCount updatedAt';

async function listAll<T>(api: AdminApi, type: string, selection: string, filter?: Record<string, unknown>): Promise<T[]> {
  const all: T[] = [];
  let nextToken: string | null = null;
  const field = `list${type}s`;
  do {
    const data: Record<string, { items: T[]; nextToken: string | null }> = await api.call(
      `query ($filter: Model${type}FilterInput, $nextToken: String) { ${field}(filter: $filter, limit: 1000, nextToken: $nextToken) { items { ${selection} } nextToken } }`,
      { filter, nextToken },
    );
    all.push(...data[field]!.items);
    nextToken = data[field]!.nextToken;
  } while (nextToken);
  return all;
}

/** Every item, in the server's order. */
export const listItems = (api: AdminApi, filter?: Record<string, unknown>) => listAll<ApiItem>(api, 'Item', ITEM_FIELDS, filter);

export async function getItem(api: AdminApi, id: string): Promise<ApiItem | null> {
  const data = await api.call<{ getItem: ApiItem | null }>(`query ($id: ID!) { getItem(id: $id) { ${ITEM_FIELDS} } }`, { id });
  return data.getItem;
}

export async function updateItem(api: AdminApi, input: Record<string, unknown> & { id: string }): Promise<ApiItem> {
  const data = await api.call<{ updateItem: ApiItem }>(
    `mutation ($input: UpdateItemInput!) { updateItem(input: $input) { ${ITEM_FIELDS} } }`,
    { input },
  );
  return data.updateItem;
}

/** Every banner's image, in carousel order. */
export async function bannerImages(api: AdminApi): Promise<string[]> {
  const banners = await listAll<{ img: string; index: number | null }>(api, 'Banner', 'img index');
  return banners.sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((banner) => banner.img);
}

/** Every banner's image and description, in carousel order. */
export async function bannerList(api: AdminApi): Promise<Array<{ img: string; description: string | null }>> {
  const banners = await listAll<{ img: string; index: number | null; description: string | null }>(api, 'Banner', 'img index description');
  return banners.sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map(({ img, description }) => ({ img, description }));
}

/** Replaces the banner set; `descriptions`, when given, parallel to `images`. */
export async function replaceBanners(api: AdminApi, images: string[], descriptions?: Array<string | null>): Promise<void> {
  await api.call(
    'mutation ($images: [String!]!, $descriptions: [String]) { replaceBanners(images: $images, descriptions: $descriptions) { id } }',
    { images, descriptions },
  );
}

/** Puts back a banner set as `bannerList` read it (images, order and descriptions). */
export async function restoreBanners(api: AdminApi, banners: ReadonlyArray<{ img: string; description: string | null }>): Promise<void> {
  await replaceBanners(
    api,
    banners.map((banner) => banner.img),
    banners.map((banner) => banner.description),
  );
}
