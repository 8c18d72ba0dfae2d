/**
 * The pick list on paper (product §11, decision 0325): the Requested reservations, or one, each a
 * block with its number, customer, phone, slot and note, and its lines (name with size, UPC) with
 * a box to tick as each bottle comes off the shelf. Always in the page but shown only in print (pick-list.css): while it
 * is there, printing shows it alone, black on white, without the portal's sidebar and dialogs.
 */
import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatReservationNumber } from '../../../../shared/reservation-limits';
import { formatPrice } from '../../../lib/format';
import { bottlesOf, type StaffReservation } from './reservation-view';
import './pick-list.css';

const printedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' });

export interface PickListProps {
  reservations: readonly StaffReservation[];
  /** "Pick list" for the Requested ones, "Reservation K7QF-3M9X" for one. */
  title: string;
}

export function PickList({ reservations, title }: PickListProps) {
  return createPortal(
    <section className="pick-list" aria-label={title}>
      <header className="pick-list__head">
        <h1>{title}</h1>
        <p>
          Printed {printedAt.format(new Date())}. {reservations.length} {reservations.length === 1 ? 'reservation' : 'reservations'}.
        </p>
      </header>
      {reservations.length === 0 ? <p>No reservations to pick.</p> : null}
      {reservations.map((reservation) => (
        <article key={reservation.id} className="pick-list__block">
          <h2>
            {formatReservationNumber(reservation.number)} <span className="pick-list__slot">{reservation.slotLabel}</span>
          </h2>
          <p className="pick-list__customer">
            {reservation.customerName}
            {reservation.phone ? `, ${reservation.phone}` : ''}
            {reservation.customerEmail ? `, ${reservation.customerEmail}` : ''}
          </p>
          {reservation.note ? <p className="pick-list__note">Note: {reservation.note}</p> : null}
          <table className="pick-list__lines">
            <thead>
              <tr>
                <th scope="col">Picked</th>
                <th scope="col">Qty</th>
                <th scope="col">Item</th>
                <th scope="col">UPC</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              {reservation.lines.map((line) => (
                <tr key={line.itemId}>
                  <td>
                    <span className="pick-list__box" aria-hidden="true" />
                  </td>
                  <td>{line.quantity}</td>
                  <td>
                    {line.name}
                    {line.note ? <span className="pick-list__line-note"> ({line.note})</span> : null}
                  </td>
                  <td className="pick-list__upc">{line.upc ?? ''}</td>
                  <td>{formatPrice(line.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="pick-list__total">
            {bottlesOf(reservation)} {bottlesOf(reservation) === 1 ? 'bottle' : 'bottles'}, {formatPrice(reservation.total)}. Pay at pickup;
            check a photo ID, 21+.
          </p>
        </article>
      ))}
    </section>,
    document.body,
  );
}

/**
 * What the pick list holds and a `print(one)`: one reservation (or, without one, the default the
 * caller shows) goes on paper; after the print dialog closes the list is the default again.
 */
export function usePickListPrint() {
  const [one, setOne] = useState<StaffReservation | null>(null);
  const [printing, setPrinting] = useState(0);
  useEffect(() => {
    if (!printing) return;
    window.print();
  }, [printing]);
  useEffect(() => {
    const reset = () => setOne(null);
    window.addEventListener('afterprint', reset);
    return () => window.removeEventListener('afterprint', reset);
  }, []);
  const print = useCallback((reservation: StaffReservation | null) => {
    setOne(reservation);
    setPrinting((count) => count + 1);
  }, []);
  return { one, print };
}
