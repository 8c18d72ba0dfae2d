import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DepartmentLinks } from '../../components/ui/DepartmentLinks';
import type { FirstReads } from '../../lib/query-client';
import { shopSettingsQuery } from '../../lib/shop-settings';
import { usePageHead } from '../../hooks/use-page-head';
import { useHydrated } from '../../lib/hydration';
import './menu.css';
import { MenuFilterSection } from './components/MenuFilterSection';
import { MenuResultsBody } from './components/MenuResultsBody';
import { MenuToolbar } from './components/MenuToolbar';
import { isMenuCategory, MENU_CATEGORIES, type MenuCategory } from './menu-filter';
import { filterDataQuery, menuItemsQuery } from './api/get-menu';
import { useMenuFilters } from './use-menu-filters';
import { useMenuResults } from './use-menu-results';
import { LIST_FINGERPRINT_ATTRIBUTE, listFingerprint, useDrawnListRead } from './drawn-list';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** One menu: search, filter panel and product grid (product §2 Menu, §4 Menu filter). */
function Menu({ menu }: { menu: MenuCategory }) {
  useDrawnListRead(menu);
  const title = MENU_CATEGORIES[menu];
  const { filters, settledQuery, setQuery, toggleTag, clearTags, clearAll, setSort, setInStock } = useMenuFilters(menu);
  const { items, groups, offered, selected, query, results, filterKey, loading } = useMenuResults(menu, filters, settledQuery);
  // The menu's ItemList: the department's items, as the server writes it (decision 0380).
  usePageHead({ list: items.data });
  const searchId = useId();
  const resultsText = plural(results.length, 'item');
  // What the page is drawn from, for a takeover after the app has read the list itself (decision 0393).
  const hydrated = useHydrated();
  const fingerprint = useMemo(() => (hydrated ? undefined : listFingerprint(items.data)), [hydrated, items.data]);

  return (
    <div className="menu-page" {...{ [LIST_FINGERPRINT_ATTRIBUTE]: fingerprint }}>
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
        <MenuFilterSection
          hasGroups={groups.length > 0}
          offered={offered}
          selected={selected}
          loading={loading}
          resultsText={resultsText}
          onToggle={toggleTag}
          onClearTags={clearTags}
        />
        <section className="menu-results" aria-label={`${title} items`} aria-busy={loading}>
          <MenuToolbar
            countText={loading || items.isError ? '' : resultsText}
            inStock={filters.inStock}
            onInStock={setInStock}
            sort={filters.sort}
            onSort={setSort}
          />
          <MenuResultsBody
            menu={menu}
            loading={loading}
            failed={items.isError}
            onRetry={() => void items.refetch()}
            results={results}
            filterKey={filterKey}
            filtering={selected.size > 0 || filters.q.trim() !== '' || filters.inStock}
            query={query}
            onClearAll={clearAll}
          />
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

/**
 * What a department's menu reads first, started before its first render (decision 0389): all its
 * first render needs (the shop's price ranges and the footer's hours too), so that a menu drawn
 * without its answers is taken over as drawn once they are in (decision 0391).
 */
export const startMenuReads: FirstReads = (search, client) => {
  const category = search.get('category');
  if (!isMenuCategory(category)) return;
  void client.prefetchQuery(menuItemsQuery(category));
  void client.prefetchQuery(filterDataQuery());
  void client.prefetchQuery(shopSettingsQuery());
};

export function MenuPage() {
  const [searchParams] = useSearchParams();
  const category = searchParams.get('category');
  // A new menu starts with its own state (filters panel closed, first step of the grid).
  return isMenuCategory(category) ? <Menu key={category} menu={category} /> : <MenuChooser />;
}
