/**
 * Client Users (product §2 Admin users): the type 1 accounts, searched and paged on the server, each
 * with a Password link to hand over (decision 0258) and, while the address is not confirmed, Mark
 * confirmed (decision 0335). Without a mail server, it says where the customers' links are (decision 0366).
 */
import { usePageHead } from '../../../hooks/use-page-head';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { OutboxNote } from '../common/OutboxNote';
import { MarkConfirmedButton } from './MarkConfirmedButton';
import { PasswordLinkButton } from './PasswordLinkButton';
import { UserTable } from './UserTable';
import { ROLE_USER } from './user-search';

export function AdminUsersPage() {
  usePageHead('Client Users · Admin');
  return (
    <>
      <AdminPageHeader title="Client Users" />
      <OutboxNote what="the confirmation and password links customers ask for" />
      <UserTable
        type={ROLE_USER}
        noun="users"
        nounOne="user"
        loadFailedMessage="Error loading users"
        customerColumns
        actions={(user) => (
          <>
            <PasswordLinkButton user={user} />
            {user.emailConfirmed === true ? null : <MarkConfirmedButton user={user} />}
          </>
        )}
      />
    </>
  );
}
