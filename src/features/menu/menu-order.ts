/**
 * The menu's order and its "In stock only" filter (decision 0284), pure: no React, no I/O.
 *
 * - Featured (the default, no `sort` in the URL): the menu's order by name, with the items
 *   counted out of stock after the others.
 * - Price low to high, price high to low, name, newest: exactly what was asked (items without a
 *   price after the others in both price orders); out-of-stock items keep their place, and
 *   "In stock only" hides them.
 * - Within one name, sizes from the smallest (one card per size, decision 0283).
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

type MenuItem = OrderedItem;

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

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** Millilitres of the whole pack; no size sorts after every size. */
const volume = (item: MenuItem) => (item.sizeMl ? item.sizeMl * (item.packCount && item.packCount > 1 ? item.packCount : 1) : Infinity);

const byName = (a: MenuItem, b: MenuItem) => collator.compare(a.name, b.name) || volume(a) - volume(b);

/** Out of stock after the others; not counted is not out (decision 0273). */
const outLast = (a: MenuItem, b: MenuItem) => Number(stockStatus(a.stock)?.level === 'out') - Number(stockStatus(b.stock)?.level === 'out');

/** Priced items first, in `direction`; then by name. */
const byPrice = (direction: 1 | -1) => (a: MenuItem, b: MenuItem) => {
  const pa = a.price ?? null;
  const pb = b.price ?? null;
  if (pa === null || pb === null) return (pa === null ? 1 : 0) - (pb === null ? 1 : 0) || byName(a, b);
  return (pa - pb) * direction || byName(a, b);
};

/** Newest first by when the item was created; items without the time after the others. */
const byNewest = (a: MenuItem, b: MenuItem) => {
  const ta = a.createdAt ?? '';
  const tb = b.createdAt ?? '';
  return ta === tb ? byName(a, b) : ta < tb ? 1 : -1;
};

const COMPARATORS: Record<MenuSort, (a: MenuItem, b: MenuItem) => number> = {
  featured: (a, b) => outLast(a, b) || byName(a, b),
  'price-asc': byPrice(1),
  'price-desc': byPrice(-1),
  name: byName,
  newest: byNewest,
};

/**
 * The indexed items in the order `sort` asks for, without those counted out of stock when
 * `inStockOnly`. A new array; the index is left as it was. Done once per change of the sort or
 * the stock filter, not per keystroke: filtering keeps this order (design §4, 5,000 items).
 */
export function orderMenuIndex<T extends { item: OrderedItem }>(index: readonly T[], sort: MenuSort, inStockOnly: boolean): T[] {
  const kept = inStockOnly ? index.filter((entry) => mayBeInStock(entry.item.stock)) : [...index];
  const compare = COMPARATORS[sort];
  return kept.sort((a, b) => compare(a.item, b.item));
}
