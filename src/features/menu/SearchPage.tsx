import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { searchPath } from '../../../shared/spa-routes';
import { DepartmentLinks } from '../../components/ui/DepartmentLinks';
import { Spinner } from '../../components/ui/Spinner';
import { usePageHead } from '../../hooks/use-page-head';
import type { FirstReads } from '../../lib/query-client';
import { filterDataQuery, useFilterData } from '../../lib/category-tags';
import { shopSettingsQuery } from '../../lib/shop-settings';
import { MenuResults } from './components/MenuResults';
import './menu.css';
import { searchCatalogueQuery, useSearchCatalogue } from './api/get-search-items';
import { queryWords, searchShop } from './shop-search';

/** Typing writes the URL once it pauses (as the menus do: decision 0118). */
const URL_DELAY_MS = 300;
/** Marks the history entries this page writes, so it does not read its own writes back. */
const OWN_ENTRY = { searchPage: true } as const;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The search text: typed here, or from the URL (the header's search, a link, back and forward). */
function useSearchText() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = new URLSearchParams(location.search).get('q') ?? '';
  const [text, setText] = useState(fromUrl);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ownEntry = (location.state as { searchPage?: boolean } | null)?.searchPage === true;

  // A navigation to another search (the header's, back and forward) sets the text; the page's
  // first render already has the URL's, and setting it again in the first effects would undo what
  // the visitor typed between the hydrating commit and those effects.
  const shownEntry = useRef(location.key);
  useEffect(() => {
    if (shownEntry.current === location.key) return;
    shownEntry.current = location.key;
    if (ownEntry) return;
    clearTimeout(pending.current);
    setText(fromUrl);
  }, [location.key, fromUrl, ownEntry]);
  useEffect(() => () => clearTimeout(pending.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => void navigate(searchPath(next), { replace: true, state: OWN_ENTRY }), URL_DELAY_MS);
  };
  return [text, change] as const;
}

/** What the page reads first, started before its first render (decision 0389). */
export const startSearchReads: FirstReads = (_search, client) => {
  void client.prefetchQuery(searchCatalogueQuery());
  void client.prefetchQuery(filterDataQuery());
  void client.prefetchQuery(shopSettingsQuery());
};

/** /search?q=...: every department searched at once, the results grouped by department (decision 0300). */
export function SearchPage() {
  const [text, setText] = useSearchText();
  const catalogue = useSearchCatalogue();
  const filterData = useFilterData();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Arriving with nothing to search (the header's button on a phone): the field is ready to type in.
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).get('q')) inputRef.current?.focus();
  }, []);

  const tagNames = useMemo(() => new Map((filterData.data?.tags ?? []).map((tag) => [tag.id, tag.name])), [filterData.data]);
  // Each keystroke in the same render (decision 0393: deferring it made the results a frame late).
  const query = text;
  const groups = useMemo(() => searchShop(catalogue.data ?? [], query, tagNames), [catalogue.data, query, tagNames]);
  // The results' ItemList (decision 0380).
  usePageHead({ list: useMemo(() => groups.flatMap((group) => group.items), [groups]) });
  // An item in two departments shows in both, and counts once.
  const total = new Set(groups.flatMap((group) => group.items.map((item) => item.id))).size;
  const blank = queryWords(query).length === 0;
  const loading = catalogue.isPending || filterData.isPending;

  let body;
  if (blank) {
    body = (
      <div className="empty-state">
        <p>Search every department by name, grape, region or barcode, or browse a menu.</p>
        <p className="menu-chooser">
          <DepartmentLinks />
        </p>
      </div>
    );
  } else if (loading) {
    body = <Spinner label="Searching the shop" />;
  } else if (catalogue.isError || filterData.isError) {
    body = (
      <div className="empty-state">
        <p>We couldn't search the shop right now.</p>
        <button type="button" className="button" onClick={() => void Promise.all([catalogue.refetch(), filterData.refetch()])}>
          Try again
        </button>
      </div>
    );
  } else if (groups.length === 0) {
    body = (
      <div className="empty-state">
        <p>Nothing in the shop matches “{query.trim()}”. Try fewer words, or browse a menu.</p>
        <p className="menu-chooser">
          <DepartmentLinks />
        </p>
      </div>
    );
  } else {
    body = groups.map((group) => (
      <section key={group.department} className="search-group" aria-labelledby={`${inputId}-${group.department}`}>
        <h2 id={`${inputId}-${group.department}`} className="search-group__heading">
          {group.name} <span className="search-group__count">{plural(group.items.length, 'item')}</span>
        </h2>
        <MenuResults items={group.items} filterKey={`${group.department}:${query}`} />
      </section>
    ));
  }

  return (
    <div className="search-page">
      <div className="page-header menu-page__header">
        <h1 className="page-heading">Search</h1>
        <form className="menu-search" role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={inputId} className="visually-hidden">
            Search the shop
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="menu-search__input"
            type="search"
            placeholder="Wine, liquor, extras..."
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </form>
      </div>
      <p className="menu-results__count" role="status">
        {blank || loading ? '' : `${plural(total, 'item')} found`}
      </p>
      {body}
    </div>
  );
}
