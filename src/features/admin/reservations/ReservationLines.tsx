import { MAX_STAFF_NOTE_LENGTH } from '../../../../shared/reservation-limits';
import { formatPrice } from '../../../lib/format';
import type { RefusedProps } from './use-reservation-detail';
import { bottlesOf, type PickedLine, type StaffReservation, type StaffReservationLine } from './reservation-view';

export interface ReservationLinesProps {
  reservation: StaffReservation;
  /** The picked units as typed, and why fewer, per line. */
  picked: readonly PickedLine[];
  /** Requested: each line's picked units can be lowered, with a note saying why. */
  lowering: boolean;
  busy: boolean;
  /** Marks a line's control (`picked:<itemId>`, `note:<itemId>`) invalid while a refusal is about it. */
  refusedProps: (where: string) => RefusedProps;
  onLineChange: (itemId: string, change: Partial<PickedLine>) => void;
}

/** The bottles reserved: each line's price, units reserved and held (or picked, while Requested), and the total. */
export function ReservationLines({ reservation, ...rowProps }: ReservationLinesProps) {
  const bottles = bottlesOf(reservation);
  return (
    <table className="reservation-lines">
      <caption className="visually-hidden">Bottles reserved</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Price</th>
          <th scope="col">Reserved</th>
          <th scope="col">{rowProps.lowering ? 'Picked' : 'Held'}</th>
        </tr>
      </thead>
      <tbody>
        {reservation.lines.map((reserved) => (
          <ReservationLineRow key={reserved.itemId} line={reserved} {...rowProps} />
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{formatPrice(reservation.total)}</td>
          <td colSpan={2}>
            {bottles} {bottles === 1 ? 'bottle' : 'bottles'}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

type LineRowProps = Omit<ReservationLinesProps, 'reservation'> & { line: StaffReservationLine };

function ReservationLineRow({ line, picked, lowering, busy, refusedProps, onLineChange }: LineRowProps) {
  const entry = picked.find((candidate) => candidate.itemId === line.itemId)!;
  const lowered = lowering && entry.picked.trim() !== String(line.quantity);
  return (
    <tr>
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
              {...refusedProps(`note:${line.itemId}`)}
              onChange={(event) => onLineChange(line.itemId, { note: event.target.value })}
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
            {...refusedProps(`picked:${line.itemId}`)}
            onChange={(event) => onLineChange(line.itemId, { picked: event.target.value })}
            disabled={busy}
          />
        ) : (
          line.quantity
        )}
      </td>
    </tr>
  );
}
