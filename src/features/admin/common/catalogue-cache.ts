/**
 * After an admin change to the catalogue (items, banners, tags, events, ...): marks every cached
 * query stale, so the public pages (same query cache, same tab) and the admin lists show the
 * change at once; queries on screen refetch now, the others when next used.
 *
 *     await save(); catalogueChanged();
 */
import { queryClient } from '../../../lib/query-client';

export function catalogueChanged(): Promise<void> {
  return queryClient.invalidateQueries();
}
