/**
 * RSVPs to shop events and tastings (product §12, decisions 0343-0349): the bounds of an event's RSVP
 * fields, their defaults, when an event takes answers and the texts customers see ("12 places left",
 * "Full", "Closed"). Pure; the Event editor checks as staff type, and both backends' model-write
 * guards and RSVP paths check again (security is the server's job).
 */
import { eventSchedule, newYorkInstant } from './event-schedule';
import { addDays } from './shop-hours';

/** Places one customer may take when the event sets none. */
export const DEFAULT_RSVP_PARTY_LIMIT = 4;

/** What the Event editor may set: whole numbers in these ranges. */
export const RSVP_FIELD_RANGES = {
  rsvpCapacity: { label: 'Capacity', min: 1, max: 500 },
  rsvpPartyLimit: { label: 'Places per customer', min: 1, max: 20 },
} as const;

/** The fields only the server writes: refused from every client by both model-write guards. */
export const RSVP_SERVER_FIELDS = ['rsvpTaken', 'cancelledAt'] as const;

/** The boolean fields of an event's RSVP settings. */
export const RSVP_FLAG_FIELDS = ['takesRsvp', 'rsvpWaitingList', 'isTasting'] as const;

export const RSVP_STATUSES = ['Going', 'Waiting', 'Cancelled'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** Longest reason staff may give when cancelling an event (the guests' mail quotes it: decision 0348). */
export const MAX_CANCEL_REASON_LENGTH = 300;

/** Reminder e-mails go out from this New York time on the day before the event (decision 0347). */
export const RSVP_REMINDER_MINUTES = 10 * 60;
/** How often both backends look for reminders due: the local server's timer, the cloud's schedule. */
export const RSVP_REMINDER_CHECK_MINUTES = 15;

export const RSVP_MESSAGES = {
  /** What the RSVP control shows. */
  full: 'Full',
  closed: 'Closed',
  cancelledLabel: 'Cancelled',
  placesLeft: (places: number) => (places === 1 ? '1 place left' : `${places} places left`),
  /** Refusals both backends send. */
  fullRefused: 'This event is full',
  closedRefused: 'RSVPs are closed: the event has started',
  eventCancelled: 'This event was cancelled',
  notTakingRsvps: 'This event does not take RSVPs',
  noEvent: 'There is no such event',
  partySize: (max: number) => `Choose a party of 1 to ${max}`,
  /** A guest already coming asked for a larger party than fits: `places` counts their own. */
  onlyLeft: (places: number) => `Only ${places} ${places === 1 ? 'place is' : 'places are'} free for your party`,
  noRsvp: 'You have no RSVP for this event',
  noSuchRsvp: 'There is no such RSVP',
  cancelledRsvp: 'This RSVP was cancelled',
  checkInNotGoing: 'Only a guest who is coming can be checked in',
  alreadyCancelledEvent: 'This event was already cancelled',
  reasonLength: `The reason is at most ${MAX_CANCEL_REASON_LENGTH} characters`,
  /** The Event editor (and the model-write guard). */
  field: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}`,
  capacityRequired: 'Give the capacity of an event that takes RSVPs',
  flag: (name: string) => `${name} must be true or false`,
  serverOnly: (name: string) => `${name} is set by the shop's server, not by an editor`,
} as const;

/** The RSVP fields of an Event record. */
export interface RsvpEventFields {
  takesRsvp?: boolean | null;
  rsvpCapacity?: number | null;
  rsvpPartyLimit?: number | null;
  rsvpWaitingList?: boolean | null;
  isTasting?: boolean | null;
  rsvpTaken?: number | null;
  cancelledAt?: string | null;
}

export interface RsvpEvent extends RsvpEventFields {
  date: string;
  time?: string | null;
}

const rangeProblem = (name: keyof typeof RSVP_FIELD_RANGES, value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const { label, min, max } = RSVP_FIELD_RANGES[name];
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? null : RSVP_MESSAGES.field(label, min, max);
};

/**
 * Why an editor's write of an event's RSVP fields cannot be stored; null when it can. An event
 * that takes RSVPs is written with its capacity (the editor sends every field; an update turning
 * RSVPs on without one is refused rather than judged against a record it did not read).
 */
export function rsvpFieldsProblem(fields: Readonly<Record<string, unknown>>): string | null {
  for (const name of RSVP_SERVER_FIELDS) if (name in fields) return RSVP_MESSAGES.serverOnly(name);
  for (const name of RSVP_FLAG_FIELDS) {
    const value = fields[name];
    if (value !== null && value !== undefined && typeof value !== 'boolean') return RSVP_MESSAGES.flag(name);
  }
  for (const name of Object.keys(RSVP_FIELD_RANGES) as (keyof typeof RSVP_FIELD_RANGES)[]) {
    const problem = rangeProblem(name, fields[name]);
    if (problem) return problem;
  }
  if (fields.takesRsvp === true && (fields.rsvpCapacity === null || fields.rsvpCapacity === undefined))
    return RSVP_MESSAGES.capacityRequired;
  return null;
}

/** The places one customer may take at this event. */
export function rsvpPartyLimit(event: RsvpEventFields): number {
  const limit = event.rsvpPartyLimit;
  return rangeProblem('rsvpPartyLimit', limit) === null && typeof limit === 'number' ? limit : DEFAULT_RSVP_PARTY_LIMIT;
}

/** Why a party size cannot be asked for at this event; null when it can. */
export function partySizeProblem(event: RsvpEventFields, partySize: unknown): string | null {
  const limit = rsvpPartyLimit(event);
  return Number.isInteger(partySize) && (partySize as number) >= 1 && (partySize as number) <= limit
    ? null
    : RSVP_MESSAGES.partySize(limit);
}

/** When the event starts (ms since the epoch): its start time in New York, or the start of its day when it has none. */
export function eventStartInstant(event: Pick<RsvpEvent, 'date' | 'time'>): number | null {
  const schedule = eventSchedule(event);
  if (!schedule) return null;
  return newYorkInstant(schedule.allDay ? { date: schedule.date, minutes: 0 } : schedule.start);
}

/** When the day-before reminder of the event is due: 10:00 New York time the day before its date (decision 0347). */
export function rsvpReminderDueAt(event: Pick<RsvpEvent, 'date'>): number {
  return newYorkInstant({ date: addDays(event.date, -1), minutes: RSVP_REMINDER_MINUTES });
}

/** Places still free (never below 0). */
export function placesLeft(event: RsvpEventFields): number {
  return Math.max(0, (event.rsvpCapacity ?? 0) - (event.rsvpTaken ?? 0));
}

export type RsvpState = 'none' | 'open' | 'full' | 'closed' | 'cancelled';

/**
 * Where the event stands for RSVPs at `now`: none (it takes none), cancelled, closed (started),
 * full, or open; with the label customers see.
 */
export function rsvpStateOf(event: RsvpEvent, now: number): { state: RsvpState; placesLeft: number; label: string | null } {
  const left = placesLeft(event);
  if (!event.takesRsvp) return { state: 'none', placesLeft: 0, label: null };
  if (event.cancelledAt) return { state: 'cancelled', placesLeft: 0, label: RSVP_MESSAGES.cancelledLabel };
  const start = eventStartInstant(event);
  if (start === null || now >= start) return { state: 'closed', placesLeft: 0, label: RSVP_MESSAGES.closed };
  if (left === 0) return { state: 'full', placesLeft: 0, label: RSVP_MESSAGES.full };
  return { state: 'open', placesLeft: left, label: RSVP_MESSAGES.placesLeft(left) };
}

/** Why the event takes no answer now (both backends' rsvp and cancel paths); null when it takes one. */
export function rsvpClosedProblem(event: RsvpEvent, now: number): string | null {
  const { state } = rsvpStateOf(event, now);
  if (state === 'none') return RSVP_MESSAGES.notTakingRsvps;
  if (state === 'cancelled') return RSVP_MESSAGES.eventCancelled;
  if (state === 'closed') return RSVP_MESSAGES.closedRefused;
  return null;
}

/** What an RSVP answer becomes, given the places free without the caller's own (decision 0345). */
export function rsvpOutcome(
  event: RsvpEventFields,
  partySize: number,
  freeForCaller: number,
  currentStatus: RsvpStatus | null,
): { status: 'Going' | 'Waiting' } | { refused: string } {
  if (partySize <= freeForCaller) return { status: 'Going' };
  // A guest already coming who asks for more than is free keeps their places (told how many are free to them).
  if (currentStatus === 'Going') return { refused: RSVP_MESSAGES.onlyLeft(freeForCaller) };
  if (event.rsvpWaitingList) return { status: 'Waiting' };
  return { refused: RSVP_MESSAGES.fullRefused };
}

/**
 * The waiting list moving up once (decision 0345): in line order, each waiting party that fits in
 * the places now free is promoted, until none fits. Returns the ids promoted.
 */
export function promotions<T extends { id: string; partySize: number }>(waitingInLineOrder: readonly T[], free: number): T[] {
  const promoted: T[] = [];
  let left = free;
  for (const rsvp of waitingInLineOrder) {
    if (rsvp.partySize <= left) {
      promoted.push(rsvp);
      left -= rsvp.partySize;
    }
    if (left === 0) break;
  }
  return promoted;
}
