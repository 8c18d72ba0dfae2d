/**
 * What staff should know before handing bottles over (decision 0378): the reservation's lines the
 * till counts fewer of than open reservations hold ("Short: …"), and the other open reservations
 * sharing its phone number or its account's sign-up address, each a link to its own dialog.
 */
import { Link } from 'react-router-dom';
import { formatReservationNumber } from '../../../../shared/reservation-limits';
import { useRelatedReservations } from './api';
import { relatedBy, statusLabel, type StaffReservation } from './reservation-view';

/** The "Short: …" lines of an open reservation; nothing when none is short. */
export function ShortNotice({ reservation }: { reservation: StaffReservation }) {
  const shortages = reservation.shortages ?? [];
  if (shortages.length === 0) return null;
  return (
    <div className="reservation-short" role="note" aria-label="Short on the shelf">
      {shortages.map((shortage) => (
        <p key={shortage.itemId}>{shortage.message}</p>
      ))}
    </div>
  );
}

/** The link that opens another reservation's dialog on this screen. */
export const reservationLink = (id: string) => `/admin-reservations?status=all&open=${encodeURIComponent(id)}`;

/** The other open reservations with the same phone or sign-up address, for an open reservation. */
export function RelatedReservations({ reservation }: { reservation: StaffReservation }) {
  const related = useRelatedReservations(reservation.id);
  const headingId = `related-${reservation.id}`;
  return (
    <section className="reservation-related" aria-labelledby={headingId}>
      <h3 id={headingId} className="reservation-related__title">
        Related open reservations
      </h3>
      {related.isPending ? <p className="reservation-related__note">Looking for related reservations…</p> : null}
      {related.isError ? <p className="reservation-related__note">Related reservations could not be loaded.</p> : null}
      {related.isSuccess && related.data.length === 0 ? (
        <p className="reservation-related__note">None with the same phone or sign-up address.</p>
      ) : null}
      {related.isSuccess && related.data.length > 0 ? (
        <ul className="reservation-related__list">
          {related.data.map((other) => (
            <li key={other.id} className="reservation-related__item">
              <Link to={reservationLink(other.id)}>Reservation {formatReservationNumber(other.number)}</Link>
              <span>
                {other.customerName} · {other.slotLabel} · {statusLabel(other.status)}
              </span>
              <span className="reservation-related__why">{relatedBy(other)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
