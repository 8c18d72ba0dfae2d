/**
 * RSVPs on the emulated AWS backend (`npm run test:cloud` runs it): the same battery as the local
 * server (tests/support/rsvp-battery.ts), here through the catalogue function on DynamoDB, where an
 * answer is one TransactWriteItems conditioned on the Event's rsvpTaken (decision 0344). Mails go
 * over SMTP to a loopback inbox on the port the emulation gives the functions (CLOUD_SMTP_PORT);
 * the reminders run as the EventBridge schedule runs them (amplify/backend.ts), with its time given.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { rsvpBattery } from '../support/rsvp-battery';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { storeConfirmLink } from './support/account-links';
import { call, cloudShop, guest, ok, signUp, uniqueEmail, type CloudShop } from './support/api';
import { runSchedule } from './support/emulation';
import { forgetAddressLimits } from './support/throttle-table';

let shop: CloudShop;
let inbox: SmtpInbox;
beforeAll(async () => {
  const port = Number(process.env.CLOUD_SMTP_PORT);
  if (!port) throw new Error('CLOUD_SMTP_PORT: run through npm run test:cloud');
  inbox = await startSmtpInbox(port);
  shop = await cloudShop();
});
afterAll(async () => {
  await inbox?.stop();
});

/** A customer signed up through the API, the address confirmed with the link the sign-up mail would carry. */
async function customer(confirmed = true) {
  const email = uniqueEmail('rsvp');
  await forgetAddressLimits();
  const token = await signUp(email);
  if (confirmed) {
    const { id } = (await ok({ token }, 'query { myAccount { id } }')).myAccount as { id: string };
    const link = await storeConfirmLink(id, email, Date.now() + 60 * 60_000);
    await ok(guest, 'mutation ($token: String) { confirmEmail(token: $token) }', { token: link });
  }
  return { email, call: async (query: string, variables?: Record<string, unknown>) => (await call({ token }, query, variables)).body };
}

describe('RSVPs on the emulated cloud', () => {
  rsvpBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer,
    inbox: () => inbox,
    sendReminders: async (now) => {
      await runSchedule('catalogue', { sendRsvpReminders: true, now: now.toISOString() });
    },
  });
});
