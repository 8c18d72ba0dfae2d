/** An item's facts on the local server, through the API: the battery both backends run (tests/support/item-facts-battery.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { itemFactsBattery } from '../../tests/support/item-facts-battery';
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

describe('item facts (local server)', () => {
  itemFactsBattery({
    admin: (query, variables) => call({ authorization: adminToken }, query, variables),
    guest: (query, variables) => call({ 'x-api-key': server.apiKey }, query, variables),
  });

  it('a customer cannot set stock', async () => {
    const id = server.store.list('Item').items[0]!.id;
    const before = server.store.get('Item', id)!.stock ?? null;
    const user = { authorization: (await server.sessionFor(ROLE_USER)).token };
    const answer = await call(user, 'mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id } }', {
      input: { id, stock: 0 },
    });
    expect(answer.errors?.[0]?.errorType).toBe('Unauthorized');
    expect(server.store.get('Item', id)!.stock ?? null).toBe(before);
  });
});
