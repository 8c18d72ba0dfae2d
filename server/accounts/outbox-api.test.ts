/**
 * The outbox through the real API (decision 0366): a shop with no SMTP set keeps the confirmation
 * mail of a sign-up in DATA_DIR/outbox, an admin finds it with listOutbox and its link confirms the
 * address; "Forgot password?" and "Send the link again" are kept there too; a customer and a guest
 * are refused listOutbox; the client config tells the browser where mail goes.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../shared/outbox';
import { ROLE_ADMIN } from '../../shared/roles';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { startSmtpInbox } from '../../tests/support/smtp-inbox';
import { postGraphQL, startTestServer, TEST_PASSWORD, type TestServer } from '../../tests/support/test-server';

let server: TestServer;
let admin: string;
let unique = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.sessionFor(ROLE_ADMIN)).token;
});
afterAll(async () => {
  await server?.stop();
});

async function call(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const headers: Record<string, string> = token ? { authorization: token } : { 'x-api-key': server.apiKey };
  const { body } = await postGraphQL(server, { query, variables }, headers);
  return { data: body.data, error: body.errors?.[0] };
}

const LIST = `query ($limit: Int, $nextToken: String) {
  listOutbox(limit: $limit, nextToken: $nextToken) { mails { id at to subject text attachments } nextToken }
}`;

async function listOutbox(token = admin, variables: Record<string, unknown> = {}) {
  return call(LIST, variables, token);
}

/** The newest kept mail to `to`: mails are kept in the background, so it may take a moment. */
async function mailTo(to: string, subject: RegExp): Promise<OutboxMail> {
  for (let tries = 0; tries < 100; tries += 1) {
    const { data, error } = await listOutbox();
    expect(error).toBeUndefined();
    const found = (data!.listOutbox as { mails: OutboxMail[] }).mails.find((mail) => mail.to === to && subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

async function signUp() {
  const email = `outbox${++unique}.${process.pid}@example.com`;
  const { data, error } = await call(
    `mutation ($e: String, $p: String) { signUp(firstName: "Ann", lastName: "Probe", email: $e, password: $p, confirmPassword: $p) { token } }`,
    { e: email, p: TEST_PASSWORD },
  );
  expect(error).toBeUndefined();
  return { email, token: (data!.signUp as { token: string }).token };
}

const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);

describe('the outbox without a mail server', () => {
  it('keeps the sign-up confirmation, which an admin finds with listOutbox and whose link confirms the address', async () => {
    const ann = await signUp();
    const mail = await mailTo(ann.email, /^Confirm your email address/);
    expect(mail.subject).toBe('Confirm your email address for Patterson Wine & Liquor');
    expect(mail.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(readdirSync(join(server.dataDir, 'outbox'))).toContain(mail.id);
    const link = linkIn(mail.text);
    expect(link.origin).toBe(server.url);
    expect(link.pathname).toBe(SPA_ROUTES.confirmEmail);

    const myAccount = async () =>
      ((await call('{ myAccount { emailConfirmed } }', {}, ann.token)).data!.myAccount as { emailConfirmed: boolean }).emailConfirmed;
    expect(await myAccount()).toBe(false);
    expect(
      (await call('mutation ($token: String) { confirmEmail(token: $token) }', { token: link.searchParams.get('token') })).data,
    ).toEqual({
      confirmEmail: true,
    });
    expect(await myAccount()).toBe(true);
  });

  it('keeps "Send the link again" and "Forgot password?" there too, newest first; an unknown address gets the same answer and no mail', async () => {
    const bea = await signUp();
    await mailTo(bea.email, /^Confirm/);
    expect((await call('mutation { sendEmailConfirmation }', {}, bea.token)).data).toEqual({ sendEmailConfirmation: true });
    // A reset link goes only to a confirmed address (decision 0369): the second link confirms it.
    const again = linkIn((await mailTo(bea.email, /^Confirm/)).text).searchParams.get('token');
    expect((await call('mutation ($token: String) { confirmEmail(token: $token) }', { token: again })).data).toEqual({
      confirmEmail: true,
    });
    const reset = 'mutation ($e: String) { requestPasswordReset(email: $e) }';
    expect((await call(reset, { e: bea.email })).data).toEqual({ requestPasswordReset: true });
    expect((await call(reset, { e: `nobody${unique}@example.com` })).data).toEqual({ requestPasswordReset: true });
    const resetMail = await mailTo(bea.email, /^Set a new password/);
    expect(linkIn(resetMail.text).pathname).toBe(SPA_ROUTES.resetPassword);
    const { data } = await listOutbox();
    const mails = (data!.listOutbox as { mails: OutboxMail[] }).mails;
    expect(mails.filter((mail) => mail.to === bea.email).map((mail) => mail.subject.split(' ')[0])).toEqual(['Set', 'Confirm', 'Confirm']);
    expect(mails.some((mail) => mail.to.startsWith('nobody'))).toBe(false);
    expect(mails.map((mail) => mail.id)).toEqual(
      mails
        .map((mail) => mail.id)
        .sort()
        .reverse(),
    );
  });

  it('pages newest first with nextToken', async () => {
    const { data } = await listOutbox(admin, { limit: 2 });
    const first = data!.listOutbox as { mails: OutboxMail[]; nextToken: string };
    expect(first.mails).toHaveLength(2);
    const next = (await listOutbox(admin, { limit: 2, nextToken: first.nextToken })).data!.listOutbox as { mails: OutboxMail[] };
    expect(next.mails[0]!.id < first.mails[1]!.id).toBe(true);
    expect((await listOutbox(admin, { nextToken: '../shop.sqlite3' })).error).toMatchObject({
      errorType: 'ValidationError',
      message: 'Invalid nextToken',
    });
  });

  it('refuses listOutbox to a customer and to a guest', async () => {
    const cara = await signUp();
    expect((await listOutbox(cara.token)).error?.errorType).toMatch(/^Unauthorized/);
    const guest = await postGraphQL(server, { query: LIST });
    expect(guest.body.errors?.[0]?.errorType).toMatch(/^Unauthorized/);
    expect(guest.body.data?.listOutbox ?? null).toBeNull();
  });

  it('tells the browser where mail goes: the outbox here, the mail server where SMTP is set', async () => {
    const outputs = async (target: TestServer) => (await (await fetch(`${target.url}/amplify_outputs.json`)).json()) as { custom: unknown };
    expect((await outputs(server)).custom).toEqual({ mailDelivery: 'outbox' });
    const inbox = await startSmtpInbox();
    const withSmtp = await startTestServer({ env: inbox.env });
    try {
      expect((await outputs(withSmtp)).custom).toEqual({ mailDelivery: 'smtp' });
    } finally {
      await withSmtp.stop();
      await inbox.stop();
    }
  });
});
