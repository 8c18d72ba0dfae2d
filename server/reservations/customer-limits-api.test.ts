/** One customer's caps on reserving (decisions 0371, 0374) on the local server, through the API: the battery both backends run (tests/support/customer-limits-battery.ts). */
import { describe } from 'vitest';
import { ROLE_USER } from '../../shared/roles';
import { customerLimitsBattery } from '../../tests/support/customer-limits-battery';
import { localBatteryServer } from '../../tests/support/local-battery';
import { postGraphQL } from '../../tests/support/test-server';

const shop = localBatteryServer();

describe("A customer's caps on reserving (local server)", () => {
  customerLimitsBattery({
    admin: shop.admin,
    guest: shop.guest,
    customer: async () => {
      const server = shop.server();
      const { token, userId } = await server.sessionFor(ROLE_USER);
      server.store.update('User', { id: userId, emailConfirmed: true });
      return async (query, variables) => (await postGraphQL(server, { query, variables }, { authorization: token })).body;
    },
  });
});
