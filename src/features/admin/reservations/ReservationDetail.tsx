/**
 * One reservation, in a dialog (product §11): the customer (name, e-mail and phone; "Deleted
 * account" as the server says), the note, the slot, the lines (price, reserved, held, staff's
 * notes), the total and until when it holds its bottles, what is short and the related open
 * reservations (decision 0378), and the actions its status allows (shared/reservation-status.ts):
 * Requested: Mark ready, each line's picked units lowerable with a required note; Ready: Picked
 * up, with "Photo ID checked, 21+"; both: Cancel, with a reason. A refusal (the status changed
 * meanwhile, the ID not ticked) is said in the dialog and toasted; the lists reload either way.
 */
import { useId } from 'react';
import { MAX_REASON_LENGTH, formatReservationNumber } from '../../../../shared/reservation-limits';
import { RESERVATION_PERMISSIONS, type ReservationStatus } from '../../../../shared/reservation-status';
import { Modal } from '../../../components/ui/Modal';
import { OutboxNote } from '../common/OutboxNote';
import { RelatedReservations, ShortNotice } from './FairShare';
import { ReservationFacts, ReservationStatusLine } from './ReservationFacts';
import { ReservationLines } from './ReservationLines';
import type { StaffReservation } from './reservation-view';
import { useReservationDetail } from './use-reservation-detail';

const can = (action: 'markReady' | 'pickUp' | 'cancel', status: string) =>
  (RESERVATION_PERMISSIONS[action].admin ?? []).includes(status as ReservationStatus);

export interface ReservationDetailProps {
  reservation: StaffReservation;
  onClose: () => void;
  /** Prints this reservation's pick list. */
  onPrint: (reservation: StaffReservation) => void;
}

export function ReservationDetail({ reservation, onClose, onPrint }: ReservationDetailProps) {
  const number = formatReservationNumber(reservation.number);
  const detail = useReservationDetail(reservation, number, onClose);
  const { busy } = detail;
  const reasonId = useId();
  const lowering = can('markReady', reservation.status);

  return (
    <Modal
      title={`Reservation ${number}`}
      onEscape={busy ? undefined : onClose}
      className="admin-modal admin-modal--wide reservation-detail"
    >
      <ReservationStatusLine reservation={reservation} />
      <ShortNotice reservation={reservation} />
      <ReservationFacts reservation={reservation} />
      <OutboxNote what="this reservation's e-mails to the customer" />

      <ReservationLines
        reservation={reservation}
        picked={detail.picked}
        lowering={lowering}
        busy={busy}
        refusedProps={detail.refusedProps}
        onLineChange={detail.setLine}
      />

      {reservation.status === 'Requested' || reservation.status === 'Ready' ? <RelatedReservations reservation={reservation} /> : null}

      {can('pickUp', reservation.status) ? (
        <label className="admin-check reservation-detail__id">
          <input
            type="checkbox"
            checked={detail.idChecked}
            onChange={(event) => detail.setIdChecked(event.target.checked)}
            disabled={busy}
          />
          <span>Photo ID checked, 21+</span>
        </label>
      ) : null}

      {can('cancel', reservation.status) ? (
        <div className="admin-field reservation-detail__reason">
          <label className="admin-field__label" htmlFor={reasonId}>
            Reason for cancelling
          </label>
          <input
            id={reasonId}
            className="admin-input"
            value={detail.reason}
            maxLength={MAX_REASON_LENGTH}
            {...detail.refusedProps('reason')}
            onChange={(event) => detail.setReason(event.target.value)}
            disabled={busy}
          />
          <p className="admin-field__note">Needed only to cancel; the customer sees it.</p>
        </div>
      ) : null}

      <div className="admin-modal__actions">
        <p id={detail.errorId} className="admin-form-error" role="alert">
          {detail.message}
        </p>
        <button type="button" className="button button--ghost" onClick={() => onPrint(reservation)} disabled={busy}>
          Print
        </button>
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          Close
        </button>
        {can('cancel', reservation.status) ? (
          <button type="button" className="button button--danger" onClick={detail.cancel} disabled={busy}>
            Cancel reservation
          </button>
        ) : null}
        {lowering ? (
          <button type="button" className="button" onClick={detail.markReady} disabled={busy}>
            Mark ready
          </button>
        ) : null}
        {can('pickUp', reservation.status) ? (
          <button type="button" className="button" onClick={detail.pickUp} disabled={busy}>
            Picked up
          </button>
        ) : null}
      </div>
    </Modal>
  );
}
