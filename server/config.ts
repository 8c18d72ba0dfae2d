/** The local server's configuration, from the environment (README: Configuration). */
import { resolve } from 'node:path';

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
  /** Seed the demo catalogue into an empty data directory. */
  seedDemo: boolean;
  /** Trust X-Forwarded-For for the client address (only behind a proxy you run). */
  trustProxy: boolean;
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
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxy: env.TRUST_PROXY === 'true',
  };
}
