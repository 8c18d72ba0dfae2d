import { useId, useState, type FormEvent } from 'react';
import { formatReservationNumber, MAX_REASON_LENGTH, reasonProblem } from '../../../shared/reservation-limits';
import { Modal } from '../../components/ui/Modal';
import { cancelReservation, type Reservation } from './reservations-api';

/**
 * "Cancel reservation" asks once more, with an optional reason (product §11): a modal dialog that
 * keeps the focus inside it (components/ui/Modal), as "Delete my account" does. Escape and "Keep
 * it" close it; the bottles go back to the shelf only when the server cancels.
 */
export function CancelReservationDialog({
  reservation,
  onClose,
  onCancelled,
}: {
  reservation: Reservation;
  onClose: () => void;
  onCancelled: (reservation: Reservation) => void;
}) {
  const describedBy = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const number = formatReservationNumber(reservation.number);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local = reasonProblem(reason, false);
    if (local) return setProblem(local);
    setBusy(true);
    try {
      const outcome = await cancelReservation(reservation.id, reason.trim() || null);
      if (outcome.ok) onCancelled(outcome.data);
      else setProblem(outcome.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`Cancel reservation ${number}?`}
      onEscape={busy ? undefined : onClose}
      describedBy={describedBy}
      className="pickup-dialog"
    >
      <form className="pickup-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p id={describedBy}>The bottles go back on the shelf for other customers. This cannot be undone.</p>
        <div className="pickup-form__field">
          <label htmlFor={reasonId}>Reason (optional)</label>
          <input id={reasonId} maxLength={MAX_REASON_LENGTH} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        {problem ? (
          <p role="alert" className="pickup-form__refusal">
            {problem}
          </p>
        ) : null}
        <div className="pickup-form__actions">
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel reservation'}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Keep it
          </button>
        </div>
      </form>
    </Modal>
  );
}
