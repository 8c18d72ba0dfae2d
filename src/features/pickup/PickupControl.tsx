import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { loginReturnPath } from '../../../shared/login-return';
import { ROLE_USER } from '../../../shared/roles';
import { stockStatus } from '../../../shared/stock';
import { useSession } from '../../lib/auth';
import type { PickupItem } from './pickup-item';

// Only a signed-in customer loads the control and the data calls behind it (design §4).
const AddToPickupList = lazy(() => import('./AddToPickupList'));

/**
 * Where an item offers "Reserve for pickup" (product §11, decision 0318): the control for a
 * signed-in customer; for a guest, on the item page, a link to log in that comes back here
 * (decision 0319), to be e-mailed when it is back where it is counted out of stock (the signed-in
 * control then offers "Notify me"); nothing for staff, who keep no list.
 */
export function PickupControl({ item, compact = false }: { item: PickupItem; compact?: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const out = stockStatus(item.stock)?.level === 'out';
    return compact ? null : (
      <p className="pickup-login">
        <Link to={loginReturnPath(`${location.pathname}${location.search}`)}>
          {out ? 'Log in to be emailed when it is back' : 'Log in to reserve for pickup'}
        </Link>
      </p>
    );
  }
  if (session.role !== ROLE_USER) return null;
  return (
    <Suspense fallback={null}>
      <AddToPickupList item={item} compact={compact} />
    </Suspense>
  );
}
