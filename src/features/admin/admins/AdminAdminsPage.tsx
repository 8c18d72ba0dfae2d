/**
 * Admin Users (product §2 Admin admins, §4, §5, §8): search, Create Admin, and the admins' table
 * with Edit, Password link (decision 0258) and Delete per row; the Admin Editor and the Delete Admin confirmation. Nobody is
 * offered Delete on their own row; the server also refuses to delete your own account or the
 * last admin, and its message is what the toast shows.
 */
import { useRef, useState } from 'react';
import { usePageHead } from '../../../hooks/use-page-head';
import { useSession } from '../../../lib/auth';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmDeleteModal } from '../common/ConfirmDeleteModal';
import '../common/admin.css';
import { type UserRow } from '../users/use-user-pages';
import { ROLE_ADMIN } from '../users/user-search';
import { UserTable } from '../users/UserTable';
import { PasswordLinkButton } from '../users/PasswordLinkButton';
import { AdminEditor } from './AdminEditor';
import { ADMIN_MESSAGES, adminToForm, type AdminForm } from './admin-form';
import { useAdminWrites } from './api';
import { runWrite } from '../common/run-write';

export function AdminAdminsPage() {
  usePageHead('Admin Users · Admin');
  const session = useSession();
  const writes = useAdminWrites();
  /** null: closed; 'new': creating; a row: editing it. */
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const createRef = useRef<HTMLButtonElement>(null);

  const save = async (admin: UserRow | null, form: AdminForm) => {
    const done = admin
      ? await runWrite(() => writes.save.mutateAsync({ id: admin.id, form }), ADMIN_MESSAGES.updated, ADMIN_MESSAGES.updateFailed)
      : await runWrite(() => writes.save.mutateAsync({ form }), ADMIN_MESSAGES.created, ADMIN_MESSAGES.createFailed);
    if (done === null) setEditing(null);
    return done;
  };

  /** Resolves false when nothing was deleted (the confirmation then stays open). */
  const remove = async (admin: UserRow) =>
    (await runWrite(() => writes.remove.mutateAsync(admin.id), ADMIN_MESSAGES.deleted, ADMIN_MESSAGES.deleteFailed)) === null;

  return (
    <>
      <AdminPageHeader title="Admin Users" />
      <UserTable
        type={ROLE_ADMIN}
        noun="admins"
        nounOne="admin"
        loadFailedMessage="Error loading admins"
        toolbar={
          <button ref={createRef} type="button" className="button" onClick={() => setEditing('new')}>
            Create Admin
          </button>
        }
        actions={(admin) => (
          <>
            <button type="button" className="button button--small button--ghost" onClick={() => setEditing(admin)}>
              Edit<span className="visually-hidden"> {admin.name}</span>
            </button>
            <PasswordLinkButton user={admin} />
            {admin.id === session?.userId ? (
              <span className="user-table__you">(you)</span>
            ) : (
              <button type="button" className="button button--small button--danger" onClick={() => setDeleting(admin)}>
                Delete<span className="visually-hidden"> {admin.name}</span>
              </button>
            )}
          </>
        )}
      />

      {editing ? (
        <AdminEditor
          initial={editing === 'new' ? undefined : adminToForm(editing)}
          onSave={(form) => save(editing === 'new' ? null : editing, form)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDeleteModal target={deleting} noun="Admin" onConfirm={remove} onClose={() => setDeleting(null)} returnFocusTo={createRef} />
    </>
  );
}
