/**
 * An admin screen's query options: read fresh whenever a page shows them (another admin may have
 * changed the data), and a failed load toasted with `loadFailedMessage` by the one QueryCache
 * handler (src/lib/query-client.ts).
 *
 *     export const adminEventsQuery = () => adminQuery(adminKeys.events(), getAdminEvents, EVENT_MESSAGES.loadFailed);
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';

export interface AdminQueryOptions {
  /** The app's default is one retry; screens whose lists come whole say a failure at once. */
  retry?: false;
  enabled?: boolean;
}

export function adminQuery<TData, TKey extends QueryKey>(
  queryKey: TKey,
  queryFn: () => Promise<TData>,
  loadFailedMessage?: string,
  options: AdminQueryOptions = {},
) {
  return queryOptions({
    queryKey,
    queryFn,
    staleTime: 0,
    meta: loadFailedMessage ? { loadFailedMessage } : undefined,
    ...options,
  });
}
