/**
 * One role's accounts, read from the server 50 at a time (`limit` + `nextToken`; fillPage fills
 * each page to 50 while more match) and searched there (see user-search.ts); "Load more" asks for
 * the next page. While a new search loads, the previous results stay on screen.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fillPage } from '../../../lib/catalogue';
import type { Role } from '../../../../shared/roles';
import { USER_PAGE_SIZE, userListFilter } from './user-search';
import { throwOnErrors } from '../common/graphql-errors';
import { adminKeys } from '../common/admin-keys';
import { adminClient } from '../common/admin-client';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  /** Whether the customer confirmed the address (decision 0303); null before any link was opened. */
  emailConfirmed?: boolean | null;
  phone?: string | null;
}

/** `loadFailedMessage`: product §8's toast when a page fails to load. */
export function userPagesQuery(type: Role, search: string, loadFailedMessage: string) {
  const query = search.trim();
  return infiniteQueryOptions({
    queryKey: adminKeys.userPages(type, query),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const filter = userListFilter(type, query);
      const page = await fillPage(
        async (nextToken, limit) => {
          const result = await adminClient.models.User.list({
            filter,
            selectionSet: ['id', 'name', 'email', 'emailConfirmed', 'phone'],
            limit,
            nextToken,
          });
          throwOnErrors(result);
          return result;
        },
        USER_PAGE_SIZE,
        pageParam ?? undefined,
      );
      return { users: page.items, nextToken: page.nextToken };
    },
    getNextPageParam: (lastPage) => lastPage.nextToken ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    meta: { loadFailedMessage },
  });
}

export function useUserPages(type: Role, search: string, loadFailedMessage: string) {
  return useInfiniteQuery(userPagesQuery(type, search, loadFailedMessage));
}

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
