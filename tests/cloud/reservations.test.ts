/**
 * Reserve for pickup on the emulated AWS backend (`npm run test:cloud` runs it): the same battery
 * as the local server (tests/support/reservation-battery.ts), here through the catalogue function on
 * DynamoDB, where reserving is one TransactWriteItems with a `stock >= :q` condition per item and
 * conflicts between the crowd's transactions are retried (decision 0301), never reported.
 */
import { beforeAll, describe } from 'vitest';
import { reservationBattery } from '../support/reservation-battery';
import { call, cloudShop, guest, type CloudShop } from './support/api';
import { cloudCustomer } from './support/customers';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

describe('Reserve for pickup on the emulated cloud', () => {
  reservationBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer: async (confirmed) => (await cloudCustomer('reserve', { confirmed })).call,
    crowd: { customers: 50, bottles: 10 },
  });
});
