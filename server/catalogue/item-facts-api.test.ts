/** An item's facts on the local server, through the API: the battery both backends run (tests/support/item-facts-battery.ts). */
import { describe, expect, it } from 'vitest';
import { ROLE_USER } from '../../shared/roles';
import { itemFactsBattery } from '../../tests/support/item-facts-battery';
import { localBatteryServer } from '../../tests/support/local-battery';
import { postGraphQL } from '../../tests/support/test-server';

const local = localBatteryServer();

describe('item facts (local server)', () => {
  itemFactsBattery(local);

  it('a customer cannot set stock', async () => {
    const server = local.server();
    const id = server.store.list('Item').items[0]!.id;
    const before = server.store.get('Item', id)!.stock ?? null;
    const user = { authorization: (await server.sessionFor(ROLE_USER)).token };
    const answer = (
      await postGraphQL(
        server,
        { query: 'mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id } }', variables: { input: { id, stock: 0 } } },
        user,
      )
    ).body;
    expect(answer.errors?.[0]?.errorType).toBe('Unauthorized');
    expect(server.store.get('Item', id)!.stock ?? null).toBe(before);
  });
});
