/**
 * A customer's change of their reservation on the emulated AWS backend (`npm run test:cloud` runs
 * it, decision 0372): the battery the local server runs too (tests/support/reservation-change-battery.ts),
 * here through the catalogue function on DynamoDB, where a change is one TransactWriteItems
 * conditioned on the reservation as read, with a `stock >= :q` condition per line it raises; the
 * shop's mail goes over SMTP to a loopback inbox on CLOUD_SMTP_PORT.
 */
import { beforeAll, describe } from 'vitest';
import { reservationChangeBattery } from '../support/reservation-change-battery';
import { call, cloudShop, guest, type CloudShop } from './support/api';
import { cloudCustomer, cloudInbox } from './support/customers';

let shop: CloudShop;
const inbox = cloudInbox();
beforeAll(async () => {
  shop = await cloudShop();
});

describe("a customer's change of their reservation on the emulated cloud", () => {
  reservationChangeBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer: async () => (await cloudCustomer('change', { inbox: inbox() })).call,
    inbox,
  });
});
