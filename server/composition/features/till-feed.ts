/**
 * The till feed (decision 0377): the stock files a till drops into the till inbox are applied on a
 * schedule (locally every 15 s; in the cloud at once by the bucket's event, and every quarter hour),
 * and staff read the last one's outcome on /admin-items. The catalogue function runs it in the
 * cloud: it holds the items and the media bucket whose `till-inbox/` prefix is the inbox.
 */
import type { Feature } from '../feature';
import { CATALOGUE_FUNCTION } from '../lambdas';

export const tillFeedFeature: Feature = {
  name: 'till feed',
  lambda: CATALOGUE_FUNCTION,
  operations: {
    'Query.tillFeed': { callers: 'staff', run: ({ tillInbox }) => tillInbox.lastRun() },
  },
  schedules: {
    readTillInbox: async ({ tillInbox }) => (await tillInbox.sweep()).length,
  },
};
