import { useId, useState } from 'react';
import { Modal } from '../../components/ui/Modal';
import { toast } from '../../lib/signed-in-call';
import { useCancelRsvp } from './rsvp-api';

/**
 * "Cancel RSVP" asks once more (decision 0351): a modal dialog that keeps the focus inside it
 * (components/ui/Modal), as cancelling a reservation does. Escape and "Keep it" close it.
 */
export function CancelRsvpDialog({ eventId, eventName, onClose }: { eventId: string; eventName: string; onClose: () => void }) {
  const describedBy = useId();
  const cancel = useCancelRsvp();
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    const outcome = await cancel.mutateAsync(eventId);
    if (!outcome.ok) return setProblem(outcome.message);
    toast('success', `Your RSVP to ${eventName} is cancelled`);
    onClose();
  };
  return (
    <Modal
      title={`Cancel your RSVP to ${eventName}?`}
      onEscape={cancel.isPending ? undefined : onClose}
      describedBy={describedBy}
      className="rsvp-dialog"
    >
      <p id={describedBy}>Your places go to the next guests on the waiting list, or back to everyone.</p>
      {problem ? (
        <p role="alert" className="rsvp__refusal">
          {problem}
        </p>
      ) : null}
      <div className="rsvp__actions">
        <button type="button" className="button button--danger" disabled={cancel.isPending} onClick={() => void confirm()}>
          {cancel.isPending ? 'Cancelling…' : 'Cancel RSVP'}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose} disabled={cancel.isPending}>
          Keep it
        </button>
      </div>
    </Modal>
  );
}
