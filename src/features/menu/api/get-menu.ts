import { useQuery } from '@tanstack/react-query';
import { FILTERS, firstScreenKeys, SELECTIONS } from '../../../../shared/first-screen';
import { client } from '../../../lib/amplify';
import { catalogueQuery } from '../../../lib/first-screen';
import { listAllPrepared, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { compareMenuItems, type MenuCategory, type MenuItem } from '../menu-filter';

export { filterDataQuery, useFilterData } from '../../../lib/category-tags';

type MenuItemRecord = Pick<MenuItem, 'id' | 'name'> & {
  price?: number | null;
  img?: string | null;
  tags?: readonly (string | null)[] | null;
  sizeMl?: number | null;
  packCount?: number | null;
  stock?: number | null;
  promoted?: boolean | null;
  createdAt?: string | null;
  onSale?: boolean | null;
  saleEndsAt?: string | null;
};

/** A listed item as the menus use it; absent fields are null. */
export const toMenuItem = (item: MenuItemRecord): MenuItem => ({
  id: item.id,
  name: item.name,
  price: item.price ?? null,
  img: item.img ?? null,
  tags: (item.tags ?? []).filter((tag): tag is string => typeof tag === 'string'),
  sizeMl: item.sizeMl ?? null,
  packCount: item.packCount ?? null,
  stock: item.stock ?? null,
  promoted: item.promoted ?? null,
  createdAt: item.createdAt ?? null,
  onSale: item.onSale ?? null,
  saleEndsAt: item.saleEndsAt ?? null,
});

const toMenuItems = (records: readonly MenuItemRecord[]): MenuItem[] => records.map(toMenuItem);

/**
 * Every item carrying the menu's built-in tag, all pages of up to 1000, each page put in the
 * menu's order as it arrives (decision 0389): the menu's index then sorts runs already in order,
 * which is a merge.
 */
export async function getMenuItems(menu: MenuCategory): Promise<MenuItem[]> {
  const pages = await listAllPrepared(
    (nextToken) =>
      client.models.Item.list({
        filter: FILTERS.menu(menu),
        selectionSet: SELECTIONS.menuItem,
        limit: MAX_PAGE_SIZE,
        nextToken,
      }),
    (records) => toMenuItems(records).sort(compareMenuItems),
  );
  return pages.flat();
}

/** Query keys; the item page looks into the menu lists for a first glimpse of an item. */
export const menuItemsQueryKey = (menu: MenuCategory) => ['menu', 'items', menu] as const;

/** A menu's items; on a first visit to it, those inlined in the page. */
export const menuItemsQuery = (menu: MenuCategory) =>
  catalogueQuery(
    menuItemsQueryKey(menu),
    () => getMenuItems(menu),
    [firstScreenKeys.menuItems(menu)],
    ([records]) => toMenuItems(records as MenuItemRecord[]),
  );

export function useMenuItems(menu: MenuCategory) {
  return useQuery(menuItemsQuery(menu));
}
