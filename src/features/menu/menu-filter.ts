/**
 * The menu's filtering (product §2 Menu, §4 Menu filter), pure: no React, no I/O.
 *
 * - A menu (wine, liquor, extras) holds the items carrying its built-in tag id.
 * - Its filter panel: the visible categories whose `type` names the menu (any case), by
 *   `index`, each with its tags by `index`.
 * - No tag selected: every item of the menu. Tags of one category combine with OR, categories
 *   with AND: Red + France gives the French reds, Red + White every red and every white
 *   (decision 0187; the original specification ORed every selected tag: product §10).
 * - Each offered tag carries its count: the items carrying it among those that pass the search and
 *   the other categories' selections (the usual faceted count). A tag that would give no item is
 *   not offered, unless it is selected (it stays, to be unticked).
 * - The search narrows further: the name contains it, ignoring case (and accents: "rose" finds
 *   "Rosé").
 * - The selection, the search, the order and "In stock only" live in the URL:
 *   ?category=wine&tags=tag-red,tag-france&q=cab&sort=price-asc&stock=in (menu-order.ts orders).
 * - Price is a group of its own, last, computed from each item's price and the shop's boundaries
 *   (decision 0280): its ranges are offered, counted and combined like a category's tags, and
 *   selected in the same `tags` list (price-20-40). A category named Price, the former price
 *   filter, is left out (decision 0281).
 */

import { isFormerPriceCategory, priceRangeOf, type PriceRange } from '../../../shared/price-ranges';
import type { CategoryRecord, TagRecord } from '../../lib/catalogue';
import { DEPARTMENTS, isDepartment, type Department } from '../../lib/departments';
import { DEFAULT_SORT, IN_STOCK_PARAM, parseMenuSort, type MenuSort } from './menu-order';

export type { CategoryRecord, TagRecord };

/** The menus, as the `category` query parameter spells them, with their titles (product §2). */
export const MENU_CATEGORIES = DEPARTMENTS;
export type MenuCategory = Department;
export const isMenuCategory = isDepartment;

export interface MenuItem {
  id: string;
  name: string;
  price: number | null;
  img: string | null;
  tags: readonly string[];
  /** The facts a card shows and the menu orders by (decisions 0283, 0284). */
  sizeMl?: number | null;
  packCount?: number | null;
  stock?: number | null;
  promoted?: boolean | null;
  createdAt?: string | null;
  /** What the Sale badge is decided from (decision 0295). */
  onSale?: boolean | null;
  saleEndsAt?: string | null;
}

export interface FilterGroup {
  id: string;
  name: string;
  tags: readonly { id: string; name: string }[];
}

/** Lower case without accents, for matching names: "Rosé" and "ROSE" both give "rose". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

const byIndexThenName = (a: { index?: number | null; name: string }, b: { index?: number | null; name: string }) =>
  (a.index ?? Number.POSITIVE_INFINITY) - (b.index ?? Number.POSITIVE_INFINITY) || collator.compare(a.name, b.name);

/** The Price group's id: no category has it (theirs are generated ids, or the demo's words). */
export const PRICE_GROUP_ID = 'price-ranges';

/**
 * The filter panel of a menu: its visible categories by index, each with its tags by index, then
 * the price ranges. Categories without tags are left out (they would offer nothing to tick).
 */
export function filterGroupsFor(
  categories: readonly CategoryRecord[],
  tags: readonly TagRecord[],
  menu: MenuCategory,
  priceRanges: readonly PriceRange[] = [],
): FilterGroup[] {
  const tagsByCategory = new Map<string, TagRecord[]>();
  for (const tag of tags) {
    const list = tagsByCategory.get(tag.categoryId);
    if (list) list.push(tag);
    else tagsByCategory.set(tag.categoryId, [tag]);
  }
  const groups = categories
    .filter(
      (category) =>
        category.visible === true &&
        (category.type ?? []).some((type) => type?.toLowerCase() === menu) &&
        !isFormerPriceCategory(category.name),
    )
    .sort(byIndexThenName)
    .map((category) => ({
      id: category.id,
      name: category.name,
      tags: (tagsByCategory.get(category.id) ?? []).sort(byIndexThenName).map(({ id, name }) => ({ id, name })),
    }))
    .filter((group) => group.tags.length > 0);
  if (priceRanges.length) groups.push({ id: PRICE_GROUP_ID, name: 'Price', tags: priceRanges.map(({ id, name }) => ({ id, name })) });
  return groups;
}

/** An item ready for filtering: its name folded once, not on every keystroke. */
export interface IndexedItem {
  item: MenuItem;
  foldedName: string;
  /** What the filters match: its tags and the id of its price range. */
  facets: readonly string[];
}

/** Millilitres of the whole pack; an item without a size after the sized ones. */
const packVolume = (item: MenuItem) => (item.sizeMl ? item.sizeMl * (item.packCount && item.packCount > 1 ? item.packCount : 1) : Infinity);

/** The menus' order: by name, then by size from the smallest (decision 0283). */
export const compareMenuItems = (a: MenuItem, b: MenuItem) => collator.compare(a.name, b.name) || packVolume(a) - packVolume(b);

/**
 * The items of a menu (those carrying its built-in tag), sorted by name and, within one name, by
 * size from the smallest (decision 0283), each with the price range its price falls in now, ready
 * for filtering and ordering (menu-order.ts).
 */
export function indexMenuItems(items: readonly MenuItem[], menu: MenuCategory, priceRanges: readonly PriceRange[] = []): IndexedItem[] {
  return items
    .filter((item) => item.tags.includes(menu))
    .sort(compareMenuItems)
    .map((item) => {
      const range = priceRangeOf(item.price, priceRanges);
      return { item, foldedName: foldText(item.name), facets: range ? [...item.tags, range.id] : item.tags };
    });
}

export interface MenuFilters {
  /** Selected tag ids. */
  tags: readonly string[];
  /** The search text as typed. */
  q: string;
  /** The order (menu-order.ts); the default is not written into the URL. */
  sort: MenuSort;
  /** "In stock only": items counted out of stock are hidden. */
  inStock: boolean;
}

/**
 * The selection, one set of tag ids per filter group (in the panel's order; empty when nothing in
 * that group is ticked). Tags no group offers are left out.
 */
export type MenuSelection = readonly ReadonlySet<string>[];

export function menuSelection(selected: ReadonlySet<string>, groups: readonly FilterGroup[]): MenuSelection {
  return groups.map((group) => new Set(group.tags.filter((tag) => selected.has(tag.id)).map((tag) => tag.id)));
}

/** Does the item carry at least one tag (or price range) of `chosen`? */
const carriesAny = (entry: IndexedItem, chosen: ReadonlySet<string>) => entry.facets.some((tag) => chosen.has(tag));

/** The groups the item does not satisfy (a group with nothing ticked is satisfied by every item): none, one (its index), or more. */
function unmetGroups(entry: IndexedItem, selection: MenuSelection): 'none' | number | 'several' {
  let unmet: 'none' | number = 'none';
  for (let group = 0; group < selection.length; group += 1) {
    const chosen = selection[group]!;
    if (chosen.size === 0 || carriesAny(entry, chosen)) continue;
    if (unmet !== 'none') return 'several';
    unmet = group;
  }
  return unmet;
}

/**
 * The items that pass the filters: in every group with a selection, at least one of its ticked
 * tags (OR within a group, AND across groups); and the search.
 */
export function filterMenuItems(index: readonly IndexedItem[], selection: MenuSelection, query: string): MenuItem[] {
  const needle = foldText(query.trim());
  const result: MenuItem[] = [];
  for (const entry of index) {
    if (needle && !entry.foldedName.includes(needle)) continue;
    if (unmetGroups(entry, selection) !== 'none') continue;
    result.push(entry.item);
  }
  return result;
}

/**
 * The count of each offered tag for the current search and selection: the items carrying it that
 * pass the search and every other group's selection (its own group's ticks aside, as ticking it
 * adds to them). One pass over the items: an item that passes everything counts for each of its
 * tags; one that fails a single group counts for its tags in that group only.
 */
export function facetCounts(
  index: readonly IndexedItem[],
  groups: readonly FilterGroup[],
  selection: MenuSelection,
  query: string,
): Map<string, number> {
  const groupOf = new Map<string, number>();
  const counts = new Map<string, number>();
  groups.forEach((group, position) => {
    for (const tag of group.tags) {
      groupOf.set(tag.id, position);
      counts.set(tag.id, 0);
    }
  });
  const needle = foldText(query.trim());
  for (const entry of index) {
    if (needle && !entry.foldedName.includes(needle)) continue;
    const unmet = unmetGroups(entry, selection);
    if (unmet === 'several') continue;
    for (const tag of entry.facets) {
      const group = groupOf.get(tag);
      if (group === undefined || (unmet !== 'none' && group !== unmet)) continue;
      counts.set(tag, counts.get(tag)! + 1);
    }
  }
  return counts;
}

export interface FacetGroup {
  id: string;
  name: string;
  tags: readonly { id: string; name: string; count: number }[];
}

/**
 * The panel as offered: each tag with its count, those that would give nothing left out (unless
 * ticked), and groups left with no tag left out.
 */
export function offeredGroups(
  groups: readonly FilterGroup[],
  counts: ReadonlyMap<string, number>,
  selected: ReadonlySet<string>,
): FacetGroup[] {
  return groups
    .map((group) => ({
      id: group.id,
      name: group.name,
      tags: group.tags.map((tag) => ({ ...tag, count: counts.get(tag.id) ?? 0 })).filter((tag) => tag.count > 0 || selected.has(tag.id)),
    }))
    .filter((group) => group.tags.length > 0);
}

/** The selected tags that the panel offers; others (a stale or edited link) are ignored. */
export function effectiveTags(selected: readonly string[], groups: readonly FilterGroup[]): Set<string> {
  const offered = new Set(groups.flatMap((group) => group.tags.map((tag) => tag.id)));
  return new Set(selected.filter((id) => offered.has(id)));
}

/** The filters a menu URL holds. */
export function parseMenuFilters(search: string | URLSearchParams): MenuFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const tags = (params.get('tags') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag, index, all) => tag !== '' && all.indexOf(tag) === index);
  return { tags, q: params.get('q') ?? '', sort: parseMenuSort(params.get('sort')), inStock: params.get('stock') === IN_STOCK_PARAM };
}

/** The query string of a menu with these filters; commas between tags stay readable. */
export function menuSearch(menu: MenuCategory, filters: MenuFilters): string {
  let search = `?category=${menu}`;
  if (filters.tags.length) search += `&tags=${filters.tags.map(encodeURIComponent).join(',')}`;
  if (filters.q) search += `&q=${encodeURIComponent(filters.q)}`;
  if (filters.sort !== DEFAULT_SORT) search += `&sort=${filters.sort}`;
  if (filters.inStock) search += `&stock=${IN_STOCK_PARAM}`;
  return search;
}

export function sameFilters(a: MenuFilters, b: MenuFilters): boolean {
  return (
    a.q === b.q &&
    a.sort === b.sort &&
    a.inStock === b.inStock &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, index) => b.tags[index] === tag)
  );
}

/** The selection with `tagId` ticked or unticked. */
export function toggleTag(tags: readonly string[], tagId: string): string[] {
  return tags.includes(tagId) ? tags.filter((tag) => tag !== tagId) : [...tags, tagId];
}
