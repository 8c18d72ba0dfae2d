import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { changeRefusal, RESERVATION_PERMISSIONS } from '../../../shared/reservation-status';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { useCustomerId, usePickupSettings } from './pickup-list-api';
import { Spinner } from '../../components/ui/Spinner';
import { usePageHead } from '../../hooks/use-page-head';
import { toast } from '../../lib/signed-in-call';
import { CancelReservationDialog } from './CancelReservationDialog';
import { ChangeReservationDialog } from './ChangeReservationDialog';
import { CustomerOnly } from './CustomerOnly';
import { ReservationDetails } from './ReservationDetails';
import { reservationsKey, useMyReservations, type Reservation } from './reservations-api';
import { formatReservationNumber } from '../../../shared/reservation-limits';
import './pickup-pages.css';

/** Whether the customer may still cancel (shared/reservation-status.ts: Requested or Ready). */
const mayCancel = (reservation: Reservation) => RESERVATION_PERMISSIONS.cancel.customer?.includes(reservation.status) ?? false;

/**
 * /reservations (product §11, decision 0318): the signed-in customer's reservations, newest
 * first, each with its number, status, slot, lines and total, Change while it is Requested
 * (decision 0372) and Cancel while it is open.
 */
export function ReservationsPage() {
  usePageHead();
  return (
    <div className="container pickup-page">
      <h1 className="pickup-page__title">Your reservations</h1>
      <CustomerOnly path={SPA_ROUTES.reservations}>
        <ReservationList />
      </CustomerOnly>
    </div>
  );
}

function ReservationList() {
  const userId = useCustomerId();
  const { data, isError, error, refetch } = useMyReservations(userId);
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const [changing, setChanging] = useState<Reservation | null>(null);
  // The pickup times a change offers: Change shows once they are here.
  const settings = usePickupSettings().data;
  const close = useCallback(() => {
    setCancelling(null);
    setChanging(null);
  }, []);
  // Cancelled or changed: the reservation as the server answered, and the shelves read again
  // (bottles went back, or were held).
  const written = useCallback(
    (what: 'cancelled' | 'changed') => (reservation: Reservation) => {
      close();
      queryClient.setQueryData<Reservation[]>(reservationsKey(userId ?? ''), (old) =>
        old?.map((entry) => (entry.id === reservation.id ? reservation : entry)),
      );
      void queryClient.invalidateQueries({ queryKey: ['item'] });
      void queryClient.invalidateQueries({ queryKey: ['menu'] });
      toast('success', `Reservation ${formatReservationNumber(reservation.number)} is ${what}`);
    },
    [close, queryClient, userId],
  );
  if (isError) {
    return (
      <>
        <p role="alert">{error.message}</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          Try again
        </button>
      </>
    );
  }
  if (!data) return <Spinner label="Loading your reservations" />;
  if (data.length === 0) {
    return (
      <p>
        No reservations yet. Add bottles to your <Link to={SPA_ROUTES.pickupList}>pickup list</Link> and reserve them there.
      </p>
    );
  }
  return (
    <>
      <ul className="reservations">
        {data.map((reservation) => (
          <li key={reservation.id} className="reservation">
            <ReservationDetails reservation={reservation} />
            {settings && changeRefusal(reservation.status) === null ? (
              <button type="button" className="button button--outline" onClick={() => setChanging(reservation)}>
                Change<span className="visually-hidden"> reservation {formatReservationNumber(reservation.number)}</span>
              </button>
            ) : null}
            {mayCancel(reservation) ? (
              <button type="button" className="button button--outline" onClick={() => setCancelling(reservation)}>
                Cancel reservation<span className="visually-hidden"> {formatReservationNumber(reservation.number)}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {cancelling ? <CancelReservationDialog reservation={cancelling} onClose={close} onCancelled={written('cancelled')} /> : null}
      {changing && settings ? (
        <ChangeReservationDialog reservation={changing} settings={settings} onClose={close} onChanged={written('changed')} />
      ) : null}
    </>
  );
}
