/**
 * The Admin Users screen's writes, as the signed-in admin: create, edit and delete an admin
 * account (custom mutations; the server refuses deleting yourself or the last admin). Each throws
 * ApiCallError with the server's message when it did not happen.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminClient } from '../common/admin-client';
import { adminKeys } from '../common/admin-keys';
import { dataOrThrow } from '../common/graphql-errors';
import type { AdminForm } from './admin-form';

/** An admin from the editor: an edit of the names and e-mail when it has an id, else a new account. */
async function saveAdmin({ id, form }: { id?: string; form: AdminForm }) {
  const names = { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim() };
  return dataOrThrow(
    await (id
      ? adminClient.mutations.updateAdmin({ id, ...names })
      : adminClient.mutations.createAdmin({ ...names, password: form.password, confirmPassword: form.confirmPassword })),
  );
}

const deleteAdmin = async (id: string) => dataOrThrow(await adminClient.mutations.deleteAdmin({ id }));

/** The account writes, as mutations; the user lists reload when one worked. */
export function useAdminWrites() {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
  return {
    save: useMutation({ mutationFn: saveAdmin, onSuccess: reload }),
    remove: useMutation({ mutationFn: deleteAdmin, onSuccess: reload }),
  };
}
