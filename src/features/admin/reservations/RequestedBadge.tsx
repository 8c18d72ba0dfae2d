/**
 * The sidebar's count of Requested reservations (decision 0324): on every admin page, asked again
 * every minute while the page is shown and whenever staff act on a reservation. Nothing when none
 * waits; the link reads "Reservations 2 to pick".
 */
import { useRequestedReservations } from './api';

export function RequestedBadge() {
  const { data } = useRequestedReservations();
  const count = data?.length ?? 0;
  if (count === 0) return null;
  return (
    <span className="admin-sidebar__badge">
      {count}
      <span className="visually-hidden"> to pick</span>
    </span>
  );
}
