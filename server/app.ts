/**
 * The local shop server: one process, one port. Wires the SQLite store, the GraphQL engine, the
 * authorizer, media files and the built SPA together. `startServer` is what `npm start` and the
 * tests run.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import introspection from '../shared/generated/model-introspection.json' with { type: 'json' };
import type { SessionStore } from './auth/sessions';
import type { ThrottleRules } from './accounts/account-service';
import { buildServices } from './app-services';
import { localHost, publicOriginWarning, siteOrigin, type ServerConfig } from './config';
import type { Db } from './db/database';
import type { ModelStore } from './db/model-store';
import type { GraphQLEngine } from './graphql/engine';
import { createGracefulServer, type ConnectionStats } from './http/graceful-server';
import type { Refusal } from './http/graphql-route';
import type { ResponseCache } from './http/response-cache';
import { createRouter } from './http/router';
import type { MediaStore } from './media/media-store';
import type { LocalUploadInbox } from './media/upload-inbox';
import { logLine, type Log } from './log-line';
import { createRefusalLog } from './refusal-log';
import { EXPIRY_CHECK_MS, type ReservationService } from './reservations/reservation-service';
import { REMINDER_CHECK_MS, type RsvpService } from './rsvps/rsvp-service';

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
  /** Open connections, client addresses, answers held and handlers running (read-only figures). */
  connections(): ConnectionStats;
  /** Reserve for pickup: tests run its expiry with their own clock. */
  reservations: ReservationService;
  /** RSVPs to events: tests run its reminders with their own clock. */
  rsvps: RsvpService;
  close(): Promise<void>;
}

/**
 * Test seams: a clock, throttle rules (e.g. to time many failed sign-ins), where refusal lines go,
 * where the other operator lines go (a page that failed to build, the start-up warnings).
 */
export interface ServerOverrides {
  now?: () => number;
  throttleRules?: ThrottleRules;
  writeRefusalLine?: (line: string) => void;
  /** Refusal lines one address writes a minute before the rest are summed up (20). */
  refusalLinesPerAddress?: number;
  /** Refusal lines all addresses together write a minute before the rest are summed up (300). */
  refusalLinesPerMinute?: number;
  writeLogLine?: (line: string) => void;
  /**
   * Fills an empty data directory with the demo shop when `config.seedDemo` is set. The entry
   * point passes demo/'s seeder: the server itself carries no demo data (decision 0263).
   */
  seedDemoShop?: DemoShopSeeder;
  /** How often at most the one line summing up closed connections is written (default: a minute). */
  connectionSummaryIntervalMs?: number;
}

export type DemoShopSeeder = (db: Db, store: ModelStore, media: MediaStore) => Promise<unknown>;

/** The client config (amplify_outputs.json) naming the API at `origin`. */
function clientOutputs(apiKey: string, origin: string) {
  return {
    version: '1.4',
    data: {
      url: `${origin}/graphql`,
      aws_region: 'local',
      api_key: apiKey,
      default_authorization_type: 'API_KEY',
      authorization_types: ['AWS_LAMBDA'],
      model_introspection: introspection,
    },
  };
}

/** The client's address: with TRUST_PROXY, the one our own proxy added to X-Forwarded-For. */
function clientIpReader(trustProxy: boolean) {
  return (req: IncomingMessage) => {
    // The last entry is the one our own proxy added; earlier ones are whatever the client sent.
    const forwarded = trustProxy
      ? String(req.headers['x-forwarded-for'] ?? '')
          .split(',')
          .pop()
          ?.trim()
      : '';
    return forwarded || req.socket.remoteAddress || 'unknown';
  };
}

export async function startServer(config: ServerConfig, overrides: ServerOverrides = {}): Promise<ShopServer> {
  // The origin of absolute URLs (sitemap, robots.txt): PUBLIC_ORIGIN, else the address announced at
  // start, with the port actually bound (set once listening). Never the request's Host header.
  let boundPort = config.port;
  const origin = () => siteOrigin(config, boundPort);
  const writeLogLine = overrides.writeLogLine ?? ((line: string) => console.error(line));
  const log: Log = (message, error) => writeLogLine(logLine(message, error));
  const services = await buildServices(config, overrides, origin, log);
  const { db, store, sessions, media, uploads, apiKey, engine } = services;

  const outputsFor = (origin: string) => clientOutputs(apiKey, origin);
  // The browser resolves a bare path against the page's own origin (src/lib/amplify-runtime.ts).
  const outputsJson = JSON.stringify(outputsFor(config.publicOrigin ?? ''));

  const writeRefusalLine = overrides.writeRefusalLine ?? ((line: string) => console.error(line));
  const logRefusal = createRefusalLog(writeRefusalLine, overrides.now, overrides.refusalLinesPerAddress, overrides.refusalLinesPerMinute);
  const graphql = {
    engine,
    store,
    sessions,
    apiKey,
    policy: services.policy,
    clientIp: clientIpReader(config.trustProxy),
    cache: services.responseCache,
    rateLimiter: services.rateLimiter,
    onRefused: (refusal: Refusal) => logRefusal({ ...refusal }),
  };
  const handle = createRouter({ ...services, graphql, outputsJson, origin, now: overrides.now, logRefusal, writeLogLine });
  const http = createGracefulServer(handle, log, {
    limits: config.connections,
    writeLogLine,
    summaryIntervalMs: overrides.connectionSummaryIntervalMs,
  });

  await new Promise<void>((resolve, reject) => {
    http.server.once('error', reject);
    http.server.listen(config.port, config.host, () => resolve());
  });
  // Reservations past their time go back on the shelf (product §11); the cloud runs the same check on a schedule.
  const expiry = setInterval(() => {
    services.reservations.expireReservations().catch((error: unknown) => log('reservations could not be expired', error));
  }, EXPIRY_CHECK_MS);
  expiry.unref();
  // The day-before reminders of RSVPs (product §12, decision 0347); the cloud runs them on a schedule.
  const reminders = setInterval(() => {
    services.rsvps.sendRsvpReminders().catch((error: unknown) => log('RSVP reminders could not be sent', error));
  }, REMINDER_CHECK_MS);
  reminders.unref();
  const { port } = http.server.address() as AddressInfo;
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
    responseCache: services.responseCache,
    outputsFor,
    connections: http.connections,
    reservations: services.reservations,
    rsvps: services.rsvps,
    // Requests in hand finish first; closing the database then checkpoints the WAL into its file.
    close: () =>
      http.close().then(() => {
        clearInterval(expiry);
        clearInterval(reminders);
        logRefusal.flush();
        db.close();
      }),
  };
}
