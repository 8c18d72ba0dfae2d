/** The outbox (decision 0366), read from the server a page at a time: listOutbox, newest first. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { DEFAULT_OUTBOX_PAGE } from '../../../../shared/outbox';
import { adminClient } from '../common/admin-client';
import { adminKeys } from '../common/admin-keys';
import { dataOrThrow } from '../common/graphql-errors';

export const OUTBOX_MESSAGES = {
  loadFailed: 'Error loading the outbox',
} as const;

export function outboxPagesQuery() {
  return infiniteQueryOptions({
    queryKey: adminKeys.outbox(),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const page = dataOrThrow(await adminClient.queries.listOutbox({ limit: DEFAULT_OUTBOX_PAGE, nextToken: pageParam ?? undefined }));
      return { mails: page?.mails ?? [], nextToken: page?.nextToken ?? null };
    },
    getNextPageParam: (lastPage) => lastPage.nextToken ?? undefined,
    staleTime: 0,
    retry: false,
    meta: { loadFailedMessage: OUTBOX_MESSAGES.loadFailed },
  });
}

export const useOutboxPages = () => useInfiniteQuery(outboxPagesQuery());
