import { useMemo } from 'react';
import { rsvpStateOf } from '../../../shared/rsvp-rules';
import { tastingRulesOf } from '../../../shared/tasting-rules';
import logoUrl from '../../assets/logo.svg';
import { RsvpSlot } from '../rsvp/RsvpSlot';
import { EventDate } from '../../components/ui/EventDate';
import { Spinner } from '../../components/ui/Spinner';
import { StoredImage } from '../../components/ui/StoredImage';
import { usePageHead } from '../../hooks/use-page-head';
import { formatEventTime } from '../../lib/format';
import { newYorkTime } from '../../../shared/shop-hours';
import { useShopSettings, shopDetailsOf } from '../../lib/shop-settings';
import '../../components/ui/events.css';
import { AddToCalendar, EventsFeedLink, type CalendarShopDetails } from './AddToCalendar';
import { useEvents } from './api/get-events';
import { upcomingEvents, type ShopEvent } from './upcoming-events';
import { useRenderTime } from '../../lib/hydration';

/** Event pictures are 800x500. */
const EVENT_IMAGE_WIDTH = 800;
const EVENT_IMAGE_HEIGHT = 500;
const EVENT_IMAGE_SIZES = '(max-width: 50rem) calc(100vw - 4rem), 18rem';

/** "12 places left", "Full", "Full – join the waiting list", "Closed" or "Cancelled" (decision 0351); null without RSVPs. */
function rsvpLabel(event: ShopEvent, now: number): { text: string; state: string; open: boolean } | null {
  const { state, label } = rsvpStateOf(event, now);
  if (event.cancelledAt) return { text: 'Cancelled', state: 'cancelled', open: false };
  if (state === 'none' || !label) return null;
  if (state === 'full' && event.rsvpWaitingList) return { text: 'Full – join the waiting list', state, open: true };
  return { text: label, state, open: state === 'open' };
}

interface EventEntryProps {
  event: ShopEvent;
  first: boolean;
  shop: CalendarShopDetails;
  tastingRules: string;
  now: number;
}

function EventEntry({ event, first, shop, tastingRules, now }: EventEntryProps) {
  const time = formatEventTime(event.time);
  const rsvp = rsvpLabel(event, now);
  return (
    <li className="card event">
      <EventDate date={event.date} block="event" />
      <div className="event__media">
        {event.img ? (
          <StoredImage
            className="event__image"
            url={event.img}
            alt=""
            width={EVENT_IMAGE_WIDTH}
            height={EVENT_IMAGE_HEIGHT}
            sizes={EVENT_IMAGE_SIZES}
            priority={first}
          />
        ) : (
          <img className="event__image event__image--logo" src={logoUrl} alt="" width={218} height={64} />
        )}
      </div>
      <div className="event__body">
        <h2 className="event__name">{event.name}</h2>
        <p className="event__time">{time ? <time dateTime={event.time ?? undefined}>{time}</time> : 'Time to be announced'}</p>
        {rsvp ? <p className={`event__rsvp-status event__rsvp-status--${rsvp.state}`}>{rsvp.text}</p> : null}
        <p className="event__description">{event.description}</p>
        {event.isTasting ? (
          <p className="event__tasting">
            <strong>Tasting rules:</strong> {tastingRules}
          </p>
        ) : null}
        {rsvp && !event.cancelledAt ? <RsvpSlot event={event} open={rsvp.open} /> : null}
        {event.cancelledAt ? null : <AddToCalendar event={event} shop={shop} />}
      </div>
    </li>
  );
}

/** Upcoming Events (product §2): soonest first, past events left out. */
export function EventsPage() {
  usePageHead();
  const { data, isPending, isError, refetch } = useEvents();
  // New York's day, as the page's head and the server that draws the page count it (decision 0388).
  const renderTime = useRenderTime();
  const today = newYorkTime(renderTime).date;
  const events = useMemo(() => upcomingEvents(data ?? [], today), [data, today]);
  const settings = useShopSettings().data;
  const details = shopDetailsOf(settings);
  const tastingRules = tastingRulesOf(settings);
  // Read once a render: "Closed" from the event's start (the server decides again on every answer).
  const now = renderTime.getTime();
  const shop = useMemo(() => ({ name: details.name, address: details.addressLine }), [details.name, details.addressLine]);

  let body;
  if (isPending) {
    body = <Spinner label="Loading events" />;
  } else if (isError) {
    body = (
      <div className="empty-state">
        <p>We couldn't load our events right now.</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (events.length === 0) {
    body = <p className="empty-state">No upcoming events right now. Please check back soon.</p>;
  } else {
    body = (
      <ol className="event-list">
        {events.map((event, index) => (
          <EventEntry key={event.id} event={event} first={index === 0} shop={shop} tastingRules={tastingRules} now={now} />
        ))}
      </ol>
    );
  }

  return (
    <>
      <div className="page-header">
        <h1 className="page-heading">Upcoming Events</h1>
        <EventsFeedLink />
      </div>
      {body}
    </>
  );
}
