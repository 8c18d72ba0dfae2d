/** New York's Sale rule on the local server, through the API: the battery both backends run (tests/support/sale-rule-battery.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { saleRuleBattery } from '../../tests/support/sale-rule-battery';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';

let server: TestServer;
let adminToken: string;
let customerToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.sessionFor(ROLE_ADMIN)).token;
  customerToken = (await server.sessionFor(ROLE_USER)).token;
});
afterAll(async () => {
  await server?.stop();
});

const call = async (headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) =>
  (await postGraphQL(server, { query, variables }, headers)).body;

describe('the Sale rule (local server)', () => {
  saleRuleBattery({
    admin: (query, variables) => call({ authorization: adminToken }, query, variables),
    guest: (query, variables) => call({ 'x-api-key': server.apiKey }, query, variables),
    customer: async (query, variables) => call({ authorization: customerToken }, query, variables),
    ageItem: async (id, priceHistory) => {
      server.store.update('Item', { id, priceHistory });
    },
  });

  it('a customer cannot mark an item Sale', async () => {
    const id = server.store.list('Item').items[0]!.id;
    const user = { authorization: (await server.sessionFor(ROLE_USER)).token };
    const answer = await call(user, 'mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id } }', {
      input: { id, onSale: true },
    });
    expect(answer.errors?.[0]?.errorType).toBe('Unauthorized');
    expect(server.store.get('Item', id)!.onSale ?? null).toBeNull();
  });
});
