/**
 * The local shop server: one process, one port. Wires the SQLite store, the GraphQL engine, the
 * authorizer, media files and the built SPA together. `startServer` is what `npm start` and the
 * tests run.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { Server as NetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import introspection from '../shared/generated/model-introspection.json' with { type: 'json' };
import type { FieldPolicy } from './auth/authorizer';
import { SessionStore } from './auth/sessions';
import { AccountService, type ThrottleRules } from './accounts/account-service';
import { inBackground, smtpMailer } from './accounts/mailer';
import { SqliteAccountStore } from './accounts/account-store';
import { localHost, publicOriginWarning, siteOrigin, type ServerConfig } from './config';
import { openDatabase, type Db } from './db/database';
import { ModelStore } from './db/model-store';
import { GraphQLEngine } from './graphql/engine';
import type { ModelIntrospectionSchema } from './model/introspection-types';
import { buildModelMetas } from './model/model-meta';
import { canonicalRedirect, renderPage } from './http/page-head';
import { matchSpaRoute } from '../shared/spa-routes';
import { shopDefaults } from '../shared/shop';
import { isEventCalendarPath, serveEventCalendar } from './http/event-calendar-route';
import { handleGraphQL, type Refusal } from './http/graphql-route';
import { RateLimiter } from './accounts/throttle';
import { sendJson } from './http/respond';
import { ResponseCache } from './http/response-cache';
import { setSecurityHeaders } from './http/security-headers';
import { serveRobots } from './http/robots';
import { Sitemap } from './http/sitemap';
import { StaticAssets } from './http/static-assets';
import { MEDIA_URL_PREFIX, MediaStore } from './media/media-store';
import { LocalUploadInbox, UPLOAD_PATH_PREFIX } from './media/upload-inbox';
import { handleUpload } from './http/upload-route';
import { ensureFirstAdmin } from './setup/first-admin';
import { ensureBuiltInCatalogue } from './setup/built-in-catalogue';
import { buildHandlers, SELF_SERVICE_FIELDS } from './operations';
import { CatalogueService, SqliteCatalogueStore } from './catalogue/catalogue-service';
import { modelsWithImages, modelWriteGuard } from './catalogue/model-guards';
import { ActivityRecorder } from './activity/activity-recorder';
import { SqliteActivityLog } from './activity/sqlite-activity-log';
import { logSlowedSignIns } from './activity/custom-activity';

/** How long a shutdown waits for requests already on their way over idle keep-alive connections. */
const IDLE_GRACE_MS = 1000;

const SDL_PATH = fileURLToPath(new URL('./generated/appsync-schema.graphql', import.meta.url));

export interface ShopServer {
  url: string;
  port: number;
  apiKey: string;
  db: Db;
  store: ModelStore;
  sessions: SessionStore;
  media: MediaStore;
  uploads: LocalUploadInbox;
  engine: GraphQLEngine;
  /** The GraphQL answers (and pages, calendar files) kept until the next write. */
  responseCache: ResponseCache;
  /** The client config (amplify_outputs.json) naming the API at `origin` (as served: PUBLIC_ORIGIN, or by path alone). */
  outputsFor(origin: string): Record<string, unknown>;
  close(): Promise<void>;
}

const log = (message: string, error?: unknown) => console.error(`[server] ${message}`, error ?? '');
/** One JSON line per request refused as a whole: what an operator greps, never a stack trace. */
const refusalLine = (refusal: Record<string, unknown>) =>
  JSON.stringify({ at: new Date().toISOString(), event: 'request-refused', ...refusal });
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
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });

function readApiKey(db: Db): string {
  const row = db.prepare("SELECT value FROM _meta WHERE key = 'apiKey'").get() as { value: string } | undefined;
  if (row) return row.value;
  // Like AppSync's API keys: public by design (it ships in the client config), it only marks public reads.
  const key = `da2-${randomBytes(16).toString('hex')}`;
  db.prepare("INSERT INTO _meta (key, value) VALUES ('apiKey', ?)").run(key);
  return key;
}

/**
 * Test seams: a clock, throttle rules (e.g. to time many failed sign-ins), where refusal lines go,
 * where the other operator lines go (a page that failed to build, the start-up warnings).
 */
export interface ServerOverrides {
  now?: () => number;
  throttleRules?: ThrottleRules;
  writeRefusalLine?: (line: string) => void;
  writeLogLine?: (line: string) => void;
  /**
   * Fills an empty data directory with the demo shop when `config.seedDemo` is set. The entry
   * points pass demo/'s seeder: the server itself carries no demo data.
   */
  seedDemoShop?: DemoShopSeeder;
}

export type DemoShopSeeder = (db: Db, store: ModelStore, media: MediaStore) => Promise<unknown>;

export async function startServer(config: ServerConfig, overrides: ServerOverrides = {}): Promise<ShopServer> {
  mkdirSync(config.dataDir, { recursive: true });
  const models = buildModelMetas(introspection as unknown as ModelIntrospectionSchema);
  const db = openDatabase(join(config.dataDir, 'shop.sqlite3'), models);
  const store = new ModelStore(db, models);
  const sessions = new SessionStore(db, overrides.now);
  const accountStore = new SqliteAccountStore(store);
  const accounts = new AccountService(accountStore, sessions, overrides.throttleRules, overrides.now, undefined, {
    mailer: config.smtp
      ? inBackground(smtpMailer(config.smtp), (error) => log(`a password reset e-mail was not sent: ${String(error)}`))
      : null,
    // `origin` is set once the server listens; e-mails are only sent after that.
    siteOrigin: () => origin(),
  });
  const media = new MediaStore(config.dataDir);
  const uploads = new LocalUploadInbox(config.dataDir, config.publicOrigin ?? '', overrides.now);
  const apiKey = readApiKey(db);

  if (config.seedDemo) {
    if (!overrides.seedDemoShop) throw new Error('seedDemo is set but no demo shop seeder was given');
    await overrides.seedDemoShop(db, store, media);
  }
  ensureBuiltInCatalogue(store);
  await ensureFirstAdmin(accountStore, config.adminEmail, config.adminPassword, config.adminName);

  const activity = new ActivityRecorder(new SqliteActivityLog(db), overrides.now);
  logSlowedSignIns(accounts, activity);
  const engine = new GraphQLEngine({
    sdl: readFileSync(SDL_PATH, 'utf8'),
    models,
    handlers: buildHandlers({
      accounts,
      catalogue: new CatalogueService(new SqliteCatalogueStore(store), media),
      media,
      uploads,
      activity,
    }),
    checkModelWrite: modelWriteGuard(media, modelsWithImages(models)),
    recordModelWrite: (write, caller) => void activity.recordModelWrite(write, caller),
    development: config.development,
    log,
  });
  const policy: FieldPolicy = {
    lambdaFields: engine.rootFields('lambda'),
    publicFields: new Set(engine.rootFields('apiKey')),
    selfServiceFields: SELF_SERVICE_FIELDS,
  };
  const assets = new StaticAssets(config.distDir);
  if (!assets.built) log(`no built app in ${config.distDir}; run npm run build`);

  const outputsFor = (origin: string) => ({
    version: '1.4',
    data: {
      url: `${origin}/graphql`,
      aws_region: 'local',
      api_key: apiKey,
      default_authorization_type: 'API_KEY',
      authorization_types: ['AWS_LAMBDA'],
      model_introspection: introspection,
    },
  });
  // The browser resolves a bare path against the page's own origin (src/lib/amplify-runtime.ts).
  const outputsJson = JSON.stringify(outputsFor(config.publicOrigin ?? ''));

  const writeRefusalLine = overrides.writeRefusalLine ?? ((line: string) => console.error(line));
  const writeLogLine = overrides.writeLogLine ?? ((line: string) => console.error(line));
  const logRefusal = (refusal: Record<string, unknown>) => writeRefusalLine(refusalLine(refusal));
  const clientIp = (req: IncomingMessage) => {
    // The last entry is the one our own proxy added; earlier ones are whatever the client sent.
    const forwarded = config.trustProxy
      ? String(req.headers['x-forwarded-for'] ?? '')
          .split(',')
          .pop()
          ?.trim()
      : '';
    return forwarded || req.socket.remoteAddress || 'unknown';
  };
  const graphqlDeps = {
    engine,
    store,
    sessions,
    apiKey,
    policy,
    clientIp,
    cache: new ResponseCache(),
    rateLimiter: config.rateLimit ? new RateLimiter(config.rateLimit, overrides.now) : null,
    onRefused: (refusal: Refusal) => logRefusal({ ...refusal }),
  };

  // The origin of absolute URLs (sitemap, robots.txt): PUBLIC_ORIGIN, else the address announced at
  // start, with the port actually bound (set once listening). Never the request's Host header.
  let boundPort = config.port;
  const origin = () => siteOrigin(config, boundPort);
  const sitemap = new Sitemap({ engine, store, origin, log });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    setSecurityHeaders(res);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      logRefusal({ status: 400, errorType: 'BadRequest', message: 'malformed URL', address: clientIp(req) });
      sendJson(res, 400, { error: 'Bad request: the URL is malformed' }, { Connection: 'close' });
      return;
    }
    const path = url.pathname;
    if (path === '/graphql') return handleGraphQL(req, res, graphqlDeps);
    if (path.startsWith(UPLOAD_PATH_PREFIX)) return handleUpload(req, res, uploads, path.slice(UPLOAD_PATH_PREFIX.length));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // The body is never read: the connection must not carry another request after it.
      sendJson(res, 405, { error: 'Method not allowed' }, { Allow: 'GET, HEAD', Connection: 'close' });
      return;
    }
    if (path === '/amplify_outputs.json') return sendJson(res, 200, JSON.parse(outputsJson));
    if (isEventCalendarPath(path)) return serveEventCalendar(req, res, path, { ...graphqlDeps, origin, now: overrides.now });
    if (Sitemap.handles(path)) return sitemap.serve(req, res, path);
    if (path === '/robots.txt') return serveRobots(req, res, origin());
    if (path.startsWith(MEDIA_URL_PREFIX)) return serveMedia(req, res, media, path.slice(MEDIA_URL_PREFIX.length));
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
    // HEAD gets the same headers as GET, so the same page.
    const page = assets.built
      ? await renderPage(url, { ...graphqlDeps, origin, defaults: shopDefaults, now: overrides.now }).catch((error: unknown) => {
          // Head and first screen both fail: index.html's defaults, the SPA fetches its data. The
          // status still says whether the path is a page at all.
          const status = matchSpaRoute(path) ? 200 : 404;
          writeLogLine(pageFailureLine(path, status, error));
          return { status, head: undefined, firstScreen: '' };
        })
      : undefined;
    assets.serveIndex(req, res, outputsJson, page?.firstScreen, page);
  };

  // Requests being answered, so a shutdown can tell each of them to end its connection, and
  // handlers still running (a client may hang up before its handler ends), so the database is
  // closed only after the last of them.
  const inFlight = new Set<ServerResponse>();
  const running = new Set<Promise<void>>();
  let closing = false;
  const server: Server = createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (closing) res.setHeader('Connection', 'close');
    const work = handle(req, res).catch((error: unknown) => {
      log('request failed', error);
      if (!res.headersSent) sendJson(res, 500, { errors: [{ errorType: 'InternalFailure', message: 'An internal error occurred.' }] });
      else res.destroy();
    });
    running.add(work);
    void work.finally(() => running.delete(work));
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  boundPort = port;
  const originWarning = publicOriginWarning(config, port);
  if (originWarning) writeLogLine(originWarning);

  return {
    url: `http://${localHost(config.host)}:${port}`,
    port,
    apiKey,
    db,
    store,
    sessions,
    media,
    uploads,
    engine,
    responseCache: graphqlDeps.cache,
    outputsFor,
    /**
     * Graceful stop: no new connections; requests in hand finish and their responses say
     * Connection: close, so keep-alive clients send no more on them. Then the database is
     * closed, which checkpoints the WAL into the database file.
     */
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        // http.Server#close would also close idle keep-alive connections at once, resetting any
        // request a client already sent on one that this (possibly busy) process has not read yet.
        // So: stop listening only (net.Server#close); such a request is still served, with
        // Connection: close. Connections idle from now on close after IDLE_GRACE_MS
        // (keepAliveTimeout), and those idle all along once the grace is over.
        server.keepAliveTimeout = IDLE_GRACE_MS;
        const closeIdle = setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS);
        NetServer.prototype.close.call(server, () => {
          clearTimeout(closeIdle);
          // http.Server#close's own part, now harmless: stops its connection-checking timer.
          server.close();
          void Promise.allSettled([...running]).then(() => {
            db.close();
            resolve();
          });
        });
      }),
  };
}

function serveMedia(req: IncomingMessage, res: ServerResponse, media: MediaStore, name: string): void {
  const path = media.pathFor(name);
  let size = 0;
  try {
    if (path) size = statSync(path).size;
  } catch {
    /* reported as 404 below */
  }
  if (!path || size === 0) {
    sendJson(res, 404, { error: 'Not found' });
    return;
  }
  res.writeHead(200, {
    'Content-Type': name.endsWith('.webp') ? 'image/webp' : 'image/png',
    'Content-Length': size,
    // Content-addressed: a name never changes meaning.
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  pipeline(createReadStream(path), res, (error) => {
    if (error) res.destroy();
  });
}
