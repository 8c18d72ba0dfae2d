/**
 * An event's guest list for staff (decision 0352), pure: the count on the event's row ("18 of 24
 * places, 3 waiting"), the list in its order (coming first, by when they answered; then the waiting
 * list in its order) and the CSV export with the event's date in its file name.
 */
import { eventFileName } from '../../../../shared/event-schedule';
import { RSVP_MESSAGES } from '../../../../shared/rsvp-rules';
import { csvText } from '../common/csv-text';
import type { AdminEvent } from './event-form';
import type { StaffRsvp } from './api';

const places = (count: number) => (count === 1 ? '1 place' : `${count} places`);

/** "18 of 24 places, 3 waiting"; from the RSVPs when they are loaded, else from the event's own count. */
export function rsvpCountText(event: AdminEvent, rsvps?: readonly StaffRsvp[]): string {
  if (event.cancelledAt) return RSVP_MESSAGES.cancelledLabel;
  const going = rsvps
    ? rsvps.filter((rsvp) => rsvp.status === 'Going').reduce((sum, rsvp) => sum + rsvp.partySize, 0)
    : (event.rsvpTaken ?? 0);
  const waiting = rsvps?.filter((rsvp) => rsvp.status === 'Waiting').length ?? 0;
  const text = `${going} of ${places(event.rsvpCapacity ?? 0)}`;
  return waiting ? `${text}, ${waiting} waiting` : text;
}

/** Coming first (by when they answered), then the waiting list in line order; cancelled ones left out. */
export function guestListOrder(rsvps: readonly StaffRsvp[]): StaffRsvp[] {
  const going = rsvps.filter((rsvp) => rsvp.status === 'Going').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const waiting = rsvps
    .filter((rsvp) => rsvp.status === 'Waiting')
    .sort((a, b) => (a.waitingPosition ?? Infinity) - (b.waitingPosition ?? Infinity) || a.createdAt.localeCompare(b.createdAt));
  return [...going, ...waiting];
}

const answeredFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' });

/** When the guest answered, in New York time ("Nov 27, 2026, 9:41 AM"). */
export const answeredAt = (rsvp: Pick<StaffRsvp, 'createdAt'>) => answeredFormat.format(new Date(rsvp.createdAt));

/** "Going", "Waiting (2)". */
export const rsvpStatusText = (rsvp: Pick<StaffRsvp, 'status' | 'waitingPosition'>) =>
  rsvp.status === 'Waiting' && rsvp.waitingPosition ? `Waiting (${rsvp.waitingPosition})` : rsvp.status;

export const GUEST_CSV_COLUMNS = ['Name', 'Party size', 'E-mail', 'Answered', 'Status', 'Checked in'] as const;

/** The list as CSV, in the order shown. */
export function guestListCsv(rsvps: readonly StaffRsvp[]): string {
  return csvText(
    GUEST_CSV_COLUMNS,
    guestListOrder(rsvps).map((rsvp) => [
      rsvp.customerName ?? '',
      String(rsvp.partySize),
      rsvp.customerEmail ?? '',
      answeredAt(rsvp),
      rsvpStatusText(rsvp),
      rsvp.checkedInAt ? answeredFormat.format(new Date(rsvp.checkedInAt)) : '',
    ]),
  );
}

/** "guests-2026-12-05-wine-tasting.csv": the event's date first, then its name as its .ics file spells it. */
export const guestListFileName = (event: Pick<AdminEvent, 'date' | 'name'>) =>
  `guests-${event.date}-${eventFileName(event).replace(/\.ics$/, '')}.csv`;
