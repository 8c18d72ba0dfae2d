import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { menuSearch, parseMenuFilters, sameFilters, toggleTag, type MenuCategory, type MenuFilters } from './menu-filter';
import type { MenuSort } from './menu-order';

/** Marks the history entries this hook writes, so it does not read its own writes back. */
const OWN_ENTRY = { menuFilters: true } as const;

/**
 * Typing writes the URL this long after the last keystroke, not on every one: a router update
 * re-renders the whole page, which in the 5,000-item benchmark doubled the time from a keystroke
 * to the filtered grid (decision 0118).
 */
export const SEARCH_URL_DELAY_MS = 300;

function isOwnEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { menuFilters?: unknown }).menuFilters === true;
}

/**
 * The menu's selected tags, search text, order and "In stock only", kept in the URL so a filtered view can be shared and
 * survives reload and back. Ticking a tag adds a history entry; typing replaces the current one.
 *
 * The state is held here too and is what the page shows, so typing never waits for the router;
 * it is read from the URL again on back/forward and on links. The callbacks keep their identity
 * across renders, so memoised parts of the page (the filter panel) do not re-render on a keystroke.
 */
export function useMenuFilters(menu: MenuCategory) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const fromUrl = useMemo(() => parseMenuFilters(location.search), [location.search]);
  const [filters, setFiltersState] = useState<MenuFilters>(fromUrl);
  const latest = useRef(filters);
  const pendingWrite = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const setFilters = useCallback((next: MenuFilters) => {
    latest.current = next;
    setFiltersState(next);
  }, []);

  useEffect(() => {
    if (navigationType !== NavigationType.Pop && isOwnEntry(location.state)) return;
    clearTimeout(pendingWrite.current);
    if (!sameFilters(latest.current, fromUrl)) setFilters(fromUrl);
  }, [location.key, location.state, navigationType, fromUrl, setFilters]);

  // A write still pending when the page goes away is dropped: the URL is another page's by then.
  useEffect(() => () => clearTimeout(pendingWrite.current), []);

  const writeUrl = useCallback(
    (next: MenuFilters, replace: boolean) => {
      clearTimeout(pendingWrite.current);
      void navigate({ search: menuSearch(menu, next) }, { replace, state: OWN_ENTRY, preventScrollReset: true });
    },
    [menu, navigate],
  );

  const update = useCallback(
    (change: (current: MenuFilters) => MenuFilters) => {
      const next = change(latest.current);
      setFilters(next);
      writeUrl(next, false);
    },
    [setFilters, writeUrl],
  );

  const setQuery = useCallback(
    (q: string) => {
      const next = { ...latest.current, q };
      setFilters(next);
      clearTimeout(pendingWrite.current);
      pendingWrite.current = setTimeout(() => writeUrl(next, true), SEARCH_URL_DELAY_MS);
    },
    [setFilters, writeUrl],
  );

  return {
    filters,
    /**
     * The search as the URL holds it: typing reaches it once typing pauses. The filter panel's
     * counts follow it, so a keystroke re-renders the grid only, not every checkbox.
     */
    settledQuery: fromUrl.q,
    setQuery,
    toggleTag: useCallback((tagId: string) => update((current) => ({ ...current, tags: toggleTag(current.tags, tagId) })), [update]),
    clearTags: useCallback(() => update((current) => ({ ...current, tags: [] })), [update]),
    // Clearing keeps the order: it is how the visitor reads the menu, not a filter.
    clearAll: useCallback(() => update((current) => ({ tags: [], q: '', sort: current.sort, inStock: false })), [update]),
    setSort: useCallback((sort: MenuSort) => update((current) => ({ ...current, sort })), [update]),
    setInStock: useCallback((inStock: boolean) => update((current) => ({ ...current, inStock })), [update]),
  };
}
