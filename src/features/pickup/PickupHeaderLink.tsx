import { Link, useLocation } from 'react-router-dom';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { usePickupList } from './pickup-list-api';
import './pickup.css';

/**
 * The header's link to /pickup-list with the bottles on it (product §11, decision 0318): a bag
 * and the count, named "Pickup list, 2 bottles" for assistive technology (the bar has no room for
 * the words beside the navigation). Lazy: signed-in customers only.
 */
export default function PickupHeaderLink() {
  const { data } = usePickupList();
  const location = useLocation();
  const units = data?.units ?? 0;
  return (
    <Link
      className="site-header__pickup"
      to={SPA_ROUTES.pickupList}
      aria-current={location.pathname === SPA_ROUTES.pickupList ? 'page' : undefined}
      title="Pickup list"
    >
      <svg className="site-header__pickup-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M6 8h12l-1 12H7L6 8Zm3 0V6a3 3 0 0 1 6 0v2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">Pickup list </span>
      <span className="site-header__pickup-count">
        {units}
        <span className="visually-hidden"> {units === 1 ? 'bottle' : 'bottles'}</span>
      </span>
    </Link>
  );
}
