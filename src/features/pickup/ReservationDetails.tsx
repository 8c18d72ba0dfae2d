import { heldUntilText } from '../../../shared/pickup-slots';
import { formatReservationNumber, PAY_AT_PICKUP_TEXT } from '../../../shared/reservation-limits';
import type { ReservationStatus } from '../../../shared/reservation-status';
import { formatPrice } from '../../lib/format';
import type { Reservation } from './reservations-api';

/** How a customer reads each status (product §11). */
export const STATUS_LABELS: Record<ReservationStatus, string> = {
  Requested: 'Requested',
  Ready: 'Ready for pickup',
  PickedUp: 'Picked up',
  Cancelled: 'Cancelled',
  Expired: 'Expired',
};

const priceOrAsk = (price: number | null | undefined) => formatPrice(price) || 'Ask in store';

/** A reservation's number, status, slot, lines (a lowered one with staff's note), total and the pay-at-pickup text. */
export function ReservationDetails({ reservation, headingLevel = 2 }: { reservation: Reservation; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const open = reservation.status === 'Requested' || reservation.status === 'Ready';
  return (
    <>
      <div className="reservation__head">
        <Heading className="reservation__number">
          <span className="reservation__number-label">Reservation </span>
          <span className="reservation__number-value">{formatReservationNumber(reservation.number)}</span>
        </Heading>
        <span className={`reservation-status reservation-status--${reservation.status.toLowerCase()}`}>
          {STATUS_LABELS[reservation.status] ?? reservation.status}
        </span>
      </div>
      <dl className="reservation__facts">
        <div>
          <dt>Pickup</dt>
          <dd>{reservation.slotLabel}</dd>
        </div>
        {open ? (
          <div>
            <dt>Held until</dt>
            <dd>{heldUntilText(reservation.expiresAt)}</dd>
          </div>
        ) : null}
        {reservation.status === 'Cancelled' && reservation.reason ? (
          <div>
            <dt>Reason</dt>
            <dd>{reservation.reason}</dd>
          </div>
        ) : null}
      </dl>
      <ul className="reservation__lines">
        {reservation.lines.map((line) => (
          <li key={line.itemId} className="reservation__line">
            <span className="reservation__line-name">
              {line.quantity} × {line.name}
            </span>
            <span className="reservation__line-price">
              {priceOrAsk(typeof line.price === 'number' ? line.price * line.quantity : null)}
            </span>
            {line.quantity < line.reservedQuantity ? (
              <span className="reservation__line-note">
                Lowered from {line.reservedQuantity}
                {line.note ? `: ${line.note}` : ''}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="reservation__total">
        Total <strong>{formatPrice(reservation.total) || formatPrice(0)}</strong>
      </p>
      {open ? <p className="reservation__pay">{PAY_AT_PICKUP_TEXT}</p> : null}
    </>
  );
}
