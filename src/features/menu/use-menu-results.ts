/**
 * What one menu shows for its filters (product §2 Menu, §4 Menu filter): its items, categories and
 * tags and the shop's price ranges read; the results in the chosen order for the search and the
 * ticks; the filter groups with each tag's count, those giving nothing left out.
 */
import { useMemo } from 'react';
import { priceBoundariesOf, priceRanges } from '../../../shared/price-ranges';
import { useShopSettings } from '../../lib/shop-settings';
import { useFilterData, useMenuItems } from './api/get-menu';
import {
  effectiveTags,
  facetCounts,
  filterGroupsFor,
  filterMenuItems,
  indexMenuItems,
  menuSearch,
  menuSelection,
  offeredGroups,
  type MenuCategory,
  type MenuFilters,
} from './menu-filter';
import { orderMenuIndex } from './menu-order';

/** `settledQuery` is the search as the URL holds it (useMenuFilters): the counts follow it. */
export function useMenuResults(menu: MenuCategory, filters: MenuFilters, settledQuery: string) {
  const items = useMenuItems(menu);
  const filterData = useFilterData();
  // The price ranges from the shop's boundaries (decision 0280); the footer loads the same record.
  const settings = useShopSettings();
  const ranges = useMemo(() => priceRanges(priceBoundariesOf(settings.data)), [settings.data]);

  const groups = useMemo(
    () => (filterData.data ? filterGroupsFor(filterData.data.categories, filterData.data.tags, menu, ranges) : []),
    [filterData.data, menu, ranges],
  );
  const selected = useMemo(() => effectiveTags(filters.tags, groups), [filters.tags, groups]);
  const index = useMemo(() => (items.data ? indexMenuItems(items.data, menu, ranges) : []), [items.data, menu, ranges]);
  // Ordered once per sort and stock filter; filtering keeps the order (decision 0284).
  const ordered = useMemo(() => orderMenuIndex(index, filters.sort, filters.inStock), [index, filters.sort, filters.inStock]);

  // The grid follows each keystroke and tick in the same render: filtering 5,000 items takes a
  // few ms, and with React's deferred value the grid came a frame later (decision 0393).
  const query = filters.q;
  const tags = selected;
  const selection = useMemo(() => menuSelection(tags, groups), [tags, groups]);
  const results = useMemo(() => filterMenuItems(ordered, selection, query), [ordered, selection, query]);
  // Each tag with its count for the selection and the search; those giving nothing are not offered.
  // The counts follow the search once typing pauses (the URL's copy), so a keystroke leaves the
  // panel alone (the 50 ms keystroke budget with 200 tags, design §4).
  const counts = useMemo(() => facetCounts(ordered, groups, selection, settledQuery), [ordered, groups, selection, settledQuery]);
  const offered = useMemo(() => offeredGroups(groups, counts, selected), [groups, counts, selected]);

  return {
    items,
    /** Every filter group of the menu; `offered` are those with something to tick. */
    groups,
    offered,
    selected,
    /** The search the results follow. */
    query,
    results,
    /** Changes whenever the results' filters do (the grid then starts at its first step again). */
    filterKey: menuSearch(menu, { tags: [...tags], q: query.trim(), sort: filters.sort, inStock: filters.inStock }),
    loading: items.isPending || filterData.isPending || settings.isPending,
  };
}
