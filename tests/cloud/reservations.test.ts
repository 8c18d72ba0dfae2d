/**
 * Reserve for pickup on the emulated AWS backend (`npm run test:cloud` runs it): the same battery
 * as the local server (tests/support/reservation-battery.ts), here through the catalogue function on
 * DynamoDB, where reserving is one TransactWriteItems with a `stock >= :q` condition per item and
 * conflicts between the crowd's transactions are retried (decision 0301), never reported.
 */
import { beforeAll, describe } from 'vitest';
import { reservationBattery } from '../support/reservation-battery';
import { storeConfirmLink } from './support/account-links';
import { call, cloudShop, guest, ok, signUp, uniqueEmail, type CloudShop } from './support/api';
import { forgetAddressLimits } from './support/throttle-table';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

/** A customer signed up through the API, the address confirmed with the link the mail would carry. */
async function customer(confirmed = true) {
  const email = uniqueEmail('reserve');
  await forgetAddressLimits();
  const token = await signUp(email);
  if (confirmed) {
    const { id } = (await ok({ token }, 'query { myAccount { id } }')).myAccount as { id: string };
    const link = await storeConfirmLink(id, email, Date.now() + 60 * 60_000);
    await ok(guest, 'mutation ($token: String) { confirmEmail(token: $token) }', { token: link });
  }
  return async (query: string, variables?: Record<string, unknown>) => (await call({ token }, query, variables)).body;
}

describe('Reserve for pickup on the emulated cloud', () => {
  reservationBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer,
    crowd: { customers: 50, bottles: 10 },
  });
});
