/** The local server's configuration, from the environment (README: Configuration). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_RATE_LIMIT } from '../shared/request-rate';
import type { RateRule } from './accounts/throttle';
import { smtpSettingsFrom, type SmtpSettings } from './accounts/mailer';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Where the till drops its stock exports (TILL_INBOX_DIR; unset: DATA_DIR/till-inbox), applied within a minute (decision 0377). */
  tillInboxDir?: string;
  /** The built SPA (vite build output). */
  distDir: string;
  /** Development mode: GraphQL introspection and suggestions on. */
  development: boolean;
  adminEmail: string | null;
  adminPassword: string | null;
  /** The first admin's name (ADMIN_NAME). */
  adminName: string | null;
  /** Seed the demo catalogue into an empty data directory. */
  seedDemo: boolean;
  /** Trust X-Forwarded-For for the client address (only behind a proxy you run). */
  trustProxy: boolean;
  /**
   * The origin visitors reach the shop at (`https://shop.example.com`), for absolute URLs in what
   * the server writes. Null: the client config names the API by path alone. Never read from a
   * request's Host header, which any client can forge.
   */
  publicOrigin: string | null;
  /** GraphQL requests per client address: a burst, then a steady rate; null turns the limit off. */
  rateLimit: RateRule | null;
  /** Every other request that does work (pages, 404s, calendars, sitemap, robots.txt, media, uploads), per address; null: off. */
  pageRateLimit: RateRule | null;
  /** Where password reset e-mails go out (SMTP_*); null: admins hand reset links over instead. */
  smtp: SmtpSettings | null;
  /** Caps and deadlines per connection, so silent or unread connections cannot take the server down. */
  connections: ConnectionLimits;
}

/** Connection-level limits (README: Configuration). */
export interface ConnectionLimits {
  /**
   * Open connections per socket address (IPv6: per /64); 0: no per-address cap. Behind a proxy
   * the socket address is the proxy's, so with TRUST_PROXY it is off unless set.
   */
  perAddress: number;
  /** Open connections in all, below the process's file limit; further ones are closed at once. */
  total: number;
  /** Milliseconds a connection has for the headers of a request, the first one included. */
  headersTimeoutMs: number;
  /** Milliseconds an idle keep-alive connection is kept. */
  keepAliveTimeoutMs: number;
  /** Requests one keep-alive connection may carry; then it is closed (0: no limit). */
  maxRequestsPerConnection: number;
  /** Requests one connection may have unanswered (pipelined, answers not read); beyond that it is closed. */
  maxPipelined: number;
  /** Milliseconds a connection may leave an answer unread (nothing moves) before it is closed. */
  unreadTimeoutMs: number;
  /**
   * Bytes of answers one client address may leave unread over all its connections (decision
   * 0381); beyond that its connections holding the most are closed. 0: no cap (behind a proxy,
   * whose address every request has, unless set).
   */
  unreadBytesPerAddress: number;
}

/** Connection limits without a file limit to go by, or when it is higher (each connection holds memory too). */
export const DEFAULT_MAX_CONNECTIONS = 4000;
/** File descriptors kept for other things than connections: SQLite, media files, logs. */
const RESERVED_FILES = 256;

/** The process's soft limit on open files (Linux: /proc/self/limits), or null when it cannot be read. */
export function openFileLimit(read: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number | null {
  try {
    const match = /^Max open files\s+(\d+)/m.exec(read());
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The default total cap: 4,000, or less when the file limit is lower (a part of it kept for other files). */
export function defaultMaxConnections(fileLimit: number | null = openFileLimit()): number {
  if (fileLimit === null) return DEFAULT_MAX_CONNECTIONS;
  return Math.max(16, Math.min(DEFAULT_MAX_CONNECTIONS, fileLimit - RESERVED_FILES));
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, got ${raw}`);
  return value;
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback * 1000;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a number of seconds above 0, got ${raw}`);
  return Math.round(value * 1000);
}

function connectionLimitsFrom(env: NodeJS.ProcessEnv, trustProxy: boolean): ConnectionLimits {
  return {
    perAddress: wholeNumber(env, 'MAX_CONNECTIONS_PER_ADDRESS', trustProxy ? 0 : 64),
    total: wholeNumber(env, 'MAX_CONNECTIONS', defaultMaxConnections(), 1),
    headersTimeoutMs: seconds(env, 'HEADERS_TIMEOUT_SECONDS', 10),
    keepAliveTimeoutMs: seconds(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', 65),
    maxRequestsPerConnection: wholeNumber(env, 'MAX_REQUESTS_PER_CONNECTION', 1000),
    maxPipelined: wholeNumber(env, 'MAX_PIPELINED_REQUESTS', 16, 1),
    unreadTimeoutMs: seconds(env, 'UNREAD_ANSWER_TIMEOUT_SECONDS', 30),
    unreadBytesPerAddress: wholeNumber(env, 'MAX_UNREAD_MB_PER_ADDRESS', trustProxy ? 0 : 8) * 1024 * 1024,
  };
}

function publicOriginFrom(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_ORIGIN must be a URL such as https://shop.example.com, got ${value}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(`PUBLIC_ORIGIN must be an origin (scheme, host and port only), got ${value}`);
  }
  return url.origin;
}

/**
 * Pages and files (not /graphql, not the built app's own files): 2,000 at once, then 200 a second,
 * per address. A page with its images is about 50 requests (the menu), and the e2e suite opens about
 * two a second in fresh browser contexts (no cached images): twice that fits. The SPA's API calls
 * are counted apart (DEFAULT_RATE_LIMIT), so browsing never spends one budget on the other.
 */
export const DEFAULT_PAGE_RATE_LIMIT: RateRule = { burst: 2000, intervalMs: 5 };

function rateRuleFrom(env: NodeJS.ProcessEnv, prefix: string, defaults: RateRule): RateRule | null {
  const perSecondText = env[`${prefix}_PER_SECOND`];
  const burstText = env[`${prefix}_BURST`];
  const perSecond = perSecondText === undefined ? 1000 / defaults.intervalMs : Number(perSecondText);
  const burst = burstText === undefined ? defaults.burst : Number(burstText);
  if (!(perSecond >= 0) || !Number.isFinite(perSecond)) throw new Error(`${prefix}_PER_SECOND must be a number, got ${perSecondText}`);
  if (!Number.isInteger(burst) || burst < 1) throw new Error(`${prefix}_BURST must be a whole number of at least 1, got ${burstText}`);
  return perSecond === 0 ? null : { burst, intervalMs: 1000 / perSecond };
}

const rateLimitFrom = (env: NodeJS.ProcessEnv) => rateRuleFrom(env, 'RATE_LIMIT', DEFAULT_RATE_LIMIT);

/** The page limit; left unset, RATE_LIMIT_PER_SECOND=0 turns it off too (every limit off, as tests run). */
const pageRateLimitFrom = (env: NodeJS.ProcessEnv) =>
  env.PAGE_RATE_LIMIT_PER_SECOND === undefined && env.RATE_LIMIT_PER_SECOND !== undefined && Number(env.RATE_LIMIT_PER_SECOND) === 0
    ? null
    : rateRuleFrom(env, 'PAGE_RATE_LIMIT', DEFAULT_PAGE_RATE_LIMIT);

/** Whether `host` is a wildcard address: every interface, so visitors may reach the server under any name. */
export const isWildcardHost = (host: string): boolean => host === '0.0.0.0' || host === '::' || host === '';

/**
 * The host a person on this machine opens for a server listening on `host` (a wildcard address
 * means every interface: `localhost` names one of them). IPv6 literals get their brackets.
 */
export function localHost(host: string): string {
  const display = isWildcardHost(host) ? 'localhost' : host;
  return display.includes(':') ? `[${display}]` : display;
}

/**
 * The origin of every absolute URL the server writes (the sitemap, robots.txt, canonical links):
 * PUBLIC_ORIGIN when set, otherwise the address the server announces at start
 * (`http://localhost:3000`), which is right on the machine itself and says plainly that the
 * operator has not named the public one. `port` is the port actually bound (config.port may be 0).
 * Never the request's Host header: any client can forge it, and cached answers would carry it.
 */
export function siteOrigin(config: Pick<ServerConfig, 'publicOrigin' | 'host' | 'port'>, port: number = config.port): string {
  return config.publicOrigin ?? `http://${localHost(config.host)}:${port}`;
}

/**
 * The warning `npm start` prints when every absolute URL the server writes (canonical links,
 * /sitemap.xml, robots.txt, the .ics files) will name http://localhost:PORT while visitors can
 * reach it from elsewhere: PUBLIC_ORIGIN unset on a wildcard host. Null when there is nothing to say.
 */
export function publicOriginWarning(
  config: Pick<ServerConfig, 'publicOrigin' | 'host' | 'port'>,
  port: number = config.port,
): string | null {
  if (config.publicOrigin !== null || !isWildcardHost(config.host)) return null;
  const origin = siteOrigin(config, port);
  return (
    `[server] warning: PUBLIC_ORIGIN is not set and the server listens on every interface (${config.host || 'all'}): ` +
    `canonical links, /sitemap.xml, robots.txt and the .ics files name ${origin}, which only this machine can open. ` +
    'Set PUBLIC_ORIGIN to the address visitors use (e.g. PUBLIC_ORIGIN=https://shop.example.com).'
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const trustProxy = env.TRUST_PROXY === 'true';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    ...(env.TILL_INBOX_DIR ? { tillInboxDir: resolve(env.TILL_INBOX_DIR) } : {}),
    distDir: resolve(env.DIST_DIR ?? './dist'),
    development: env.NODE_ENV === 'development',
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    adminName: env.ADMIN_NAME?.trim() || null,
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxy,
    publicOrigin: publicOriginFrom(env.PUBLIC_ORIGIN),
    rateLimit: rateLimitFrom(env),
    pageRateLimit: pageRateLimitFrom(env),
    smtp: smtpSettingsFrom(env),
    connections: connectionLimitsFrom(env, trustProxy),
  };
}
