/**
 * The reservation e-mails on the emulated AWS backend (`npm run test:cloud` runs it): the battery
 * the local server runs too (tests/support/reservation-mail-battery.ts), sent by the catalogue
 * function over SMTP to a loopback inbox on the port the emulation gives the functions
 * (CLOUD_SMTP_PORT, tests/cloud-emulation/run.ts); the expiry runs as its EventBridge schedule runs it.
 */
import { beforeAll, describe } from 'vitest';
import { reservationMailBattery } from '../support/reservation-mail-battery';
import { call, cloudShop, type CloudShop } from './support/api';
import { cloudCustomer, cloudInbox } from './support/customers';
import { runSchedule } from './support/emulation';

let shop: CloudShop;
const inbox = cloudInbox();
beforeAll(async () => {
  shop = await cloudShop();
});

describe('reservation e-mails on the emulated cloud', () => {
  reservationMailBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    customer: () => cloudCustomer('reserve-mail', { inbox: inbox() }),
    inbox,
    expire: async (now) => {
      await runSchedule('catalogue', { schedule: 'expireReservations', now: now.toISOString() });
    },
  });
});
