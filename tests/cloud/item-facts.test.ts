/**
 * An item's facts on the emulated AWS backend (`npm run test:cloud` runs it): the same battery as
 * the local server (tests/support/item-facts-battery.ts), here through AppSync's own model
 * resolvers on DynamoDB, with the shared rules run by the catalogue function before each write.
 */
import { beforeAll, describe } from 'vitest';
import { itemFactsBattery } from '../support/item-facts-battery';
import { call, cloudShop, guest, type CloudShop } from './support/api';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

describe('item facts on the emulated cloud', () => {
  itemFactsBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
  });
});
