/**
 * "Add to calendar" under an event (decision 0212): its .ics file (opens in Apple Calendar, Outlook
 * and the like) and Google Calendar's new-event form, filled in. Both are plain links, so they
 * work from the keyboard, open in a new tab or save with the browser's own menu; where the server
 * has no .ics route (the AWS build) the download is built in the browser instead (calendar-file.ts).
 */
import { useState, type MouseEvent, type ReactNode } from 'react';
import { eventCalendarPath, eventFileName, EVENTS_FEED_PATH, googleCalendarUrl } from '../../../shared/event-schedule';
import type { ShopEvent } from './upcoming-events';
import { calendarRoutesServed, downloadEventFile } from './calendar-file';
import { pageOrigin } from '../../lib/page-origin';

export interface CalendarShopDetails {
  name: string;
  address: string;
}

const eventsPageUrl = () => `${pageOrigin()}/events`;

/** A 24 x 24 line icon in the text's colour, hidden from assistive technology (the link's text says it). */
function LineIcon({ path, children }: { path: string; children?: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="add-to-calendar__icon">
      {children}
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const CalendarIcon = () => (
  <LineIcon path="M3.5 10h17M8 3v4M16 3v4M12 13v5M9.5 15.5 12 18l2.5-2.5">
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
  </LineIcon>
);

const ExternalIcon = () => <LineIcon path="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />;

export function AddToCalendar({ event, shop }: { event: ShopEvent; shop: CalendarShopDetails }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const google = googleCalendarUrl(event, shop, eventsPageUrl());
  if (!google) return null;

  const onDownload = (click: MouseEvent<HTMLAnchorElement>) => {
    if (calendarRoutesServed()) return;
    click.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailed(false);
    downloadEventFile(event, shop, eventsPageUrl())
      .catch((error: unknown) => {
        console.error('Could not make the calendar file', error);
        setFailed(true);
      })
      .finally(() => setBusy(false));
  };

  return (
    <div className="add-to-calendar" role="group" aria-label={`Add to calendar: ${event.name}`}>
      <span className="add-to-calendar__label" aria-hidden="true">
        Add to calendar
      </span>
      <a
        className="button button--outline add-to-calendar__action"
        href={eventCalendarPath(event.id)}
        download={eventFileName(event)}
        type="text/calendar"
        onClick={onDownload}
        aria-label={`Download .ics file for ${event.name}`}
        aria-busy={busy || undefined}
      >
        <CalendarIcon />
        Download .ics
      </a>
      <a
        className="button button--outline add-to-calendar__action"
        href={google}
        target="_blank"
        rel="noopener"
        aria-label={`Google Calendar: add ${event.name} (opens in a new tab)`}
      >
        <ExternalIcon />
        Google Calendar
      </a>
      {failed && (
        <p className="add-to-calendar__error" role="alert">
          The calendar file could not be made. Please try again.
        </p>
      )}
    </div>
  );
}

/** "Subscribe (iCal feed)": the feed of upcoming events, where the server serves it. */
export function EventsFeedLink() {
  if (!calendarRoutesServed()) return null;
  return (
    <a className="events-feed-link" href={EVENTS_FEED_PATH} type="text/calendar">
      <CalendarIcon />
      Subscribe (iCal feed)
    </a>
  );
}
