/**
 * A customer's own account on the emulated AWS backend (`npm run test:cloud` runs it): the same
 * battery as the local server (tests/support/account-battery.ts), through AppSync, the Lambda
 * authorizer and the accounts Lambda on DynamoDB.
 */
import { beforeAll, describe } from 'vitest';
import { accountBattery } from '../support/account-battery';
import { storeConfirmLink } from './support/account-links';
import { call, cloudShop, guest, PASSWORD, type CloudShop } from './support/api';
import { forgetAddressLimits } from './support/throttle-table';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

describe("a customer's own account on the emulated cloud", () => {
  accountBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    as: async (token, query, variables) => (await call({ token }, query, variables)).body,
    storeConfirmLink,
    password: PASSWORD,
    beforeSignUp: forgetAddressLimits,
  });
});
