import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/amplify';
import { CATALOGUE_STALE_MS, listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import type { CategoryRecord, MenuCategory, MenuItem, TagRecord } from '../menu-filter';

/** Every item carrying the menu's built-in tag, all pages of up to 1000. */
export async function getMenuItems(menu: MenuCategory): Promise<MenuItem[]> {
  const items = await listAll((nextToken) =>
    client.models.Item.list({
      filter: { tags: { contains: menu } },
      selectionSet: ['id', 'name', 'price', 'img', 'tags'],
      limit: MAX_PAGE_SIZE,
      nextToken,
    }),
  );
  return items.map((item) => ({
    id: item.id,
    name: item.name,
    price: item.price ?? null,
    img: item.img ?? null,
    tags: (item.tags ?? []).filter((tag): tag is string => typeof tag === 'string'),
  }));
}

export interface FilterData {
  categories: CategoryRecord[];
  tags: TagRecord[];
}

/** Every category and tag: the menus' filter panels are made from them. */
export async function getFilterData(): Promise<FilterData> {
  const [categories, tags] = await Promise.all([
    listAll((nextToken) =>
      client.models.Category.list({
        selectionSet: ['id', 'name', 'type', 'visible', 'index'],
        limit: MAX_PAGE_SIZE,
        nextToken,
      }),
    ),
    listAll((nextToken) =>
      client.models.Tag.list({ selectionSet: ['id', 'name', 'categoryId', 'index'], limit: MAX_PAGE_SIZE, nextToken }),
    ),
  ]);
  return { categories, tags };
}

/** Query keys; the item page looks into the menu lists for a first glimpse of an item. */
export const menuItemsQueryKey = (menu: MenuCategory) => ['menu', 'items', menu] as const;

export function useMenuItems(menu: MenuCategory) {
  return useQuery({ queryKey: menuItemsQueryKey(menu), queryFn: () => getMenuItems(menu), staleTime: CATALOGUE_STALE_MS });
}

export function useFilterData() {
  return useQuery({ queryKey: ['menu', 'filters'], queryFn: getFilterData, staleTime: CATALOGUE_STALE_MS });
}
