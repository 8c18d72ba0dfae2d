/**
 * The local shop server: one process, one port. Wires the SQLite store, the GraphQL engine, the
 * authorizer, media files and the built SPA together. `startServer` is what `npm start` and the
 * tests run.
 */
import type { IncomingMessage } from 'node:http';
import type { MailDelivery } from '../shared/outbox';
import type { AddressInfo } from 'node:net';
import introspection from '../shared/generated/model-introspection.json' with { type: 'json' };
import type { SessionStore } from './auth/sessions';
import type { ServerOverrides } from './server-overrides';
import { buildServices, type AppServices } from './app-services';
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
import { SHOP_SCHEDULES, type ScheduleName } from './composition/schedules';

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
  /** Rendered pages (http/page-head.ts), apart from the API's answers. */
  pageCache: ResponseCache;
  /** The client config (amplify_outputs.json) naming the API at `origin` (as served: PUBLIC_ORIGIN, or by path alone). */
  outputsFor(origin: string): Record<string, unknown>;
  /** Open connections, client addresses, answers held and handlers running (read-only figures). */
  connections(): ConnectionStats;
  /** Runs a schedule's work (composition/schedules.ts) as at `now`: tests run the expiry and reminders with their own clock. */
  runSchedule: AppServices['runSchedule'];
  close(): Promise<void>;
}

/** The client config (amplify_outputs.json) naming the API at `origin`, and how the shop's mail leaves (decision 0366). */
function clientOutputs(apiKey: string, origin: string, mailDelivery: MailDelivery) {
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
    custom: { mailDelivery },
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

  const outputsFor = (origin: string) => clientOutputs(apiKey, origin, services.mailDelivery);
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
  // The shop's work on a clock (expiring holds, RSVP reminders); the cloud runs the same on EventBridge schedules.
  const timers = Object.entries(SHOP_SCHEDULES).map(([name, { localEveryMs }]) => {
    const timer = setInterval(() => {
      services.runSchedule(name as ScheduleName).catch((error: unknown) => log(`the schedule ${name} failed`, error));
    }, localEveryMs);
    timer.unref();
    return timer;
  });
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
    pageCache: services.pageCache,
    outputsFor,
    connections: http.connections,
    runSchedule: services.runSchedule,
    // Requests in hand finish first; closing the database then checkpoints the WAL into its file.
    close: () =>
      http.close().then(() => {
        for (const timer of timers) clearInterval(timer);
        logRefusal.flush();
        db.close();
      }),
  };
}
