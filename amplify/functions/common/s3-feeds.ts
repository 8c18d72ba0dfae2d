/**
 * Google's feeds in the cloud (decision 0379): the catalogue function's schedule writes them to the
 * media bucket's `feeds/` prefix, which CloudFront serves (a behaviour of its own, cached 5
 * minutes) and Amplify Hosting rewrites /feeds/<*> to (README), so Merchant Center fetches them
 * at the same paths as on the local server.
 */
import { FEED_CONTENT_TYPE } from '../../../shared/google-feeds';
import type { FeedPublisher } from '../../../server/catalogue/google-feeds';
import type { ObjectPort } from './s3-images';

export const FEEDS_KEY_PREFIX = 'feeds/';

/** A feed's path (/feeds/products.tsv) as its key (feeds/products.tsv). */
export const feedKey = (path: string): string => path.replace(/^\/+/, '');

export function s3FeedPublisher(objects: Pick<ObjectPort, 'put'>): FeedPublisher {
  return {
    write: (path, text) => objects.put(feedKey(path), Buffer.from(text), FEED_CONTENT_TYPE, 'public, max-age=300'),
  };
}
