import { useId } from 'react';
import { ACCOUNT_MESSAGES } from '../../../shared/account-messages';
import { CurrentPasswordField } from '../../components/forms/PasswordFields';
import { useAuthForm } from '../../components/forms/use-auth-form';
import { Modal } from '../../components/ui/Modal';
import { deleteAccount } from './account-api';

const FIELDS = ['currentPassword'] as const;

/**
 * "Delete my account" asks once more, for the password (decision 0304): a modal dialog that keeps
 * the focus inside it (components/ui/Modal). Escape and Cancel close it; the account goes only
 * when the server takes the password.
 */
export function DeleteAccountDialog({ onClose, onDeleted }: { onClose: () => void; onDeleted: () => void }) {
  const describedBy = useId();
  const { busy, onSubmit, fieldProps } = useAuthForm({
    fields: FIELDS,
    submit: async ({ currentPassword }) => {
      if (currentPassword === '') return { message: ACCOUNT_MESSAGES.currentPasswordRequired };
      const outcome = await deleteAccount(currentPassword);
      return outcome.ok ? 'success' : { message: outcome.message };
    },
    onSuccess: onDeleted,
  });
  return (
    <Modal title="Delete your account?" onEscape={busy ? undefined : onClose} describedBy={describedBy} className="account-dialog">
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <p id={describedBy}>
          Your name, email address and phone number are removed, with the notes and phone numbers on your reservations. Your open
          reservations are cancelled, your RSVPs given up and your back-in-stock requests dropped, and you are signed out. To go ahead,
          enter your password.
        </p>
        <CurrentPasswordField label="Your password" {...fieldProps('currentPassword')} />
        <div className="account-form__actions">
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? 'Deleting…' : 'Delete my account'}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
