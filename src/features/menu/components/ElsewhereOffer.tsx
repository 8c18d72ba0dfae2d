import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { searchPath } from '../../../../shared/spa-routes';
import { DEPARTMENTS, type Department } from '../../../lib/departments';
import { getMenuItems, menuItemsQueryKey } from '../api/get-menu';
import { CATALOGUE_STALE_MS } from '../../../lib/catalogue';
import { menuSearch, type MenuItem } from '../menu-filter';
import { DEFAULT_SORT } from '../menu-order';
import { elsewhereCounts } from '../shop-search';

/**
 * A department menu's search that found nothing points to the other departments whose names match
 * ("3 in Wine", each to that menu with the same search) and to the shop-wide search (decision 0300).
 * The other menus' lists are the ones those menus use, so following a link shows them at once.
 */
export function ElsewhereOffer({ menu, query }: { menu: Department; query: string }) {
  const others = (Object.keys(DEPARTMENTS) as Department[]).filter((department) => department !== menu);
  const lists = useQueries({
    queries: others.map((department) => ({
      queryKey: menuItemsQueryKey(department),
      queryFn: () => getMenuItems(department),
      staleTime: CATALOGUE_STALE_MS,
    })),
  });
  const menus: Partial<Record<Department, readonly MenuItem[]>> = {};
  others.forEach((department, position) => {
    menus[department] = lists[position]?.data;
  });
  const found = elsewhereCounts(menus, menu, query);
  const settled = lists.every((list) => !list.isPending);
  return (
    <div className="elsewhere" aria-live="polite">
      {found.length ? (
        <p className="elsewhere__links">
          Found elsewhere:{' '}
          {found.map(({ department, name, count }) => (
            <Link
              key={department}
              className="button button--ghost"
              to={`/menu${menuSearch(department, { tags: [], q: query.trim(), sort: DEFAULT_SORT, inStock: false })}`}
            >
              {count} in {name}
            </Link>
          ))}
        </p>
      ) : settled ? null : (
        <p className="elsewhere__links">Looking in the other departments…</p>
      )}
      <p>
        <Link to={searchPath(query)}>Search the whole shop for “{query.trim()}”</Link>
      </p>
    </div>
  );
}
