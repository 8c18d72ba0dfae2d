import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { rsvpPartyLimit, rsvpStateOf, type RsvpEvent } from '../../../shared/rsvp-rules';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { useMailDelivery } from '../../lib/mail-delivery';
import { toast } from '../../lib/signed-in-call';
import { CancelRsvpDialog } from './CancelRsvpDialog';
import { myRsvpText, partyText, useEmailConfirmed, useMyRsvps, useRsvp } from './rsvp-api';
import './rsvp.css';

export interface RsvpControlEvent extends RsvpEvent {
  id: string;
  name: string;
}

/**
 * The RSVP control of a signed-in customer (product §2 Events, decision 0351): a party size (1 to
 * the event's limit) and Confirm; once answered, "You're going, party of 2" with Change and Cancel
 * (which asks in a dialog). Full with a waiting list, Confirm joins the list. Closed, cancelled or
 * full without a list, it says so. An unconfirmed address is told why it cannot answer yet. The
 * server checks everything again (security is the server's job).
 */
export default function RsvpControl({ event }: { event: RsvpControlEvent }) {
  const sizeId = useId();
  const mine = useMyRsvps();
  const confirmed = useEmailConfirmed();
  const answer = useRsvp();
  const [changing, setChanging] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const kept = useMailDelivery() === 'outbox';

  if (mine.isPending || confirmed.isPending) return <p className="rsvp rsvp__loading">Loading your RSVP…</p>;
  if (mine.isError) return <p className="rsvp rsvp__refusal">Your RSVPs could not be loaded. Please reload the page.</p>;

  const rsvp = mine.data.find((candidate) => candidate.eventId === event.id) ?? null;
  const { state } = rsvpStateOf(event, Date.now());
  const limit = rsvpPartyLimit(event);
  const open = state === 'open' || (state === 'full' && event.rsvpWaitingList === true);

  if (rsvp && (!changing || !open)) {
    return (
      <div className="rsvp" role="group" aria-label={`Your RSVP: ${event.name}`}>
        <p className="rsvp__mine">{myRsvpText(rsvp)}</p>
        {open || state === 'full' ? (
          <div className="rsvp__actions">
            {open ? (
              <button
                type="button"
                className="button button--outline button--small"
                onClick={() => {
                  setChosen(rsvp.partySize);
                  setChanging(true);
                }}
              >
                Change<span className="visually-hidden"> your RSVP to {event.name}</span>
              </button>
            ) : null}
            <button ref={cancelRef} type="button" className="button button--ghost button--small" onClick={() => setCancelling(true)}>
              Cancel<span className="visually-hidden"> your RSVP to {event.name}</span>
            </button>
          </div>
        ) : null}
        {cancelling ? <CancelRsvpDialog eventId={event.id} eventName={event.name} onClose={() => setCancelling(false)} /> : null}
      </div>
    );
  }
  if (!open) return null;
  if (!confirmed.data) {
    return (
      <p className="rsvp rsvp__refusal">
        {kept ? (
          <>
            Confirm your email address to RSVP: ask the shop for your link (it sends no email yet), or{' '}
            <Link to={SPA_ROUTES.account}>see your account</Link>.
          </>
        ) : (
          <>
            Confirm your email address to RSVP: open the link we sent you, or{' '}
            <Link to={SPA_ROUTES.account}>send it again from your account</Link>.
          </>
        )}
      </p>
    );
  }

  const partySize = Math.min(chosen ?? rsvp?.partySize ?? 1, limit);
  const joinsList = state === 'full' && !rsvp;
  const submit = async () => {
    setProblem(null);
    const outcome = await answer.mutateAsync({ eventId: event.id, partySize });
    if (!outcome.ok) return setProblem(outcome.message);
    setChanging(false);
    setChosen(null);
    toast(
      'success',
      outcome.data.status === 'Waiting'
        ? `You're on the waiting list for ${event.name}`
        : `You're going to ${event.name}, ${partyText(outcome.data.partySize)}`,
    );
  };
  return (
    <div className="rsvp" role="group" aria-label={`RSVP: ${event.name}`}>
      <div className="rsvp__form">
        <label className="rsvp__label" htmlFor={sizeId}>
          Party size
        </label>
        <select
          id={sizeId}
          className="rsvp__size"
          value={partySize}
          onChange={(change) => setChosen(Number(change.target.value))}
          disabled={answer.isPending}
        >
          {Array.from({ length: limit }, (_, index) => index + 1).map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--small"
          onClick={() => void submit()}
          disabled={answer.isPending || (rsvp !== null && partySize === rsvp.partySize)}
        >
          {answer.isPending ? 'Saving…' : joinsList ? 'Join the waiting list' : rsvp ? 'Save change' : 'Confirm'}
          <span className="visually-hidden"> RSVP to {event.name}</span>
        </button>
        {rsvp ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setChanging(false)}
            disabled={answer.isPending}
          >
            Keep party of {rsvp.partySize}
          </button>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="rsvp__refusal">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
