/**
 * New York's Sale rule on the emulated AWS backend (`npm run test:cloud` runs it): the same battery
 * as the local server (tests/support/sale-rule-battery.ts), here through AppSync's own model
 * resolvers on DynamoDB, the catalogue function judging each write from the record the pipeline
 * read before it and handing the price history to the DynamoDB step.
 */
import { beforeAll, describe } from 'vitest';
import { saleRuleBattery } from '../support/sale-rule-battery';
import { call, cloudShop, guest, signUp, uniqueEmail, type CloudShop } from './support/api';
import { setPriceHistory } from './support/throttle-table';

let shop: CloudShop;
let customer: string;
beforeAll(async () => {
  shop = await cloudShop();
  customer = await signUp(uniqueEmail('sale'));
});

describe('the Sale rule on the emulated cloud', () => {
  saleRuleBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer: async (query, variables) => (await call({ token: customer }, query, variables)).body,
    ageItem: setPriceHistory,
  });
});
