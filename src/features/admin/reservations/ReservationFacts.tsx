import type { ReactNode } from 'react';
import { heldUntilText } from '../../../../shared/pickup-slots';
import { statusLabel, type StaffReservation } from './reservation-view';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' });
const formatWhen = (iso: string) => when.format(new Date(iso));

/** The reservation's status, and for a cancelled one who cancelled it and why. */
export function ReservationStatusLine({ reservation }: { reservation: StaffReservation }) {
  return (
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
  );
}

/** Who reserved (name, e-mail and phone as links), the slot, until when it holds its bottles (decision 0375) and when it was made, and the note (New York time). */
export function ReservationFacts({ reservation }: { reservation: StaffReservation }) {
  const open = reservation.status === 'Requested' || reservation.status === 'Ready';
  return (
    <dl className="reservation-facts">
      <Fact term="Customer">{reservation.customerName ?? ''}</Fact>
      <Fact term="E-mail">
        {reservation.customerEmail ? <a href={`mailto:${reservation.customerEmail}`}>{reservation.customerEmail}</a> : 'None'}
      </Fact>
      <Fact term="Phone">{reservation.phone ? <a href={`tel:${reservation.phone}`}>{reservation.phone}</a> : 'None given'}</Fact>
      <Fact term="Pickup">{reservation.slotLabel}</Fact>
      {open ? <Fact term="Held until">{heldUntilText(reservation.expiresAt)}</Fact> : null}
      {reservation.status === 'Expired' ? <Fact term="Expired">{formatWhen(reservation.expiresAt)}</Fact> : null}
      <Fact term="Reserved">{formatWhen(reservation.createdAt)}</Fact>
      {reservation.note ? <Fact term="Note">{reservation.note}</Fact> : null}
    </dl>
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
