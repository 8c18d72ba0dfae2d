/**
 * What follows an account's deletion on the emulated AWS backend (`npm run test:cloud` runs it):
 * the same battery as the local server (tests/support/account-deletion-battery.ts), here the
 * accounts function running the composition's reactions on DynamoDB.
 */
import { beforeAll, describe } from 'vitest';
import { accountDeletionBattery } from '../support/account-deletion-battery';
import { call, cloudShop, PASSWORD, type CloudShop } from './support/api';
import { cloudCustomer } from './support/customers';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

describe('deleting an account on the emulated cloud', () => {
  accountDeletionBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    customer: async () => ({ call: (await cloudCustomer('leaving')).call, password: PASSWORD }),
  });
});
