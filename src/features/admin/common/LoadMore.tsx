/**
 * "Load more" under a list read a page at a time from the server (Client Users, Admin Users,
 * Activity): shown while there is a next page and the list loaded.
 *
 *     <LoadMore pages={useInfiniteQuery(...)} />
 */
export interface LoadMorePages {
  hasNextPage: boolean;
  isError: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export function LoadMore({ pages }: { pages: LoadMorePages }) {
  if (!pages.hasNextPage || pages.isError) return null;
  return (
    <div className="admin-load-more">
      <button type="button" className="button button--ghost" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
        {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </button>
    </div>
  );
}
