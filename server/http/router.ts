/**
 * The local server's route dispatch: which handler answers a request, by path and method. The
 * handlers are the other modules of server/http/; this only chooses among them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchSpaRoute } from '../../shared/spa-routes';
import { shopDefaults } from '../../shared/shop';
import type { MediaStore } from '../media/media-store';
import { MEDIA_URL_PREFIX } from '../media/media-store';
import { UPLOAD_PATH_PREFIX, type LocalUploadInbox } from '../media/upload-inbox';
import { isEventCalendarPath, serveEventCalendar } from './event-calendar-route';
import { cookieSaysAgeVerified } from '../../shared/age-verified-cookie';
import type { PageMarkup } from './page-markup';
import type { ResponseCache } from './response-cache';
import { handleGraphQL, retryAfter, type GraphQLRouteDeps } from './graphql-route';
import { addressKey, waitText, type RateLimiter } from '../accounts/throttle';
import { serveMedia } from './media-route';
import { canonicalRedirect, renderPage } from './page-head';
import { localPublicQuery } from './first-screen';
import { sendJson } from './respond';
import { serveRobots } from './robots';
import { setSecurityHeaders } from './security-headers';
import { Sitemap } from './sitemap';
import { GoogleFeedsRoute } from './google-feeds-route';
import type { StaticAssets } from './static-assets';
import { handleUpload } from './upload-route';
import { describeError } from '../../shared/log-line';

/** The longest request path a log line quotes. */
const MAX_LOGGED_PATH = 256;

/**
 * One JSON line when a page's head and first screen could not be built (an exception, not a
 * query's error, which the page handles itself): the page is served with index.html's defaults.
 */
const pageFailureLine = (path: string, status: number, error: unknown) =>
  JSON.stringify({
    at: new Date().toISOString(),
    event: 'page-render-failed',
    path: path.slice(0, MAX_LOGGED_PATH),
    status,
    error: describeError(error),
  });

export interface RouterDeps {
  graphql: GraphQLRouteDeps;
  uploads: LocalUploadInbox;
  media: MediaStore;
  sitemap: Sitemap;
  googleFeeds: GoogleFeedsRoute;
  assets: StaticAssets;
  /** The client config (amplify_outputs.json) as served, as JSON. */
  outputsJson: string;
  /** The origin of absolute URLs (sitemap, robots.txt, calendars, page heads); never the request's Host header. */
  origin: () => string;
  now?: () => number;
  /** Pages and files per address (null: no limit); /graphql has its own (graphql.rateLimiter). */
  pageRateLimiter: RateLimiter | null;
  /** One line per request refused as a whole. */
  logRefusal: (refusal: Record<string, unknown>) => void;
  /** The public pages' server-side renderer (decision 0388); null when the build has none. */
  pageMarkup: PageMarkup | null;
  /** Rendered pages, apart from the API's answers (http/page-head.ts). */
  pageCache: ResponseCache;
  /** An operator line (a page that failed to build). */
  writeLogLine: (line: string) => void;
}

/** The SPA's index.html with the page's own head and first screen; index.html's defaults when they cannot be built. */
async function servePage(req: IncomingMessage, res: ServerResponse, url: URL, deps: RouterDeps): Promise<void> {
  const { assets, graphql, origin, now, writeLogLine, outputsJson, pageMarkup, pageCache } = deps;
  const onBodyFailed = (path: string, error: unknown) => writeLogLine(pageFailureLine(path, 200, error));
  // HEAD gets the same headers as GET, so the same page.
  const page = assets.built
    ? await renderPage(url, {
        query: localPublicQuery(graphql.engine, graphql.store),
        version: () => graphql.store.version,
        cache: pageCache,
        origin,
        defaults: shopDefaults,
        now,
        markup: pageMarkup,
        onBodyFailed,
      }).catch((error: unknown) => {
        // Head and first screen both fail: index.html's defaults, the SPA fetches its data. The
        // status still says whether the path is a page at all.
        const status = matchSpaRoute(url.pathname) ? 200 : 404;
        writeLogLine(pageFailureLine(url.pathname, status, error));
        return { status, head: undefined, firstScreen: '', body: '' };
      })
    : undefined;
  // A rendered page gets the server's 21+ gate over it, unless this browser says its visitor confirmed.
  const ageGate = page?.body && pageMarkup && !cookieSaysAgeVerified(req.headers.cookie) ? pageMarkup.ageGate : '';
  assets.serveIndex(req, res, outputsJson, page?.firstScreen, page && { ...page, ageGate, route: matchSpaRoute(url.pathname)?.name });
}

/** Takes a token for the request's address; when there is none, answers 429 with Retry-After and returns true. */
function overPageLimit(req: IncomingMessage, res: ServerResponse, deps: RouterDeps): boolean {
  if (!deps.pageRateLimiter) return false;
  const address = deps.graphql.clientIp(req);
  const wait = deps.pageRateLimiter.take(addressKey(address));
  if (wait <= 0) return false;
  const message = `Too many requests from this address. Try again in ${waitText(wait)}.`;
  deps.logRefusal({ status: 429, errorType: 'TooManyRequests', message, address });
  // The body is never read: the connection must not carry another request after it.
  sendJson(res, 429, { error: message }, { ...retryAfter(wait), Connection: 'close' });
  return true;
}

export function createRouter(deps: RouterDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { graphql, uploads, media, sitemap, assets, origin, now } = deps;
  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    setSecurityHeaders(res);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      deps.logRefusal({ status: 400, errorType: 'BadRequest', message: 'malformed URL', address: graphql.clientIp(req) });
      sendJson(res, 400, { error: 'Bad request: the URL is malformed' }, { Connection: 'close' });
      return;
    }
    const path = url.pathname;
    // Spelt with a query string: the same API (its answers' headers replace the page set's).
    if (path === '/graphql') return handleGraphQL(req, res, graphql);
    // Every route that reads a disk or the database pays a token of the address's page budget:
    // uploads, calendars, the sitemap, robots.txt, media, pages and their 404s. The built app's
    // files, the client config and redirects are exempt: answered from memory (hashed files cached
    // by the browser for a year), and a page needs a dozen of them.
    const limited = () => overPageLimit(req, res, deps);
    if (path.startsWith(UPLOAD_PATH_PREFIX)) {
      if (limited()) return;
      return handleUpload(req, res, uploads, path.slice(UPLOAD_PATH_PREFIX.length));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // The body is never read: the connection must not carry another request after it.
      sendJson(res, 405, { error: 'Method not allowed' }, { Allow: 'GET, HEAD', Connection: 'close' });
      return;
    }
    if (path === '/amplify_outputs.json') return sendJson(res, 200, JSON.parse(deps.outputsJson));
    if (isEventCalendarPath(path)) return limited() ? undefined : serveEventCalendar(req, res, path, { ...graphql, origin, now });
    if (Sitemap.handles(path)) return limited() ? undefined : sitemap.serve(req, res, path);
    if (GoogleFeedsRoute.handles(path)) return limited() ? undefined : deps.googleFeeds.serve(req, res, path);
    if (path === '/robots.txt') return limited() ? undefined : serveRobots(req, res, origin());
    if (path.startsWith(MEDIA_URL_PREFIX)) return limited() ? undefined : serveMedia(req, res, media, path.slice(MEDIA_URL_PREFIX.length));
    if (path === '/') {
      res.writeHead(302, { Location: '/home' });
      res.end();
      return;
    }
    if (assets.serveFile(req, res, path)) return;
    // Missing files under /assets are real 404s; every other path gets the app, with its own head
    // and first screen, 404 for a path no route shows or an item that does not exist (decision 0217).
    if (path.startsWith('/assets/')) return sendJson(res, 404, { error: 'Not found' });
    // A route spelt otherwise (/Item/<id>/, /events/) goes to its one URL before any query.
    const canonical = canonicalRedirect(url);
    if (canonical) {
      res.writeHead(301, { Location: canonical, 'Content-Length': 0 });
      res.end();
      return;
    }
    if (limited()) return;
    return servePage(req, res, url, deps);
  };
  return (req, res) => {
    // The API's path as the SPA and every client send it, before any URL parsing or another
    // promise: the busiest route.
    // Its answers carry the API's security headers (handleGraphQL writes them with each answer).
    if (req.url === '/graphql') return handleGraphQL(req, res, graphql);
    return route(req, res);
  };
}
