/**
 * The local server's parts, built before it listens: the SQLite store, sessions, accounts, media
 * and upload inbox, the GraphQL engine with its handlers and write checks, the caches and the
 * built SPA. Building them also fills a new data directory (the demo catalogue when asked, the
 * built-in catalogue, the first admin), so the first request already finds them.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import introspection from '../shared/generated/model-introspection.json' with { type: 'json' };
import type { MailDelivery } from '../shared/outbox';
import type { ServerOverrides } from './server-overrides';
import type { FieldPolicy } from './auth/authorizer';
import { SessionStore } from './auth/sessions';
import { AccountService } from './accounts/account-service';
import { inBackground, mailErrorText, shopMail } from './accounts/mailer';
import { Outbox } from './accounts/outbox';
import { LocalOutboxFiles, outboxDir } from './accounts/outbox-files';
import { LocalTillInboxFiles, tillInboxDirOf } from './till/local-till-inbox';
import { TillInbox } from './till/till-inbox';
import { SqliteAccountStore } from './accounts/account-store';
import { RateLimiter } from './accounts/throttle';
import type { ServerConfig } from './config';
import type { Log } from './log-line';
import { openDatabase, type Db } from './db/database';
import { ModelStore } from './db/model-store';
import { GraphQLEngine } from './graphql/engine';
import type { ModelIntrospectionSchema } from './model/introspection-types';
import { buildModelMetas } from './model/model-meta';
import { ResponseCache } from './http/response-cache';
import { Sitemap } from './http/sitemap';
import { localPublicQuery } from './http/first-screen';
import { GoogleFeedsRoute } from './http/google-feeds-route';
import { GoogleFeeds } from './catalogue/google-feeds';
import { StaticAssets } from './http/static-assets';
import { PageMarkup } from './http/page-markup';
import { MediaStore } from './media/media-store';
import { imageUploads } from './media/images';
import { LocalUploadInbox } from './media/upload-inbox';
import { ensureFirstAdmin } from './setup/first-admin';
import { ensureBuiltInCatalogue } from './setup/built-in-catalogue';
import { ACCOUNT_MUTATIONS, composeShop, SELF_SERVICE_FIELDS, type Shop } from './composition/compose-shop';
import { CatalogueService, SqliteCatalogueStore } from './catalogue/catalogue-service';
import { modelsWithImages, modelWriteGuard } from './catalogue/model-guards';
import { completeItemWrite } from './catalogue/price-history';
import { ActivityRecorder } from './activity/activity-recorder';
import { SqliteActivityLog } from './activity/sqlite-activity-log';
import { MemoryThrottleStore, RateLimit } from './accounts/throttle-store';
import { RESERVE_RATE, ReservationService } from './reservations/reservation-service';
import { NOTIFY_RATE, NotifyMeService } from './reservations/notify-me-service';
import { SqliteNotifyStore } from './reservations/sqlite-notify-store';
import { SqliteReservationStore } from './reservations/sqlite-reservation-store';
import { RSVP_RATE, RsvpService } from './rsvps/rsvp-service';
import { SqliteRsvpStore } from './rsvps/sqlite-rsvp-store';

const SDL_PATH = fileURLToPath(new URL('./generated/appsync-schema.graphql', import.meta.url));

export interface AppServices {
  db: Db;
  store: ModelStore;
  sessions: SessionStore;
  media: MediaStore;
  uploads: LocalUploadInbox;
  apiKey: string;
  engine: GraphQLEngine;
  /** What each auth mode may call, from the engine's root fields. */
  policy: FieldPolicy;
  /** The GraphQL answers (and pages, calendar files) kept until the next write. */
  responseCache: ResponseCache;
  /** Rendered pages (head, first screen and body), invalidated by any write like responseCache. */
  pageCache: ResponseCache;
  /** Requests per address (null: no limit). */
  rateLimiter: RateLimiter | null;
  /** Pages and files per address (config.pageRateLimit). */
  pageRateLimiter: RateLimiter | null;
  sitemap: Sitemap;
  /** /feeds/*.tsv, Google's local inventory feeds (decision 0379). */
  googleFeeds: GoogleFeedsRoute;
  assets: StaticAssets;
  /** The public pages' server-side renderer, from the same build (decision 0388). */
  pageMarkup: PageMarkup | null;
  /** Reserve for pickup; the server runs its expiry on a timer (app.ts). */
  reservations: ReservationService;
  /** RSVPs to events. */
  rsvps: RsvpService;
  /** A schedule's work (composition/schedules.ts); the server runs each on its timer (app.ts). */
  runSchedule: Shop['runSchedule'];
  /** How the shop's e-mail leaves (decision 0366): the client config tells the browser. */
  mailDelivery: MailDelivery;
}

function readApiKey(db: Db): string {
  const row = db.prepare("SELECT value FROM _meta WHERE key = 'apiKey'").get() as { value: string } | undefined;
  if (row) return row.value;
  // Like AppSync's API keys: public by design (it ships in the client config), it only marks public reads.
  const key = `da2-${randomBytes(16).toString('hex')}`;
  db.prepare("INSERT INTO _meta (key, value) VALUES ('apiKey', ?)").run(key);
  return key;
}

/** `origin` names the site in e-mails and the sitemap; it is only read once the server listens. */
export async function buildServices(
  config: ServerConfig,
  overrides: ServerOverrides,
  origin: () => string,
  log: Log,
): Promise<AppServices> {
  mkdirSync(config.dataDir, { recursive: true });
  const models = buildModelMetas(introspection as unknown as ModelIntrospectionSchema);
  const db = openDatabase(join(config.dataDir, 'shop.sqlite3'), models);
  const store = new ModelStore(db, models);
  const sessions = new SessionStore(db, overrides.now);
  const accountStore = new SqliteAccountStore(store);
  // Over SMTP when it is set, else into DATA_DIR/outbox (decision 0366): chosen here, once, for every mailer.
  const outbox = new Outbox(new LocalOutboxFiles(outboxDir(config.dataDir), overrides.now), overrides.now);
  const mail = shopMail(config.smtp, (from) => outbox.mailer(from));
  const failed = mail.delivery === 'smtp' ? 'sent' : 'kept in the outbox';
  /** Mails go out in the background: an answer does not wait for the mail server, and a failure is one line with no text of the customer's (decision 0327). */
  const mailer = (what: string) =>
    inBackground(mail.transport, (error) => log(`[${what}] an e-mail was not ${failed}: ${mailErrorText(error)}`));
  const accounts = new AccountService(accountStore, sessions, overrides.throttleRules, overrides.now, undefined, {
    mailer: mailer('accounts'),
    // E-mails are only sent once the server listens, when `origin` knows the bound port.
    siteOrigin: () => origin(),
  });
  const media = new MediaStore(config.dataDir);
  const uploads = new LocalUploadInbox(config.dataDir, config.publicOrigin ?? '', overrides.now);
  const apiKey = readApiKey(db);

  // Before the demo's images are rendered: a first admin that cannot be made stops the start at once.
  try {
    await ensureFirstAdmin(accountStore, config.adminEmail, config.adminPassword, config.adminName);
  } catch (error) {
    db.close();
    throw error;
  }
  if (config.seedDemo) {
    if (!overrides.seedDemoShop) throw new Error('seedDemo is set but no demo shop seeder was given');
    await overrides.seedDemoShop(db, store, media);
  }
  ensureBuiltInCatalogue(store);

  const reservationStore = new SqliteReservationStore(store);
  const rate = (name: string, rule: typeof RESERVE_RATE) =>
    new RateLimit(new MemoryThrottleStore(overrides.now), name, rule, overrides.now);
  const shop = composeShop(
    {
      accounts: () => accounts,
      catalogue: () => new CatalogueService(new SqliteCatalogueStore(store), media, overrides.now),
      images: () => imageUploads(media, uploads),
      activity: () => new ActivityRecorder(new SqliteActivityLog(db), overrides.now),
      reservations: ({ activity }) =>
        new ReservationService(reservationStore, activity, rate('reserve', RESERVE_RATE), overrides.now, undefined, {
          mailer: mailer('reservations'),
          fallbackShopAddress: mail.from,
        }),
      notify: () =>
        new NotifyMeService(
          new SqliteNotifyStore(store, reservationStore),
          { mailer: mailer('notify-me'), siteOrigin: () => origin() },
          rate('notify', NOTIFY_RATE),
          overrides.now,
        ),
      rsvps: ({ activity }) =>
        new RsvpService(new SqliteRsvpStore(store, reservationStore), activity, rate('rsvp', RSVP_RATE), overrides.now, {
          mailer: mailer('rsvps'),
          siteOrigin: () => origin(),
        }),
      outbox: () => outbox,
      tillInbox: ({ catalogue, activity }) =>
        new TillInbox(new LocalTillInboxFiles(tillInboxDirOf(config), overrides.now), catalogue, activity, overrides.now),
      // Served on each fetch (server/http/google-feeds-route.ts): nowhere to publish them to.
      googleFeeds: ({ catalogue }) => new GoogleFeeds(catalogue, () => origin()),
    },
    { log: (message, error) => log(message, error) },
  );
  // Every service built now: their stores make their tables as they are built, and a request finds them made.
  for (const name of Object.keys(shop.services) as Array<keyof typeof shop.services>) void shop.services[name];
  const engine = new GraphQLEngine({
    sdl: readFileSync(SDL_PATH, 'utf8'),
    models,
    handlers: shop.handlers,
    accountOperations: ACCOUNT_MUTATIONS,
    checkModelWrite: modelWriteGuard(media, modelsWithImages(models)),
    recordModelWrite: (write, caller) => void shop.modelWritten(write, caller),
    completeModelWrite: (write, before) => completeItemWrite(write, before, new Date(overrides.now?.() ?? Date.now())),
    development: config.development,
    log,
  });
  const policy: FieldPolicy = {
    lambdaFields: engine.guardedFields('lambda'),
    publicFields: new Set(engine.guardedFields('apiKey')),
    selfServiceFields: SELF_SERVICE_FIELDS,
  };
  const assets = new StaticAssets(config.distDir);
  if (!assets.built) log(`no built app in ${config.distDir}; run npm run build`);

  return {
    db,
    store,
    sessions,
    media,
    uploads,
    apiKey,
    engine,
    policy,
    responseCache: new ResponseCache(),
    rateLimiter: config.rateLimit ? new RateLimiter(config.rateLimit, overrides.now) : null,
    pageRateLimiter: config.pageRateLimit ? new RateLimiter(config.pageRateLimit, overrides.now) : null,
    sitemap: new Sitemap({ query: localPublicQuery(engine, store), version: () => store.version, origin, log }),
    googleFeeds: new GoogleFeedsRoute(shop.services.googleFeeds, store, log),
    assets,
    pageMarkup: assets.built ? await PageMarkup.load(config.distDir, log) : null,
    // Pages apart from the API's answers: a stream of distinct pages never pushes those out.
    pageCache: new ResponseCache(200, 32 * 1024 * 1024),
    reservations: shop.services.reservations,
    rsvps: shop.services.rsvps,
    runSchedule: (name, now) => shop.runSchedule(name, now),
    mailDelivery: mail.delivery,
  };
}
