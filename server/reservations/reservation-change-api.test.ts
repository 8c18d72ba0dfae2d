/**
 * A customer's change of their reservation on the local server (decision 0372): the battery both
 * backends run (tests/support/reservation-change-battery.ts), then a race only the local server
 * drives at will: the change, another customer reserving the last bottles and the expiry at once,
 * round after round, and the shelf's holds still exactly what the open reservations hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import type { Caller } from '../../tests/support/reservation-battery';
import { CHANGE, offeredSlots, reservationChangeBattery } from '../../tests/support/reservation-change-battery';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';
import type { StoredReservation } from './reservation-types';

let inbox: SmtpInbox;
let server: TestServer;
let adminToken: string;

const caller =
  (headers: Record<string, string>): Caller =>
  async (query, variables = {}) =>
    (await postGraphQL(server, { query, variables }, headers)).body;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ env: inbox.env });
  adminToken = (await server.sessionFor(ROLE_ADMIN)).token;
});
afterAll(async () => {
  await server?.stop();
  await inbox?.stop();
});

let made = 0;
async function customer(): Promise<Caller> {
  const { token, userId } = await server.sessionFor(ROLE_USER, `change-customer${++made}.${Date.now()}@example.com`);
  server.store.update('User', { id: userId, emailConfirmed: true });
  return caller({ authorization: token });
}

describe("a customer's change of their reservation (local server)", () => {
  reservationChangeBattery({
    admin: (query, variables) => caller({ authorization: adminToken })(query, variables),
    guest: (query, variables) => caller({ 'x-api-key': server.apiKey })(query, variables),
    customer,
    inbox: () => inbox,
  });

  it('a change, a reserve of the last bottles and the expiry at once keep the holds exactly what open reservations hold', async () => {
    const reserve = 'mutation ($slotStart: String!) { reserve(slotStart: $slotStart) { id slotStart expiresAt } }';
    const setLine = 'mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }';
    for (let round = 0; round < 8; round++) {
      const itemId = server.store.create('Item', { name: `Race Merlot ${round}`, price: 10, stock: 4, tags: ['wine'] }).id;
      const who = await customer();
      const other = await customer();
      await who(setLine, { itemId, quantity: 2 });
      const mine = (await who(reserve, { slotStart: offeredSlots()[0]!.start })).data!.reserve as StoredReservation;
      await other(setLine, { itemId, quantity: 2 });
      // The other's slot is the last offered, so the expiry (run as at the first's end) leaves it open.
      const slots = offeredSlots();
      const [changed, reserved] = await Promise.all([
        who(CHANGE, { id: mine.id, lines: [{ itemId, quantity: 4 }], slotStart: mine.slotStart }),
        other(reserve, { slotStart: slots[slots.length - 1]!.start }),
        server.runSchedule('expireReservations', new Date(Date.parse(mine.expiresAt) + 1000)),
      ]);
      // Whatever the order, what is held is what the open reservations hold, and never more than the shelf.
      const all = (await caller({ authorization: adminToken })('query { listReservations { id status lines { itemId quantity } } }')).data!
        .listReservations as StoredReservation[];
      // The shelf offered 2 more: the change and the other's reserve both got them only when the
      // expiry ended the changed reservation in between, freeing its 4.
      if (!changed.errors && !reserved.errors) expect(all.find((reservation) => reservation.id === mine.id)?.status).toBe('Expired');
      const open = all
        .filter((reservation) => reservation.status === 'Requested' || reservation.status === 'Ready')
        .flatMap((reservation) => reservation.lines)
        .filter((line) => line.itemId === itemId)
        .reduce((sum, line) => sum + line.quantity, 0);
      const stored = server.store.get('Item', itemId)!;
      expect(stored.heldStock).toBe(open);
      expect(open).toBeLessThanOrEqual(4);
      expect(stored.shelfStock ?? 4).toBe(4);
      expect(stored.stock).toBe(4 - open);
    }
  });
});
