/**
 * The sign-in throttle on the emulated AWS backend (`npm run test:cloud` runs it), as locally
 * (tests/security/sign-in-abuse.test.ts): the counts live in DynamoDB (ShopThrottle), so a Lambda
 * instance that starts fresh for every attempt still sees every earlier failure; and the address
 * they are kept under is the one the client connected from, whatever X-Forwarded-For it sends.
 *
 * Each test sends from loopback addresses of its own (127.0.0.4x, 127.0.0.5x), as another client
 * would: the emulation's AppSync front hands the Lambda an X-Forwarded-For as AppSync does (the
 * client's header, then the connecting address, then an edge's), and the other batteries' budget
 * at 127.0.0.1 is left alone.
 */
import { describe, expect, it } from 'vitest';
import { signInLockoutKey } from '../../server/accounts/account-service';
import { MESSAGES } from '../../shared/messages';
import { rawRequest } from '../security/support/raw-http';
import { call, cloudShop, PASSWORD, uniqueEmail, type Body } from './support/api';
import { throttleItems } from './support/throttle-table';

const url = process.env.CLOUD_API_URL!;
const apiKey = process.env.CLOUD_API_KEY!;

interface From {
  localAddress: string;
  forwardedFor?: string;
}

async function mutate(from: From, query: string, variables: Record<string, unknown>): Promise<Body> {
  const headers: Record<string, string> = { 'x-api-key': apiKey };
  if (from.forwardedFor) headers['x-forwarded-for'] = from.forwardedFor;
  const response = await rawRequest(url, new URL(url).pathname, {
    localAddress: from.localAddress,
    headers,
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status, response.text).toBe(200);
  return response.json as Body;
}

const signIn = (from: From, email: string, password: string) =>
  mutate(from, 'mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }', {
    email,
    password,
  });

async function signUp(from: From, email: string): Promise<void> {
  const body = await mutate(
    from,
    `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
    signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { token } }`,
    { firstName: 'Throttle', lastName: 'Probe', email, password: PASSWORD, confirmPassword: PASSWORD },
  );
  expect(body.errors).toBeUndefined();
}

/** Ends every Lambda instance: the next call runs in a fresh one, with nothing in its memory. */
async function coldStart(): Promise<void> {
  const response = await fetch(new URL('/_emulation/cold-start', url), { method: 'POST' });
  expect(response.status).toBe(200);
}

const errorOf = (body: Body) => body.errors?.[0];

describe('sign-in throttle on the emulated cloud', () => {
  it('locks out failed sign-ins spread over fresh Lambda instances, for that account and address only', async () => {
    const email = uniqueEmail('throttle-owner');
    await signUp({ localAddress: '127.0.0.40' }, email);
    const stranger = { localAddress: '127.0.0.41' };

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await coldStart();
      const body = await signIn(stranger, email, `Wrong-guess-${attempt}!`);
      expect(errorOf(body), `attempt ${attempt}`).toMatchObject({ errorType: 'ValidationError', message: MESSAGES.incorrectPassword });
    }
    await coldStart();
    const locked = await signIn(stranger, email, 'Wrong-guess-6!');
    // 1 minute from the fifth failure; a busy machine may take a second or more to send the sixth.
    expect(errorOf(locked)).toMatchObject({
      errorType: 'TooManyRequests',
      message: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in (1 minute|5\d seconds)\.$/),
    });
    // Even the right password waits, from the stranger's address...
    expect(errorOf(await signIn(stranger, email, PASSWORD))).toMatchObject({ errorType: 'TooManyRequests' });
    // ...while the owner, elsewhere, signs in at once.
    const owner = await signIn({ localAddress: '127.0.0.42' }, email, PASSWORD);
    expect(owner.errors).toBeUndefined();

    // The count is DynamoDB's, under the same key as locally, with a TTL for when it is forgotten.
    const item = (await throttleItems()).find((entry) => entry.key === `failedSignIn#${signInLockoutKey(email, '127.0.0.41')}`);
    expect(item?.state).toMatchObject({ count: 5 });
    expect(item!.ttl * 1000).toBeGreaterThanOrEqual(item!.state!.lockedUntil!);
    expect(item!.ttl * 1000).toBeLessThan(Date.now() + 2 * 60 * 60_000);
  }, 120_000);

  it("slows an account's sign-ins after failures from many addresses, and the activity log has the shop's one entry", async () => {
    const email = uniqueEmail('throttle-slowed');
    await signUp({ localAddress: '127.0.0.60' }, email);
    const token = ((await signIn({ localAddress: '127.0.0.60' }, email, PASSWORD)).data!.signIn as { token: string }).token;
    const { id } = (await call({ token }, 'query { myAccount { id } }')).body.data!.myAccount as { id: string };
    // One guess from each of 10 addresses: no address reaches its own limit, the account reaches its ceiling.
    for (let n = 61; n <= 70; n += 1) {
      expect(errorOf(await signIn({ localAddress: `127.0.0.${n}` }, email, `Spread-guess-${n}!`))).toMatchObject({
        errorType: 'ValidationError',
      });
    }
    expect(errorOf(await signIn({ localAddress: '127.0.0.71' }, email, 'Spread-guess-71!'))).toMatchObject({
      errorType: 'TooManyRequests',
    });
    // The accounts function's composition hands the slowdown to the activity feature (decision 0363).
    const { admin } = await cloudShop();
    const { body } = await call({ token: admin }, 'query { listActivity(kind: "account") { entries { actorName action targetId } } }');
    const entries = (body.data!.listActivity as { entries: Array<{ actorName: string; action: string; targetId: string | null }> }).entries;
    expect(entries.filter((entry) => entry.targetId === id)).toEqual([{ actorName: 'The shop', action: 'sign-ins slowed', targetId: id }]);
  }, 120_000);

  it('keeps the per-address limit whatever X-Forwarded-For the client sends', async () => {
    const address = '127.0.0.50';
    const burst = 30; // DEFAULT_THROTTLE_RULES.signInPerAddress: 30 at once, then one every 3 s
    const started = Date.now();
    let allowed = 0;
    let refused: Body | undefined;
    for (let attempt = 0; attempt < burst + 20 && !refused; attempt += 1) {
      // A new made-up address every time, in every position a proxy chain could put it.
      const forwardedFor = attempt % 2 ? `203.0.113.${attempt}` : `203.0.113.${attempt}, 198.51.100.${attempt}`;
      const body = await signIn({ localAddress: address, forwardedFor }, uniqueEmail('nobody'), 'Any-passw0rd!');
      if (errorOf(body)?.errorType === 'TooManyRequests') refused = body;
      else {
        expect(errorOf(body)).toMatchObject({ message: MESSAGES.userNotFound });
        allowed += 1;
      }
    }
    expect(errorOf(refused!)?.message).toMatch(/^Too many sign-in attempts from this address\. Try again in \d+ seconds?\.$/);
    // The burst, plus what refilled while the attempts ran: no more.
    expect(allowed).toBeGreaterThanOrEqual(burst);
    expect(allowed).toBeLessThanOrEqual(burst + Math.ceil((Date.now() - started) / 3_000));

    // Another client (another connecting address) is not held back by that one.
    expect(errorOf(await signIn({ localAddress: '127.0.0.51' }, uniqueEmail('nobody'), 'Any-passw0rd!'))).toMatchObject({
      message: MESSAGES.userNotFound,
    });

    // One bucket, under the connecting address; none under any address the client made up.
    const keys = (await throttleItems()).map((entry) => entry.key).filter((key) => key.startsWith('signIn#'));
    expect(keys).toContain(`signIn#${address}`);
    expect(keys.filter((key) => /203\.0\.113|198\.51\.100/.test(key))).toEqual([]);
  }, 120_000);
  it('answers a sign-in with a very long e-mail as any unknown one, counted under a hashed key', async () => {
    const email = `${'界'.repeat(3000)}@example.com`;
    const body = await signIn({ localAddress: '127.0.0.61' }, email, 'Wrong-passw0rd!');
    expect(body.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: MESSAGES.userNotFound });
    expect(
      (await throttleItems()).some((entry) => entry.key === `failedSignIn#${signInLockoutKey(email.toLowerCase(), '127.0.0.61')}`),
    ).toBe(true);
  });
});
