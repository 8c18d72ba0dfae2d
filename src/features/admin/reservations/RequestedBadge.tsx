/**
 * The sidebar's count of the reservations staff have to act on (decision 0324): Requested ones to
 * pick and Ready ones waiting to be collected, on every admin page, asked again every minute while
 * the page is shown and whenever staff act on a reservation. Nothing when none waits; the link
 * reads "Reservations 3 waiting: 2 to pick, 1 ready for collection".
 */
import { useReadyReservations, useRequestedReservations } from './api';

export function RequestedBadge() {
  const requested = useRequestedReservations().data?.length ?? 0;
  const ready = useReadyReservations().data?.length ?? 0;
  if (requested + ready === 0) return null;
  return (
    <span className="admin-sidebar__badge">
      {requested + ready}
      <span className="visually-hidden">{` waiting: ${requested} to pick, ${ready} ready for collection`}</span>
    </span>
  );
}
