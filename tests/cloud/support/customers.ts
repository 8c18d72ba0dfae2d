/**
 * A customer of the emulated cloud for the API batteries: signed up through the API and, unless
 * `confirmed` is false, the address confirmed. A battery with an inbox on CLOUD_SMTP_PORT passes
 * it: the sign-up's confirmation mail is taken from it (so the battery's next mail is its own) and
 * its link confirms; else the link is stored as the accounts function stores one
 * (tests/cloud/support/account-links.ts), the mail refused with nobody listening.
 *
 *     const { email, call } = await cloudCustomer('reserve', { inbox });
 *     const body = await call('query { myReservations { id } }');
 */
import { afterAll, beforeAll } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../support/smtp-inbox';
import { confirmLinkToken } from '../../support/confirmation-mail';
import { storeConfirmLink } from './account-links';
import { call, guest, ok, signUp, uniqueEmail, type Body } from './api';
import { forgetAddressLimits } from './throttle-table';

export interface CloudCustomer {
  email: string;
  /** The API as this customer: the whole answer, errors included. */
  call(query: string, variables?: Record<string, unknown>): Promise<Body>;
}

export async function cloudCustomer(
  label: string,
  { confirmed = true, inbox }: { confirmed?: boolean; inbox?: SmtpInbox } = {},
): Promise<CloudCustomer> {
  const email = uniqueEmail(label);
  // Many sign-ups from one address: the batteries would reach the sign-up limit.
  await forgetAddressLimits();
  const token = await signUp(email);
  // The sign-up's send is awaited by the function (a Lambda may be frozen once it answers): here already.
  const mailed = inbox ? confirmLinkToken(await inbox.next(email, 15_000)) : null;
  if (confirmed) {
    const { id } = (await ok({ token }, 'query { myAccount { id } }')).myAccount as { id: string };
    const link = mailed ?? (await storeConfirmLink(id, email, Date.now() + 60 * 60_000));
    await ok(guest, 'mutation ($token: String) { confirmEmail(token: $token) }', { token: link });
  }
  return { email, call: async (query, variables) => (await call({ token }, query, variables)).body };
}

/**
 * An inbox where the storefront's functions send mail (CLOUD_SMTP_PORT, tests/cloud-emulation/run.ts),
 * listening from the file's first test to its last (beforeAll/afterAll registered here).
 */
export function cloudInbox(): () => SmtpInbox {
  let inbox: SmtpInbox | undefined;
  beforeAll(async () => {
    const port = Number(process.env.CLOUD_SMTP_PORT);
    if (!port) throw new Error('CLOUD_SMTP_PORT: run through npm run test:cloud');
    inbox = await startSmtpInbox(port);
  });
  afterAll(async () => {
    await inbox?.stop();
  });
  return () => {
    if (!inbox) throw new Error('the cloud inbox is not listening');
    return inbox;
  };
}
