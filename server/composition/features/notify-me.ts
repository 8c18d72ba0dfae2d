/**
 * "Notify me when it's back" (decision 0328): a customer's own requests, staff's demand counts, and
 * the one mail each when bottles come back: units a reservation put back, or an item written or
 * counted above 0 (an editor's save, an import, the till's stock file). A deleted account's
 * requests go with it.
 */
import { callerOf, type Feature } from '../feature';
import { CATALOGUE_FUNCTION } from '../lambdas';

export const notifyMeFeature: Feature = {
  name: 'notify me',
  // Beside the stock that answers it.
  lambda: CATALOGUE_FUNCTION,
  operations: {
    'Mutation.notifyMeWhenBack': {
      callers: 'signedIn',
      run: ({ notify }, args, context) => notify.notifyMeWhenBack(callerOf(context), args),
    },
    'Mutation.cancelNotifyMe': { callers: 'signedIn', run: ({ notify }, args, context) => notify.cancelNotifyMe(callerOf(context), args) },
    'Query.myNotifyRequests': { callers: 'signedIn', run: ({ notify }, _args, context) => notify.myNotifyRequests(callerOf(context)) },
    'Query.notifyDemand': { callers: 'staff', run: ({ notify }, _args, context) => notify.notifyDemand(callerOf(context)) },
  },
  reactions: {
    accountDeleted: ({ notify }, userId) => notify.forgetCustomer(userId),
    stockBack: ({ notify }, itemIds) => notify.answerBackInStock(itemIds),
    modelWritten: ({ notify }, write) => (write.model === 'Item' && write.after ? notify.answerBackInStock([write.after.id]) : undefined),
  },
};
