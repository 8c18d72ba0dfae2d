/**
 * What opening hours may be stored (decisions 0190, 0191), New York's rules for a package store
 * included: the Shop settings editor and the server's model-write guard
 * (server/catalogue/model-guards.ts, which the cloud runs too) both apply it, so both refuse the
 * same. Apart from shop-hours.ts so that the storefront's first script does not carry it.
 */
import {
  closingMinutesOf,
  MAX_LABEL_LENGTH,
  MAX_SPECIAL_DATES,
  minutesOf,
  parseDayHours,
  parseSpecialDate,
  weekdayOf,
  WEEKDAYS,
  type DayHours,
} from './shop-hours';

/**
 * When New York lets a package store (an off-premises liquor store) sell, in minutes from
 * midnight: not from midnight to 8 AM, and on Sunday only from 10 AM to 10 PM (Alcoholic Beverage
 * Control Law §105(14)(a); decision 0191).
 */
export function allowedWindow(weekday: number): { from: number; to: number } {
  return weekday === 0 ? { from: 10 * 60, to: 22 * 60 } : { from: 8 * 60, to: 24 * 60 };
}

export const HOURS_MESSAGES = {
  format: (day: string) => `${day}: enter an opening and a closing time, or mark the day closed`,
  order: (day: string) => `${day}: the closing time must be after the opening time`,
  weekdayLaw: (day: string) => `${day}: New York allows a liquor store to sell only from 8 AM to midnight`,
  sundayLaw: (day: string) => `${day}: New York allows a liquor store to sell on Sundays only from 10 AM to 10 PM`,
  weekCount: 'Weekly hours need one entry for each of the 7 days',
  specialFormat: 'A special date must be a date (YYYY-MM-DD) with hours or closed',
  specialDuplicate: (date: string) => `${date} is listed twice among the special dates`,
  specialCount: `At most ${MAX_SPECIAL_DATES} special dates`,
  labelLength: `A special date's name is at most ${MAX_LABEL_LENGTH} characters`,
  mapUrl: 'The map link must be an https:// address',
} as const;

/** Why these hours cannot be a day's on `weekday` (0 Sunday), named `day`; null when they can. */
export function dayHoursProblem(weekday: number, hours: DayHours, day: string): string | null {
  if (hours === null) return null;
  const open = minutesOf(hours.open);
  const close = closingMinutesOf(hours.close);
  if (open === undefined || close === undefined) return HOURS_MESSAGES.format(day);
  if (close <= open) return HOURS_MESSAGES.order(day);
  const window = allowedWindow(weekday);
  if (open < window.from || close > window.to) return weekday === 0 ? HOURS_MESSAGES.sundayLaw(day) : HOURS_MESSAGES.weekdayLaw(day);
  return null;
}

/** Why a weekly-hours list cannot be stored; null when it can (null or absent: no hours set). */
export function weeklyHoursProblem(list: unknown): string | null {
  if (list === null || list === undefined) return null;
  if (!Array.isArray(list) || list.length !== 7) return HOURS_MESSAGES.weekCount;
  for (let weekday = 0; weekday < 7; weekday++) {
    const text: unknown = list[weekday];
    const hours = typeof text === 'string' ? parseDayHours(text) : undefined;
    if (hours === undefined) return HOURS_MESSAGES.format(WEEKDAYS[weekday]!);
    const problem = dayHoursProblem(weekday, hours, WEEKDAYS[weekday]!);
    if (problem) return problem;
  }
  return null;
}

/** Why a special-dates list cannot be stored; null when it can. */
export function specialDatesProblem(list: unknown): string | null {
  if (list === null || list === undefined) return null;
  if (!Array.isArray(list)) return HOURS_MESSAGES.specialFormat;
  if (list.length > MAX_SPECIAL_DATES) return HOURS_MESSAGES.specialCount;
  const seen = new Set<string>();
  for (const text of list as unknown[]) {
    const special = typeof text === 'string' ? parseSpecialDate(text) : undefined;
    if (!special) return HOURS_MESSAGES.specialFormat;
    if (special.label.length > MAX_LABEL_LENGTH) return HOURS_MESSAGES.labelLength;
    if (seen.has(special.date)) return HOURS_MESSAGES.specialDuplicate(special.date);
    seen.add(special.date);
    const problem = dayHoursProblem(weekdayOf(special.date)!, special.hours, special.date);
    if (problem) return problem;
  }
  return null;
}
