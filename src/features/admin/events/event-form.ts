/**
 * The admin Events screen's rules, pure (no React, no I/O): the editor's validation and what it
 * sends (product §4 Event editor, §5 Event create), and the sort orders (product §4 Event sort).
 */
import { DEFAULT_RSVP_PARTY_LIMIT, RSVP_FIELD_RANGES, RSVP_MESSAGES, rsvpFieldsProblem } from '../../../../shared/rsvp-rules';
import type { EventRecord } from '../../../lib/catalogue';
import { parseLocalDate } from '../../../lib/format';

/** product §8 Events, plus the two successes the original specification did not name (docs/decisions/). */
export const EVENT_MESSAGES = {
  missingFields: 'Please fill out all fields',
  loadFailed: 'Error loading events',
  createFailed: 'Error saving event',
  updateFailed: 'Error updating event',
  deleteFailed: 'Error Deleting Event',
  created: 'Event Created',
  updated: 'Event Updated',
  deleted: 'Event Deleted',
} as const;

/** An event as the admin screen reads it: every field of the API's Event. */
export type AdminEvent = EventRecord;

/** The editor's fields as typed (`time` is '' when not set); the RSVP settings (decision 0351) as typed too. */
export interface EventForm {
  name: string;
  date: string;
  time: string;
  description: string;
  takesRsvp: boolean;
  capacity: string;
  partyLimit: string;
  waitingList: boolean;
  isTasting: boolean;
}

export const EMPTY_EVENT_FORM: EventForm = {
  name: '',
  date: '',
  time: '',
  description: '',
  takesRsvp: false,
  capacity: '',
  partyLimit: String(DEFAULT_RSVP_PARTY_LIMIT),
  waitingList: false,
  isTasting: false,
};

export const eventToForm = (event: AdminEvent): EventForm => ({
  name: event.name,
  date: event.date,
  time: event.time ?? '',
  description: event.description,
  takesRsvp: event.takesRsvp === true,
  capacity: typeof event.rsvpCapacity === 'number' ? String(event.rsvpCapacity) : '',
  partyLimit: String(event.rsvpPartyLimit ?? DEFAULT_RSVP_PARTY_LIMIT),
  waitingList: event.rsvpWaitingList === true,
  isTasting: event.isTasting === true,
});

/** The fields typed as text. */
export type EventField = 'name' | 'date' | 'time' | 'description' | 'capacity' | 'partyLimit';

/** The first required field left empty (name, date, description), or null. Both modes (the original specification checked create only; product §10). */
export function missingEventField(form: EventForm): EventField | null {
  if (form.name.trim() === '') return 'name';
  if (form.date.trim() === '' || parseLocalDate(form.date) === null) return 'date';
  if (form.description.trim() === '') return 'description';
  return null;
}

/** What create and update send besides id and img. */
export interface EventFields {
  name: string;
  date: string;
  time: string | null;
  description: string;
  takesRsvp: boolean;
  isTasting: boolean;
  /** Sent only while the event takes RSVPs: turning them off keeps the numbers for turning them on again. */
  rsvpCapacity?: number | null;
  rsvpPartyLimit?: number | null;
  rsvpWaitingList?: boolean;
}

/** A whole number as typed ("24"), or null when empty; NaN when it is not one. */
const wholeNumber = (text: string): number | null =>
  text.trim() === '' ? null : /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : NaN;

/** The fields to send: trimmed text, an empty time as null, the RSVP numbers as numbers. */
export function eventInput(form: EventForm): EventFields {
  const time = form.time.trim();
  const fields: EventFields = {
    name: form.name.trim(),
    date: form.date.trim(),
    time: time === '' ? null : time,
    description: form.description.trim(),
    takesRsvp: form.takesRsvp,
    isTasting: form.isTasting,
  };
  if (!form.takesRsvp) return fields;
  return {
    ...fields,
    rsvpCapacity: wholeNumber(form.capacity),
    rsvpPartyLimit: wholeNumber(form.partyLimit) ?? DEFAULT_RSVP_PARTY_LIMIT,
    rsvpWaitingList: form.waitingList,
  };
}

/**
 * Why the RSVP settings cannot be saved, with the field to point at; null when they can. The
 * rules are the server's own (shared/rsvp-rules.ts); a capacity below the places already taken is
 * the server's to refuse (it knows the count at the moment of the write).
 */
export function rsvpSettingsProblem(form: EventForm): { field: EventField; message: string } | null {
  if (!form.takesRsvp) return null;
  const input = eventInput(form);
  const capacity = RSVP_FIELD_RANGES.rsvpCapacity;
  if (input.rsvpCapacity === null) return { field: 'capacity', message: RSVP_MESSAGES.capacityRequired };
  if (Number.isNaN(input.rsvpCapacity))
    return { field: 'capacity', message: RSVP_MESSAGES.field(capacity.label, capacity.min, capacity.max) };
  const limit = RSVP_FIELD_RANGES.rsvpPartyLimit;
  if (Number.isNaN(input.rsvpPartyLimit)) return { field: 'partyLimit', message: RSVP_MESSAGES.field(limit.label, limit.min, limit.max) };
  const problem = rsvpFieldsProblem({ ...input });
  if (!problem) return null;
  return { field: problem.startsWith(limit.label) ? 'partyLimit' : 'capacity', message: problem };
}

/** product §4's event sort options, in the dropdown's order. */
export const EVENT_SORTS = ['A-Z', 'Z-A', 'Date Soonest', 'Date Latest'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];
export const DEFAULT_EVENT_SORT: EventSort = 'Date Soonest';

export const isEventSort = (value: string): value is EventSort => (EVENT_SORTS as readonly string[]).includes(value);

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** A missing time sorts after the set times of its day. */
const timeKey = (time: string | null) => (time && /^\d{1,2}:\d{2}/.test(time) ? time.padStart(5, '0') : '99:99');
const when = (event: AdminEvent) => `${event.date} ${timeKey(event.time)}`;
const byName = (a: AdminEvent, b: AdminEvent) => collator.compare(a.name, b.name);
const byWhen = (a: AdminEvent, b: AdminEvent) => when(a).localeCompare(when(b));

/**
 * The events in the chosen order (a new array). Names compare as people read them (case and
 * accents aside, numbers by value); dates with their times. Ties fall back to the other key.
 */
export function sortEvents(events: readonly AdminEvent[], sort: EventSort): AdminEvent[] {
  const sorted = [...events];
  switch (sort) {
    case 'A-Z':
      return sorted.sort((a, b) => byName(a, b) || byWhen(a, b));
    case 'Z-A':
      return sorted.sort((a, b) => byName(b, a) || byWhen(a, b));
    case 'Date Soonest':
      return sorted.sort((a, b) => byWhen(a, b) || byName(a, b));
    case 'Date Latest':
      return sorted.sort((a, b) => byWhen(b, a) || byName(a, b));
  }
}
