/**
 * When a shop like ours holds an event (decision 0199): the demo events fall on the days a real shop
 * would pick, counted from the day the demo is seeded. Pure: dates are calendar days
 * ("YYYY-MM-DD"), computed in UTC so no time zone or DST change moves a day.
 *
 *     nextEventDate('2025-06-14', 'saturday-afternoon', 3)   // '2025-06-21'
 *
 * - `friday-evening`, `saturday-evening`, `saturday-afternoon`: that weekday;
 * - `weekend`: a Saturday (the event runs Saturday and Sunday), with neither day a holiday;
 * - never on a US federal holiday (5 U.S.C. 6103), on its date or on the day it is observed
 *   (a Saturday holiday is observed the Friday before, a Sunday one the Monday after).
 */
export type EventSlot = 'friday-evening' | 'saturday-evening' | 'saturday-afternoon' | 'weekend';

const DAY_MS = 86_400_000;
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 0;
const MONDAY = 1;
const THURSDAY = 4;

const toDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date): string => date.toISOString().slice(0, 10);
const addDays = (iso: string, days: number): string => toIso(new Date(toDate(iso).getTime() + days * DAY_MS));
const weekday = (iso: string): number => toDate(iso).getUTCDay();
const ymd = (year: number, month: number, day: number): string => toIso(new Date(Date.UTC(year, month - 1, day)));

/** The `n`th (1-based) `day` of the week in a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, day: number, n: number): string {
  if (n > 0) {
    const first = ymd(year, month, 1);
    return addDays(first, ((day - weekday(first) + 7) % 7) + (n - 1) * 7);
  }
  const last = ymd(year, month + 1, 0);
  return addDays(last, -((weekday(last) - day + 7) % 7));
}

/**
 * The US federal holidays of `year` (5 U.S.C. 6103(a)) with the days they are observed, as
 * "YYYY-MM-DD". A Saturday holiday is observed the Friday before, a Sunday one the Monday after
 * (so New Year's Day of `year + 1` on a Saturday puts December 31 of `year` in the list).
 */
export function federalHolidays(year: number): Set<string> {
  const fixed = [ymd(year, 1, 1), ymd(year, 6, 19), ymd(year, 7, 4), ymd(year, 11, 11), ymd(year, 12, 25)];
  const days = new Set<string>([
    ...fixed,
    nthWeekday(year, 1, MONDAY, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, MONDAY, 3), // Washington's Birthday
    nthWeekday(year, 5, MONDAY, -1), // Memorial Day
    nthWeekday(year, 9, MONDAY, 1), // Labor Day
    nthWeekday(year, 10, MONDAY, 2), // Columbus Day
    nthWeekday(year, 11, THURSDAY, 4), // Thanksgiving Day
  ]);
  for (const date of [...fixed, ymd(year + 1, 1, 1)]) {
    if (weekday(date) === SATURDAY) days.add(addDays(date, -1));
    if (weekday(date) === SUNDAY) days.add(addDays(date, 1));
  }
  return days;
}

/** Whether `iso` is a US federal holiday or the day one is observed. */
export function isFederalHoliday(iso: string): boolean {
  const year = toDate(iso).getUTCFullYear();
  return federalHolidays(year).has(iso) || federalHolidays(year - 1).has(iso);
}

/** Whether an event of this kind may be held on `iso`. */
export function fitsSlot(iso: string, slot: EventSlot): boolean {
  const day = weekday(iso);
  switch (slot) {
    case 'friday-evening':
      return day === FRIDAY && !isFederalHoliday(iso);
    case 'saturday-evening':
    case 'saturday-afternoon':
      return day === SATURDAY && !isFederalHoliday(iso);
    case 'weekend':
      return day === SATURDAY && !isFederalHoliday(iso) && !isFederalHoliday(addDays(iso, 1));
  }
}

/** The first day at least `minDaysAhead` days after `today` ("YYYY-MM-DD") that fits `slot`. */
export function nextEventDate(today: string, slot: EventSlot, minDaysAhead: number): string {
  let candidate = addDays(today, minDaysAhead);
  // Two holidays in a row on the same weekday never happen, so a few weeks always suffice.
  for (let tries = 0; tries < 60; tries += 1, candidate = addDays(candidate, 1)) {
    if (fitsSlot(candidate, slot)) return candidate;
  }
  throw new Error(`no ${slot} within 60 days of ${today}`);
}

/** How many days `later` is after `earlier` (both "YYYY-MM-DD"). */
export function daysBetween(earlier: string, later: string): number {
  return Math.round((toDate(later).getTime() - toDate(earlier).getTime()) / DAY_MS);
}
