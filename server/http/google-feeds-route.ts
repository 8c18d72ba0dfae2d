/**
 * /feeds/products.tsv and /feeds/local-inventory.tsv on the local server (decision 0379): built
 * from the catalogue as it is (server/catalogue/google-feeds.ts), cached as the sitemap is: one
 * build per store version, so any write (an edit, an import, a reservation's hold, a till file)
 * makes the next fetch build them again, and concurrent fetches share one build. Links are
 * absolute under the site's origin (PUBLIC_ORIGIN), never the request's Host.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FEED_CONTENT_TYPE, FEED_PATHS } from '../../shared/google-feeds';
import type { GoogleFeeds } from '../catalogue/google-feeds';
import type { ModelStore } from '../db/model-store';
import { Body, PerStoreVersion, sendBody } from './sitemap';

const PATHS = new Set<string>(Object.values(FEED_PATHS));

export class GoogleFeedsRoute {
  private readonly builds: PerStoreVersion<Map<string, Body>>;

  constructor(
    feeds: GoogleFeeds,
    store: ModelStore,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    this.builds = new PerStoreVersion(store, async () => {
      const built = await feeds.build();
      if (!built) throw new Error('the site origin is not known');
      return new Map([...built.files].map(([path, text]) => [path, new Body(Buffer.from(text))]));
    });
  }

  static handles(path: string): boolean {
    return PATHS.has(path);
  }

  async serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    let files: Map<string, Body>;
    try {
      files = await this.builds.current();
    } catch (error) {
      this.log('google feeds failed', error);
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '60' });
      res.end(req.method === 'HEAD' ? undefined : 'The feed is not available right now; try again in a minute.');
      return;
    }
    await sendBody(req, res, files.get(path)!, FEED_CONTENT_TYPE);
  }
}
