/**
 * The shop's events as iCalendar (RFC 5545) text, built with ical-generator (decision 0208: Add to
 * calendar). One builder for every copy: the local server's `/events.ics` feed and
 * `/events/<id>.ics` files (server/http/event-calendar-route.ts), and the file the events page
 * builds in the browser where no server serves them (the AWS build; loaded only on click).
 *
 * - Times are wall-clock times in America/New_York (`DTSTART;TZID=America/New_York:...`), with
 *   the zone's VTIMEZONE in the file (RFC 5545 §3.6.5: every TZID must have one). ical-generator
 *   has no zone database; ours is written out below from the US rules (1987 on).
 * - UID `event-<id>@pattersonwine.example` (shared/event-schedule.ts), the same from every source;
 *   SEQUENCE grows with every save and LAST-MODIFIED/DTSTAMP are the record's `updatedAt`, so a
 *   calendar replaces an event it already has instead of adding a copy. No METHOD: DTSTAMP is
 *   then the last revision (RFC 5545 §3.8.7.2), and the same record gives the same bytes.
 * - An event with a time and no end lasts DEFAULT_EVENT_MINUTES; one without a time is all day.
 */
import {
  ICalCalendar,
  type ICalTemporalInstantStub,
  type ICalTemporalPlainDateStub,
  type ICalTemporalPlainDateTimeStub,
  type ICalTemporalZonedDateTimeStub,
} from 'ical-generator';
import { SHOP_TIME_ZONE } from './shop-hours';
import {
  calendarLine,
  calendarText,
  eventSchedule,
  eventUid,
  newYorkInstant,
  shopLocation,
  type CalendarEventSource,
  type WallTime,
} from './event-schedule';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
export const CALENDAR_PRODUCT_ID = { company: 'Patterson Wine & Liquor', product: 'Shop events', language: 'EN' } as const;
/** How often a subscribed calendar should fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 6 * 3600;

/**
 * America/New_York as RFC 5545 wants it: since 2007 (the Energy Policy Act of 2005), EDT from the
 * second Sunday of March at 2:00 to the first Sunday of November at 2:00; from 1987 to 2006 from
 * the first Sunday of April to the last Sunday of October. Without the older pair a reader gives
 * a date before the first onset no offset at all (ical.js says UTC). A test checks every day of
 * 1987 to 2040 against the zone database (Intl).
 */
export const NEW_YORK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${SHOP_TIME_ZONE}`,
  `X-LIC-LOCATION:${SHOP_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19870405T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19671029T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** ical-generator's VTIMEZONE generator: ours for New York, nothing for any other zone. */
export const vtimezoneFor = (zone: string): string | null => (zone === SHOP_TIME_ZONE ? NEW_YORK_VTIMEZONE : null);

export interface CalendarShop {
  name: string;
  /** One line: 3140 Route 22, Patterson, NY 12563. */
  address: string;
}

export interface CalendarOptions {
  shop: CalendarShop;
  /** The events page (absolute), each event's URL; left out when unknown (no request header decides it on the server). */
  pageUrl?: string | null;
  /** A feed's name (X-WR-CALNAME) and refresh interval; a single event's file has neither. */
  feed?: boolean;
  /** DTSTAMP for a record with no `updatedAt`. */
  now?: Date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateFields = (date: string) => date.split('-').map(Number) as [number, number, number];

/*
 * ical-generator writes a native Date in a named zone with the Date's local getters, that is in
 * the time zone of the machine (or visitor) running it. Temporal values are written field by
 * field, so each time is handed over as a minimal Temporal stand-in with the New York wall-clock
 * fields (ical-generator's own stub types) and `toInstant` for its start/end comparison.
 */
function plainDate(date: string): ICalTemporalPlainDateStub {
  const [year, month, day] = dateFields(date);
  const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return {
    year,
    month,
    day,
    toString: () => text,
    toJSON: () => text,
    toPlainDateTime: () => plainDateTime({ date, minutes: 0 }),
  } as ICalTemporalPlainDateStub;
}

function instant(epochMilliseconds: number): ICalTemporalInstantStub {
  const text = new Date(epochMilliseconds).toISOString();
  return {
    epochMilliseconds,
    toString: () => text,
    toJSON: () => text,
    toZonedDateTimeISO: () => {
      throw new Error('not needed');
    },
  };
}

function plainDateTime(wall: WallTime): ICalTemporalPlainDateTimeStub {
  const [year, month, day] = dateFields(wall.date);
  const hour = Math.floor(wall.minutes / 60);
  const minute = wall.minutes % 60;
  const text = `${wall.date}T${pad(hour)}:${pad(minute)}:00`;
  return {
    year,
    month,
    day,
    hour,
    minute,
    second: 0,
    toString: () => text,
    toJSON: () => text,
    toPlainDate: () => plainDate(wall.date),
    toZonedDateTime: () => newYorkDateTime(wall),
  };
}

function newYorkDateTime(wall: WallTime): ICalTemporalZonedDateTimeStub {
  const fields = plainDateTime(wall);
  let at: ICalTemporalInstantStub | undefined;
  const zoned: ICalTemporalZonedDateTimeStub = {
    year: fields.year,
    month: fields.month,
    day: fields.day,
    hour: fields.hour,
    minute: fields.minute,
    second: 0,
    timeZoneId: SHOP_TIME_ZONE,
    // ical-generator compares start and end at every change and again when writing: worked out once.
    toInstant: () => (at ??= instant(newYorkInstant(wall))),
    toPlainDateTime: () => fields,
    toString: () => `${fields.toString()}[${SHOP_TIME_ZONE}]`,
    toJSON: () => `${fields.toString()}[${SHOP_TIME_ZONE}]`,
    withTimeZone: (zone: string) => {
      if (zone !== SHOP_TIME_ZONE) throw new Error(`only ${SHOP_TIME_ZONE} is supported`);
      return zoned;
    },
  };
  return zoned;
}

/** A record's timestamp (AWSDateTime) as a Date, or undefined when missing or unreadable. */
function timestamp(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** RFC 5545 SEQUENCE is an integer: seconds between the record's creation and its last save, which only grows. */
export function eventSequence(event: Pick<CalendarEventSource, 'createdAt' | 'updatedAt'>): number {
  const created = timestamp(event.createdAt);
  const updated = timestamp(event.updatedAt);
  if (!created || !updated) return 0;
  return Math.min(2 ** 31 - 1, Math.max(0, Math.floor((updated.getTime() - created.getTime()) / 1000)));
}

/** One event's VEVENT text (unfolded), or null when the event has no real date. */
function eventText(calendar: ICalCalendar, event: CalendarEventSource, options: CalendarOptions): { text: string; timed: boolean } | null {
  const schedule = eventSchedule(event);
  if (!schedule) return null;
  const updated = timestamp(event.updatedAt);
  const created = timestamp(event.createdAt);
  const description = calendarText(event.description);
  const vevent = calendar.createEvent({
    id: eventUid(event.id),
    sequence: eventSequence(event),
    stamp: updated ?? options.now ?? new Date(),
    lastModified: updated ?? null,
    created: created ?? null,
    summary: calendarLine(event.name) || 'Shop event',
    description: description || null,
    location: shopLocation(options.shop) || null,
    url: options.pageUrl ?? null,
    ...(schedule.allDay
      ? { allDay: true, start: plainDate(schedule.date), end: plainDate(schedule.endDate) }
      : { timezone: SHOP_TIME_ZONE, start: newYorkDateTime(schedule.start), end: newYorkDateTime(schedule.end) }),
  });
  return { text: vevent.toString(), timed: !schedule.allDay };
}

/** The calendar's own properties (VERSION, PRODID, a feed's name and refresh interval), unfolded, without END:VCALENDAR. */
function calendarHead(options: CalendarOptions): string {
  const calendar = new ICalCalendar({ prodId: CALENDAR_PRODUCT_ID });
  if (options.feed) {
    const shopName = calendarLine(options.shop.name) || CALENDAR_PRODUCT_ID.company;
    // ical-generator writes these two as given: escaped here (TEXT).
    calendar.name(escapeText(`${shopName} events`));
    calendar.description(escapeText(`Tastings and events at ${shopName}`));
    calendar.ttl(FEED_REFRESH_SECONDS);
    if (options.pageUrl) calendar.url(options.pageUrl);
  }
  return unfold(calendar.toString()).replace(/END:VCALENDAR$/, '');
}

/**
 * The whole file. ical-generator writes each part; the parts are put together and folded here,
 * because the library's own folding (ICalCalendar#toString) makes a TextEncoder per character:
 * 4 s for a 1 MB feed, where this takes milliseconds. Put together this way, the VTIMEZONE also
 * comes after the calendar's properties, as RFC 5545's grammar orders them (the library puts it
 * before REFRESH-INTERVAL). The events themselves are ICalEvent#toString, escaped by the library.
 */
function assemble(events: readonly CalendarEventSource[], options: CalendarOptions): { text: string; count: number } {
  // Events are made on a calendar with no zone of its own, so DTSTAMP, CREATED and LAST-MODIFIED are UTC.
  const maker = new ICalCalendar();
  const parts = events.map((event) => eventText(maker, event, options)).filter((part) => part !== null);
  const zones = parts.some((part) => part.timed) ? `${vtimezoneFor(SHOP_TIME_ZONE)}\r\n` : '';
  const text = `${calendarHead(options)}${zones}${parts.map((part) => part.text).join('')}END:VCALENDAR\r\n`;
  return { text: foldContentLines(text), count: parts.length };
}

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

/** RFC 5545 §3.1: content lines longer than 75 octets are split, a space starting each continuation; never inside a character. */
export function foldContentLines(text: string): string {
  return text.split('\r\n').map(foldLine).join('\r\n');
}

function foldLine(line: string): string {
  // A UTF-16 code unit is at most 3 octets of UTF-8 (a surrogate pair, 2 units, is 4).
  if (line.length <= 25) return line;
  const pieces: string[] = [];
  let start = 0;
  let octets = 0;
  // The first line holds 75 octets; each continuation holds its leading space and 74 more.
  let room = 75;
  for (let index = 0; index < line.length;) {
    const codePoint = line.codePointAt(index)!;
    const size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    if (octets + size > room) {
      pieces.push(line.slice(start, index));
      start = index;
      octets = 0;
      room = 74;
    }
    octets += size;
    index += codePoint > 0xffff ? 2 : 1;
  }
  pieces.push(line.slice(start));
  return pieces.join('\r\n ');
}

/** TEXT escaping (RFC 5545 §3.3.11), for the two calendar properties ical-generator writes as given. */
const escapeText = (text: string) => text.replace(/[\\;,]/g, (match) => `\\${match}`).replace(/\n/g, '\\n');

/** The feed: every given event (the caller picks the upcoming ones), in the order given. */
export function buildEventsCalendar(events: readonly CalendarEventSource[], options: CalendarOptions): string {
  return assemble(events, { ...options, feed: true }).text;
}

/** One event's file, or null when the event has no real date. */
export function buildEventCalendar(event: CalendarEventSource, options: CalendarOptions): string | null {
  const { text, count } = assemble([event], { ...options, feed: false });
  return count === 1 ? text : null;
}
