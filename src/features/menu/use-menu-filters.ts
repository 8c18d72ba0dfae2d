import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { menuSearch, parseMenuFilters, sameFilters, toggleTag, type MenuCategory, type MenuFilters } from './menu-filter';

/** Marks the history entries this hook writes, so it does not read its own writes back. */
const OWN_ENTRY = { menuFilters: true } as const;

function isOwnEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { menuFilters?: unknown }).menuFilters === true;
}

/**
 * The menu's selected tags and search text, kept in the URL so a filtered view can be shared and
 * survives reload and back. Ticking a tag adds a history entry; typing replaces the current one.
 *
 * The state is held here too and is what the page shows, so typing never waits for the router
 * (its updates are transitions); it is read from the URL again on back/forward and on links.
 */
export function useMenuFilters(menu: MenuCategory) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const fromUrl = useMemo(() => parseMenuFilters(location.search), [location.search]);
  const [filters, setFilters] = useState<MenuFilters>(fromUrl);

  useEffect(() => {
    if (navigationType !== 'POP' && isOwnEntry(location.state)) return;
    setFilters((current) => (sameFilters(current, fromUrl) ? current : fromUrl));
  }, [location.key, location.state, navigationType, fromUrl]);

  const update = (next: MenuFilters, replace: boolean) => {
    setFilters(next);
    navigate({ search: menuSearch(menu, next) }, { replace, state: OWN_ENTRY, preventScrollReset: true });
  };

  return {
    filters,
    setQuery: (q: string) => update({ ...filters, q }, true),
    toggleTag: (tagId: string) => update({ ...filters, tags: toggleTag(filters.tags, tagId) }, false),
    clearTags: () => update({ ...filters, tags: [] }, false),
    clearAll: () => update({ tags: [], q: '' }, false),
  };
}
