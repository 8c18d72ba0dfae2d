/**
 * The activity log, read from the server a page at a time (listActivity: newest first, of one
 * person and/or one kind), and the names the page shows instead of ids: the admins for the person
 * filter, and tag names in items' tag changes.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DEFAULT_ACTIVITY_PAGE, type ActivityEntry, type ActivityKind } from '../../../../shared/activity';
import { ROLE_ADMIN } from '../../../../shared/roles';
import { listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { adminClient } from '../common/admin-client';
import { adminKeys } from '../common/admin-keys';
import { adminQuery } from '../common/admin-query';
import { dataOrThrow, throwOnErrors } from '../common/graphql-errors';

export const ACTIVITY_MESSAGES = {
  loadFailed: 'Error loading the activity log',
} as const;

export interface ActivityFilter {
  actorId: string;
  kind: ActivityKind | '';
}

export function activityPagesQuery(filter: ActivityFilter) {
  return infiniteQueryOptions({
    queryKey: adminKeys.activity(filter.actorId, filter.kind),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const page = dataOrThrow(
        await adminClient.queries.listActivity({
          actorId: filter.actorId || undefined,
          kind: filter.kind || undefined,
          limit: DEFAULT_ACTIVITY_PAGE,
          nextToken: pageParam ?? undefined,
        }),
      );
      return { entries: (page?.entries ?? []) as ActivityEntry[], nextToken: page?.nextToken ?? null };
    },
    getNextPageParam: (lastPage) => lastPage.nextToken ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    meta: { loadFailedMessage: ACTIVITY_MESSAGES.loadFailed },
  });
}

export const useActivityPages = (filter: ActivityFilter) => useInfiniteQuery(activityPagesQuery(filter));

/** The admins, by name, for the person filter. */
async function fetchAdmins(): Promise<Array<{ id: string; name: string }>> {
  const admins = await listAll(async (nextToken) => {
    const result = await adminClient.models.User.list({
      filter: { type: { eq: ROLE_ADMIN } },
      selectionSet: ['id', 'name'],
      limit: MAX_PAGE_SIZE,
      nextToken,
    });
    throwOnErrors(result);
    return result;
  });
  return admins.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export const useActivityAdmins = () => useQuery(adminQuery(adminKeys.admins(), fetchAdmins));

/** Every tag's name by id, so an item's tag change reads "Wine; Red" rather than ids. */
async function fetchTagNames(): Promise<Map<string, string>> {
  const tags = await listAll(async (nextToken) => {
    const result = await adminClient.models.Tag.list({ selectionSet: ['id', 'name'], limit: MAX_PAGE_SIZE, nextToken });
    throwOnErrors(result);
    return result;
  });
  return new Map(tags.map((tag) => [tag.id, tag.name]));
}

export const useTagNames = () => useQuery(adminQuery(adminKeys.tagNames(), fetchTagNames));
