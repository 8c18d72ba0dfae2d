/**
 * RSVPs on the emulated AWS backend (`npm run test:cloud` runs it): the same battery as the local
 * server (tests/support/rsvp-battery.ts), here through the catalogue function on DynamoDB, where an
 * answer is one TransactWriteItems conditioned on the Event's rsvpTaken (decision 0344). Mails go
 * over SMTP to a loopback inbox on the port the emulation gives the functions (CLOUD_SMTP_PORT);
 * the reminders run as the EventBridge schedule runs them (amplify/backend.ts), with its time given.
 */
import { beforeAll, describe } from 'vitest';
import { rsvpBattery } from '../support/rsvp-battery';
import { call, cloudShop, guest, type CloudShop } from './support/api';
import { cloudCustomer, cloudInbox } from './support/customers';
import { runSchedule } from './support/emulation';

let shop: CloudShop;
const inbox = cloudInbox();
beforeAll(async () => {
  shop = await cloudShop();
});

describe('RSVPs on the emulated cloud', () => {
  rsvpBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer: (confirmed) => cloudCustomer('rsvp', { confirmed, inbox: inbox() }),
    inbox,
    sendReminders: async (now) => {
      await runSchedule('catalogue', { schedule: 'sendRsvpReminders', now: now.toISOString() });
    },
  });
});
