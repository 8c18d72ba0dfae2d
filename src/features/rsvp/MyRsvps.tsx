import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { eventDateParts, formatEventTime } from '../../lib/format';
import { CancelRsvpDialog } from './CancelRsvpDialog';
import { myRsvpText, useMyRsvps, type Rsvp } from './rsvp-api';
import './rsvp.css';

/** "Sat, Dec 5, 2026 · 6:00 PM". */
function when(rsvp: Rsvp): string {
  const parts = eventDateParts(rsvp.eventDate);
  const time = formatEventTime(rsvp.eventTime);
  const day = parts ? parts.full : rsvp.eventDate;
  return time ? `${day} · ${time}` : day;
}

/**
 * "My RSVPs" on /account (decision 0351): the customer's RSVPs, soonest event first, each with its
 * status and Cancel (which asks in a dialog); changing the party size is on the events page.
 */
export function MyRsvps() {
  const rsvps = useMyRsvps();
  const [cancelling, setCancelling] = useState<Rsvp | null>(null);
  let body;
  if (rsvps.isPending) body = <p className="account-section__note">Loading your RSVPs…</p>;
  else if (rsvps.isError) body = <p className="rsvp__refusal">Your RSVPs could not be loaded. Please reload the page.</p>;
  else if (rsvps.data.length === 0) {
    body = (
      <p className="account-section__note">
        No RSVPs. See the <Link to={SPA_ROUTES.events}>upcoming events</Link>.
      </p>
    );
  } else {
    body = (
      <ul className="my-rsvps">
        {rsvps.data.map((rsvp) => (
          <li key={rsvp.id} className="my-rsvps__entry">
            <div>
              <p className="my-rsvps__name">{rsvp.eventName}</p>
              <p className="my-rsvps__when">{when(rsvp)}</p>
              <p className="my-rsvps__status">{myRsvpText(rsvp)}</p>
            </div>
            <div className="rsvp__actions">
              <Link className="button button--outline button--small" to={SPA_ROUTES.events}>
                Change<span className="visually-hidden"> your RSVP to {rsvp.eventName}</span>
              </Link>
              <button type="button" className="button button--ghost button--small" onClick={() => setCancelling(rsvp)}>
                Cancel<span className="visually-hidden"> your RSVP to {rsvp.eventName}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="account-section" aria-labelledby="account-rsvps">
      <h2 id="account-rsvps" className="account-section__title">
        My RSVPs
      </h2>
      {body}
      {cancelling ? (
        <CancelRsvpDialog eventId={cancelling.eventId} eventName={cancelling.eventName} onClose={() => setCancelling(null)} />
      ) : null}
    </section>
  );
}
