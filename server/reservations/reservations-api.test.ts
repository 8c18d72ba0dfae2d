/** Reserve for pickup on the local server, through the API: the battery both backends run (tests/support/reservation-battery.ts). */
import { describe, expect, it } from 'vitest';
import { ROLE_USER } from '../../shared/roles';
import { localBatteryServer } from '../../tests/support/local-battery';
import { reservationBattery, type Caller } from '../../tests/support/reservation-battery';
import { postGraphQL, TEST_PASSWORD } from '../../tests/support/test-server';

const shop = localBatteryServer();

async function customer(confirmed = true): Promise<Caller & { userId: string }> {
  const server = shop.server();
  const { token, userId } = await server.sessionFor(ROLE_USER);
  if (confirmed) server.store.update('User', { id: userId, emailConfirmed: true });
  return Object.assign(
    async (query: string, variables?: Record<string, unknown>) =>
      (await postGraphQL(server, { query, variables }, { authorization: token })).body,
    {
      userId,
    },
  );
}

describe('Reserve for pickup (local server)', () => {
  reservationBattery({
    admin: shop.admin,
    guest: shop.guest,
    customer,
    crowd: { customers: 50, bottles: 10 },
  });

  it('deleting the account cancels its open reservation and returns the bottles (decision 0304)', async () => {
    const server = shop.server();
    const id = server.store.create('Item', { name: 'Deleted Account Wine', price: 10, stock: 4, tags: ['wine'] }).id;
    const who = await customer();
    const line = await who('mutation ($itemId: ID!) { setPickupListLine(itemId: $itemId, quantity: 3) { units } }', { itemId: id });
    expect((line.data as { setPickupListLine: { units: number } }).setPickupListLine.units).toBe(3);
    const { pickupSlots } = await import('../../shared/pickup-slots');
    const start = pickupSlots(server.store.get('ShopSettings', 'shop') as never, new Date(), { preparationMinutes: 0 })[0]!.slots[0]!.start;
    const reserved = await who('mutation ($s: String!) { reserve(slotStart: $s) { id } }', { s: start });
    expect(reserved.errors).toBeUndefined();
    expect(server.store.get('Item', id)!.stock).toBe(1);
    const deleted = await who('mutation ($p: String) { deleteMyAccount(currentPassword: $p) }', { p: TEST_PASSWORD });
    expect(deleted.errors).toBeUndefined();
    expect(server.store.get('Item', id)!.stock).toBe(4);
    const all = await shop.admin('query { listReservations(status: "Cancelled") { id customerName reason } }');
    const entry = (all.data!.listReservations as Array<{ id: string; customerName: string; reason: string }>).find(
      (found) => found.id === (reserved.data!.reserve as { id: string }).id,
    );
    expect(entry).toMatchObject({ customerName: 'Deleted account', reason: 'The account was deleted' });
  });

  it('expires reservations on the server, returning their bottles once', async () => {
    const server = shop.server();
    const id = server.store.create('Item', { name: 'Expiring Wine', price: 10, stock: 2, tags: ['wine'] }).id;
    const who = await customer();
    await who('mutation ($itemId: ID!) { setPickupListLine(itemId: $itemId, quantity: 2) { units } }', { itemId: id });
    const { pickupSlots } = await import('../../shared/pickup-slots');
    const start = pickupSlots(server.store.get('ShopSettings', 'shop') as never, new Date(), { preparationMinutes: 0 })[0]!.slots[0]!.start;
    const made = await who('mutation ($s: String!) { reserve(slotStart: $s) { id expiresAt } }', { s: start });
    const { expiresAt } = made.data!.reserve as { expiresAt: string };
    expect(server.store.get('Item', id)!.stock).toBe(0);
    await server.runSchedule('expireReservations', new Date(expiresAt));
    await server.runSchedule('expireReservations', new Date(expiresAt));
    expect(server.store.get('Item', id)!.stock).toBe(2);
    const mine = await who('query { myReservations { status } }');
    expect(mine.data!.myReservations).toEqual([{ status: 'Expired' }]);
  });
});
