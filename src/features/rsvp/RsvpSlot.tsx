import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { loginReturnPath } from '../../../shared/login-return';
import { ROLE_USER } from '../../../shared/roles';
import { useSession } from '../../lib/auth';
import type { RsvpControlEvent } from './RsvpControl';

// Only a signed-in customer loads the control and the calls behind it (design §4).
const RsvpControl = lazy(() => import('./RsvpControl'));

/**
 * Where an event taking RSVPs offers one (decision 0351): the control for a signed-in customer; a
 * guest gets "Log in to RSVP", which comes back here (decision 0319), while the event still takes
 * answers; staff nothing (they see the guest list in the portal).
 */
export function RsvpSlot({ event, open }: { event: RsvpControlEvent; open: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return open ? (
      <p className="rsvp-login">
        <Link to={loginReturnPath(`${location.pathname}${location.search}`)}>
          Log in to RSVP<span className="visually-hidden"> to {event.name}</span>
        </Link>
      </p>
    ) : null;
  }
  if (session.role !== ROLE_USER) return null;
  return (
    <Suspense fallback={null}>
      <RsvpControl event={event} />
    </Suspense>
  );
}
