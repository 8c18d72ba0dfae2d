/**
 * Google's local inventory feeds (decision 0379): /feeds/products.tsv and
 * /feeds/local-inventory.tsv. The local server serves them as routes, built on each fetch; in the
 * cloud the catalogue function writes them to the media bucket's `feeds/` every quarter hour,
 * which CloudFront serves at the same paths. No operation: the admin items screen counts the rows
 * from the items it has (shared/google-feeds.ts `feedPlan`).
 */
import type { Feature } from '../feature';
import { CATALOGUE_FUNCTION } from '../lambdas';

export const googleFeedsFeature: Feature = {
  name: 'google feeds',
  lambda: CATALOGUE_FUNCTION,
  operations: {},
  schedules: {
    publishGoogleFeeds: ({ googleFeeds }) => googleFeeds.publish(),
  },
};
