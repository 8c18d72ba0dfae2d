/**
 * The shop's opening hours (decision 0190): how they are stored and what the storefront says
 * about today. Pure (the clock is an argument), used by the browser (the footer, Visit Us, About
 * Us) and the server's pages. What may be stored, New York's rules included, is
 * shop-hours-rules.ts: only the editor and the server need it, so it stays out of the storefront's
 * first script.
 *
 * Stored as texts in the ShopSettings record (amplify/data/schema.ts), so the generic text limits
 * apply to every part:
 * - `weeklyHours`: 7 entries, Sunday first, each "HH:MM-HH:MM" (24-hour) or "closed";
 * - `specialDates`: "YYYY-MM-DD closed" or "YYYY-MM-DD HH:MM-HH:MM", then optionally a space and a
 *   label ("2026-11-26 closed Thanksgiving").
 * A closing time of "00:00" (or "24:00") means midnight at the end of the day.
 */

/** The one settings record's id. */
export const SHOP_SETTINGS_ID = 'shop';
/** Where the shop is: every "today" is a day in New York, whatever the visitor's time zone. */
export const SHOP_TIME_ZONE = 'America/New_York';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Opening and closing time, "HH:MM"; null: closed all day. */
export type DayHours = { open: string; close: string } | null;

export interface SpecialDate {
  /** YYYY-MM-DD, a day in New York. */
  date: string;
  hours: DayHours;
  /** What the day is (Thanksgiving, Stocktake); may be empty. */
  label: string;
}

/** What the storefront reads of the settings record. */
export interface ShopHoursSource {
  weeklyHours?: readonly (string | null)[] | null;
  specialDates?: readonly (string | null)[] | null;
}

export const MAX_SPECIAL_DATES = 60;
export const MAX_LABEL_LENGTH = 60;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "09:30" as 570 minutes; undefined when not a time. */
export function minutesOf(time: string): number | undefined {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** A closing time in minutes: "00:00" and "24:00" are midnight at the day's end (1440). */
export function closingMinutesOf(time: string): number | undefined {
  if (time === '24:00' || time === '00:00') return 24 * 60;
  return minutesOf(time);
}

/** "09:00-21:00" or "closed" as DayHours; undefined when it is neither. */
export function parseDayHours(text: string): DayHours | undefined {
  if (text === 'closed') return null;
  const [open, close, extra] = text.split('-');
  if (extra !== undefined || open === undefined || close === undefined) return undefined;
  if (minutesOf(open) === undefined || closingMinutesOf(close) === undefined) return undefined;
  return { open, close };
}

export const dayHoursText = (hours: DayHours): string => (hours ? `${hours.open}-${hours.close}` : 'closed');

/** The weekday (0 Sunday) of a calendar day YYYY-MM-DD; undefined when it is no real day. */
export function weekdayOf(date: string): number | undefined {
  const match = DATE.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return undefined;
  return utc.getUTCDay();
}

/** "2026-11-26 closed Thanksgiving" as a SpecialDate; undefined when malformed. */
export function parseSpecialDate(text: string): SpecialDate | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}) (\S+)(?: (.*))?$/.exec(text);
  if (!match || weekdayOf(match[1]!) === undefined) return undefined;
  const hours = parseDayHours(match[2]!);
  if (hours === undefined) return undefined;
  return { date: match[1]!, hours, label: (match[3] ?? '').trim() };
}

export const specialDateText = ({ date, hours, label }: SpecialDate): string =>
  `${date} ${dayHoursText(hours)}${label.trim() ? ` ${label.trim()}` : ''}`;

/** A map link the pages may put in an href: https only (never javascript: or data:). */
export function isMapUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !/^https:\/\/\S+$/.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// What the storefront shows

/** "09:00" as "9 AM", "21:30" as "9:30 PM", a closing "00:00" as "12 AM" (midnight). */
export function formatTime(time: string): string {
  const minutes = closingMinutesOf(time) ?? 0;
  const hour24 = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** "9 AM - 9 PM", or "Closed". */
export const formatDayHours = (hours: DayHours): string => (hours ? `${formatTime(hours.open)} - ${formatTime(hours.close)}` : 'Closed');

/** The stored weekly hours (Sunday first), or null when none are set or they are unreadable. */
export function weeklyHoursOf(source: ShopHoursSource | null | undefined): DayHours[] | null {
  const list = source?.weeklyHours;
  if (!list || list.length !== 7) return null;
  const week = list.map((text) => (typeof text === 'string' ? parseDayHours(text) : undefined));
  return week.every((hours) => hours !== undefined) ? week : null;
}

/** The readable special dates, by date. */
export function specialDatesOf(source: ShopHoursSource | null | undefined): SpecialDate[] {
  return (source?.specialDates ?? [])
    .map((text) => (typeof text === 'string' ? parseSpecialDate(text) : undefined))
    .filter((special): special is SpecialDate => special !== undefined)
    .sort((a, b) => a.date.localeCompare(b.date));
}

const newYorkClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type ClockParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;

function formattedClockParts(instant: Date): ClockParts {
  const parts = Object.fromEntries(newYorkClock.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

const HOUR_MS = 3_600_000;
/** Offsets that held from 1900 on change only at whole UTC hours (DST starts and ends at 2 AM local). */
const OFFSETS_FROM = Date.UTC(1900, 0, 1);
/** New York's offset from UTC (ms) for each UTC hour asked about, so most calls format nothing. */
const offsetByHour = new Map<number, number>();

/**
 * New York's wall clock at `instant`: year, month, day, hour (0-23), minute and second, as numbers.
 * `formatToParts` costs microseconds and the pickup slots ask hundreds of times a request: the
 * offset is formatted once per UTC hour and the parts read from the shifted UTC clock.
 */
export function newYorkClockParts(instant: Date): ClockParts {
  const time = instant.getTime();
  if (!(time >= OFFSETS_FROM)) return formattedClockParts(instant);
  const hour = Math.floor(time / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = new Date(hour * HOUR_MS);
    const wall = formattedClockParts(start);
    offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - start.getTime();
    if (offsetByHour.size >= 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  const shifted = new Date(time + offset);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day (YYYY-MM-DD) and minutes since midnight in New York at `now`. */
export function newYorkTime(now: Date): { date: string; minutes: number } {
  const { year, month, day, hour, minute } = newYorkClockParts(now);
  return { date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, minutes: hour * 60 + minute };
}

/** The calendar day `days` after `date` (YYYY-MM-DD), on calendar dates: no zone or DST moves it. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** "Thu, Nov 26". */
export function formatShortDate(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${SHORT_WEEKDAYS[weekdayOf(date)!]}, ${SHORT_MONTHS[month - 1]} ${day}`;
}

/** A day's hours: its special date's if it has one, else its weekday's; undefined when no hours are set. */
export function hoursOn(
  date: string,
  week: readonly DayHours[] | null,
  specials: readonly SpecialDate[],
): { hours: DayHours; label: string } | undefined {
  const special = specials.find((entry) => entry.date === date);
  if (special) return { hours: special.hours, label: special.label };
  if (!week) return undefined;
  return { hours: week[weekdayOf(date)!]!, label: '' };
}

export interface TodayStatus {
  /** "Open today 9 AM - 9 PM", "Closed today (Thanksgiving)", "Closed now". */
  today: string;
  /** "Opens tomorrow at 10 AM", "Opens Monday at 9 AM"; null while open or when nothing is known. */
  next: string | null;
  /** Whether the shop is open at this moment. */
  openNow: boolean;
}

const withLabel = (text: string, label: string) => (label ? `${text} (${label})` : text);

/** What the shop's hours mean at `now`, in New York; null when no weekly hours are set. */
export function todayStatus(source: ShopHoursSource | null | undefined, now: Date): TodayStatus | null {
  const week = weeklyHoursOf(source);
  if (!week) return null;
  const specials = specialDatesOf(source);
  const { date, minutes } = newYorkTime(now);
  const today = hoursOn(date, week, specials)!;
  if (today.hours) {
    const open = minutesOf(today.hours.open)!;
    const close = closingMinutesOf(today.hours.close)!;
    if (minutes < close) {
      return { today: withLabel(`Open today ${formatDayHours(today.hours)}`, today.label), next: null, openNow: minutes >= open };
    }
  }
  let next: string | null = null;
  for (let ahead = 1; ahead <= 14 && next === null; ahead++) {
    const day = addDays(date, ahead);
    const hours = hoursOn(day, week, specials)!.hours;
    if (!hours) continue;
    const when = ahead === 1 ? 'tomorrow' : ahead < 7 ? WEEKDAYS[weekdayOf(day)!] : formatShortDate(day);
    next = `Opens ${when} at ${formatTime(hours.open)}`;
  }
  return { today: today.hours ? 'Closed now' : withLabel('Closed today', today.label), next, openNow: false };
}

/** The week as lines, Monday first, runs of days with the same hours together: "Mon–Sat: 9 AM - 9 PM". */
export function weeklySummary(source: ShopHoursSource | null | undefined): Array<{ days: string; hours: string }> {
  const week = weeklyHoursOf(source);
  if (!week) return [];
  const order = [1, 2, 3, 4, 5, 6, 0];
  const lines: Array<{ first: number; last: number; hours: string }> = [];
  for (const weekday of order) {
    const hours = formatDayHours(week[weekday]!);
    const previous = lines[lines.length - 1];
    if (previous && previous.hours === hours) previous.last = weekday;
    else lines.push({ first: weekday, last: weekday, hours });
  }
  return lines.map(({ first, last, hours }) => ({
    days: first === last ? SHORT_WEEKDAYS[first]! : `${SHORT_WEEKDAYS[first]}–${SHORT_WEEKDAYS[last]}`,
    hours,
  }));
}

/** Special dates from today (New York) to `withinDays` ahead, for the storefront to list. */
export function upcomingSpecialDates(
  source: ShopHoursSource | null | undefined,
  now: Date,
  withinDays = 45,
): Array<SpecialDate & { day: string; hoursText: string }> {
  const today = newYorkTime(now).date;
  const last = addDays(today, withinDays);
  return specialDatesOf(source)
    .filter((special) => special.date >= today && special.date <= last)
    .map((special) => ({ ...special, day: formatShortDate(special.date), hoursText: formatDayHours(special.hours) }));
}

/** Demo hours (the seed): Mon–Sat 9 AM to 9 PM, Sunday noon to 6 PM, closed Thanksgiving and Christmas. */
export function demoShopHours(today: Date): { weeklyHours: string[]; specialDates: string[] } {
  const { date } = newYorkTime(today);
  const year = Number(date.slice(0, 4));
  const specials: string[] = [];
  for (const y of [year, year + 1]) {
    // Thanksgiving: the fourth Thursday of November.
    const firstWeekday = weekdayOf(`${y}-11-01`)!;
    const thanksgiving = 1 + ((4 - firstWeekday + 7) % 7) + 21;
    specials.push(`${y}-11-${thanksgiving} closed Thanksgiving`, `${y}-12-24 10:00-18:00 Christmas Eve`, `${y}-12-25 closed Christmas Day`);
  }
  return {
    weeklyHours: ['12:00-18:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00'],
    specialDates: specials.filter((entry) => entry.slice(0, 10) >= date),
  };
}
