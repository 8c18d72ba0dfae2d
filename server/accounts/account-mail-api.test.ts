/**
 * E-mail confirmation links (decision 0303) through the real API with the mail really sent over
 * SMTP to a loopback SMTP server: sign-up mails a link to /confirm-email that confirms the address
 * once; "Send the link again" is limited as reset mails are; a new address gets a link of its own
 * and the old address's link no longer confirms anything. Without SMTP the links are kept in the
 * outbox instead (outbox-api.test.ts, decision 0366).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../shared/account-messages';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox';
import { postGraphQL, startTestServer, TEST_PASSWORD, type TestServer } from '../../tests/support/test-server';

let inbox: SmtpInbox;
let server: TestServer;
let unique = 0;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ env: inbox.env });
});
afterAll(async () => {
  await server?.stop();
  await inbox?.stop();
});

async function call(query: string, variables: Record<string, unknown> = {}, token?: string, target = server) {
  const headers: Record<string, string> = token ? { authorization: token } : { 'x-api-key': target.apiKey };
  const { body } = await postGraphQL(target, { query, variables }, headers);
  return { data: body.data, error: body.errors?.[0] };
}

async function signUp(target = server) {
  const email = `confirm${++unique}.${process.pid}@example.com`;
  const { data, error } = await call(
    `mutation ($e: String, $p: String) { signUp(firstName: "Ann", lastName: "Probe", email: $e, password: $p, confirmPassword: $p) { token } }`,
    { e: email, p: TEST_PASSWORD },
    undefined,
    target,
  );
  expect(error).toBeUndefined();
  return { email, token: (data!.signUp as { token: string }).token };
}

/** The token of the link in a confirmation mail, after checking it opens this shop's confirmation page. */
function tokenFrom(text: string): string {
  const url = new URL(/https?:\/\/\S+/.exec(text)![0]);
  expect(url.origin).toBe(server.url);
  expect(url.pathname).toBe(SPA_ROUTES.confirmEmail);
  return url.searchParams.get('token')!;
}

const confirm = (token: string) => call('mutation ($token: String) { confirmEmail(token: $token) }', { token });
const confirmed = async (token: string) =>
  ((await call('{ myAccount { emailConfirmed } }', {}, token)).data!.myAccount as { emailConfirmed: boolean }).emailConfirmed;
const sendAgain = (token: string, target = server) => call('mutation { sendEmailConfirmation }', {}, token, target);

describe('e-mail confirmation links', () => {
  it('mails a link on sign-up that confirms the address once', async () => {
    const ann = await signUp();
    const mail = await inbox.next(ann.email);
    expect(mail.subject).toBe('Confirm your email address for Patterson Wine & Liquor');
    expect(mail.text.split('\n')[0]).toBe('Hello,');
    expect(mail.text).not.toMatch(/Ann|Probe/);
    const token = tokenFrom(mail.text);
    expect(await confirmed(ann.token)).toBe(false);
    expect((await confirm(token)).data).toEqual({ confirmEmail: true });
    expect(await confirmed(ann.token)).toBe(true);
    expect((await confirm(token)).error).toMatchObject({ errorType: 'ValidationError', message: ACCOUNT_MESSAGES.confirmLinkInvalid });
  });

  it('sends the link again at most three times in 20 minutes, the sign-up mail counted', async () => {
    const ann = await signUp();
    const first = tokenFrom((await inbox.next(ann.email)).text);
    expect((await sendAgain(ann.token)).data).toEqual({ sendEmailConfirmation: true });
    expect((await sendAgain(ann.token)).data).toEqual({ sendEmailConfirmation: true });
    const third = await sendAgain(ann.token);
    expect(third.error?.errorType).toBe('TooManyRequests');
    expect(third.error?.message).toMatch(/^Too many confirmation emails for this account/);
    const second = tokenFrom((await inbox.next(ann.email)).text);
    const last = tokenFrom((await inbox.next(ann.email)).text);
    // Every link sent works (each once): an older mail opened later still confirms.
    expect(new Set([first, second, last]).size).toBe(3);
    expect((await confirm(first)).data).toEqual({ confirmEmail: true });
    expect((await sendAgain(ann.token)).error?.message).toBe(ACCOUNT_MESSAGES.confirmAlready);
  });

  it('mails a new address a link of its own; the old link confirms nothing', async () => {
    const ann = await signUp();
    const old = tokenFrom((await inbox.next(ann.email)).text);
    const moved = `moved${++unique}.${process.pid}@example.com`;
    const { error } = await call(
      `mutation ($e: String, $p: String) { updateMyAccount(firstName: "Ann", lastName: "Probe", email: $e, currentPassword: $p) { email } }`,
      { e: moved, p: TEST_PASSWORD },
      ann.token,
    );
    expect(error).toBeUndefined();
    const fresh = tokenFrom((await inbox.next(moved)).text);
    expect((await confirm(old)).error?.message).toBe(ACCOUNT_MESSAGES.confirmLinkInvalid);
    expect(await confirmed(ann.token)).toBe(false);
    expect((await confirm(fresh)).data).toEqual({ confirmEmail: true });
    expect(await confirmed(ann.token)).toBe(true);
  });
});
