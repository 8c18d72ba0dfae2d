/**
 * Starts a real shop server on a loopback port with a throwaway data directory, for tests.
 * Sessions are made directly (sign-in is tested on its own), as the backbone's tests may.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoCatalogue } from '../../demo/seed-demo-shop';
import { startServer, type ShopServer } from '../../server/app';
import type { ServerOverrides } from '../../server/server-overrides';
import { loadConfig } from '../../server/config';
import { registerAccount } from '../../server/accounts/account-service';
import { SqliteAccountStore } from '../../server/accounts/account-store';
import type { Role } from '../../shared/roles';

export interface TestServer extends ShopServer {
  dataDir: string;
  /** The JSON lines the server logged for refused requests (kept here, not printed: batteries refuse thousands). */
  refusalLines: string[];
  /** The other lines the server logged (failures, warnings), kept here too; unless `overrides.writeLogLine` takes them. */
  logLines: string[];
  /** Creates an account of the given role and returns a session token for it. */
  sessionFor(type: Role, email?: string): Promise<{ token: string; userId: string }>;
  stop(): Promise<void>;
}

let counter = 0;
export const TEST_PASSWORD = 'Str0ng!Passw0rd';

export async function startTestServer(
  options: { seedDemo?: boolean; distDir?: string; env?: NodeJS.ProcessEnv; overrides?: ServerOverrides } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const config = {
    // No request rate limit and no cap of connections per address unless a test sets them:
    // batteries send thousands of requests, many at once, from 127.0.0.1 to test other things.
    ...loadConfig({ RATE_LIMIT_PER_SECOND: '0', MAX_CONNECTIONS_PER_ADDRESS: '0', ...options.env }),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    distDir: options.distDir ?? join(dataDir, 'no-dist'),
    seedDemo: options.seedDemo ?? false,
  };
  const refusalLines: string[] = [];
  const logLines: string[] = [];
  const server = await startServer(config, {
    writeRefusalLine: (line) => {
      if (refusalLines.push(line) > 10_000) refusalLines.splice(0, 5_000);
    },
    writeLogLine: (line) => {
      if (logLines.push(line) > 10_000) logLines.splice(0, 5_000);
    },
    seedDemoShop: seedDemoCatalogue,
    // Every refusal written: batteries send thousands from 127.0.0.1 and read the line each makes.
    refusalLinesPerAddress: Number.POSITIVE_INFINITY,
    refusalLinesPerMinute: Number.POSITIVE_INFINITY,
    ...options.overrides,
  });
  return Object.assign(server, {
    dataDir,
    refusalLines,
    logLines,
    async sessionFor(type: Role, email = `person${++counter}.${Date.now()}@example.com`) {
      const user = await registerAccount(new SqliteAccountStore(server.store), {
        email,
        name: 'Test Person',
        password: TEST_PASSWORD,
        type,
      });
      return { token: server.sessions.create(user.id).token, userId: user.id };
    },
    async stop() {
      await server.close();
      // A mail kept in the background (the outbox, decision 0366) may still be landing: retried, not a failure.
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  });
}

/** POSTs a raw GraphQL request, for what the Amplify client cannot send (bad bodies, aliases). */
export async function postGraphQL(server: ShopServer, body: unknown, headers: Record<string, string> = { 'x-api-key': server.apiKey }) {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: Record<string, unknown> | null; errors?: Array<{ errorType: string; message: string }> },
  };
}
