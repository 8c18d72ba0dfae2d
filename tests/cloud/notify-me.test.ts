/**
 * "Notify me when it's back" on the emulated AWS backend (`npm run test:cloud` runs it): the battery
 * the local server runs too (tests/support/notify-me-battery.ts), served by the catalogue function,
 * the requests in the reservations table, the mail sent to a loopback inbox on CLOUD_SMTP_PORT
 * (amplify/emulation/run.ts); the Item Editor's raise reaches it through the pipeline's activity record.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { notifyMeBattery } from '../support/notify-me-battery';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { storeConfirmLink } from './support/account-links';
import { call, cloudShop, guest, ok, signUp, uniqueEmail, type CloudShop } from './support/api';
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

async function customer(confirmed = true) {
  const email = uniqueEmail('notify');
  await forgetAddressLimits();
  const token = await signUp(email);
  if (confirmed) {
    const { id } = (await ok({ token }, 'query { myAccount { id } }')).myAccount as { id: string };
    const link = await storeConfirmLink(id, email, Date.now() + 60 * 60_000);
    await ok(guest, 'mutation ($token: String) { confirmEmail(token: $token) }', { token: link });
  }
  return { email, call: async (query: string, variables?: Record<string, unknown>) => (await call({ token }, query, variables)).body };
}

describe('notify me when it is back on the emulated cloud', () => {
  notifyMeBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer,
    inbox: () => inbox,
  });
});
