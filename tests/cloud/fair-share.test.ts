/**
 * Holding fairly on the emulated AWS backend (`npm run test:cloud` runs it; decisions 0375, 0378):
 * the same battery as the local server (tests/support/fair-share-battery.ts), here the expiry from
 * the catalogue function's schedule over the status index, related reservations from the User
 * items' sign-up addresses, and the shortages from the Item table's two facts, on DynamoDB.
 */
import { beforeAll, describe, expect } from 'vitest';
import { rawRequest } from '../security/support/raw-http';
import { fairShareBattery } from '../support/fair-share-battery';
import { storeConfirmLink } from './support/account-links';
import { call, cloudShop, guest, ok, PASSWORD, uniqueEmail, type CloudShop } from './support/api';
import { runSchedule } from './support/emulation';
import { forgetAddressLimits } from './support/throttle-table';

const url = process.env.CLOUD_API_URL!;
const apiKey = process.env.CLOUD_API_KEY!;

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

const SIGN_UP = `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
  signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { token userId } }`;

describe('holding fairly on the emulated cloud', () => {
  fairShareBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    signUpFrom: async (localAddress) => {
      await forgetAddressLimits();
      const email = uniqueEmail('fair');
      // Sent from its own loopback address: the emulation hands it on as the viewer's, as CloudFront does.
      const response = await rawRequest(url, new URL(url).pathname, {
        localAddress,
        headers: { 'x-api-key': apiKey },
        body: JSON.stringify({
          query: SIGN_UP,
          variables: { firstName: 'Fair', lastName: 'Customer', email, password: PASSWORD, confirmPassword: PASSWORD },
        }),
      });
      const { token, userId } = (response.json as { data: { signUp: { token: string; userId: string } } }).data.signUp;
      expect(token).toBeTruthy();
      const link = await storeConfirmLink(userId, email, Date.now() + 60 * 60_000);
      await ok(guest, 'mutation ($token: String) { confirmEmail(token: $token) }', { token: link });
      return async (query, variables) => (await call({ token }, query, variables)).body;
    },
    expire: async (now) => void (await runSchedule('catalogue', { schedule: 'expireReservations', now: now.toISOString() })),
  });
});
