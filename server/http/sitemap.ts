/**
 * /sitemap.xml (sitemaps.org protocol 0.9): the storefront's fixed pages (/home, the three menus,
 * /events, /aboutus) and one /item/<id> per item, with the item's updatedAt as <lastmod>. Items
 * are read as the public API key reads them (PublicQuery: the engine locally, AppSync from AWS's
 * page server, decision 0392), a page of 1000 at a time.
 *
 * One build per data version: any write makes the next request build it again (the same
 * invalidation as the GraphQL answers, ResponseCache), concurrent requests share one build, and
 * compressed copies are made once per build on first demand. Not kept in ResponseCache itself:
 * the sitemap is one document of several MB for a large catalogue (ResponseCache keeps nothing
 * over 8 MB) and must never be half evicted.
 *
 * The protocol caps a file at 50,000 URLs and 50 MB uncompressed. Past either, /sitemap.xml
 * becomes a sitemap index naming /sitemap-1.xml, /sitemap-2.xml, ... A build reads at most
 * MAX_SITEMAP_ITEMS items (a bound on its time and memory); items past it are left out and logged.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { DEPARTMENT_TAG_IDS, MAX_PAGE_SIZE } from '../../shared/catalogue';
import { itemPath, SPA_ROUTES } from '../../shared/spa-routes';
import type { ModelStore } from '../db/model-store';
import { escapeXml } from '../markup';
import type { PublicQuery } from './first-screen';

export const SITEMAP_PATH = '/sitemap.xml';
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The protocol's limits per file: URLs, and bytes before compression. */
export const MAX_URLS_PER_FILE = 50_000;
export const MAX_BYTES_PER_FILE = 50 * 1024 * 1024;
/** At most this many items in the sitemap (5 files at most; about 30 MB for UUID ids). */
export const MAX_SITEMAP_ITEMS = 200_000;

/** The storefront's own pages, in the navigation's order (product §2). */
export const FIXED_PAGES: readonly string[] = [
  SPA_ROUTES.home,
  ...DEPARTMENT_TAG_IDS.map((menu) => `${SPA_ROUTES.menu}?category=${menu}`),
  SPA_ROUTES.events,
  SPA_ROUTES.aboutus,
];

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const CHILD_PATH = /^\/sitemap-([1-9]\d{0,5})\.xml$/;
const ITEMS_QUERY = `query Sitemap($nextToken: String) { listItems(limit: ${MAX_PAGE_SIZE}, nextToken: $nextToken) { items { id updatedAt } nextToken } }`;

/** A page of the site: its path (with query) under the origin, and when it last changed. */
export interface SitemapEntry {
  path: string;
  lastmod?: string | null;
}

function urlElement(origin: string, entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
  return `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>\n`;
}

/**
 * The entries as <urlset> documents, as many as the limits need (one for any shop's catalogue
 * today). An entry too long for a file of its own (not possible with the API's ids) is left out.
 */
export function urlsetFiles(
  origin: string,
  entries: Iterable<SitemapEntry>,
  limits = { maxUrls: MAX_URLS_PER_FILE, maxBytes: MAX_BYTES_PER_FILE },
): string[] {
  const head = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
  const tail = '</urlset>\n';
  const files: string[] = [];
  let parts: string[] = [];
  let bytes = 0;
  const flush = () => {
    files.push(head + parts.join('') + tail);
    parts = [];
    bytes = 0;
  };
  const frame = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (const entry of entries) {
    const element = urlElement(origin, entry);
    const size = Buffer.byteLength(element);
    if (frame + size > limits.maxBytes) continue;
    if (parts.length === limits.maxUrls || frame + bytes + size > limits.maxBytes) flush();
    parts.push(element);
    bytes += size;
  }
  if (parts.length || files.length === 0) flush();
  return files;
}

/** A <sitemapindex> naming the child files at these paths. */
export function sitemapIndex(origin: string, children: ReadonlyArray<SitemapEntry>): string {
  const elements = children.map(
    ({ path, lastmod }) =>
      `<sitemap><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${elements.join('')}</sitemapindex>\n`;
}

/** A file as served: the bytes, their ETag, and compressed copies made on first demand (the sitemap's, the Google feeds'). */
export class Body {
  readonly etag: string;
  private readonly encoded = new Map<'br' | 'gzip', Promise<Buffer>>();

  constructor(readonly raw: Buffer) {
    this.etag = `W/"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`;
  }

  encoding(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let promise = this.encoded.get(encoding);
    if (!promise) {
      // Fast settings: built again after every write, unlike the static files' maximum ones.
      promise =
        encoding === 'br'
          ? promisify(brotliCompress)(this.raw, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.raw.length },
            })
          : promisify(gzip)(this.raw, { level: 6 });
      this.encoded.set(encoding, promise);
    }
    return promise;
  }
}

interface Build {
  version: string;
  files: Map<string, Body>;
  itemCount: number;
  truncated: boolean;
}

export interface SitemapDeps {
  query: PublicQuery;
  /** The data's version: the sitemap is built again at another (the store's writes; on AWS, a time window). */
  version: () => string;
  /** The origin of every URL (siteOrigin in config.ts): never from the request. */
  origin: () => string;
  log: (message: string, error?: unknown) => void;
}

export class Sitemap {
  private readonly builds: PerStoreVersion<Build>;

  constructor(private readonly deps: SitemapDeps) {
    this.builds = new PerStoreVersion(
      {
        get version() {
          return deps.version();
        },
      },
      (version) => this.build(version),
    );
  }

  /** Whether `path` is one of the sitemap's files (the index, or a child however many there are now). */
  static handles(path: string): boolean {
    return path === SITEMAP_PATH || CHILD_PATH.test(path);
  }

  /** The current build: the cached one while the store is unchanged, else a new one (shared by concurrent callers). */
  current(): Promise<Build> {
    return this.builds.current();
  }

  /** Answers GET or HEAD for one of the sitemap's paths (`Sitemap.handles`). */
  async serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    let build: Build;
    try {
      build = await this.current();
    } catch (error) {
      this.deps.log('sitemap failed', error);
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '60' });
      res.end(req.method === 'HEAD' ? undefined : 'The sitemap is not available right now; try again in a minute.');
      return;
    }
    const body = build.files.get(path);
    if (!body) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : 'Not found');
      return;
    }
    await sendBody(req, res, body, 'application/xml; charset=utf-8');
  }

  /** Every item's id and updatedAt as the public reads them, page by page (each page its own row budget). */
  private async items(): Promise<{ items: Array<{ id: string; updatedAt: string }>; truncated: boolean }> {
    const items: Array<{ id: string; updatedAt: string }> = [];
    let nextToken: string | null = null;
    do {
      const response = await this.deps.query(ITEMS_QUERY, { nextToken });
      const page = response.data?.listItems as { items?: Array<{ id: string; updatedAt: string }>; nextToken?: string | null } | undefined;
      if (response.errors?.length || !page?.items) throw new Error(`listItems failed: ${JSON.stringify(response.errors ?? null)}`);
      for (const item of page.items) {
        if (items.length === MAX_SITEMAP_ITEMS) return { items, truncated: true };
        items.push(item);
      }
      nextToken = page.nextToken ?? null;
    } while (nextToken);
    return { items, truncated: false };
  }

  private async build(version: string): Promise<Build> {
    const origin = this.deps.origin();
    const { items, truncated } = await this.items();
    if (truncated) this.deps.log(`sitemap: more than ${MAX_SITEMAP_ITEMS} items; the rest are left out`);
    const entries: SitemapEntry[] = [
      ...FIXED_PAGES.map((path) => ({ path })),
      ...items.map((item) => ({ path: itemPath(item.id), lastmod: item.updatedAt })),
    ];
    const documents = urlsetFiles(origin, entries);
    const files = new Map<string, Body>();
    if (documents.length === 1) {
      files.set(SITEMAP_PATH, new Body(Buffer.from(documents[0]!)));
    } else {
      const children = documents.map((document, i) => {
        const path = `/sitemap-${i + 1}.xml`;
        files.set(path, new Body(Buffer.from(document)));
        return { path, lastmod: latest(document) };
      });
      files.set(SITEMAP_PATH, new Body(Buffer.from(sitemapIndex(origin, children))));
    }
    return { version, files, itemCount: items.length, truncated };
  }
}

/**
 * Answers with a built file: revalidated on every fetch (cheap, with its ETag; a crawler never
 * reads a stale catalogue), compressed as the client accepts.
 */
export async function sendBody(req: IncomingMessage, res: ServerResponse, body: Body, contentType: string): Promise<void> {
  const headers: Record<string, string | number> = {
    'Content-Type': contentType,
    'Cache-Control': 'no-cache',
    ETag: body.etag,
    Vary: 'Accept-Encoding',
  };
  if (
    String(req.headers['if-none-match'] ?? '')
      .split(',')
      .some((tag) => tag.trim() === body.etag)
  ) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  const bytes = encoding ? await body.encoding(encoding) : body.raw;
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = bytes.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/**
 * What is built from the store as it is, once per store version (the sitemap, the Google feeds):
 * kept while the store is unchanged, built again after any write, one build shared by concurrent
 * callers, and kept only if no write landed while it was read (else the next caller builds again).
 */
export class PerStoreVersion<T> {
  private built: { version: string; value: T } | null = null;
  private pending: { version: string; promise: Promise<T> } | null = null;

  constructor(
    private readonly store: Pick<ModelStore, 'version'>,
    private readonly build: (version: string) => Promise<T>,
  ) {}

  async current(): Promise<T> {
    const version = this.store.version;
    if (this.built?.version === version) return this.built.value;
    if (this.pending?.version === version) return this.pending.promise;
    const promise = this.build(version);
    this.pending = { version, promise };
    try {
      const value = await promise;
      if (this.store.version === version) this.built = { version, value };
      return value;
    } finally {
      if (this.pending?.promise === promise) this.pending = null;
    }
  }
}

/** The latest <lastmod> in a urlset document (ISO timestamps of one format sort as text). */
function latest(document: string): string | null {
  let max: string | null = null;
  for (const match of document.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)) if (max === null || match[1]! > max) max = match[1]!;
  return max;
}
