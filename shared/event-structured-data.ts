/**
 * The Event JSON-LD of /events (decision 0219): one block per upcoming event, the soonest
 * MAX_EVENT_BLOCKS, dated as the .ics files date them. Apart from shared/structured-data.ts so
 * pages without events do not load the event and RSVP rules it needs (decision 0355): the SPA
 * loads this only on /events, where shared/page-head.ts takes its `eventsHead` ready-made.
 */
import type { Event, Place, WithContext } from 'schema-dts';
import { eventSchedule, isCalendarDate, newYorkInstant, parseEventTime, type WallTime } from './event-schedule';
import type { EventsHead } from './page-head';
import { placesLeft, type RsvpEventFields } from './rsvp-rules';
import { newYorkTime } from './shop-hours';
import {
  absoluteUrl,
  geoOf,
  jsonLdDescription,
  postalAddress,
  storeId,
  urlContextOf,
  type ShopFacts,
  type UrlContext,
} from './structured-data';

/** The most Event blocks a page carries: the soonest; the page itself lists them all (decision 0219: head size). */
export const MAX_EVENT_BLOCKS = 20;

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A wall-clock time in New York as ISO 8601 with the offset New York keeps then:
 * "2026-07-04T19:00:00-04:00" in summer, "...-05:00" in winter. The instant is the one the .ics
 * files give the same time (newYorkInstant, shared/event-schedule.ts): one reading of New York's
 * clock for the calendar files and the JSON-LD.
 */
export function newYorkIsoTime(wall: WallTime): string {
  const [year, month, day] = wall.date.split('-').map(Number) as [number, number, number];
  const offset = Math.round((Date.UTC(year, month - 1, day, 0, wall.minutes) - newYorkInstant(wall)) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall.date}T${pad2(Math.floor(wall.minutes / 60))}:${pad2(wall.minutes % 60)}:00${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** What the events page knows of an event (SELECTIONS.event), its RSVP fields included (decision 0353). */
export interface EventFacts extends RsvpEventFields {
  id: string;
  name: string;
  /** YYYY-MM-DD, a day in New York. */
  date: string;
  /** "19:00" as the admin form stores it; "7 PM", "7:30 pm", "7-9 PM" as others may (shared/event-schedule.ts); or none: a time to be announced. */
  time?: string | null;
  description?: string | null;
  img?: string | null;
}

/**
 * When an event starts and ends, as its .ics file says (eventSchedule): with a start time, from
 * it to its end or, without one, DEFAULT_EVENT_MINUTES later; without a readable time, the day
 * alone (an ISO 8601 date, which schema.org and Google accept) and no end.
 */
function eventDates(event: EventFacts): { startDate: string; endDate?: string } {
  const schedule = eventSchedule(event);
  if (!schedule || schedule.allDay) return { startDate: event.date };
  return { startDate: newYorkIsoTime(schedule.start), endDate: newYorkIsoTime(schedule.end) };
}

/** Minutes from midnight an event starts at; after every timed one for a day-long or unreadable time. */
const startMinutes = (event: EventFacts) => parseEventTime(event.time)?.start ?? 24 * 60;
const nameOf = (event: EventFacts) => (typeof event.name === 'string' ? event.name : '');

/** The events from today (New York) on, soonest first, as the events page lists them. */
export function upcomingEventFacts<T extends EventFacts>(events: readonly T[], now: Date): T[] {
  const today = newYorkTime(now).date;
  return events
    .filter((event) => isCalendarDate(event.date) && event.date >= today)
    .map((event) => ({ event, start: startMinutes(event) }))
    .sort((a, b) => a.event.date.localeCompare(b.event.date) || a.start - b.start || nameOf(a.event).localeCompare(nameOf(b.event)))
    .map(({ event }) => event);
}

/**
 * The places still free where the event takes RSVPs and is not cancelled (decision 0353): the
 * capacity less the places confirmed, never below 0; undefined where it is not known.
 */
function remainingCapacity(event: EventFacts): { remainingAttendeeCapacity?: number } {
  if (event.takesRsvp !== true || event.cancelledAt || typeof event.rsvpCapacity !== 'number') return {};
  return { remainingAttendeeCapacity: placesLeft(event) };
}

/**
 * An event at the shop (/events): scheduled (or cancelled, once staff cancelled it), in person, at
 * the shop, organised by it, free to attend (events carry no price; the shop takes no payment,
 * product §1), with the places left where it takes RSVPs.
 */
export function eventOf(event: EventFacts, shop: ShopFacts, urls: UrlContext): WithContext<Event> {
  const place: Place = { '@type': 'Place', name: shop.name, address: postalAddress(shop.addressLine), ...geoOf(shop.coordinates) };
  const description = jsonLdDescription(event.description);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    ...eventDates(event),
    eventStatus: event.cancelledAt ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...remainingCapacity(event),
    location: place,
    image: [event.img ? absoluteUrl(urls.origin, event.img) : urls.shopImage],
    ...(description ? { description } : {}),
    url: absoluteUrl(urls.origin, '/events'),
    organizer: { '@type': 'LiquorStore', '@id': storeId(urls.origin), name: shop.name, url: absoluteUrl(urls.origin, '/home') },
  };
}

/**
 * The /events page's part of its head: the soonest upcoming event (its description's "Next:",
 * its picture the card's) and the Event blocks of the soonest MAX_EVENT_BLOCKS, so a shop with
 * hundreds of events still sends a small head.
 */
export function eventsHeadOf(events: readonly EventFacts[], shop: ShopFacts, origin: string, now: Date): EventsHead {
  const upcoming = upcomingEventFacts(events, now);
  const urls = urlContextOf(origin);
  return { next: upcoming[0], jsonLd: upcoming.slice(0, MAX_EVENT_BLOCKS).map((event) => eventOf(event, shop, urls)) };
}
