/**
 * An RSVP and its event as the service reads them: the types the service and its mails share,
 * apart from both so neither imports the other for them.
 */
import type { RsvpEvent, RsvpStatus } from '../../shared/rsvp-rules';

/** An RSVP as stored. */
export interface StoredRsvp {
  id: string;
  eventId: string;
  userId: string;
  partySize: number;
  status: RsvpStatus;
  /** When the customer joined the waiting list (their place in line); null unless Waiting. */
  waitingSince: string | null;
  checkedInAt: string | null;
  /** When the day-before reminder went out (sent once: decision 0347). */
  remindedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the service reads of an event. */
export interface RsvpEventRecord extends RsvpEvent {
  id: string;
  name: string;
  description?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}
