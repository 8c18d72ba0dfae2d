/** The local server's configuration, from the environment (README: Configuration). */
import { resolve } from 'node:path';
import type { RateRule } from './accounts/throttle';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
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
}

/** The shop's own default: 500 requests at once, then 50 a second, per address. */
export const DEFAULT_RATE_LIMIT: RateRule = { burst: 500, intervalMs: 20 };

function publicOriginFrom(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try { url = new URL(value); } catch { throw new Error(`PUBLIC_ORIGIN must be a URL such as https://shop.example.com, got ${value}`); }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(`PUBLIC_ORIGIN must be an origin (scheme, host and port only), got ${value}`);
  }
  return url.origin;
}

function rateLimitFrom(env: NodeJS.ProcessEnv): RateRule | null {
  const perSecond = env.RATE_LIMIT_PER_SECOND === undefined ? 1000 / DEFAULT_RATE_LIMIT.intervalMs : Number(env.RATE_LIMIT_PER_SECOND);
  const burst = env.RATE_LIMIT_BURST === undefined ? DEFAULT_RATE_LIMIT.burst : Number(env.RATE_LIMIT_BURST);
  if (!(perSecond >= 0) || !Number.isFinite(perSecond)) throw new Error(`RATE_LIMIT_PER_SECOND must be a number, got ${env.RATE_LIMIT_PER_SECOND}`);
  if (!Number.isInteger(burst) || burst < 1) throw new Error(`RATE_LIMIT_BURST must be a whole number of at least 1, got ${env.RATE_LIMIT_BURST}`);
  return perSecond === 0 ? null : { burst, intervalMs: 1000 / perSecond };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    distDir: resolve(env.DIST_DIR ?? './dist'),
    development: env.NODE_ENV === 'development',
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    adminName: env.ADMIN_NAME?.trim() || null,
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxy: env.TRUST_PROXY === 'true',
    publicOrigin: publicOriginFrom(env.PUBLIC_ORIGIN),
    rateLimit: rateLimitFrom(env),
  };
}
