/**
 * "Cancel event" (decision 0352): asks for a note for staff (kept in the activity log, never
 * mailed) and, apart from it, an optional message to the guests, which their e-mail quotes
 * (decision 0368); each at most MAX_CANCEL_REASON_LENGTH. Says that every guest is told by e-mail
 * (without a mail server, that the mails are kept in the Outbox: decision 0366); the server cancels
 * the RSVPs and sends the mails (cancelEvent).
 */
import { useId, useState, type FormEvent } from 'react';
import { MAX_CANCEL_REASON_LENGTH, RSVP_MESSAGES } from '../../../../shared/rsvp-rules';
import { Link } from 'react-router-dom';
import { SPA_ROUTES } from '../../../../shared/spa-routes';
import { Modal } from '../../../components/ui/Modal';
import { useMailDelivery } from '../../../lib/mail-delivery';
import { runWrite } from '../common/run-write';
import { RSVP_STAFF_MESSAGES, useCancelEvent } from './api';
import type { AdminEvent } from './event-form';

export function CancelEventDialog({ event, onClose }: { event: AdminEvent; onClose: () => void }) {
  const describedBy = useId();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useCancelEvent();
  const kept = useMailDelivery() === 'outbox';
  const onSubmit = async (submit: FormEvent) => {
    submit.preventDefault();
    if ([reason, message].some((text) => [...text.trim()].length > MAX_CANCEL_REASON_LENGTH)) return setProblem(RSVP_MESSAGES.reasonLength);
    const failed = await runWrite(
      () => cancel.mutateAsync({ id: event.id, reason: reason.trim() || null, message: message.trim() || null }),
      kept ? RSVP_STAFF_MESSAGES.cancelledKept(event.name) : RSVP_STAFF_MESSAGES.cancelled(event.name),
      RSVP_STAFF_MESSAGES.cancelFailed,
    );
    if (failed === null) onClose();
    else setProblem(failed || null);
  };
  return (
    <Modal
      title={`Cancel ${event.name}?`}
      onEscape={cancel.isPending ? undefined : onClose}
      describedBy={describedBy}
      className="admin-modal"
    >
      <form className="cancel-event" noValidate onSubmit={(submit) => void onSubmit(submit)}>
        <p id={describedBy}>
          {kept ? (
            <>
              Every guest with an RSVP, and everyone on the waiting list, gets an e-mail that the event is cancelled; this shop sends no
              e-mail yet, so they are kept in the <Link to={SPA_ROUTES.adminOutbox}>Outbox</Link>: tell the guests yourself.
            </>
          ) : (
            'Every guest with an RSVP, and everyone on the waiting list, is told by e-mail that the event is cancelled.'
          )}{' '}
          The event stays on the events page marked Cancelled. This cannot be undone.
        </p>
        <CancelText label="Message to guests (optional, in their e-mail)" value={message} onChange={setMessage} />
        <CancelText label="Note for staff (optional, kept in the activity log, not e-mailed)" value={reason} onChange={setReason} />
        {problem ? (
          <p role="alert" className="admin-form-error">
            {problem}
          </p>
        ) : null}
        <div className="guest-list__actions">
          <button type="submit" className="button button--danger" disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel event'}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={cancel.isPending}>
            Keep it
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** One of the cancel's two texts, each at most MAX_CANCEL_REASON_LENGTH (decision 0368). */
function CancelText({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="admin-textarea"
        rows={2}
        maxLength={MAX_CANCEL_REASON_LENGTH}
        value={value}
        onChange={(change) => onChange(change.target.value)}
      />
    </div>
  );
}
