/**
 * "Mark confirmed" on a Client Users row whose address is not confirmed (decision 0335): staff who
 * checked the address with the customer, at the counter or on the phone, confirm it for them, so a
 * shop that sends no e-mail can still take reservations. Asks first, in a dialog that says so.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../../shared/account-messages';
import { Modal } from '../../../components/ui/Modal';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { adminClient } from '../common/admin-client';
import { adminKeys } from '../common/admin-keys';
import { dataOrThrow, userFacingMessage } from '../common/graphql-errors';
import type { UserRow } from './use-user-pages';

async function markConfirmed(userId: string) {
  return dataOrThrow(await adminClient.mutations.confirmUserEmail({ userId }));
}

export function MarkConfirmedButton({ user }: { user: UserRow }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="button button--small button--ghost" onClick={() => setAsking(true)}>
        Mark confirmed<span className="visually-hidden"> for {user.name}</span>
      </button>
      {asking ? <MarkConfirmedDialog user={user} onClose={() => setAsking(false)} /> : null}
    </>
  );
}

function MarkConfirmedDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mark = useMutation({ mutationFn: markConfirmed });
  const [failed, setFailed] = useState('');
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    setFailed('');
    try {
      await mark.mutateAsync(user.id);
      notify.success(ACCOUNT_MESSAGES.addressMarkedConfirmed);
      await queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      onClose();
    } catch (error) {
      if (error instanceof SessionEndedError) return;
      setFailed(userFacingMessage(error, "The address couldn't be marked confirmed"));
    }
  };

  return (
    <Modal
      title="Mark email confirmed"
      describedBy={messageId}
      onEscape={mark.isPending ? undefined : onClose}
      initialFocusRef={cancelRef}
      className="admin-modal admin-confirm"
    >
      <p id={messageId} className="admin-confirm__message">
        Mark {user.email} confirmed for {user.name}? Do this only after checking the address with them, at the counter or on the phone. They
        can then reserve for pickup.
      </p>
      <div className="admin-modal__actions">
        <p className="admin-form-error" role="alert">
          {failed}
        </p>
        <button ref={cancelRef} type="button" className="button button--ghost" onClick={onClose} disabled={mark.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void confirm()}
          disabled={mark.isPending}
          aria-busy={mark.isPending || undefined}
        >
          {mark.isPending ? 'Marking...' : 'Mark confirmed'}
        </button>
      </div>
    </Modal>
  );
}
