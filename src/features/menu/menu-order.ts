/**
 * The menu's order and its "In stock only" filter (decision 0284), pure: no React, no I/O.
 *
 * - Featured (the default, no `sort` in the URL): the menu's order by name, with the items
 *   counted out of stock after the others.
 * - Price low to high, price high to low, name, newest: exactly what was asked (items without a
 *   price after the others in both price orders); out-of-stock items keep their place, and
 *   "In stock only" hides them.
 * - Within one name, sizes from the smallest (one card per size, decision 0283): the index's order.
 * - In the URL as `sort=price-asc|price-desc|name|newest` and `stock=in`.
 */
import { mayBeInStock, stockStatus } from '../../../shared/stock';

/** What ordering reads of an item (a MenuItem of menu-filter.ts). */
export interface OrderedItem {
  name: string;
  price: number | null;
  sizeMl?: number | null;
  packCount?: number | null;
  stock?: number | null;
  createdAt?: string | null;
}

export const MENU_SORTS = {
  featured: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name: A to Z',
  newest: 'Newest',
} as const;

export type MenuSort = keyof typeof MENU_SORTS;

export const DEFAULT_SORT: MenuSort = 'featured';

/** A `sort` parameter as a sort; anything else (absent, misspelt, stale) is the default. */
export const parseMenuSort = (value: string | null | undefined): MenuSort =>
  value && Object.hasOwn(MENU_SORTS, value) ? (value as MenuSort) : DEFAULT_SORT;

/** The value of the URL's `stock` parameter that asks for items in stock only. */
export const IN_STOCK_PARAM = 'in';

/** Out of stock: counted, and none left (not counted is not out: decision 0273). */
const isOut = (item: OrderedItem) => stockStatus(item.stock)?.level === 'out';

/** The key a sort orders by, smaller first; null keys after the others. */
const SORT_KEYS: Record<'price-asc' | 'price-desc' | 'newest', (item: OrderedItem) => number | string | null> = {
  'price-asc': (item) => item.price ?? null,
  'price-desc': (item) => (item.price === null ? null : -item.price),
  // ISO times compare as text; newest first, so the key is compared the other way round below.
  newest: (item) => item.createdAt ?? null,
};

/**
 * The indexed items in the order `sort` asks for, without those counted out of stock when
 * `inStockOnly`. `index` is in the menu's name order (`indexMenuItems`: by name, then the smaller
 * size), which is every order's tie-break, so no sort compares names again: Featured and Name are
 * a pass over the index, the others one sort by a number or a time (design §4, 5,000 items). A
 * new array; the index is left as it was. Done once per change of the sort or the stock filter,
 * not per keystroke: filtering keeps this order.
 */
export function orderMenuIndex<T extends { item: OrderedItem }>(index: readonly T[], sort: MenuSort, inStockOnly: boolean): T[] {
  const kept = inStockOnly ? index.filter((entry) => mayBeInStock(entry.item.stock)) : [...index];
  if (sort === 'name') return kept;
  if (sort === 'featured') {
    const out: T[] = [];
    const others: T[] = [];
    for (const entry of kept) (isOut(entry.item) ? out : others).push(entry);
    return others.concat(out);
  }
  const key = SORT_KEYS[sort];
  const direction = sort === 'newest' ? -1 : 1;
  const decorated = kept.map((entry, position) => ({ entry, position, key: key(entry.item) }));
  decorated.sort((a, b) => {
    if (a.key === b.key) return a.position - b.position;
    if (a.key === null) return 1;
    if (b.key === null) return -1;
    return (a.key < b.key ? -1 : 1) * direction;
  });
  return decorated.map(({ entry }) => entry);
}
