/**
 * One reservation, in a dialog (product §11): the customer (name, e-mail and phone; "Deleted
 * account" as the server says), the note, the slot, the lines (price, reserved, held, staff's
 * notes), the total and when it expires, and the actions its status allows (shared/reservation-status.ts):
 * Requested: Mark ready, each line's picked units lowerable with a required note; Ready: Picked
 * up, with "Photo ID checked, 21+"; both: Cancel, with a reason. A refusal (the status changed
 * meanwhile, the ID not ticked) is said in the dialog and toasted; the lists reload either way.
 */
import { useId, useState, type ReactNode } from 'react';
import { ERROR_TYPES } from '../../../../shared/error-types';
import { MAX_REASON_LENGTH, MAX_STAFF_NOTE_LENGTH, formatReservationNumber, reasonProblem } from '../../../../shared/reservation-limits';
import { RESERVATION_PERMISSIONS, type ReservationStatus } from '../../../../shared/reservation-status';
import { Modal } from '../../../components/ui/Modal';
import { SessionEndedError } from '../../../lib/auth';
import { formatPrice } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { userFacingMessage, type ApiCallError } from '../common/graphql-errors';
import { RESERVATION_SCREEN_MESSAGES, useReservationAction, type StaffAction } from './api';
import { bottlesOf, loweredLines, pickedLinesOf, statusLabel, type PickedLine, type StaffReservation } from './reservation-view';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' });
export const formatWhen = (iso: string) => when.format(new Date(iso));

const can = (action: 'markReady' | 'pickUp' | 'cancel', status: string) =>
  (RESERVATION_PERMISSIONS[action].admin ?? []).includes(status as ReservationStatus);

/** The server's refusal as staff should read it; '' when the session ended (already said). */
function refusalMessage(error: unknown): string {
  if (error instanceof SessionEndedError) return '';
  if ((error as ApiCallError | null)?.errorType === ERROR_TYPES.notFound) return (error as ApiCallError).message;
  return userFacingMessage(error, RESERVATION_SCREEN_MESSAGES.actionFailed);
}

export interface ReservationDetailProps {
  reservation: StaffReservation;
  onClose: () => void;
  /** Prints this reservation's pick list. */
  onPrint: (reservation: StaffReservation) => void;
}

export function ReservationDetail({ reservation, onClose, onPrint }: ReservationDetailProps) {
  const number = formatReservationNumber(reservation.number);
  const action = useReservationAction();
  const [picked, setPicked] = useState<PickedLine[]>(() => pickedLinesOf(reservation));
  const [idChecked, setIdChecked] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ where: string; message: string } | null>(null);
  const ids = { id: useId(), reason: useId(), error: useId() };
  const busy = action.isPending;

  const run = async (change: StaffAction, success: string) => {
    setProblem(null);
    try {
      await action.mutateAsync({ id: reservation.id, change });
    } catch (error) {
      const message = refusalMessage(error);
      if (message) {
        setProblem({ where: 'action', message });
        notify.error(message);
      }
      return;
    }
    notify.success(success);
    onClose();
  };

  const markReady = () => {
    const result = loweredLines(reservation, picked);
    if (!result.ok) {
      setProblem({ where: `${result.field}:${result.itemId}`, message: result.message });
      return;
    }
    void run({ action: 'markReady', lowered: result.lowered }, RESERVATION_SCREEN_MESSAGES.markedReady(number));
  };

  const cancel = () => {
    const reasonIssue = reasonProblem(reason, true);
    if (reasonIssue) {
      setProblem({ where: 'reason', message: reasonIssue });
      return;
    }
    void run({ action: 'cancel', reason: reason.trim() }, RESERVATION_SCREEN_MESSAGES.cancelled(number));
  };

  const setLine = (itemId: string, change: Partial<PickedLine>) =>
    setPicked((lines) => lines.map((line) => (line.itemId === itemId ? { ...line, ...change } : line)));

  const lowering = can('markReady', reservation.status);
  const errorFor = (where: string) => (problem?.where === where ? problem.message : '');

  return (
    <Modal
      title={`Reservation ${number}`}
      onEscape={busy ? undefined : onClose}
      className="admin-modal admin-modal--wide reservation-detail"
    >
      <p className="reservation-detail__status">
        <span className={`reservation-status reservation-status--${reservation.status.toLowerCase()}`}>
          {statusLabel(reservation.status)}
        </span>
        {reservation.status === 'Cancelled' && reservation.reason ? (
          <span>
            {' '}
            by {reservation.cancelledBy === 'customer' ? 'the customer' : 'the shop'}: {reservation.reason}
          </span>
        ) : null}
      </p>
      <dl className="reservation-facts">
        <Fact term="Customer">{reservation.customerName ?? ''}</Fact>
        <Fact term="E-mail">
          {reservation.customerEmail ? <a href={`mailto:${reservation.customerEmail}`}>{reservation.customerEmail}</a> : 'None'}
        </Fact>
        <Fact term="Phone">{reservation.phone ? <a href={`tel:${reservation.phone}`}>{reservation.phone}</a> : 'None given'}</Fact>
        <Fact term="Pickup">{reservation.slotLabel}</Fact>
        <Fact term="Expires">{formatWhen(reservation.expiresAt)}</Fact>
        <Fact term="Reserved">{formatWhen(reservation.createdAt)}</Fact>
        {reservation.note ? <Fact term="Note">{reservation.note}</Fact> : null}
      </dl>

      <table className="reservation-lines">
        <caption className="visually-hidden">Bottles reserved</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Price</th>
            <th scope="col">Reserved</th>
            <th scope="col">{lowering ? 'Picked' : 'Held'}</th>
          </tr>
        </thead>
        <tbody>
          {reservation.lines.map((line) => {
            const entry = picked.find((candidate) => candidate.itemId === line.itemId)!;
            const lowered = lowering && entry.picked.trim() !== String(line.quantity);
            return (
              <tr key={line.itemId}>
                <th scope="row">
                  {line.name}
                  {line.note ? <span className="reservation-lines__note">Note: {line.note}</span> : null}
                  {lowered ? (
                    <label className="reservation-lines__why">
                      <span>Why fewer of {line.name}?</span>
                      <input
                        className="admin-input"
                        value={entry.note}
                        maxLength={MAX_STAFF_NOTE_LENGTH}
                        aria-invalid={errorFor(`note:${line.itemId}`) ? true : undefined}
                        aria-describedby={errorFor(`note:${line.itemId}`) ? ids.error : undefined}
                        onChange={(event) => setLine(line.itemId, { note: event.target.value })}
                        disabled={busy}
                      />
                    </label>
                  ) : null}
                </th>
                <td>{formatPrice(line.price)}</td>
                <td>{line.reservedQuantity}</td>
                <td>
                  {lowering ? (
                    <input
                      className="admin-input reservation-lines__picked"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.quantity}
                      step={1}
                      aria-label={`Picked of ${line.name}`}
                      value={entry.picked}
                      aria-invalid={errorFor(`picked:${line.itemId}`) ? true : undefined}
                      aria-describedby={errorFor(`picked:${line.itemId}`) ? ids.error : undefined}
                      onChange={(event) => setLine(line.itemId, { picked: event.target.value })}
                      disabled={busy}
                    />
                  ) : (
                    line.quantity
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatPrice(reservation.total)}</td>
            <td colSpan={2}>
              {bottlesOf(reservation)} {bottlesOf(reservation) === 1 ? 'bottle' : 'bottles'}
            </td>
          </tr>
        </tfoot>
      </table>

      {can('pickUp', reservation.status) ? (
        <label className="admin-check reservation-detail__id">
          <input type="checkbox" checked={idChecked} onChange={(event) => setIdChecked(event.target.checked)} disabled={busy} />
          <span>Photo ID checked, 21+</span>
        </label>
      ) : null}

      {can('cancel', reservation.status) ? (
        <div className="admin-field reservation-detail__reason">
          <label className="admin-field__label" htmlFor={ids.reason}>
            Reason for cancelling
          </label>
          <input
            id={ids.reason}
            className="admin-input"
            value={reason}
            maxLength={MAX_REASON_LENGTH}
            aria-invalid={errorFor('reason') ? true : undefined}
            aria-describedby={errorFor('reason') ? ids.error : undefined}
            onChange={(event) => setReason(event.target.value)}
            disabled={busy}
          />
          <p className="admin-field__note">Needed only to cancel; the customer sees it.</p>
        </div>
      ) : null}

      <div className="admin-modal__actions">
        <p id={ids.error} className="admin-form-error" role="alert">
          {problem?.message ?? ''}
        </p>
        <button type="button" className="button button--ghost" onClick={() => onPrint(reservation)} disabled={busy}>
          Print
        </button>
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          Close
        </button>
        {can('cancel', reservation.status) ? (
          <button type="button" className="button button--danger" onClick={cancel} disabled={busy}>
            Cancel reservation
          </button>
        ) : null}
        {lowering ? (
          <button type="button" className="button" onClick={markReady} disabled={busy}>
            Mark ready
          </button>
        ) : null}
        {can('pickUp', reservation.status) ? (
          <button
            type="button"
            className="button"
            onClick={() => void run({ action: 'pickUp', idChecked }, RESERVATION_SCREEN_MESSAGES.pickedUp(number))}
            disabled={busy}
          >
            Picked up
          </button>
        ) : null}
      </div>
    </Modal>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="reservation-facts__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
