/**
 * "Are you sure?" before a delete (product §2: Delete Item, Delete Event, Delete Admin, tag and
 * category deletes): an accessible modal dialog with the message, a Delete button and a Cancel
 * button.
 *
 *     <ConfirmDeleteModal target={deleting} noun="Item" onConfirm={remove} onClose={() => setDeleting(null)} />
 *
 * opens while `target` is set, titled "Delete Item" and asking "Are you sure you want to delete
 * this item?"; `remove(target)` deletes it and toasts (`title` and `message` replace the words).
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

export interface ConfirmDeleteModalProps<T> {
  /** What is to be deleted; the dialog is open while it is set. */
  target: T | null;
  /** "Item": the title "Delete Item" and the question "Are you sure you want to delete this item?". */
  noun?: string;
  title?: string;
  message?: string;
  /** Deletes the target (toasting how it went); rejects or resolves `false` when it did not. */
  onConfirm: (target: T) => Promise<unknown>;
  onClose: () => void;
  /** The confirm button's text; "Delete" by default. */
  confirmLabel?: string;
  /** Where focus goes after a successful delete (the opener usually leaves with the deleted row). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function ConfirmDeleteModal<T>({ target, noun = '', title, message, onConfirm, ...rest }: ConfirmDeleteModalProps<T>) {
  const open = target !== null;
  const { returnFocusTo } = rest;
  const focusAfterClose = useRef(false);
  // Once the dialog is gone (and the page is no longer inert), after a successful delete.
  useEffect(() => {
    if (open || !focusAfterClose.current) return;
    focusAfterClose.current = false;
    returnFocusTo?.current?.focus();
  }, [open, returnFocusTo]);
  if (target === null) return null;
  return (
    <ConfirmDeleteDialog
      {...rest}
      title={title ?? `Delete ${noun}`}
      message={message ?? `Are you sure you want to delete this ${noun.toLowerCase()}?`}
      onConfirm={() => onConfirm(target)}
      onDeleted={() => (focusAfterClose.current = true)}
    />
  );
}

interface ConfirmDeleteDialogProps extends Pick<ConfirmDeleteModalProps<unknown>, 'onClose' | 'confirmLabel'> {
  title: string;
  message: string;
  onConfirm: () => Promise<unknown>;
  onDeleted: () => void;
}

function ConfirmDeleteDialog({ title, message, onConfirm, onClose, confirmLabel = 'Delete', onDeleted }: ConfirmDeleteDialogProps) {
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
