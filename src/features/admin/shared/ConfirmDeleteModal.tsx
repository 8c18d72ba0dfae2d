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
 * `false` the modal stays open (the caller has shown why). Escape and Cancel call `onClose`
 * unless a delete is running. Focus returns to the opener, or to `returnFocusTo` when the opener
 * is gone (the deleted row's own button).
 */
import { useId, useRef, useState, type RefObject } from 'react';
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
  /** Where focus goes after closing when the opener no longer exists. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function ConfirmDeleteModal(props: ConfirmDeleteModalProps) {
  if (!props.open) return null;
  return <ConfirmDeleteDialog {...props} />;
}

function ConfirmDeleteDialog({ title, message, onConfirm, onClose, confirmLabel = 'Delete', returnFocusTo }: ConfirmDeleteModalProps) {
  const [busy, setBusy] = useState(false);
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    onClose();
    if (returnFocusTo?.current) {
      const target = returnFocusTo.current;
      // After the dialog has restored focus (or found its opener gone).
      requestAnimationFrame(() => {
        if (!document.activeElement || document.activeElement === document.body) target.focus();
      });
    }
  };

  const confirm = async () => {
    setBusy(true);
    let ok = false;
    try {
      ok = (await onConfirm()) !== false;
    } catch {
      ok = false;
    }
    setBusy(false);
    if (ok) close();
  };

  return (
    <Modal title={title} describedBy={messageId} onEscape={busy ? undefined : close} initialFocusRef={cancelRef} className="admin-modal admin-confirm">
      <p id={messageId} className="admin-confirm__message">
        {message}
      </p>
      <div className="admin-modal__actions">
        <button ref={cancelRef} type="button" className="admin-button admin-button--ghost" onClick={close} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="admin-button admin-button--danger" onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Deleting...' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
