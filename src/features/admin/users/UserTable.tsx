/**
 * A searchable, paged table of accounts (Client Users, Admin Users): the search box (name or
 * e-mail, searched on the server after a 250 ms pause in typing), the table, "Load more".
 */
import { useId, useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/Spinner';
import { LoadMore } from '../common/LoadMore';
import type { Role } from '../../../../shared/roles';
import { useDebouncedValue, useUserPages, type UserRow } from './use-user-pages';
import { SEARCH_DEBOUNCE_MS } from './user-search';
import './users.css';

export interface UserTableProps {
  type: Role;
  /** "users" or "admins", in the status line and the table's caption; `nounOne` for one of them. */
  noun: string;
  nounOne: string;
  /** The Actions column's cell for a row; without it there is no Actions column. */
  actions?: (user: UserRow) => ReactNode;
  /** Shown when loading fails. */
  loadFailedMessage: string;
  /** Beside the search box (Create Admin). */
  toolbar?: ReactNode;
  /** Client Users: whether each confirmed the e-mail address, and the phone (decisions 0302, 0303). */
  customerColumns?: boolean;
}

export function UserTable({ type, noun, nounOne, actions, loadFailedMessage, toolbar, customerColumns = false }: UserTableProps) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const { data, isPending, isError, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useUserPages(
    type,
    query,
    loadFailedMessage,
  );
  const users = isError ? [] : (data?.pages.flatMap((page) => page.users) ?? []);
  const searchId = useId();
  const statusId = useId();

  let status: string;
  if (isPending) status = `Loading ${noun}...`;
  else if (isError) status = `The ${noun} couldn't be loaded.`;
  else if (users.length === 0) status = query ? `No ${noun} match "${query}".` : `No ${noun} yet.`;
  else
    status = `Showing ${users.length} ${users.length === 1 ? nounOne : noun}${hasNextPage ? ' (more below)' : ''}${query ? ` matching "${query}"` : ''}.`;

  return (
    <>
      <div className="user-toolbar">
        <div className="user-search">
          <label htmlFor={searchId} className="visually-hidden">
            Search {noun} by name or email
          </label>
          <input
            id={searchId}
            className="admin-input user-search__input"
            type="search"
            placeholder="Search..."
            autoComplete="off"
            value={search}
            aria-describedby={statusId}
            onChange={(event) => setSearch(event.target.value)}
          />
          {isFetching && !isFetchingNextPage && !isPending ? <span className="user-search__busy" aria-hidden="true" /> : null}
        </div>
        {toolbar}
      </div>
      <p id={statusId} className="user-status" role="status">
        {status}
      </p>
      {isPending ? (
        <Spinner label={`Loading ${noun}`} />
      ) : isError ? (
        <button type="button" className="button button--ghost" onClick={() => void refetch()}>
          Try again
        </button>
      ) : users.length > 0 ? (
        <div className="card user-table__scroll">
          <table className="user-table">
            <caption className="visually-hidden">{noun[0]!.toUpperCase() + noun.slice(1)}</caption>
            <thead>
              <tr>
                {actions ? <th scope="col">Actions</th> : null}
                <th scope="col">Username</th>
                <th scope="col">Email</th>
                {customerColumns ? (
                  <>
                    <th scope="col">Confirmed</th>
                    <th scope="col">Phone</th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  {actions ? <td className="user-table__actions">{actions(user)}</td> : null}
                  <td>{user.name}</td>
                  <td className="user-table__email">{user.email}</td>
                  {customerColumns ? (
                    <>
                      <td>
                        {user.emailConfirmed === true ? (
                          <span className="user-badge user-badge--confirmed">Confirmed</span>
                        ) : (
                          <span className="user-badge">Not confirmed</span>
                        )}
                      </td>
                      <td>{user.phone ?? ''}</td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <LoadMore pages={{ hasNextPage, isError, isFetchingNextPage, fetchNextPage }} />
    </>
  );
}
