/**
 * The reservation e-mails on the emulated AWS backend (`npm run test:cloud` runs it): the battery
 * the local server runs too (tests/support/reservation-mail-battery.ts), sent by the catalogue
 * function over SMTP to a loopback inbox on the port the emulation gives the functions
 * (CLOUD_SMTP_PORT, amplify/emulation/run.ts). The expiry's mail is the local server's test: the
 * cloud's schedule runs the same service call.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { reservationMailBattery } from '../support/reservation-mail-battery';
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

/** A customer signed up through the API, the address confirmed with the link the sign-up mail would carry. */
async function customer() {
  const email = uniqueEmail('reserve-mail');
  await forgetAddressLimits();
  const token = await signUp(email);
  const { id } = (await ok({ token }, 'query { myAccount { id } }')).myAccount as { id: string };
  const link = await storeConfirmLink(id, email, Date.now() + 60 * 60_000);
  await ok(guest, 'mutation ($token: String) { confirmEmail(token: $token) }', { token: link });
  return { email, call: async (query: string, variables?: Record<string, unknown>) => (await call({ token }, query, variables)).body };
}

describe('reservation e-mails on the emulated cloud', () => {
  reservationMailBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    customer,
    inbox: () => inbox,
  });
});
