/**
 * Password resets on the emulated AWS backend (`npm run test:cloud` runs it): an admin's link
 * sets a customer's new password once, on DynamoDB, and ends the customer's sessions in the
 * ShopSessions table, as locally (server/accounts/password-reset-api.test.ts, which also covers
 * the e-mail). "Forgot password?" gives its one answer for any address and mails a known one
 * its link, over SMTP to the inbox on CLOUD_SMTP_PORT (tests/cloud-emulation/run.ts).
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { call, cloudShop, guest, ok, PASSWORD, signIn, uniqueEmail } from './support/api';
import { cloudInbox } from './support/customers';
import { forgetAddressLimits } from './support/throttle-table';
import { confirmLinkToken } from '../support/confirmation-mail';

const inbox = cloudInbox();

const NEW_PASSWORD = 'Cl0ud-Reset-Passw0rd!';
const RESET = `mutation ($token: String, $password: String, $confirmPassword: String) {
  resetPassword(token: $token, password: $password, confirmPassword: $confirmPassword) }`;

async function customer(email: string): Promise<{ token: string; userId: string }> {
  const data = await ok(
    guest,
    `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
    signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { token userId } }`,
    { firstName: 'Reset', lastName: 'Probe', email, password: PASSWORD, confirmPassword: PASSWORD },
  );
  return data.signUp as { token: string; userId: string };
}

describe('password resets on the emulated cloud', () => {
  it("sets a new password once with an admin's link and ends the account's sessions", async () => {
    const shop = await cloudShop();
    const email = uniqueEmail('reset');
    const person = await customer(email);

    const made = await ok(
      { token: shop.admin },
      'mutation ($userId: ID!) { createPasswordResetLink(userId: $userId) { token expiresAt } }',
      {
        userId: person.userId,
      },
    );
    const link = made.createPasswordResetLink as { token: string; expiresAt: string };
    expect(Date.parse(link.expiresAt)).toBeGreaterThan(Date.now() + 25 * 60_000);

    const mismatch = await call(guest, RESET, { token: link.token, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` });
    expect(mismatch.body.errors?.[0]?.message).toBe(MESSAGES.passwordsDoNotMatch);
    expect((await ok(guest, RESET, { token: link.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).resetPassword).toBe(true);

    const again = await call(guest, RESET, { token: link.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(again.body.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: MESSAGES.resetLinkInvalid });
    const oldSession = await call({ token: person.token }, '{ listItems(limit: 1) { items { id } } }');
    expect(oldSession.body.errors?.[0]?.errorType).toBe('UnauthorizedException');
    const oldPassword = await call(guest, 'mutation ($e: String, $p: String) { signIn(email: $e, password: $p) { token } }', {
      e: email,
      p: PASSWORD,
    });
    expect(oldPassword.body.errors?.[0]?.message).toBe(MESSAGES.incorrectPassword);
    expect(await signIn(email, NEW_PASSWORD)).toEqual(expect.any(String));
  });

  it('answers "Forgot password?" the same for any address, and refuses a customer making links', async () => {
    const email = uniqueEmail('forgot');
    const person = await customer(email);
    const ask = (address: string) => ok(guest, 'mutation ($email: String) { requestPasswordReset(email: $email) }', { email: address });
    // The batteries before this one asked for links from this same loopback address.
    await forgetAddressLimits();
    // The sign-up's confirmation: a reset link goes only to a confirmed address (decision 0369).
    const confirmation = await inbox().next(email, 15_000);
    await ok(guest, 'mutation ($token: String) { confirmEmail(token: $token) }', { token: confirmLinkToken(confirmation) });
    expect(await ask(email)).toEqual({ requestPasswordReset: true });
    const mail = await inbox().next(email, 15_000);
    expect(mail.subject).toBe('Set a new password for Patterson Wine & Liquor');
    expect(new URL(/https?:\/\/\S+/.exec(mail.text)![0]).pathname).toBe(SPA_ROUTES.resetPassword);
    const nobody = uniqueEmail('nobody');
    expect(await ask(nobody)).toEqual({ requestPasswordReset: true });
    expect(inbox().messages.filter((message) => message.to.includes(nobody))).toEqual([]);
    const refused = await call({ token: person.token }, 'mutation ($userId: ID!) { createPasswordResetLink(userId: $userId) { token } }', {
      userId: person.userId,
    });
    expect(refused.body.errors?.[0]?.errorType).toMatch(/^Unauthorized/);
    expect(refused.body.data?.createPasswordResetLink ?? null).toBeNull();
  });
});
