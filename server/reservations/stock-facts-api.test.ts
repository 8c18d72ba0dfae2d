/** The two facts of stock on the local server: the battery both backends run (tests/support/stock-facts-battery.ts). */
import { describe } from 'vitest';
import { ROLE_USER } from '../../shared/roles';
import { localBatteryServer } from '../../tests/support/local-battery';
import { stockFactsBattery } from '../../tests/support/stock-facts-battery';
import { postGraphQL } from '../../tests/support/test-server';

const shop = localBatteryServer();

describe('stock: the shelf and the holds (local server)', () => {
  stockFactsBattery({
    admin: shop.admin,
    customer: async () => {
      const server = shop.server();
      const { token, userId } = await server.sessionFor(ROLE_USER);
      server.store.update('User', { id: userId, emailConfirmed: true });
      return async (query, variables) => (await postGraphQL(server, { query, variables }, { authorization: token })).body;
    },
    expire: async (now) => void (await shop.server().runSchedule('expireReservations', now)),
    runs: 40,
  });
});
