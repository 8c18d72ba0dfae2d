/**
 * When a shop event happens, as a calendar sees it (decision 0208: Add to calendar), and the Google
 * Calendar link for it. Pure and dependency-free, so the events page can draw its links without
 * loading the iCalendar builder (shared/event-calendar.ts, which imports this).
 *
 * An event has a calendar day (`date`, YYYY-MM-DD) and an optional `time`, stored as HH:MM in
 * 24-hour form (amplify/data/schema.ts). Records made elsewhere may hold "7 PM", "7:30 pm" or a
 * range ("19:00-21:00", "7-9 PM"), so those are read too; anything else makes an all-day event.
 * Every wall-clock time is in the shop's zone, America/New_York.
 */
import { PLAUSIBLE_ID } from './catalogue';
import { addDays, newYorkClockParts, SHOP_TIME_ZONE } from './shop-hours';

/** How long an event with a start time and no end lasts in a calendar (decision 0210). */
export const DEFAULT_EVENT_MINUTES = 120;

/**
 * The right-hand side of every event's UID: fixed, not the host a file was fetched from, so the
 * same event has the same UID from the local server, the AWS build and any domain the shop moves
 * to, and a calendar replaces it on update instead of adding a copy.
 */
export const EVENT_UID_DOMAIN = 'pattersonwine.example';

/** Whether an id could be one the API handed out (PLAUSIBLE_ID); anything else names no event worth a query. */
export const isPlausibleEventId = (id: string): boolean => PLAUSIBLE_ID.test(id);

/** The stable UID of an event: `event-<id>@pattersonwine.example`. */
export const eventUid = (id: string): string => `event-${id}@${EVENT_UID_DOMAIN}`;

/** Where the server serves an event's .ics file, and the feed of upcoming events. */
export const eventCalendarPath = (id: string): string => `/events/${encodeURIComponent(id)}.ics`;
export const EVENTS_FEED_PATH = '/events.ics';

/** What the calendar needs of an event record (the Event model). */
export interface CalendarEventSource {
  id: string;
  name: string;
  date: string;
  time?: string | null;
  description?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

/** A wall-clock moment in New York. */
export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes from midnight, 0-1439. */
  minutes: number;
}

export type EventSchedule = { allDay: true; date: string; endDate: string } | { allDay: false; start: WallTime; end: WallTime };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `date` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(date: string | null | undefined): date is string {
  const match = DATE.exec(date ?? '');
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
}

/** The longest time text worth reading: a stored value is short; anything longer is not a time. */
const MAX_TIME_TEXT = 40;

/** One time of day: "19:00", "19:00:00", "7 PM", "7:30 p.m.", "noon", "midnight". */
const CLOCK = /^(\d{1,2})(?::(\d{2})(?::\d{2}(?:\.\d+)?)?)?\s*(am|pm)?$/;

interface ClockReading {
  hours: number;
  minutes: number;
  meridiem: 'am' | 'pm' | null;
  /** Written with a colon ("19:00"): a 24-hour time when it has no AM/PM. */
  hasColon: boolean;
}

function readClock(text: string): ClockReading | null {
  if (text === 'noon') return { hours: 12, minutes: 0, meridiem: 'pm', hasColon: true };
  if (text === 'midnight') return { hours: 12, minutes: 0, meridiem: 'am', hasColon: true };
  const match = CLOCK.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  const meridiem = (match[3] as 'am' | 'pm' | undefined) ?? null;
  if (minutes > 59) return null;
  if (meridiem ? hours < 1 || hours > 12 : hours > 23) return null;
  return { hours, minutes, meridiem, hasColon: match[2] !== undefined };
}

/** Minutes from midnight of a reading, given the AM/PM it has or borrows; null when it is not a time. */
function minutesOfClock(reading: ClockReading, meridiem: 'am' | 'pm' | null): number | null {
  if (!meridiem) return reading.hasColon ? reading.hours * 60 + reading.minutes : null;
  if (reading.hours > 12 || reading.hours < 1) return null;
  return ((reading.hours % 12) + (meridiem === 'pm' ? 12 : 0)) * 60 + reading.minutes;
}

/**
 * Reads an event's time text: its start and, for a range, its end, in minutes from midnight.
 * Null when there is no time or it cannot be read (the event is then all-day). An end earlier
 * than the start is on the next day ("22:00-01:00").
 */
export function parseEventTime(time: string | null | undefined): { start: number; end: number | null } | null {
  if (typeof time !== 'string' || time.length > MAX_TIME_TEXT) return null;
  const text = time
    .trim()
    .toLowerCase()
    .replace(/\b([ap])\.?\s?m\b\.?/g, '$1m')
    .replace(/\s*(?:[-\u2010-\u2015\u2212]|\bto\b|\buntil\b)\s*/g, '-')
    .replace(/\s+/g, ' ');
  if (!text) return null;
  const parts = text.split('-');
  if (parts.length > 2) return null;
  const first = readClock(parts[0]!.trim());
  if (!first) return null;
  if (parts.length === 1) {
    const start = minutesOfClock(first, first.meridiem);
    return start === null ? null : { start, end: null };
  }
  const second = readClock(parts[1]!.trim());
  if (!second) return null;
  const end = minutesOfClock(second, second.meridiem);
  if (end === null) return null;
  let start = minutesOfClock(first, first.meridiem);
  if (start === null && second.meridiem) {
    // "7-9 PM": the start borrows the end's half of the day, unless that puts it after the end ("11-1 PM").
    start = minutesOfClock(first, second.meridiem);
    if (start !== null && start > end) start = minutesOfClock(first, second.meridiem === 'pm' ? 'am' : 'pm');
  }
  if (start === null) return null;
  return { start, end: end === start ? null : end };
}

/** When an event is: all day on its date, or from its start to its end (or start plus the default length). */
export function eventSchedule(event: Pick<CalendarEventSource, 'date' | 'time'>): EventSchedule | null {
  if (!isCalendarDate(event.date)) return null;
  const time = parseEventTime(event.time);
  if (!time) return { allDay: true, date: event.date, endDate: addDays(event.date, 1) };
  const endMinutes = time.end ?? time.start + DEFAULT_EVENT_MINUTES;
  const endsNextDay = time.end === null ? endMinutes >= 24 * 60 : time.end < time.start;
  return {
    allDay: false,
    start: { date: event.date, minutes: time.start },
    end: { date: endsNextDay ? addDays(event.date, 1) : event.date, minutes: endMinutes % (24 * 60) },
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** "20260704" */
export const compactDate = (date: string): string => date.replaceAll('-', '');

/** "20260704T190000": a wall-clock time in the basic ISO form calendars use. */
export const compactWallTime = ({ date, minutes }: WallTime): string =>
  `${compactDate(date)}T${pad2(Math.floor(minutes / 60))}${pad2(minutes % 60)}00`;

/** New York's offset from UTC at `instant`, in minutes (-240 in summer, -300 in winter). */
export function newYorkOffsetMinutes(instant: number): number {
  const { year, month, day, hour, minute, second } = newYorkClockParts(new Date(instant));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant (ms since the epoch) of a New York wall-clock time. A time that does not exist
 * (skipped at the spring change) is read with the offset before the change, as RFC 5545 §3.3.5
 * says; a repeated one (the autumn change) is its first occurrence.
 */
export function newYorkInstant({ date, minutes }: WallTime): number {
  const key = `${date} ${minutes}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  if (instants.size >= 2000) instants.clear();
  const instant = findNewYorkInstant(date, minutes);
  instants.set(key, instant);
  return instant;
}

/** Instants already worked out (a feed asks for the same few evenings again and again). */
const instants = new Map<string, number>();

function findNewYorkInstant(date: string, minutes: number): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  const before = newYorkOffsetMinutes(wall - 24 * 3_600_000);
  const after = newYorkOffsetMinutes(wall + 24 * 3_600_000);
  // Try the earlier offset (the larger one, EDT in autumn) first, so a repeated time is its first occurrence.
  for (const offset of before === after ? [before] : [Math.max(before, after), Math.min(before, after)]) {
    const instant = wall - offset * 60_000;
    if (newYorkOffsetMinutes(instant) === offset) return instant;
  }
  return wall - before * 60_000;
}

/** Text for a calendar: control characters other than tab and newline are not allowed in iCalendar TEXT. */
export function calendarText(text: string | null | undefined, maxLength = 10_000): string {
  const clean = String(text ?? '')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trim();
  return Array.from(clean).length > maxLength
    ? `${Array.from(clean)
        .slice(0, maxLength - 3)
        .join('')}...`
    : clean;
}

/** One line of text (a name, an address): newlines and runs of spaces become one space. */
export const calendarLine = (text: string | null | undefined, maxLength = 500): string =>
  calendarText(text, maxLength).replace(/\s+/g, ' ');

/** The shop as an event's location: "Patterson Wine & Liquor, 3140 Route 22, Patterson, NY 12563". */
export function shopLocation(shop: { name: string; address: string }): string {
  return [calendarLine(shop.name), calendarLine(shop.address)].filter(Boolean).join(', ');
}

/** Google Calendar's template link accepts about 8 KB; a long description is cut to keep well under it. */
const GOOGLE_DETAILS_MAX = 1500;

/**
 * A link that opens Google Calendar's "new event" form filled in with the event: its name, its
 * dates in New York time (`ctz`), its description (and where to read more) and the shop as its
 * location. Null when the event has no real date.
 */
export function googleCalendarUrl(
  event: CalendarEventSource,
  shop: { name: string; address: string },
  pageUrl?: string | null,
): string | null {
  const schedule = eventSchedule(event);
  if (!schedule) return null;
  const dates = schedule.allDay
    ? `${compactDate(schedule.date)}/${compactDate(schedule.endDate)}`
    : `${compactWallTime(schedule.start)}/${compactWallTime(schedule.end)}`;
  const details = [calendarText(event.description, GOOGLE_DETAILS_MAX), pageUrl ?? ''].filter(Boolean).join('\n\n');
  const params = new URLSearchParams({ action: 'TEMPLATE', text: calendarLine(event.name), dates });
  if (details) params.set('details', details);
  const location = shopLocation(shop);
  if (location) params.set('location', location);
  params.set('ctz', SHOP_TIME_ZONE);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** A file name for an event's .ics: its name in lower-case ASCII words, e.g. "bourbon-rye-night.ics". */
export function eventFileName(event: Pick<CalendarEventSource, 'name'>): string {
  const slug = calendarLine(event.name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'event'}.ics`;
}

/**
 * The same in the name's own script, for a download's UTF-8 file name (RFC 6266 `filename*`):
 * lower-case words of letters, digits and emoji joined by "-", e.g. "дегустация-вин.ics" or
 * "rosé-pop-up.ics"; the ASCII name (eventFileName) when nothing of the name is left.
 */
export function eventUnicodeFileName(event: Pick<CalendarEventSource, 'name'>): string {
  const words = calendarLine(event.name)
    .normalize('NFC')
    .toLowerCase()
    // The joiner and the emoji presentation selector stay, so emoji sequences stay whole.
    // eslint-disable-next-line no-misleading-character-class
    .replace(/[^\p{L}\p{M}\p{N}\p{Extended_Pictographic}\u200d\ufe0f]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // 60 characters, never half of one (a surrogate pair).
  const slug = Array.from(words).slice(0, 60).join('').replace(/-+$/, '');
  return slug ? `${slug}.ics` : eventFileName(event);
}
