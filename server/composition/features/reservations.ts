/**
 * Reserve for pickup (product §11): the customer's pickup list and reservations, staff's list and
 * actions, and the expiry of holds not picked up. The service checks who calls (a customer on their
 * own, staff on all). A deleted account's open reservations are cancelled first (decision 0304).
 */
import { callerOf, type Feature } from '../feature';
import { CATALOGUE_FUNCTION } from '../lambdas';

export const reservationsFeature: Feature = {
  name: 'reservations',
  // Beside the items whose stock it holds.
  lambda: CATALOGUE_FUNCTION,
  operations: {
    'Query.myPickupList': { callers: 'signedIn', run: ({ reservations }, _args, context) => reservations.myPickupList(callerOf(context)) },
    'Mutation.setPickupListLine': {
      callers: 'signedIn',
      run: ({ reservations }, args, context) => reservations.setPickupListLine(callerOf(context), args),
    },
    'Mutation.reserve': { callers: 'signedIn', run: ({ reservations }, args, context) => reservations.reserve(callerOf(context), args) },
    'Query.myReservations': {
      callers: 'signedIn',
      run: ({ reservations }, _args, context) => reservations.myReservations(callerOf(context)),
    },
    'Mutation.cancelMyReservation': {
      callers: 'signedIn',
      run: ({ reservations }, args, context) => reservations.cancelMyReservation(callerOf(context), args),
    },
    'Mutation.changeReservation': {
      callers: 'signedIn',
      run: ({ reservations }, args, context) => reservations.changeReservation(callerOf(context), args),
    },
    'Query.listReservations': {
      callers: 'staff',
      run: ({ reservations }, args, context) => reservations.listReservations(callerOf(context), args),
    },
    'Query.relatedReservations': {
      callers: 'staff',
      run: ({ reservations }, args, context) => reservations.relatedReservations(callerOf(context), args),
    },
    'Mutation.reservationAction': {
      callers: 'staff',
      run: ({ reservations }, args, context) => reservations.reservationAction(callerOf(context), args),
    },
  },
  reactions: {
    accountDeleted: ({ reservations }, userId) => reservations.cancelForDeletedAccount(userId),
  },
  schedules: {
    expireReservations: ({ reservations }, now) => reservations.expireReservations(now),
  },
};
