/** What follows an account's deletion, on the local server: the battery both backends run (tests/support/account-deletion-battery.ts). */
import { describe } from 'vitest';
import { ROLE_USER } from '../../shared/roles';
import { accountDeletionBattery } from '../../tests/support/account-deletion-battery';
import { localBatteryServer } from '../../tests/support/local-battery';
import { postGraphQL, TEST_PASSWORD } from '../../tests/support/test-server';

const shop = localBatteryServer();

describe('deleting an account (local server)', () => {
  accountDeletionBattery({
    admin: shop.admin,
    customer: async () => {
      const server = shop.server();
      const { token, userId } = await server.sessionFor(ROLE_USER);
      server.store.update('User', { id: userId, emailConfirmed: true });
      return {
        call: async (query, variables) => (await postGraphQL(server, { query, variables }, { authorization: token })).body,
        password: TEST_PASSWORD,
      };
    },
  });
});
