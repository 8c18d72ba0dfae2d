/** Holding fairly on the local server (decisions 0375, 0378): the battery both backends run (tests/support/fair-share-battery.ts). */
import { describe, expect } from 'vitest';
import { rawRequest } from '../../tests/security/support/raw-http';
import { fairShareBattery } from '../../tests/support/fair-share-battery';
import { localBatteryServer } from '../../tests/support/local-battery';
import { postGraphQL, TEST_PASSWORD } from '../../tests/support/test-server';

const shop = localBatteryServer();
let signUps = 0;

const SIGN_UP = `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
  signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { token userId } }`;

describe('holding fairly (local server)', () => {
  fairShareBattery({
    admin: shop.admin,
    guest: shop.guest,
    signUpFrom: async (localAddress) => {
      const server = shop.server();
      const email = `fair${++signUps}.${Date.now()}@example.com`;
      const response = await rawRequest(server.url, '/graphql', {
        localAddress,
        headers: { 'x-api-key': server.apiKey },
        body: JSON.stringify({
          query: SIGN_UP,
          variables: { firstName: 'Fair', lastName: 'Customer', email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
        }),
      });
      const { token, userId } = (response.json as { data: { signUp: { token: string; userId: string } } }).data.signUp;
      expect(token).toBeTruthy();
      // Confirmed as the link would (confirmation is tested on its own).
      server.store.update('User', { id: userId, emailConfirmed: true, confirmedEmail: email });
      return async (query, variables) => (await postGraphQL(server, { query, variables }, { authorization: token })).body;
    },
    expire: async (now) => void (await shop.server().runSchedule('expireReservations', now)),
  });
});
