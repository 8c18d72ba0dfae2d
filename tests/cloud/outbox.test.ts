/**
 * The outbox on the emulated cloud (decision 0366): the backend redeployed without SMTP_HOST keeps
 * the accounts function's mails (a sign-up's confirmation, "Forgot password?") as objects
 * outbox/<name>.eml of the media bucket; an admin reads them, newest first, with listOutbox (the
 * catalogue function), and the confirmation's link confirms the address. A customer and a guest
 * are refused listOutbox. The deploy's client config says where its mail goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../shared/outbox';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { call, cloudShop, guest, ok, signUp, uniqueEmail, type CloudShop } from './support/api';
import { redeployWith } from './support/emulation';
import { forgetAddressLimits } from './support/throttle-table';
import { mediaBucket } from './support/media-bucket';

const LIST = `query ($limit: Int, $nextToken: String) {
  listOutbox(limit: $limit, nextToken: $nextToken) { mails { id at to subject text attachments } nextToken }
}`;

let shop: CloudShop;
let smtpBefore: Record<string, string> | undefined;

beforeAll(async () => {
  shop = await cloudShop();
  smtpBefore = await redeployWith({ SMTP_HOST: '' });
  expect(smtpBefore).toEqual({ SMTP_HOST: '127.0.0.1' });
});
afterAll(async () => {
  // The other batteries mail the inbox on CLOUD_SMTP_PORT again.
  if (smtpBefore) await redeployWith(smtpBefore);
});

const outbox = async (limit = 20) =>
  (await ok({ token: shop.admin }, LIST, { limit })).listOutbox as { mails: OutboxMail[]; nextToken: string | null };

describe('the outbox on the emulated cloud, deployed without a mail server', () => {
  it('keeps the sign-up confirmation in the media bucket; an admin finds it with listOutbox and its link confirms the address', async () => {
    await forgetAddressLimits();
    const email = uniqueEmail('outbox');
    const customer = await signUp(email);
    // The function waits for the mail before it answers: it is there at once.
    const mail = (await outbox()).mails.find((kept) => kept.to === email);
    expect(mail).toMatchObject({ subject: 'Confirm your email address for Patterson Wine & Liquor', attachments: [] });
    expect(mail!.id).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.eml$/);

    const s3 = mediaBucket();
    expect(await s3.keys('outbox/')).toContain(`outbox/${mail!.id}`);
    const raw = await s3.text(`outbox/${mail!.id}`);
    expect(raw).toMatch(/^From: "Patterson Wine & Liquor" <outbox@shop\.invalid>\r\n/m);
    expect(raw).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}\r$`, 'm'));

    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(link.origin).toBe(process.env.CLOUD_SITE_URL);
    expect(link.pathname).toBe(SPA_ROUTES.confirmEmail);
    expect(await ok(guest, 'mutation ($token: String) { confirmEmail(token: $token) }', { token: link.searchParams.get('token') })).toEqual(
      {
        confirmEmail: true,
      },
    );
    expect((await ok({ token: customer }, '{ myAccount { emailConfirmed } }')).myAccount).toEqual({ emailConfirmed: true });
  });

  it('keeps "Forgot password?" there too, newest first, a page at a time', async () => {
    await forgetAddressLimits();
    const email = uniqueEmail('outbox-reset');
    await signUp(email);
    // A reset link goes only to a confirmed address (decision 0369): the kept link confirms it.
    const kept = (await outbox()).mails.find((mail) => mail.to === email)!;
    const token = new URL(/https?:\/\/\S+/.exec(kept.text)![0]).searchParams.get('token');
    expect(await ok(guest, 'mutation ($token: String) { confirmEmail(token: $token) }', { token })).toEqual({ confirmEmail: true });
    expect(await ok(guest, 'mutation ($e: String) { requestPasswordReset(email: $e) }', { e: email })).toEqual({
      requestPasswordReset: true,
    });
    const first = await outbox(1);
    expect(first.mails).toEqual([expect.objectContaining({ to: email, subject: 'Set a new password for Patterson Wine & Liquor' })]);
    expect(new URL(/https?:\/\/\S+/.exec(first.mails[0]!.text)![0]).pathname).toBe(SPA_ROUTES.resetPassword);
    const next = (await ok({ token: shop.admin }, LIST, { limit: 1, nextToken: first.nextToken })).listOutbox as { mails: OutboxMail[] };
    expect(next.mails).toEqual([expect.objectContaining({ to: email, subject: 'Confirm your email address for Patterson Wine & Liquor' })]);
  });

  it('refuses listOutbox to a customer and to a guest', async () => {
    await forgetAddressLimits();
    const customer = await signUp(uniqueEmail('outbox-nosy'));
    for (const credentials of [{ token: customer }, guest]) {
      const { body } = await call(credentials, LIST);
      expect(body.errors?.[0]?.errorType).toMatch(/^Unauthorized/);
      expect(body.data?.listOutbox ?? null).toBeNull();
    }
  });

  it("says in the deploy's client config that its mail goes over SMTP (it was synthesized with SMTP_HOST)", async () => {
    const outputs = (await (await fetch(`${process.env.CLOUD_SITE_URL}/amplify_outputs.json`)).json()) as {
      custom: { mailDelivery: string };
    };
    expect(outputs.custom.mailDelivery).toBe('smtp');
  });
});
