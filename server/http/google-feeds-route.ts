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
import { Body, sendBody } from './sitemap';

const PATHS = new Set<string>(Object.values(FEED_PATHS));

interface Build {
  version: string;
  files: Map<string, Body>;
}

export class GoogleFeedsRoute {
  private built: Build | null = null;
  private pending: { version: string; promise: Promise<Build> } | null = null;

  constructor(
    private readonly feeds: GoogleFeeds,
    private readonly store: ModelStore,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  static handles(path: string): boolean {
    return PATHS.has(path);
  }

  private async current(): Promise<Build> {
    const version = this.store.version;
    if (this.built?.version === version) return this.built;
    if (this.pending?.version === version) return this.pending.promise;
    const promise = this.feeds.build().then((built) => {
      if (!built) throw new Error('the site origin is not known');
      return { version, files: new Map([...built.files].map(([path, text]) => [path, new Body(Buffer.from(text))])) };
    });
    this.pending = { version, promise };
    try {
      const build = await promise;
      // Kept only if no write landed while the catalogue was read.
      if (this.store.version === version) this.built = build;
      return build;
    } finally {
      if (this.pending?.promise === promise) this.pending = null;
    }
  }

  async serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    let build: Build;
    try {
      build = await this.current();
    } catch (error) {
      this.log('google feeds failed', error);
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '60' });
      res.end(req.method === 'HEAD' ? undefined : 'The feed is not available right now; try again in a minute.');
      return;
    }
    await sendBody(req, res, build.files.get(path)!, FEED_CONTENT_TYPE);
  }
}
