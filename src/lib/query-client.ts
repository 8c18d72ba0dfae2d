import { QueryCache, QueryClient } from '@tanstack/react-query';
import { SessionEndedError } from './auth/session-rejection';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** product §8's toast when this query fails to load (admin screens); none for the storefront's. */
      loadFailedMessage?: string;
    };
  }
}

/**
 * The one place a failed load becomes its toast: every query that names a `loadFailedMessage`,
 * each time a fetch fails (after its retries). An ended session is not toasted again: the app
 * is already on its way to /login with its own notice. The toasts load on demand (lib/notify).
 */
export function toastLoadFailure(error: unknown, loadFailedMessage: string | undefined): void {
  if (!loadFailedMessage || error instanceof SessionEndedError) return;
  void import('./notify').then(({ notify }) => notify.error(loadFailedMessage));
}

/**
 * Starts the reads a page makes first, for a visit to a URL with query `search`, into `client`
 * (`prefetchQuery` with the options its hooks use, so the hooks find them under way): a page's
 * chunk exports one, and app/lazy-page.tsx runs it before the first render (decision 0389).
 */
export type FirstReads = (search: URLSearchParams, client: QueryClient) => void;

/** Resolves once `client` fetches nothing: the first reads, started before it is called, are in (or failed). */
export function readsSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (!client.isFetching()) {
      resolve();
      return;
    }
    const stop = client.getQueryCache().subscribe(() => {
      if (client.isFetching()) return;
      stop();
      resolve();
    });
  });
}

/** One query cache for the whole app, so data survives navigation between pages. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => toastLoadFailure(error, query.meta?.loadFailedMessage) }),
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      gcTime: 10 * 60_000,
      retry: 1,
      refetchOnWindowFocus: false,
    },
  },
});
