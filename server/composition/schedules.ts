/**
 * The shop's work on a clock (decision 0363): what each schedule is called, which function runs it
 * in the cloud and how often, and how often the local server runs it. Plain data, so the cloud
 * stack (amplify/backend.ts) builds its EventBridge rules from it without loading the services;
 * what each schedule does is its feature's (shop-features.ts).
 */
import { RSVP_REMINDER_CHECK_MINUTES } from '../../shared/rsvp-rules';
import { CATALOGUE_FUNCTION, type ShopLambda } from './lambdas';

export interface ScheduleCadence {
  lambda: ShopLambda;
  /** The cloud's EventBridge rate. */
  cloudEveryMinutes: number;
  /** The local server's timer. */
  localEveryMs: number;
  description: string;
  /** Also run at once when an object is stored under this prefix of the media bucket (an S3 event through EventBridge). */
  cloudOnObjectCreated?: string;
}

export const SHOP_SCHEDULES = {
  // Reservations past their time go back on the shelf (product §11).
  expireReservations: {
    lambda: CATALOGUE_FUNCTION,
    cloudEveryMinutes: 5,
    localEveryMs: 60_000,
    description: 'Expires reservations not picked up (product §11)',
  },
  // The day-before reminders of RSVPs (product §12, decision 0347).
  sendRsvpReminders: {
    lambda: CATALOGUE_FUNCTION,
    cloudEveryMinutes: RSVP_REMINDER_CHECK_MINUTES,
    localEveryMs: RSVP_REMINDER_CHECK_MINUTES * 60_000,
    description: 'Sends the day-before reminders of RSVPs (product §12)',
  },
  // The till's stock exports dropped into the till inbox (decision 0377): in the cloud at once, by
  // the bucket's event, and every quarter hour for a file whose event was lost.
  readTillInbox: {
    lambda: CATALOGUE_FUNCTION,
    cloudEveryMinutes: 15,
    localEveryMs: 15_000,
    description: 'Applies the stock files the till drops into the till inbox (decision 0377)',
    cloudOnObjectCreated: 'till-inbox/',
  },
  // Google's feeds (decision 0379): the cloud writes them where CloudFront serves them; the local
  // server builds them on each fetch, so its turn writes nothing.
  publishGoogleFeeds: {
    lambda: CATALOGUE_FUNCTION,
    cloudEveryMinutes: 15,
    localEveryMs: 15 * 60_000,
    description: 'Writes the Google local inventory feeds from the catalogue (decision 0379)',
  },
} as const satisfies Record<string, ScheduleCadence>;

export type ScheduleName = keyof typeof SHOP_SCHEDULES;

export const isScheduleName = (name: unknown): name is ScheduleName => typeof name === 'string' && Object.hasOwn(SHOP_SCHEDULES, name);
