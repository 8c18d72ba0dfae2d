/** A stock file from the till, and items imported without photo or description, on the local server: the battery both backends run (tests/support/stock-import-battery.ts). */
import { afterAll, beforeAll, describe } from 'vitest';
import { ROLE_ADMIN } from '../../shared/roles';
import { stockImportBattery } from '../../tests/support/stock-import-battery';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.sessionFor(ROLE_ADMIN)).token;
});
afterAll(async () => {
  await server?.stop();
});

const call = async (headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) =>
  (await postGraphQL(server, { query, variables }, headers)).body;

describe('stock files from the till (local server)', () => {
  stockImportBattery({
    admin: (query, variables) => call({ authorization: adminToken }, query, variables),
    guest: (query, variables) => call({ 'x-api-key': server.apiKey }, query, variables),
  });
});
