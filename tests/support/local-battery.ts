/**
 * The local server's side of a battery both backends run (the item facts, the till's stock
 * files): a real test server started before the file's tests and stopped after them, and calls
 * through its HTTP API as its admin and as a visitor with the API key.
 *
 *     const local = localBatteryServer();
 *     describe('item facts (local server)', () => itemFactsBattery(local));
 */
import { afterAll, beforeAll } from 'vitest';
import { ROLE_ADMIN } from '../../shared/roles';
import { postGraphQL, startTestServer, type TestServer } from './test-server';

type Answer = { data?: Record<string, unknown> | null; errors?: Array<{ errorType?: string; message: string }> };

export interface LocalBatteryServer {
  admin(query: string, variables?: Record<string, unknown>): Promise<Answer>;
  guest(query: string, variables?: Record<string, unknown>): Promise<Answer>;
  /** The running server (after beforeAll), for what a test checks beyond the battery. */
  server(): TestServer;
  /** The admin's session token. */
  adminToken(): string;
}

export function localBatteryServer(options: Parameters<typeof startTestServer>[0] = {}): LocalBatteryServer {
  let server: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    server = await startTestServer(options);
    adminToken = (await server.sessionFor(ROLE_ADMIN)).token;
  });
  afterAll(async () => {
    await server?.stop();
  });
  const call = async (headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) =>
    (await postGraphQL(server, { query, variables }, headers)).body as Answer;
  return {
    admin: (query, variables) => call({ authorization: adminToken }, query, variables),
    guest: (query, variables) => call({ 'x-api-key': server.apiKey }, query, variables),
    server: () => server,
    adminToken: () => adminToken,
  };
}
