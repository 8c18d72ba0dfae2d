/**
 * The two facts of stock on the emulated AWS backend (`npm run test:cloud` runs it): the same
 * battery as the local server (tests/support/stock-facts-battery.ts), here reserving as one
 * TransactWriteItems, releases and pick-ups conditioned on the item as read, and the till's stock
 * file in the catalogue function, on DynamoDB.
 */
import { beforeAll, describe } from 'vitest';
import { stockFactsBattery } from '../support/stock-facts-battery';
import { call, cloudShop, type CloudShop } from './support/api';
import { cloudCustomer } from './support/customers';
import { runSchedule } from './support/emulation';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

describe('stock: the shelf and the holds on the emulated cloud', () => {
  stockFactsBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    customer: async () => (await cloudCustomer('facts')).call,
    expire: async (now) => void (await runSchedule('catalogue', { schedule: 'expireReservations', now: now.toISOString() })),
    runs: 8,
  });
});
