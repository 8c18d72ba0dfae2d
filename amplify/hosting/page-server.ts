/**
 * The storefront's pages on AWS (decision 0392): the Node.js server Amplify Hosting runs as the
 * app's compute (its deployment specification: `node server.mjs`, listening on port 3000), built by
 * scripts/build-hosting.ts. Every path that is not a file comes here and gets what the local server
 * sends for it: the page's head, its first-screen answers inlined, and for the public pages the body
 * drawn from the SPA's own components under the 21+ gate (decision 0388). The same modules build
 * it (server/http/page-head.ts, page-shell.ts, page-markup.ts); only the reads differ: through
 * AppSync, as a visitor with the public API key.
 *
 * Nothing is kept between requests, since AppSync cannot say when the data changed: a page is as
 * fresh as the SPA's own reads, and costs AppSync the reads the SPA would have made (which the
 * inlined answers spare it). Requests for a page whose build is under way join it; a department
 * menu too big to inline, drawn from its whole list, is drawn again at most every
 * WHOLE_LIST_REDRAW_MS, as locally. A page's reads share one deadline (PAGE_READS_MS).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cookieSaysAgeVerified } from '../../shared/age-verified-cookie';
import { describeError } from '../../shared/log-line';
import { shopDefaults } from '../../shared/shop';
import { matchSpaRoute } from '../../shared/spa-routes';
import type { PublicAnswer, PublicQuery } from '../../server/http/first-screen';
import { canonicalRedirect, renderPage } from '../../server/http/page-head';
import { PageMarkup } from '../../server/http/page-markup';
import { PageShell } from '../../server/http/page-shell';
import { ResponseCache } from '../../server/http/response-cache';
import { Sitemap } from '../../server/http/sitemap';

/** What scripts/build-hosting.ts writes beside this server. */
export const PAGE_SERVER_CONFIG = 'page-server.json';
export interface PageServerConfig {
  /** Scheme and host of the shop's absolute URLs (canonical links, structured data). */
  origin: string;
}

/** The directory of the built SPA within the compute bundle (index.html, its route chunk list, the page renderer). */
export const COMPUTE_DIST_DIR = 'dist';

/**
 * How long a sitemap is sent before it is built again from AppSync (every item's id and date): a
 * crawler reads it a few times a day, and a new bottle's page is linked from its menu meanwhile.
 */
export const SITEMAP_REBUILD_MS = 10 * 60_000;

/**
 * All the reads of one page, in this long: past it the rest fail at once and the page goes without
 * its answers (the app reads them). A page's reads follow one another (an item's sizes need the
 * item), and Amplify's compute gives a request 30 s.
 */
export const PAGE_READS_MS = 5_000;

/** At most one line per this long about failed reads: an expired API key or a firewall block fails every page. */
const READ_FAILURE_LOG_MS = 60_000;

/**
 * The public API key's reads of AppSync at `url`, a visitor's, so the same rules answer them; each
 * made with a `deadline` (a page's). A refusal (the firewall's 429, the key expired), an outage or
 * the deadline is an error like any other: the page goes without that answer, and the operator
 * gets a line.
 */
export function appSyncReader(url: string, apiKey: string, log: (line: string) => void): (deadline: AbortSignal) => PublicQuery {
  let loggedAt = Number.NEGATIVE_INFINITY;
  const failed = (why: string): PublicAnswer => {
    if (Date.now() - loggedAt >= READ_FAILURE_LOG_MS) {
      loggedAt = Date.now();
      log(JSON.stringify({ event: 'page-read-failed', error: why.slice(0, 256) }));
    }
    return { errors: [{ message: why }] };
  };
  return (deadline) => async (query, variables) => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ query, variables }),
        signal: deadline,
      });
      if (!response.ok) return failed(`AppSync answered ${response.status}`);
      const answer = (await response.json()) as PublicAnswer;
      if (answer.errors?.length && !answer.data) return failed(JSON.stringify(answer.errors));
      return answer;
    } catch (error) {
      return failed(describeError(error));
    }
  };
}

/**
 * The page cache of a server that keeps nothing between requests (AppSync cannot say when the
 * data changed). renderPage still joins a request to a build of the same page already under way,
 * so a burst of one page costs one set of reads, and keeps a big menu's drawing for its interval.
 */
class KeepNothing extends ResponseCache {
  override get(): undefined {
    return undefined;
  }
  override set(): void {}
}

/**
 * The local server's security headers (server/http/security-headers.ts) but its content policy,
 * which names the local API: here a page may not be framed, and what it loads is Amplify's to say.
 */
const PAGE_SECURITY_HEADERS = {
  'content-security-policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

export interface PageServerDeps {
  /** The reads of one page, all before `deadline`. */
  read: (deadline: AbortSignal) => PublicQuery;
  sitemap: Sitemap;
  shell: PageShell;
  markup: PageMarkup | null;
  /** The client config as the SPA reads it (amplify_outputs.json), inlined in every page. */
  outputsJson: string;
  origin: string;
  now?: () => number;
  log?: (line: string) => void;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, html: string, vary: string): void {
  const raw = Buffer.from(html);
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? gzipSync(raw, { level: 6 }) : raw;
  res.writeHead(status, {
    ...PAGE_SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-cache',
    vary,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The request handler: GET and HEAD of any path Amplify's routes hand to the compute. */
export function pageHandler(deps: PageServerDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const cache = new KeepNothing();
  const log = deps.log ?? ((line: string) => console.error(line));
  return async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
        return void res.end('Method not allowed');
      }
      const url = new URL(req.url ?? '/', 'http://pages');
      if (url.pathname === '/') return void res.writeHead(302, { location: '/home' }).end();
      if (Sitemap.handles(url.pathname)) return await deps.sitemap.serve(req, res, url.pathname);
      const canonical = canonicalRedirect(url);
      if (canonical) return void res.writeHead(301, { location: canonical, 'content-length': 0 }).end();
      const route = matchSpaRoute(url.pathname);
      const page = await renderPage(url, {
        query: deps.read(AbortSignal.timeout(PAGE_READS_MS)),
        version: () => 'appsync',
        cache,
        origin: () => deps.origin,
        defaults: shopDefaults,
        now: deps.now,
        markup: deps.markup,
        onBodyFailed: (path, error) =>
          log(JSON.stringify({ event: 'page-body-failed', path: path.slice(0, 256), error: describeError(error) })),
      }).catch((error: unknown) => {
        log(JSON.stringify({ event: 'page-render-failed', path: url.pathname.slice(0, 256), error: describeError(error) }));
        return { status: route ? 200 : 404, head: undefined, firstScreen: '', body: '', drawnAt: 0 };
      });
      const ageGate = page.body && deps.markup && !cookieSaysAgeVerified(req.headers.cookie) ? deps.markup.ageGate : '';
      const html = deps.shell.html(deps.outputsJson, page.firstScreen, { ...page, ageGate, route: route?.name });
      // A drawn page holds the 21+ gate or not by the visitor's cookie: no cache may hand one visitor's to another.
      send(req, res, page.status, html, page.body ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
    } catch (error) {
      log(JSON.stringify({ event: 'page-server-error', error: describeError(error) }));
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Server error');
    }
  };
}

/** Starts the server of the compute bundle in `bundleDir` on `port`. */
export async function startPageServer(bundleDir: string, port: number, host?: string) {
  const outputsJson = readFileSync(join(bundleDir, 'amplify_outputs.json'), 'utf8');
  const outputs = JSON.parse(outputsJson) as { data: { url: string; api_key: string } };
  const config = JSON.parse(readFileSync(join(bundleDir, PAGE_SERVER_CONFIG), 'utf8')) as PageServerConfig;
  const distDir = join(bundleDir, COMPUTE_DIST_DIR);
  const log = (line: string) => console.error(line);
  const read = appSyncReader(outputs.data.url, outputs.data.api_key, log);
  const handle = pageHandler({
    read,
    sitemap: new Sitemap({
      // Each of its reads on its own deadline: a big catalogue's sitemap is many pages.
      query: (query, variables) => read(AbortSignal.timeout(PAGE_READS_MS))(query, variables),
      version: () => String(Math.floor(Date.now() / SITEMAP_REBUILD_MS)),
      origin: () => config.origin,
      log: (message, error) => log(error === undefined ? message : `${message}: ${describeError(error)}`),
    }),
    shell: new PageShell(distDir),
    markup: await PageMarkup.load(distDir, (message, error) => log(`${message}: ${describeError(error)}`), { localServer: false }),
    outputsJson,
    origin: config.origin,
    log,
  });
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}

// Run as the compute's entry point (server.mjs): Amplify Hosting routes to port 3000.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const server = await startPageServer(dirname(fileURLToPath(import.meta.url)), Number(process.env.PORT ?? 3000), process.env.HOST);
  console.error(`pages: listening on ${JSON.stringify(server.address())}`);
}
