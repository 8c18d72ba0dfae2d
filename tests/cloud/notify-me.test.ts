/**
 * "Notify me when it's back" on the emulated AWS backend (`npm run test:cloud` runs it): the battery
 * the local server runs too (tests/support/notify-me-battery.ts), served by the catalogue function,
 * the requests in the reservations table, the mail sent to a loopback inbox on CLOUD_SMTP_PORT
 * (tests/cloud-emulation/run.ts); the Item Editor's raise reaches it through the pipeline's activity record.
 */
import { beforeAll, describe } from 'vitest';
import { notifyMeBattery } from '../support/notify-me-battery';
import { call, cloudShop, guest, type CloudShop } from './support/api';
import { cloudCustomer, cloudInbox } from './support/customers';

let shop: CloudShop;
const inbox = cloudInbox();
beforeAll(async () => {
  shop = await cloudShop();
});

describe('notify me when it is back on the emulated cloud', () => {
  notifyMeBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer: (confirmed) => cloudCustomer('notify', { confirmed, inbox: inbox() }),
    inbox,
  });
});
