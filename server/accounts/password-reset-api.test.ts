/**
 * Password resets (decision 0258) through the real API, with the e-mail really sent over SMTP to a
 * loopback SMTP server: the link arrives, works once within 30 minutes, ends every session, and
 * a refused password does not spend it. Unknown addresses get the same answer and no mail; an
 * admin can make a link for anyone; requests and mails are rate limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { ROLE_ADMIN, ROLE_USER, type Role } from '../../shared/roles';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox';
import { postGraphQL, startTestServer, TEST_PASSWORD, type TestServer } from '../../tests/support/test-server';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { RESET_TOKEN_MS } from './account-service';

const NEW_PASSWORD = 'Corkscrew#2025';
let inbox: SmtpInbox;
let server: TestServer;
let clock = Date.now();

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({
    env: inbox.env,
    overrides: {
      now: () => clock,
      throttleRules: {
        signInPerAddress: { burst: 1000, intervalMs: 1 },
        signUpPerAddress: { burst: 1000, intervalMs: 1 },
        failedSignIns: { freeFailures: 1000, firstDelayMs: 1, maxDelayMs: 1, forgetAfterMs: 1 },
        failedSignInsPerAccount: { freeFailures: 1000, firstDelayMs: 1, maxDelayMs: 1, forgetAfterMs: 1 },
        resetRequestsPerAddress: { burst: 1000, intervalMs: 1 },
        // The shop's own rule: three e-mails per account per 20 minutes.
        resetMailsPerAccount: { burst: 3, intervalMs: 20 * 60_000 },
      },
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await inbox?.stop();
});

const guest = (target: TestServer = server) => ({ 'x-api-key': target.apiKey });

async function call(query: string, variables: Record<string, unknown>, headers: Record<string, string> = guest(), target = server) {
  const { body } = await postGraphQL(target, { query, variables }, headers);
  return { data: body.data, error: body.errors?.[0] };
}

const requestReset = (email: string, target = server) =>
  call('mutation ($email: String) { requestPasswordReset(email: $email) }', { email }, guest(target), target);
const RESET = `mutation ($token: String, $password: String, $confirmPassword: String) {
  resetPassword(token: $token, password: $password, confirmPassword: $confirmPassword) }`;
const resetPassword = (token: string, password = NEW_PASSWORD, confirmPassword = password, target = server) =>
  call(RESET, { token, password, confirmPassword }, guest(target), target);
const signIn = (email: string, password: string) =>
  call('mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }', { email, password });
const makeLink = (userId: string, headers: Record<string, string>) =>
  call('mutation ($userId: ID!) { createPasswordResetLink(userId: $userId) { token expiresAt } }', { userId }, headers);
const withSession = (token: string) => call('{ listItems(limit: 1) { items { id } } }', {}, { authorization: token });

/** The token in the e-mail's link, after checking the link points at this shop's reset page. */
function tokenFrom(text: string): string {
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  const url = new URL(link!);
  expect(url.origin).toBe(server.url);
  expect(url.pathname).toBe(SPA_ROUTES.resetPassword);
  return url.searchParams.get('token')!;
}

let unique = 0;
/** An account to reset: a customer's address confirmed (a link goes only there, decision 0369). */
async function account(type: Role = ROLE_USER) {
  const email = `reset${++unique}.${process.pid}@example.com`;
  const session = await server.sessionFor(type, email);
  if (type === ROLE_USER) server.store.update('User', { id: session.userId, emailConfirmed: true, confirmedEmail: email });
  return { email, ...session };
}

describe('"Forgot password?" by e-mail', () => {
  it('e-mails a link that sets a new password once, ends every session and retires the old password', async () => {
    const person = await account();
    const other = await server.sessionFor(ROLE_USER);
    expect((await requestReset(person.email.toUpperCase())).data).toEqual({ requestPasswordReset: true });

    const mail = await inbox.next(person.email);
    expect(mail.from).toContain('shop@example.com');
    expect(mail.subject).toMatch(/new password/i);
    // No account name: nothing a stranger chose is in the shop's mail.
    expect(mail.text).not.toContain('Test Person');
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain('30 minutes');
    const token = tokenFrom(mail.text);

    expect((await resetPassword(token)).data).toEqual({ resetPassword: true });
    expect((await signIn(person.email, TEST_PASSWORD)).error?.message).toBe(MESSAGES.incorrectPassword);
    expect((await signIn(person.email, NEW_PASSWORD)).data?.signIn).toMatchObject({ token: expect.any(String) });
    // The old session is over; someone else's is not.
    expect((await withSession(person.token)).error?.errorType).toBe('UnauthorizedException');
    expect((await withSession(other.token)).error).toBeUndefined();

    const again = await resetPassword(token, 'Another#Pass2026');
    expect(again.error).toMatchObject({ errorType: 'ValidationError', message: MESSAGES.resetLinkInvalid });
    expect((await signIn(person.email, NEW_PASSWORD)).data?.signIn).toBeTruthy();
  });

  it("never mails a stranger's text: a sign-up for someone's address with a message as its name is refused, and no mail carries a name", async () => {
    // The attack: sign up with the victim's address and a "name" that reads as the shop's message,
    // then ask for a reset, so the shop's SMTP sends it to the victim above the genuine link.
    const victim = `victim${++unique}.${process.pid}@example.com`;
    const signUp = (firstName: string, lastName = 'Customer') =>
      call(
        `mutation ($f: String, $l: String, $e: String, $p: String) {
          signUp(firstName: $f, lastName: $l, email: $e, password: $p, confirmPassword: $p) { userId } }`,
        { f: firstName, l: lastName, e: victim, p: TEST_PASSWORD },
      );
    const message = 'customer,\n\nYour order is on hold. Pay the balance at https://evil.example/pay today.\n\n';
    expect((await signUp(message)).error).toMatchObject({ errorType: 'ValidationError', message: MESSAGES.nameNotOneLine });
    expect((await signUp('Pay the balance at https://evil.example/pay')).error?.message).toBe(MESSAGES.nameHasLink);
    expect((await signUp('Your order is on hold. Pay at evil.example '.repeat(240).slice(0, 10_000))).error?.message).toBe(
      MESSAGES.nameTooLong,
    );
    expect(server.store.list('User', { limit: 1000 }).items.some((user) => user.email === victim)).toBe(false);

    // A name the rule allows still never reaches the mail.
    expect((await signUp('Pay the balance at once', 'Or lose the order')).error).toBeUndefined();
    // Sign-up mails a confirmation link (decision 0303), which names nobody either.
    const confirmation = await inbox.next(victim);
    expect(confirmation.subject).toMatch(/^Confirm your email address/);
    expect(confirmation.text).not.toMatch(/Pay the balance|lose the order/);
    // A reset link goes only to a confirmed address (decision 0369): the victim confirms it.
    const confirmToken = new URL(/https?:\/\/\S+/.exec(confirmation.text)![0]).searchParams.get('token');
    expect((await call('mutation ($token: String) { confirmEmail(token: $token) }', { token: confirmToken })).data).toEqual({
      confirmEmail: true,
    });
    expect((await requestReset(victim)).data).toEqual({ requestPasswordReset: true });
    const mail = await inbox.next(victim);
    expect(mail.text).not.toMatch(/Pay the balance|lose the order/);
    expect(mail.text.split('\n')[0]).toBe('Hello,');
    tokenFrom(mail.text);
  });

  it('answers an unknown address exactly as a known one and sends nothing', async () => {
    const before = inbox.messages.length;
    const unknown = await requestReset(`nobody.${process.pid}@example.com`);
    expect(unknown).toEqual(await requestReset((await account()).email));
    await inbox.next(`reset${unique}.`);
    expect(inbox.messages.length).toBe(before + 1);
  });

  it('refuses a blank or malformed address with the sign-up messages', async () => {
    expect((await requestReset('')).error?.message).toBe(MESSAGES.allFieldsRequired);
    expect((await requestReset('not-an-address')).error?.message).toBe(MESSAGES.invalidEmail);
  });

  it('does not spend the link on a password the policy refuses or a confirmation that differs', async () => {
    const person = await account();
    await requestReset(person.email);
    const token = tokenFrom((await inbox.next(person.email)).text);

    expect((await resetPassword(token, 'short')).error?.errorType).toBe('ValidationError');
    expect((await resetPassword(token, NEW_PASSWORD, 'Corkscrew#2026')).error?.message).toBe(MESSAGES.passwordsDoNotMatch);
    expect((await resetPassword(token, '', '')).error?.message).toBe(MESSAGES.allFieldsRequired);
    expect((await resetPassword(token)).data).toEqual({ resetPassword: true });
  });

  it('refuses a link after 30 minutes, and made-up or absurd tokens, with one message', async () => {
    const person = await account();
    await requestReset(person.email);
    const token = tokenFrom((await inbox.next(person.email)).text);
    // The clock only moves forward here: the rate limits hold their own timestamps.
    clock += RESET_TOKEN_MS + 1;
    expect((await resetPassword(token)).error?.message).toBe(MESSAGES.resetLinkInvalid);
    for (const forged of ['made-up', token.slice(0, -2), 'x'.repeat(5_000)])
      expect((await resetPassword(forged)).error?.message).toBe(MESSAGES.resetLinkInvalid);
    // Past the API's string limit the request is refused before it reaches the accounts.
    expect((await resetPassword('x'.repeat(100_000))).error?.message).toMatch(/too long/);
    expect((await signIn(person.email, TEST_PASSWORD)).data?.signIn).toBeTruthy();
  });

  it('sends one account at most three e-mails in 20 minutes, with the same answer past that', async () => {
    const person = await account();
    for (let i = 0; i < 5; i += 1) expect((await requestReset(person.email)).data).toEqual({ requestPasswordReset: true });
    const tokens = [];
    for (let i = 0; i < 3; i += 1) tokens.push(tokenFrom((await inbox.next(person.email)).text));
    await expect(inbox.next(person.email, 300)).rejects.toThrow(/no e-mail/);
    // Each mailed link is its own; any one of them works, and then the others no longer do.
    expect(new Set(tokens).size).toBe(3);
    expect((await resetPassword(tokens[1]!)).data).toEqual({ resetPassword: true });
    for (const spent of [tokens[0]!, tokens[2]!])
      expect((await resetPassword(spent, 'Another#Pass2026')).error?.message).toBe(MESSAGES.resetLinkInvalid);
    expect((await signIn(person.email, NEW_PASSWORD)).data?.signIn).toBeTruthy();
  });
});

describe('a reset link made by an admin', () => {
  it('is made for a user or an admin, and works like an e-mailed one', async () => {
    const admin = await server.sessionFor(ROLE_ADMIN);
    for (const type of [ROLE_USER, ROLE_ADMIN] as Role[]) {
      const person = await account(type);
      const { data, error } = await makeLink(person.userId, { authorization: admin.token });
      expect(error).toBeUndefined();
      const link = data?.createPasswordResetLink as { token: string; expiresAt: string };
      expect(Date.parse(link.expiresAt) - clock).toBe(RESET_TOKEN_MS);
      expect((await resetPassword(link.token)).data).toEqual({ resetPassword: true });
      expect((await signIn(person.email, NEW_PASSWORD)).data?.signIn).toBeTruthy();
    }
  });

  it('is refused to users and visitors, and for an account that does not exist', async () => {
    const person = await account();
    const user = await server.sessionFor(ROLE_USER);
    expect((await makeLink(person.userId, { authorization: user.token })).error?.errorType).toBe('Unauthorized');
    expect((await makeLink(person.userId, guest())).error?.errorType).toBe('Unauthorized');
    const admin = await server.sessionFor(ROLE_ADMIN);
    expect((await makeLink('no-such-account', { authorization: admin.token })).error?.errorType).toBe('NotFound');
  });
});

describe('a shop without SMTP, with its default limits', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => {
    await plain?.stop();
  });

  it('answers the same, sends nothing, and refuses a sixth request a minute from one address', async () => {
    const before = inbox.messages.length;
    const email = `plain.${process.pid}@example.com`;
    await plain.sessionFor(ROLE_USER, email);
    for (let i = 0; i < 5; i += 1) expect((await requestReset(email, plain)).data).toEqual({ requestPasswordReset: true });
    const sixth = await requestReset(email, plain);
    expect(sixth.error?.errorType).toBe('TooManyRequests');
    expect(inbox.messages.length).toBe(before);
  });

  it('counts link tries like sign-ins: guessing tokens from one address is soon refused', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 40 && !answers.includes('TooManyRequests'); i += 1)
      answers.push((await resetPassword(`guess-${i}`, NEW_PASSWORD, NEW_PASSWORD, plain)).error!.errorType);
    // The sign-in rule: 30 at once, then one every 3 seconds.
    expect(answers.slice(0, 30)).toEqual(Array(30).fill('ValidationError'));
    expect(answers.at(-1)).toBe('TooManyRequests');
  });
});
