/**
 * Password guessing in bulk: aliased sign-ins in one request, batched (array) bodies, many
 * accounts from one address, sign-up floods. Every attempt beyond the limits of README
 * "Accounts and security" is refused with TooManyRequests, and no session or account appears.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { postGraphQL, startTestServer, TEST_PASSWORD, type TestServer } from '../../server/testing/test-server';
import { ROLE_USER } from '../../shared/roles';
import { battery } from './support/figures';
import { uniqueEmail } from './support/fixtures';
import { expectNoInternals } from './support/leaks';
import { rawRequest } from './support/raw-http';
import { asGuest, callAs, expectRefused, type GraphQLBody } from './support/shop';

const tally = battery('sign-in abuse');
let gate: TestServer | undefined;

/** A server of its own per test: the throttle counts live in its memory. */
async function freshGate(): Promise<TestServer> {
  gate = await startTestServer();
  return gate;
}
afterEach(async () => { await gate?.stop(); gate = undefined; });

const count = (shop: TestServer, table: string) => (shop.db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;

/** A fresh server with one account to guess at, and its session count before the guessing. */
async function gateWithAccount(label: string) {
  const shop = await freshGate();
  const email = uniqueEmail(label);
  await shop.sessionFor(ROLE_USER, email);
  return { shop, email, sessions: count(shop, '_sessions') };
}

const signInCall = (alias: string, email: string, password: string) =>
  `${alias}: signIn(email: ${JSON.stringify(email)}, password: ${JSON.stringify(password)}) { token }`;
const errorTypes = (body: GraphQLBody) => (body.errors ?? []).map((error) => error.errorType);

describe('sign-in attempts in bulk', () => {
  it('counts each aliased guess: of 20 in one request 5 are tried, then even the right password waits', async () => {
    const { shop, email, sessions } = await gateWithAccount('victim');
    await tally.attempt('20 aliased wrong passwords', async () => {
      const guesses = Array.from({ length: 20 }, (_, i) => signInCall(`g${i}`, email, `Wrong-guess-${i}!`)).join(' ');
      const { body } = await callAs(shop, asGuest(shop), `mutation { ${guesses} }`);
      expect(errorTypes(body).filter((type) => type === 'ValidationError')).toHaveLength(5);
      expect(errorTypes(body).filter((type) => type === 'TooManyRequests')).toHaveLength(15);
    }, 20);
    await tally.attempt('the right password after the guesses', async () => {
      const { body } = await callAs(shop, asGuest(shop), `mutation { ${signInCall('s', email, TEST_PASSWORD)} }`);
      expectRefused(body, 'TooManyRequests');
      expect(body.errors![0]!.message).toMatch(/Try again in \d+ minutes?/);
    });
    expect(count(shop, '_sessions')).toBe(sessions);
  });

  it('refuses a batched array of sign-ins without trying one', async () => {
    const { shop, email, sessions } = await gateWithAccount('batched');
    await tally.attempt('a batch of 10 sign-ins', async () => {
      const one = { query: `mutation { ${signInCall('s', email, TEST_PASSWORD)} }` };
      const response = await rawRequest(shop.url, '/graphql', { headers: { 'x-api-key': shop.apiKey }, body: JSON.stringify(Array.from({ length: 10 }, () => one)) });
      expect(response.status).toBe(400);
      expectRefused(response.json as GraphQLBody, 'BadRequest');
    }, 10);
    expect(count(shop, '_sessions')).toBe(sessions);
  });

  it('stops one address after 30 failed sign-ins across accounts, whatever X-Forwarded-For it claims', async () => {
    const shop = await freshGate();
    // TRUST_PROXY is off by default: a forwarded-for header must not make a new address per request.
    const spoofing = (n: number) => ({ 'x-api-key': shop.apiKey, 'x-forwarded-for': `203.0.113.${n}` });
    await tally.attempt('30 unknown accounts then one more', async () => {
      for (const batch of [0, 1]) {
        const guesses = Array.from({ length: 15 }, (_, i) => signInCall(`g${i}`, uniqueEmail(`spray${batch}`), `Spray-guess-${i}!`)).join(' ');
        const { body } = await postGraphQL(shop, { query: `mutation { ${guesses} }` }, spoofing(batch));
        expect(errorTypes(body).every((type) => type === 'ValidationError')).toBe(true);
      }
      const { body } = await postGraphQL(shop, { query: `mutation { ${signInCall('last', uniqueEmail('spray'), 'Spray-guess-31!')} }` }, spoofing(99));
      expectNoInternals(body);
      expectRefused(body, 'TooManyRequests');
    }, 31);
  });

  it('gives sign-up no way to choose the account type', async () => {
    const shop = await freshGate();
    const users = count(shop, 'User');
    for (const [label, call] of [
      ['a type argument', `signUp(firstName: "Eve", lastName: "Admin", email: "${uniqueEmail('eve')}", password: "${TEST_PASSWORD}", confirmPassword: "${TEST_PASSWORD}", type: 0) { type }`],
      ['an input object with type', `signUp(input: { firstName: "Eve", type: 0 }) { type }`],
    ]) {
      await tally.attempt(`sign-up with ${label}`, async () => {
        const { body } = await callAs(shop, asGuest(shop), `mutation { ${call} }`);
        expectRefused(body, 'ValidationError');
      });
    }
    await tally.attempt('a plain sign-up is a user', async () => {
      const { body } = await callAs(shop, asGuest(shop), `mutation { signUp(firstName: "Eve", lastName: "User", email: "${uniqueEmail('eve')}", password: "${TEST_PASSWORD}", confirmPassword: "${TEST_PASSWORD}") { type } }`);
      expect(body.data?.signUp).toEqual({ type: ROLE_USER });
    });
    expect(count(shop, 'User')).toBe(users + 1);
  });

  it('stops one address after 10 sign-ups in an hour, aliased or not', async () => {
    const shop = await freshGate();
    const users = count(shop, 'User');
    await tally.attempt('11 aliased sign-ups', async () => {
      const signUps = Array.from({ length: 11 }, (_, i) => `u${i}: signUp(firstName: "Flood", lastName: "Bot", email: "${uniqueEmail('flood')}", password: "${TEST_PASSWORD}", confirmPassword: "${TEST_PASSWORD}") { userId }`).join(' ');
      const { body } = await callAs(shop, asGuest(shop), `mutation { ${signUps} }`);
      expect(errorTypes(body)).toEqual(['TooManyRequests']);
    }, 11);
    expect(count(shop, 'User')).toBe(users + 10);
  });
});
