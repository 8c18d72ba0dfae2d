/**
 * One customer's caps on reserving (decisions 0371, 0374) on the emulated AWS backend (`npm run
 * test:cloud` runs it): the same battery as the local server (tests/support/customer-limits-battery.ts),
 * here through the catalogue function on DynamoDB, where the caps are conditions on the customer's
 * hold counters in the reservation's own TransactWriteItems.
 */
import { beforeAll, describe } from 'vitest';
import { customerLimitsBattery } from '../support/customer-limits-battery';
import { call, cloudShop, guest, type CloudShop } from './support/api';
import { cloudCustomer } from './support/customers';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

describe("A customer's caps on reserving on the emulated cloud", () => {
  customerLimitsBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer: async () => (await cloudCustomer('caps')).call,
  });
});
