/** Client Users (SPEC §2 Admin users): the type 1 accounts, searched and paged on the server. */
import { usePageHead } from '../../../hooks/use-page-head';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { UserTable } from './UserTable';
import { ROLE_USER } from './user-search';

export function AdminUsersPage() {
  usePageHead('Client Users · Admin');
  return (
    <>
      <AdminPageHeader title="Client Users" />
      <UserTable type={ROLE_USER} noun="users" nounOne="user" loadFailedMessage="Error loading users" />
    </>
  );
}
