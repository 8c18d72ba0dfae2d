/**
 * A stock file from the till, and items imported without photo or description, on the emulated
 * AWS backend (`npm run test:cloud` runs it): the local server's battery
 * (tests/support/stock-import-battery.ts), here with importItems in the catalogue function on DynamoDB.
 */
import { beforeAll, describe } from 'vitest';
import { stockImportBattery } from '../support/stock-import-battery';
import { call, cloudShop, guest, type CloudShop } from './support/api';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

describe('stock files from the till on the emulated cloud', () => {
  stockImportBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
  });
});
