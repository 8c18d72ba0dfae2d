/**
 * When a reservation may be picked up (product §11, decision 0310): the pickup slots a customer
 * may choose, the server's re-check of a submitted one, when an unclaimed reservation expires,
 * and whether reserving is open at all. Pure (the clock and the shop's hours are arguments), so
 * the reserve screen, the local server and the Lambdas all give the same answer.
 *
 * New York sells only at the licensed premises, in legal hours (design §7): a slot lies inside
 * the shop's opening hours as stored (shop-hours.ts: weekly hours and special dates), which
 * shop-hours-rules.ts already holds to the law. Every day is a day in America/New_York; slots are
 * UTC instants (AWSDateTime) with New York labels.
 *
 * The grid (decision 0310): a day's slots start at its opening time and follow every
 * `slotMinutes` of real time, each ending by closing time. The earliest slot starts once the
 * preparation time has passed, counted in the shop's open minutes (staff pick bottles while the
 * shop is open), rounded up to the grid. The horizon is `horizonDays` New York dates, today first.
 */
import { newYorkInstant } from './event-schedule';
import { PICKUP_MESSAGES } from './pickup-messages';
import {
  addDays,
  closingMinutesOf,
  formatShortDate,
  formatTime,
  hoursOn,
  minutesOf,
  newYorkTime,
  specialDatesOf,
  weeklyHoursOf,
  type DayHours,
  type ShopHoursSource,
  type SpecialDate,
} from './shop-hours';

/** A slot's length unless told: half an hour is short enough to plan and long enough to arrive in. */
export const DEFAULT_SLOT_MINUTES = 30;
export const MIN_SLOT_MINUTES = 5;
export const MAX_SLOT_MINUTES = 240;
/** The Shop setting's default: an hour of the shop's open time to pick a list from the shelves. */
export const DEFAULT_PREPARATION_MINUTES = 60;
/** At most two days' open time: longer, and a customer had better call. */
export const MAX_PREPARATION_MINUTES = 2 * 24 * 60;
/** Today and the 6 days after it. */
export const PICKUP_HORIZON_DAYS = 7;
export const MAX_HORIZON_DAYS = 31;
/** How far `expiresAt` looks for the next open day: past any run of closed special dates (at most 60). */
const EXPIRY_SEARCH_DAYS = 400;

export interface PickupSlotOptions {
  /** The Shop setting (DEFAULT_PREPARATION_MINUTES): open minutes from now to the earliest slot. */
  preparationMinutes?: number;
  /** DEFAULT_SLOT_MINUTES; from MIN_SLOT_MINUTES to MAX_SLOT_MINUTES. */
  slotMinutes?: number;
  /** PICKUP_HORIZON_DAYS; New York dates from today. */
  horizonDays?: number;
}

export interface PickupSlot {
  /** The slot's start and end, ISO 8601 in UTC ("2026-03-09T13:00:00.000Z"). */
  start: string;
  end: string;
  /** The New York date it is on, YYYY-MM-DD. */
  date: string;
  /** "9 AM - 9:30 AM", New York time. */
  label: string;
}

export interface PickupDay {
  /** YYYY-MM-DD in New York. */
  date: string;
  /** "Mon, Mar 9". */
  label: string;
  /** At least one, in order. */
  slots: PickupSlot[];
}

export type ReservingStatus = { open: true } | { open: false; reason: string };

const MINUTE = 60_000;

/** A whole number from `min` to `max`, or the default (a stored setting is checked elsewhere; nothing here may loop forever). */
const wholeIn = (value: number | undefined, min: number, max: number, fallback: number): number =>
  Number.isInteger(value) && value! >= min && value! <= max ? value! : fallback;

function optionsOf(options: PickupSlotOptions = {}) {
  return {
    preparationMs: wholeIn(options.preparationMinutes, 0, MAX_PREPARATION_MINUTES, DEFAULT_PREPARATION_MINUTES) * MINUTE,
    slotMs: wholeIn(options.slotMinutes, MIN_SLOT_MINUTES, MAX_SLOT_MINUTES, DEFAULT_SLOT_MINUTES) * MINUTE,
    horizonDays: wholeIn(options.horizonDays, 1, MAX_HORIZON_DAYS, PICKUP_HORIZON_DAYS),
  };
}

interface Hours {
  week: DayHours[];
  specials: SpecialDate[];
}

/** The stored hours, or null when no weekly hours are set: then nobody can reserve. */
function hoursOf(source: ShopHoursSource | null | undefined): Hours | null {
  const week = weeklyHoursOf(source);
  return week ? { week, specials: specialDatesOf(source) } : null;
}

/** The instant of a New York wall-clock time; 1440 minutes is midnight at the day's end. */
const instantAt = (date: string, minutes: number): number =>
  minutes >= 24 * 60 ? newYorkInstant({ date: addDays(date, 1), minutes: minutes - 24 * 60 }) : newYorkInstant({ date, minutes });

/** When the shop opens and closes on `date`, as instants; null when it is closed that day. */
function openInterval(date: string, hours: Hours): { from: number; to: number } | null {
  const day = hoursOn(date, hours.week, hours.specials)?.hours;
  if (!day) return null;
  const open = minutesOf(day.open);
  const close = closingMinutesOf(day.close);
  if (open === undefined || close === undefined || close <= open) return null;
  return { from: instantAt(date, open), to: instantAt(date, close) };
}

/**
 * When the preparation time has passed, counting only the shop's open time from `now` (an order
 * placed after closing is picked the next open morning); null when that is not before the horizon ends.
 */
function readyAt(now: number, preparationMs: number, hours: Hours, today: string, days: number): number | null {
  if (preparationMs <= 0) return now;
  let remaining = preparationMs;
  for (let ahead = 0; ahead < days; ahead++) {
    const open = openInterval(addDays(today, ahead), hours);
    if (!open) continue;
    const from = Math.max(open.from, now);
    if (from >= open.to) continue;
    if (open.to - from >= remaining) return from + remaining;
    remaining -= open.to - from;
  }
  return null;
}

/** "HH:MM" of New York's wall clock at `instant`. */
function wallClock(instant: number): string {
  const { minutes } = newYorkTime(new Date(instant));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function slotOf(start: number, slotMs: number, date: string): PickupSlot {
  const end = start + slotMs;
  return {
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    date,
    label: `${formatTime(wallClock(start))} - ${formatTime(wallClock(end))}`,
  };
}

/**
 * The pickup slots a customer may choose at `now`, by New York date (days without one left out):
 * inside the day's opening hours (its special date's, else its weekday's), starting on the grid
 * from opening time, no earlier than the preparation time allows, ending by closing time. None
 * when the shop has no weekly hours set.
 */
export function pickupSlots(source: ShopHoursSource | null | undefined, now: Date, options?: PickupSlotOptions): PickupDay[] {
  return slotDays(source, now, options);
}

/**
 * `pickupSlots`, or only the days `wanted` names, stopping after `limit` days: the server's checks
 * of one submitted slot (and of whether any is free) need one day, not the week's labelled grid.
 */
function slotDays(
  source: ShopHoursSource | null | undefined,
  now: Date,
  options: PickupSlotOptions | undefined,
  wanted: (date: string) => boolean = () => true,
  limit = Infinity,
): PickupDay[] {
  const hours = hoursOf(source);
  const nowMs = now.getTime();
  if (!hours || !Number.isFinite(nowMs)) return [];
  const { preparationMs, slotMs, horizonDays } = optionsOf(options);
  const today = newYorkTime(now).date;
  const ready = readyAt(nowMs, preparationMs, hours, today, horizonDays);
  if (ready === null) return [];
  const days: PickupDay[] = [];
  for (let ahead = 0; ahead < horizonDays && days.length < limit; ahead++) {
    const date = addDays(today, ahead);
    if (!wanted(date)) continue;
    const open = openInterval(date, hours);
    if (!open) continue;
    // Up to the grid: the first slot start at or after `ready`, counted from opening time.
    const start = ready <= open.from ? open.from : open.from + Math.ceil((ready - open.from) / slotMs) * slotMs;
    const slots: PickupSlot[] = [];
    for (let at = start; at + slotMs <= open.to; at += slotMs) slots.push(slotOf(at, slotMs, date));
    if (slots.length) days.push({ date, label: formatShortDate(date), slots });
  }
  return days;
}

/** An ISO 8601 date-time with a zone ("...Z" or "...-04:00"), as milliseconds; null for anything else. */
function instantOf(text: unknown): number | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** The slot a submitted start names, as `pickupSlots` offers it at `now`; null when it offers none there. */
export function findPickupSlot(
  start: string,
  source: ShopHoursSource | null | undefined,
  now: Date,
  options?: PickupSlotOptions,
): PickupSlot | null {
  const ms = instantOf(start);
  if (ms === null) return null;
  const date = newYorkTime(new Date(ms)).date;
  const [day] = slotDays(source, now, options, (each) => each === date, 1);
  return day?.slots.find((slot) => Date.parse(slot.start) === ms) ?? null;
}

/** The server's re-check of a submitted slot start: whether `pickupSlots` offers it at `now`. */
export const isPickupSlotAllowed = (
  start: string,
  source: ShopHoursSource | null | undefined,
  now: Date,
  options?: PickupSlotOptions,
): boolean => findPickupSlot(start, source, now, options) !== null;

/** Why a submitted slot start cannot be taken (reserving closed, or not a slot offered now); null when it can. */
export function pickupSlotProblem(
  start: string,
  source: ShopHoursSource | null | undefined,
  now: Date,
  options?: PickupSlotOptions,
): string | null {
  const status = reservingStatus(source, now, options);
  if (!status.open) return status.reason;
  return isPickupSlotAllowed(start, source, now, options) ? null : PICKUP_MESSAGES.slotUnavailable;
}

/**
 * When a reservation not picked up expires (decision 0310): at closing time of the day after
 * its slot's New York date; when that day is closed, at closing time of the next open day after
 * the slot's, so the customer always has one whole open day more. With no open day ahead (no
 * hours set, or none within EXPIRY_SEARCH_DAYS), at midnight ending the day after the slot's.
 * Worked out when the reservation is made and stored with it (hours changed later do not move it).
 */
export function expiresAt(slot: { start: string }, source: ShopHoursSource | null | undefined): string {
  const ms = instantOf(slot.start);
  if (ms === null) throw new RangeError('expiresAt needs a slot start as an ISO 8601 date-time');
  const slotDate = newYorkTime(new Date(ms)).date;
  const hours = hoursOf(source);
  for (let ahead = 1; hours && ahead <= EXPIRY_SEARCH_DAYS; ahead++) {
    const open = openInterval(addDays(slotDate, ahead), hours);
    if (open) return new Date(open.to).toISOString();
  }
  return new Date(instantAt(addDays(slotDate, 1), 24 * 60)).toISOString();
}

/**
 * A hold for a slot more than this many New York days after the day it was made ends with the
 * slot's day (decision 0375): a week's hold on a bottle the shelf is out of is long enough without
 * a day's grace after it. Holds for today, tomorrow and the day after keep `expiresAt`'s day.
 */
export const FAR_AHEAD_DAYS = 2;

const DAY_MS = 24 * 60 * MINUTE;

/** Whole New York calendar days from the day of `from` to the day of `to` (instants, ms). */
const newYorkDaysBetween = (from: number, to: number): number =>
  Math.round(
    (Date.parse(`${newYorkTime(new Date(to)).date}T00:00:00Z`) - Date.parse(`${newYorkTime(new Date(from)).date}T00:00:00Z`)) / DAY_MS,
  );

/** Whether a slot starting at `slotStart` is far ahead of `reservedAt` (more than FAR_AHEAD_DAYS New York days later). */
export function isFarAhead(slotStart: string, reservedAt: Date): boolean {
  const slot = instantOf(slotStart);
  const made = reservedAt.getTime();
  return slot !== null && Number.isFinite(made) && newYorkDaysBetween(made, slot) > FAR_AHEAD_DAYS;
}

/** Midnight ending the New York day `slotStart` is on (ISO 8601, UTC). */
export function endOfSlotDay(slotStart: string): string {
  const ms = instantOf(slotStart);
  if (ms === null) throw new RangeError('endOfSlotDay needs a slot start as an ISO 8601 date-time');
  return new Date(instantAt(newYorkTime(new Date(ms)).date, 24 * 60)).toISOString();
}

/**
 * When a reservation made at `reservedAt` stops holding its bottles (decision 0375): for a slot
 * far ahead (isFarAhead), midnight ending the slot's New York day; else `expiresAt` (closing time
 * of the next open day after the slot's). Stored with the reservation when it is made.
 */
export function holdExpiresAt(slot: { start: string }, source: ShopHoursSource | null | undefined, reservedAt: Date): string {
  return isFarAhead(slot.start, reservedAt) ? endOfSlotDay(slot.start) : expiresAt(slot, source);
}

/**
 * When a stored reservation's hold ends, by the rule of `holdExpiresAt` whenever it was made
 * (decision 0375): the stored `expiresAt`, or for a slot far ahead of `createdAt` the end of the
 * slot's day when that is sooner. A reservation stored under the earlier rule (a day's grace after
 * every slot) is judged so too, without being written again; no hold ends later than it was told.
 */
export function heldUntil(reservation: { slotStart: string; createdAt: string; expiresAt: string }): string {
  const { slotStart, createdAt, expiresAt: stored } = reservation;
  if (!isFarAhead(slotStart, new Date(Date.parse(createdAt)))) return stored;
  const end = endOfSlotDay(slotStart);
  const told = Date.parse(stored);
  return Number.isFinite(told) && told <= Date.parse(end) ? stored : end;
}

/**
 * "Held until" as the customer and staff read it (decision 0375), New York time: "Wed, May 13, 9 PM",
 * or for a hold ending at midnight "the end of Tue, May 12"; '' for a time that is none.
 */
export function heldUntilText(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  const { date, minutes } = newYorkTime(new Date(ms));
  return minutes === 0 ? `the end of ${formatShortDate(addDays(date, -1))}` : `${formatShortDate(date)}, ${formatTime(wallClock(ms))}`;
}

/**
 * Whether customers can reserve at all at `now`, and why not: only while the shop has weekly
 * hours set (product §11), and only when at least one slot is free within the horizon.
 */
export function reservingStatus(source: ShopHoursSource | null | undefined, now: Date, options?: PickupSlotOptions): ReservingStatus {
  if (!weeklyHoursOf(source)) return { open: false, reason: PICKUP_MESSAGES.noHours };
  if (!slotDays(source, now, options, undefined, 1).length)
    return { open: false, reason: PICKUP_MESSAGES.noSlots(optionsOf(options).horizonDays) };
  return { open: true };
}
