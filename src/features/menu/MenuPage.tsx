import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { priceBoundariesOf, priceRanges } from '../../../shared/price-ranges';
import { DepartmentLinks } from '../../components/ui/DepartmentLinks';
import { ElsewhereOffer } from './components/ElsewhereOffer';
import { Spinner } from '../../components/ui/Spinner';
import { FilterIcon } from '../../components/ui/icons';
import { usePageHead } from '../../hooks/use-page-head';
import { useShopSettings } from '../../lib/shop-settings';
import './menu.css';
import { useFilterData, useMenuItems } from './api/get-menu';
import { FilterPanel } from './components/FilterPanel';
import { MenuResults } from './components/MenuResults';
import {
  effectiveTags,
  facetCounts,
  filterGroupsFor,
  filterMenuItems,
  indexMenuItems,
  isMenuCategory,
  MENU_CATEGORIES,
  menuSearch,
  menuSelection,
  offeredGroups,
  type MenuCategory,
} from './menu-filter';
import { MENU_SORTS, orderMenuIndex, type MenuSort } from './menu-order';
import { useMenuFilters } from './use-menu-filters';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** One menu: search, filter panel and product grid (product §2 Menu, §4 Menu filter). */
function Menu({ menu }: { menu: MenuCategory }) {
  const title = MENU_CATEGORIES[menu];
  usePageHead();
  const items = useMenuItems(menu);
  const filterData = useFilterData();
  // The price ranges from the shop's boundaries (decision 0280); the footer loads the same record.
  const settings = useShopSettings();
  const ranges = useMemo(() => priceRanges(priceBoundariesOf(settings.data)), [settings.data]);
  const { filters, settledQuery, setQuery, toggleTag, clearTags, clearAll, setSort, setInStock } = useMenuFilters(menu);
  const [panelOpen, setPanelOpen] = useState(false);
  const searchId = useId();
  const sortId = useId();
  const panelId = useId();
  const filtersHeadingId = useId();

  const groups = useMemo(
    () => (filterData.data ? filterGroupsFor(filterData.data.categories, filterData.data.tags, menu, ranges) : []),
    [filterData.data, menu, ranges],
  );
  const selected = useMemo(() => effectiveTags(filters.tags, groups), [filters.tags, groups]);
  const index = useMemo(() => (items.data ? indexMenuItems(items.data, menu, ranges) : []), [items.data, menu, ranges]);
  // Ordered once per sort and stock filter; filtering keeps the order (decision 0284).
  const ordered = useMemo(() => orderMenuIndex(index, filters.sort, filters.inStock), [index, filters.sort, filters.inStock]);

  // Typing stays responsive: the grid follows the search and the ticks as a deferred update.
  const query = useDeferredValue(filters.q);
  const tags = useDeferredValue(selected);
  const selection = useMemo(() => menuSelection(tags, groups), [tags, groups]);
  const results = useMemo(() => filterMenuItems(ordered, selection, query), [ordered, selection, query]);
  // Each tag with its count for the selection and the search; those giving nothing are not offered.
  // The counts follow the search once typing pauses (the URL's copy), so a keystroke leaves the
  // panel alone (the 50 ms keystroke budget with 200 tags, design §4).
  const counts = useMemo(() => facetCounts(ordered, groups, selection, settledQuery), [ordered, groups, selection, settledQuery]);
  const offered = useMemo(() => offeredGroups(groups, counts, selected), [groups, counts, selected]);
  const filterKey = menuSearch(menu, { tags: [...tags], q: query.trim(), sort: filters.sort, inStock: filters.inStock });

  const loading = items.isPending || filterData.isPending || settings.isPending;
  const filtering = selected.size > 0 || filters.q.trim() !== '' || filters.inStock;

  let body;
  if (loading) {
    body = <Spinner label={`Loading ${title}`} />;
  } else if (items.isError) {
    body = (
      <div className="empty-state">
        <p>We couldn't load the {title.toLowerCase()} menu right now.</p>
        <button type="button" className="button" onClick={() => void items.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (results.length === 0) {
    body = (
      <div className="empty-state">
        <p>{filtering ? 'No items match your search and filters.' : `There are no ${title.toLowerCase()} items yet.`}</p>
        {filtering ? (
          <button type="button" className="button" onClick={clearAll}>
            Clear search and filters
          </button>
        ) : null}
        {query.trim() ? <ElsewhereOffer menu={menu} query={query} /> : null}
      </div>
    );
  } else {
    body = <MenuResults items={results} filterKey={filterKey} />;
  }

  return (
    <div className="menu-page">
      <div className="page-header menu-page__header">
        <h1 className="page-heading">{title}</h1>
        <div className="menu-search" role="search">
          <label htmlFor={searchId} className="visually-hidden">
            Search {title}
          </label>
          <input
            id={searchId}
            className="menu-search__input"
            type="search"
            placeholder="Search..."
            autoComplete="off"
            enterKeyHint="search"
            value={filters.q}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </div>
      <div className="menu-layout">
        <aside className="menu-filters" aria-labelledby={filtersHeadingId}>
          <h2 id={filtersHeadingId} className="menu-filters__heading">
            <button
              type="button"
              className="button button--ghost menu-filters__toggle"
              aria-expanded={panelOpen}
              aria-controls={panelId}
              onClick={() => setPanelOpen((open) => !open)}
            >
              <FilterIcon />
              Filters
              {selected.size > 0 ? <span className="menu-filters__count">({selected.size} selected)</span> : null}
            </button>
            <span className="menu-filters__title">Filters</span>
          </h2>
          <div id={panelId} className="menu-filters__panel" data-open={panelOpen}>
            {loading ? null : (
              <FilterPanel
                groups={offered}
                emptyText={groups.length === 0 ? 'No filters for this menu.' : 'No filters for these items.'}
                selected={selected}
                onToggle={toggleTag}
              />
            )}
            <div className="menu-filters__actions">
              {selected.size > 0 ? (
                <button type="button" className="button button--ghost" onClick={clearTags}>
                  Clear filters
                </button>
              ) : null}
              <button type="button" className="button menu-filters__done" onClick={() => setPanelOpen(false)}>
                Show {plural(results.length, 'item')}
              </button>
            </div>
          </div>
        </aside>
        <section className="menu-results" aria-label={`${title} items`} aria-busy={loading}>
          <div className="menu-toolbar">
            <p className="menu-results__count" role="status">
              {loading || items.isError ? '' : plural(results.length, 'item')}
            </p>
            <label className="menu-toolbar__stock">
              <input type="checkbox" checked={filters.inStock} onChange={(event) => setInStock(event.target.checked)} />
              In stock only
            </label>
            <span className="menu-toolbar__sort">
              <label htmlFor={sortId}>Sort by</label>
              <select id={sortId} value={filters.sort} onChange={(event) => setSort(event.target.value as MenuSort)}>
                {Object.entries(MENU_SORTS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </span>
          </div>
          {body}
        </section>
      </div>
    </div>
  );
}

/** /menu without a known category: the three menus to choose from. */
function MenuChooser() {
  usePageHead();
  return (
    <div className="message-page">
      <h1>Menu</h1>
      <p>What would you like to browse?</p>
      <p className="menu-chooser">
        <DepartmentLinks />
      </p>
    </div>
  );
}

export function MenuPage() {
  const [searchParams] = useSearchParams();
  const category = searchParams.get('category');
  // A new menu starts with its own state (filters panel closed, first step of the grid).
  return isMenuCategory(category) ? <Menu key={category} menu={category} /> : <MenuChooser />;
}
