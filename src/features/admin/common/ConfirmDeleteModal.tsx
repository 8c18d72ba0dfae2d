/**
 * "Are you sure?" before a delete (SPEC §2: Delete Item, Delete Event, Delete Admin, tag and
 * category deletes): an accessible modal dialog with the message, a Delete button and a Cancel
 * button.
 *
 *     <ConfirmDeleteModal
 *       open={target !== null}
 *       title="Delete Item"
 *       message="Are you sure you want to delete this item?"
 *       onConfirm={async () => { await deleteItem(target!.id); }}   // toast inside; throw to stay open
 *       onClose={() => setTarget(null)}
 *     />
 *
 * While `onConfirm` runs, both buttons are disabled and Delete reads "Deleting...". When it
 * resolves (with anything but `false`) the modal calls `onClose`; when it rejects or resolves
 * `false` the modal stays open (the caller has shown why in a toast; the dialog also says that
 * nothing was deleted, since toasts behind a modal are inert). Escape and Cancel call `onClose`
 * unless a delete is running. After Cancel or Escape focus returns to the opener; after a
 * successful delete it goes to `returnFocusTo` when given (the opener usually leaves with the
 * deleted row), else back to the opener if it still exists.
 */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Modal } from '../../../components/ui/Modal';
import './admin.css';

export interface ConfirmDeleteModalProps {
  open: boolean;
  title: string;
  message: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** The confirm button's text; "Delete" by default. */
  confirmLabel?: string;
  /** Where focus goes after a successful delete (the opener usually leaves with the deleted row). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function ConfirmDeleteModal(props: ConfirmDeleteModalProps) {
  const { open, returnFocusTo } = props;
  const focusAfterClose = useRef(false);
  // Once the dialog is gone (and the page is no longer inert), after a successful delete.
  useEffect(() => {
    if (open || !focusAfterClose.current) return;
    focusAfterClose.current = false;
    returnFocusTo?.current?.focus();
  }, [open, returnFocusTo]);
  if (!open) return null;
  return <ConfirmDeleteDialog {...props} onDeleted={() => (focusAfterClose.current = true)} />;
}

function ConfirmDeleteDialog({
  title,
  message,
  onConfirm,
  onClose,
  confirmLabel = 'Delete',
  onDeleted,
}: ConfirmDeleteModalProps & { onDeleted: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  const close = () => onClose();

  const closeAfterDelete = () => {
    onDeleted();
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    let ok = false;
    try {
      ok = (await onConfirm()) !== false;
    } catch {
      ok = false;
    }
    setBusy(false);
    if (ok) closeAfterDelete();
    else setFailed(true);
  };

  return (
    <Modal
      title={title}
      describedBy={messageId}
      onEscape={busy ? undefined : close}
      initialFocusRef={cancelRef}
      className="admin-modal admin-confirm"
    >
      <p id={messageId} className="admin-confirm__message">
        {message}
      </p>
      <div className="admin-modal__actions">
        <p className="admin-form-error" role="alert">
          {failed ? 'Nothing was deleted. Please try again.' : ''}
        </p>
        <button ref={cancelRef} type="button" className="button button--ghost" onClick={close} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Deleting...' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
