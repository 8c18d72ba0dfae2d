import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/Spinner';
import { MENU_CATEGORIES, type MenuCategory, type MenuItem } from '../menu-filter';
import { MenuResults } from './MenuResults';

// Shown only when a search finds nothing here: its own chunk, out of the menu's first script (design §4).
const ElsewhereOffer = lazy(() => import('./ElsewhereOffer').then((m) => ({ default: m.ElsewhereOffer })));

export interface MenuResultsBodyProps {
  menu: MenuCategory;
  loading: boolean;
  /** The items could not be read; `onRetry` reads them again. */
  failed: boolean;
  onRetry: () => void;
  results: readonly MenuItem[];
  filterKey: string;
  /** A search, ticks or "In stock only" narrow the results. */
  filtering: boolean;
  /** The search the results follow. */
  query: string;
  onClearAll: () => void;
}

/** Under the toolbar: the spinner, the failure with Try again, why nothing is shown (with what to do), or the grid. */
export function MenuResultsBody({
  menu,
  loading,
  failed,
  onRetry,
  results,
  filterKey,
  filtering,
  query,
  onClearAll,
}: MenuResultsBodyProps) {
  const title = MENU_CATEGORIES[menu];
  if (loading) return <Spinner label={`Loading ${title}`} />;
  if (failed) {
    return (
      <div className="empty-state">
        <p>We couldn't load the {title.toLowerCase()} menu right now.</p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (results.length > 0) return <MenuResults items={results} filterKey={filterKey} />;
  return (
    <div className="empty-state">
      <p>{filtering ? 'No items match your search and filters.' : `There are no ${title.toLowerCase()} items yet.`}</p>
      {filtering ? (
        <button type="button" className="button" onClick={onClearAll}>
          Clear search and filters
        </button>
      ) : null}
      {query.trim() ? (
        <Suspense fallback={null}>
          <ElsewhereOffer menu={menu} query={query} />
        </Suspense>
      ) : null}
    </div>
  );
}
