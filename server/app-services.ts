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
import type { ServerOverrides } from './app';
import type { FieldPolicy } from './auth/authorizer';
import { SessionStore } from './auth/sessions';
import { AccountService } from './accounts/account-service';
import { inBackground, mailErrorText, smtpMailer } from './accounts/mailer';
import { SqliteAccountStore } from './accounts/account-store';
import { RateLimiter } from './accounts/throttle';
import type { ServerConfig } from './config';
import type { Log } from './log-line';
import { openDatabase, type Db } from './db/database';
import { ModelStore } from './db/model-store';
import { GraphQLEngine } from './graphql/engine';
import type { ModelIntrospectionSchema } from './model/introspection-types';
import { buildModelMetas, type ModelMeta } from './model/model-meta';
import { ResponseCache } from './http/response-cache';
import { Sitemap } from './http/sitemap';
import { StaticAssets } from './http/static-assets';
import { MediaStore } from './media/media-store';
import { LocalUploadInbox } from './media/upload-inbox';
import { ensureFirstAdmin } from './setup/first-admin';
import { ensureBuiltInCatalogue } from './setup/built-in-catalogue';
import { buildHandlers, SELF_SERVICE_FIELDS } from './operations';
import { CatalogueService, SqliteCatalogueStore } from './catalogue/catalogue-service';
import { modelsWithImages, modelWriteGuard } from './catalogue/model-guards';
import { completeItemWrite } from './catalogue/price-history';
import { ActivityRecorder } from './activity/activity-recorder';
import { SqliteActivityLog } from './activity/sqlite-activity-log';
import { logSlowedSignIns } from './activity/custom-activity';
import { MemoryThrottleStore, RateLimit } from './accounts/throttle-store';
import { RESERVE_RATE, ReservationService } from './reservations/reservation-service';
import { NOTIFY_RATE, NotifyMeService } from './reservations/notify-me-service';
import { SqliteNotifyStore } from './reservations/sqlite-notify-store';
import { SqliteReservationStore } from './reservations/sqlite-reservation-store';
import { RSVP_RATE, RsvpService, type RsvpEventRecord } from './rsvps/rsvp-service';
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
  /** Requests per address (null: no limit). */
  rateLimiter: RateLimiter | null;
  /** Pages and files per address (config.pageRateLimit). */
  pageRateLimiter: RateLimiter | null;
  sitemap: Sitemap;
  assets: StaticAssets;
  /** Reserve for pickup; the server runs its expiry on a timer (app.ts). */
  reservations: ReservationService;
  /** RSVPs to events; the server runs their reminders on a timer (app.ts). */
  rsvps: RsvpService;
}

function readApiKey(db: Db): string {
  const row = db.prepare("SELECT value FROM _meta WHERE key = 'apiKey'").get() as { value: string } | undefined;
  if (row) return row.value;
  // Like AppSync's API keys: public by design (it ships in the client config), it only marks public reads.
  const key = `da2-${randomBytes(16).toString('hex')}`;
  db.prepare("INSERT INTO _meta (key, value) VALUES ('apiKey', ?)").run(key);
  return key;
}

interface EngineParts {
  models: ModelMeta[];
  db: Db;
  store: ModelStore;
  accounts: AccountService;
  media: MediaStore;
  uploads: LocalUploadInbox;
  log: Log;
  reservations: (activity: ActivityRecorder) => ReservationService;
  notify: NotifyMeService;
  rsvps: (activity: ActivityRecorder) => RsvpService;
}

/** The engine: the custom operations' handlers, the catalogue rules before a model write, the activity log after it. */
function buildEngine(
  config: ServerConfig,
  overrides: ServerOverrides,
  { models, db, store, accounts, media, uploads, log, reservations, notify, rsvps }: EngineParts,
) {
  const activity = new ActivityRecorder(new SqliteActivityLog(db), overrides.now);
  logSlowedSignIns(accounts, activity);
  const reservationService = reservations(activity);
  const rsvpService = rsvps(activity);
  accounts.whenDeletingCustomer(async (userId) => {
    await reservationService.cancelForDeletedAccount(userId);
    await notify.forgetCustomer(userId);
    await rsvpService.cancelForDeletedAccount(userId);
  });
  // Stock back on the shelf answers "notify me" (decision 0328): units a reservation returned, or
  // an item written with its counted stock above 0 (the Item Editor; imports in CatalogueService).
  reservationService.whenStockReturns((itemIds) => notify.answerBackInStock(itemIds));
  const catalogue = new CatalogueService(new SqliteCatalogueStore(store), media, overrides.now);
  catalogue.whenStockWritten((itemIds) => notify.answerBackInStock(itemIds));
  const engine = new GraphQLEngine({
    sdl: readFileSync(SDL_PATH, 'utf8'),
    models,
    handlers: buildHandlers({
      accounts,
      catalogue,
      media,
      uploads,
      activity,
      reservations: reservationService,
      notify,
      rsvps: rsvpService,
    }),
    checkModelWrite: modelWriteGuard(media, modelsWithImages(models)),
    recordModelWrite: (write, caller) => {
      void activity.recordModelWrite(write, caller);
      if (write.model === 'Item' && write.after) void notify.answerBackInStock([write.after.id]);
      // An event deleted with RSVPs tells its guests, as cancelling it does (decision 0348).
      if (write.model === 'Event' && write.op === 'delete' && write.before)
        void rsvpService
          .eventDeleted(write.before as unknown as RsvpEventRecord)
          .catch((error: unknown) => log('RSVPs of a deleted event', error));
    },
    completeModelWrite: (write, before) => completeItemWrite(write, before, new Date(overrides.now?.() ?? Date.now())),
    development: config.development,
    log,
  });
  return { engine, reservations: reservationService, rsvps: rsvpService };
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
  const accounts = new AccountService(accountStore, sessions, overrides.throttleRules, overrides.now, undefined, {
    mailer: config.smtp
      ? inBackground(smtpMailer(config.smtp), (error) => log('an e-mail (password reset or confirmation) was not sent', error))
      : null,
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
  const notify = new NotifyMeService(
    new SqliteNotifyStore(store, reservationStore),
    config.smtp
      ? {
          mailer: inBackground(smtpMailer(config.smtp), (error) => log(`[notify-me] an e-mail was not sent: ${mailErrorText(error)}`)),
          siteOrigin: () => origin(),
        }
      : null,
    new RateLimit(new MemoryThrottleStore(overrides.now), 'notify', NOTIFY_RATE, overrides.now),
    overrides.now,
  );
  const { engine, reservations, rsvps } = buildEngine(config, overrides, {
    models,
    db,
    store,
    accounts,
    media,
    uploads,
    log,
    notify,
    reservations: (activity) =>
      new ReservationService(
        reservationStore,
        activity,
        new RateLimit(new MemoryThrottleStore(overrides.now), 'reserve', RESERVE_RATE, overrides.now),
        overrides.now,
        undefined,
        // Reservation mails go out in the background: the answer does not wait for the mail server,
        // and a failure is one line with no text of the customer's (decision 0327).
        config.smtp
          ? {
              mailer: inBackground(smtpMailer(config.smtp), (error) =>
                log(`[reservations] an e-mail was not sent: ${mailErrorText(error)}`),
              ),
              fallbackShopAddress: config.smtp.from,
            }
          : null,
      ),
    rsvps: (activity) =>
      new RsvpService(
        new SqliteRsvpStore(store, reservationStore),
        activity,
        new RateLimit(new MemoryThrottleStore(overrides.now), 'rsvp', RSVP_RATE, overrides.now),
        overrides.now,
        // In the background, as the reservation mails (decision 0327): a failure is one line.
        config.smtp
          ? {
              mailer: inBackground(smtpMailer(config.smtp), (error) => log(`[rsvps] an e-mail was not sent: ${mailErrorText(error)}`)),
              siteOrigin: () => origin(),
            }
          : null,
      ),
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
    sitemap: new Sitemap({ engine, store, origin, log }),
    assets,
    reservations,
    rsvps,
  };
}
