/**
 * RSVPs to events (product §12): a customer's own answers, staff's guest lists, check-in and
 * cancelling an event, and the day-before reminders (decision 0347). An event deleted with RSVPs
 * tells its guests as cancelling it does (decision 0348); a deleted account's RSVPs are cancelled,
 * the places going to the waiting lists.
 */
import { callerOf, type Feature } from '../feature';
import { CATALOGUE_FUNCTION } from '../lambdas';
import type { RsvpEventRecord } from '../../rsvps/rsvp-types';

export const rsvpsFeature: Feature = {
  name: 'RSVPs',
  // Beside the events whose places they count.
  lambda: CATALOGUE_FUNCTION,
  operations: {
    'Mutation.rsvp': { callers: 'signedIn', run: ({ rsvps }, args, context) => rsvps.rsvp(callerOf(context), args) },
    'Mutation.cancelMyRsvp': { callers: 'signedIn', run: ({ rsvps }, args, context) => rsvps.cancelMyRsvp(callerOf(context), args) },
    'Query.myRsvps': { callers: 'signedIn', run: ({ rsvps }, _args, context) => rsvps.myRsvps(callerOf(context)) },
    'Query.eventRsvps': { callers: 'staff', run: ({ rsvps }, args, context) => rsvps.eventRsvps(callerOf(context), args) },
    'Mutation.checkInRsvp': { callers: 'staff', run: ({ rsvps }, args, context) => rsvps.checkInRsvp(callerOf(context), args) },
    'Mutation.cancelEvent': { callers: 'staff', run: ({ rsvps }, args, context) => rsvps.cancelEvent(callerOf(context), args) },
  },
  reactions: {
    accountDeleted: ({ rsvps }, userId) => rsvps.cancelForDeletedAccount(userId),
    modelWritten: ({ rsvps }, write) =>
      write.model === 'Event' && write.op === 'delete' && write.before
        ? rsvps.eventDeleted(write.before as unknown as RsvpEventRecord)
        : undefined,
  },
  schedules: {
    sendRsvpReminders: ({ rsvps }, now) => rsvps.sendRsvpReminders(now),
  },
};
