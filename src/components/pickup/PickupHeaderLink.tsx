import { Link, useLocation } from 'react-router-dom';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { usePickupList } from './pickup-list-api';
import './pickup.css';

/** The header's link to /pickup-list with the bottles on it (product §11, decision 0318); lazy, signed-in customers only. */
export default function PickupHeaderLink() {
  const { data } = usePickupList();
  const location = useLocation();
  const units = data?.units ?? 0;
  return (
    <Link
      className="site-header__pickup"
      to={SPA_ROUTES.pickupList}
      aria-current={location.pathname === SPA_ROUTES.pickupList ? 'page' : undefined}
    >
      Pickup list{' '}
      <span className="site-header__pickup-count">
        {units}
        <span className="visually-hidden"> {units === 1 ? 'bottle' : 'bottles'}</span>
      </span>
    </Link>
  );
}
