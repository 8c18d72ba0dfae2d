/**
 * The shop's features, in the order their reactions run (decision 0363): a deleted account's
 * reservations are cancelled (bottles back, answering "notify me") before its own "notify me"
 * requests go, then its RSVPs.
 */
import { accountsFeature } from './features/accounts';
import { activityFeature } from './features/activity';
import { catalogueFeature } from './features/catalogue';
import { mediaFeature } from './features/media';
import { notifyMeFeature } from './features/notify-me';
import { outboxFeature } from './features/outbox';
import { reservationsFeature } from './features/reservations';
import { rsvpsFeature } from './features/rsvps';
import { tillFeedFeature } from './features/till-feed';
import { googleFeedsFeature } from './features/google-feeds';
import type { Feature } from './feature';

export const SHOP_FEATURES: readonly Feature[] = [
  accountsFeature,
  mediaFeature,
  catalogueFeature,
  activityFeature,
  reservationsFeature,
  notifyMeFeature,
  rsvpsFeature,
  outboxFeature,
  tillFeedFeature,
  googleFeedsFeature,
];
