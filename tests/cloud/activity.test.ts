/**
 * The activity log on the emulated AWS backend (`npm run test:cloud` runs it): the same battery as
 * the local server (tests/support/activity-battery.ts), here through AppSync's pipelines (a read
 * before each model write, the catalogue function after it) and the functions' DynamoDB log.
 */
import { beforeAll, describe } from 'vitest';
import { activityBattery } from '../support/activity-battery';
import { call, cloudShop, guest, type CloudShop } from './support/api';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

describe('the activity log on the emulated cloud', () => {
  activityBattery({
    call: async (caller, query, variables) => (await call(caller === 'guest' ? guest : caller, query, variables)).body,
    adminToken: async () => shop.admin,
    imageUrl: async () => shop.imageUrl,
  });
});
