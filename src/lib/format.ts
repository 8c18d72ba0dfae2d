/** Pure display helpers: no React, no I/O. */

export const ELLIPSIS = '...';

/**
 * Shortens a name to `max` characters followed by an ellipsis, only when it is longer than `max`.
 * Counts code points, so an accented letter or an emoji is never cut in half.
 */
export function truncateName(name: string | null | undefined, max: number): string {
  if (!name) return '';
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  return chars.slice(0, Math.max(0, max)).join('') + ELLIPSIS;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A price in US dollars with two decimals: 12.99 gives $12.99, 1234.5 gives $1,234.50. Empty when unknown. */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return '';
  return usd.format(price);
}

/**
 * An event time, HH:MM in 24-hour form (seconds allowed), in US 12-hour form: 15:00 gives
 * 3:00 PM, 12:30 gives 12:30 PM, 00:00 gives 12:00 AM. Empty for a missing or malformed time.
 * (The original specification's rule would show noon as AM and midnight as "00 AM"; decision 0040.)
 */
export function formatEventTime(time: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(time?.trim() ?? '');
  if (!match) return '';
  const hours = Number(match[1]);
  const minutes = match[2]!;
  if (hours > 23 || Number(minutes) > 59) return '';
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${minutes} ${suffix}`;
}

/**
 * A calendar date `YYYY-MM-DD` as local midnight of that day, or null when it is not a real
 * date. (`new Date('2025-03-01')` would be UTC midnight: the previous evening in New York.)
 */
export function parseLocalDate(date: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date?.trim() ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(year, month - 1, day);
  const isSameDay = parsed.getFullYear() === year && parsed.getMonth() === month - 1 && parsed.getDate() === day;
  return isSameDay ? parsed : null;
}

/** The local calendar day of `date` as `YYYY-MM-DD`. */
export function toLocalIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface DateParts {
  /** Three letters: Sat. */
  weekday: string;
  /** The day of the month: 1 to 31. */
  day: string;
  /** Month abbreviation and 4-digit year: Mar 2025. */
  monthYear: string;
  /** Spoken form for assistive technology: Saturday, March 15, 2025. */
  full: string;
}

const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short' });
const monthYearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' });
const fullDateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** The parts an event's date is shown in (product §5): Sat, 15, Mar 2025. Null for a malformed date. */
export function eventDateParts(date: string | null | undefined): DateParts | null {
  const parsed = parseLocalDate(date);
  if (!parsed) return null;
  return {
    weekday: weekdayFormat.format(parsed),
    day: String(parsed.getDate()),
    monthYear: monthYearFormat.format(parsed),
    full: fullDateFormat.format(parsed),
  };
}
