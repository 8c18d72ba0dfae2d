/**
 * No account can be found out by how long a sign-in takes (design §3): an unknown e-mail does the
 * same password work as a known one with a wrong password, one bcrypt comparison against a hash
 * of the same cost, and every refusal before the comparison does none, for both alike. Counted,
 * not timed: the real bcrypt does the work through a hasher that notes each call, so a busy
 * machine changes nothing here. The clock is fixed, so the throttles' windows never move.
 */
import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN } from '../../shared/roles';
import { MESSAGES } from '../../shared/messages';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { BCRYPT_COST, BCRYPT_HASHER, type PasswordHasher } from '../auth/passwords';
import { AppError } from '../errors';
import { AccountService, DEFAULT_THROTTLE_RULES, type Caller, type ThrottleRules } from './account-service';
import { SqliteAccountStore } from './account-store';

const GOOD = 'Corkscrew#2024';
const WRONG = 'Wrong#Pass1';
const clock = Date.parse('2026-03-02T15:00:00Z');

/** One call into bcrypt: what it did, the cost it ran at and the hash it read or made. */
interface Work {
  op: 'hash' | 'verify';
  password: string;
  hash: string;
  cost: number;
  matched?: boolean;
}

/** The real bcrypt, each call noted once done; `settled` waits for calls still running. */
function countingHasher(): PasswordHasher & { work: Work[]; settled: () => Promise<unknown> } {
  const work: Work[] = [];
  const running = new Set<Promise<unknown>>();
  const noted = <T>(call: Promise<T>) => {
    running.add(call);
    void call.finally(() => running.delete(call)).catch(() => {});
    return call;
  };
  return {
    work,
    settled: () => Promise.allSettled([...running]),
    hash: (password) =>
      noted(
        BCRYPT_HASHER.hash(password).then((hash) => {
          work.push({ op: 'hash', password, hash, cost: bcrypt.getRounds(hash) });
          return hash;
        }),
      ),
    verify: (password, hash) =>
      noted(
        BCRYPT_HASHER.verify(password, hash).then((matched) => {
          work.push({ op: 'verify', password, hash, cost: bcrypt.getRounds(hash), matched });
          return matched;
        }),
      ),
  };
}

let server: TestServer;
let accounts: SqliteAccountStore;
beforeAll(async () => {
  server = await startTestServer();
  accounts = new SqliteAccountStore(server.store);
});
afterAll(async () => {
  await server?.stop();
});

let made = 0;
const sessions = { create: () => ({ token: `t${++made}`, expiresAt: clock + 60_000 }), revoke: () => {}, revokeAllFor: () => {} };

/** A service of its own (its own throttle counts and dummy hash) over the shared store, with the counting hasher. */
async function service(rules: ThrottleRules = DEFAULT_THROTTLE_RULES) {
  const hasher = countingHasher();
  const accountService = new AccountService(accounts, sessions, rules, () => clock, undefined, undefined, hasher);
  // The service hashes its dummy as it is made, in the background: done before anything is counted.
  await hasher.settled();
  const [dummy] = hasher.work;
  expect(hasher.work).toEqual([{ op: 'hash', password: expect.any(String), hash: dummy!.hash, cost: BCRYPT_COST }]);
  const attempt = async (email: string, password: string, address: string) => {
    const from = hasher.work.length;
    const outcome = await accountService.signIn({ email, password }, address).then(
      () => 'signed in',
      (error: unknown) => (error instanceof AppError ? `${error.errorType}: ${error.message}` : String(error)),
    );
    return { outcome, work: hasher.work.slice(from) };
  };
  return { accountService, hasher, dummy: dummy!.hash, attempt };
}

/** What the comparison costs, without which hash it read: equal for a known and an unknown e-mail. */
const costOf = (work: Work[]) => work.map(({ op, password, cost }) => ({ op, password, cost }));

let people = 0;
async function signUp(accountService: AccountService): Promise<string> {
  const email = `work${++people}@example.com`;
  await accountService.signUp({ firstName: 'W', lastName: 'W', email, password: GOOD, confirmPassword: GOOD }, `198.51.100.${people}`);
  return email;
}
const storedHash = async (email: string) => (await accounts.findByEmail(email))!.passwordHash;

describe('sign-in work', () => {
  it('checks an unknown e-mail against a dummy hash of the same cost: one bcrypt comparison, as for a wrong password', async () => {
    const { accountService, hasher, dummy, attempt } = await service();
    // Every kind of account: a customer not confirmed yet, a confirmed one, an admin.
    const unconfirmed = await signUp(accountService);
    const confirmed = await signUp(accountService);
    const staff: Caller = { userId: 'staff', type: ROLE_ADMIN };
    await accountService.confirmUserEmail({ userId: (await accounts.findByEmail(confirmed))!.user.id }, staff);
    const admin = `work-admin${++people}@example.com`;
    await accountService.createAdmin({ firstName: 'A', lastName: 'A', email: admin, password: GOOD, confirmPassword: GOOD }, staff);
    const known = [unconfirmed, confirmed, admin];

    let address = 0;
    const fresh = () => `203.0.113.${++address}`;
    for (const email of known) {
      const { outcome, work } = await attempt(email, WRONG, fresh());
      expect(outcome).toBe(`ValidationError: ${MESSAGES.incorrectPassword}`);
      expect(work).toEqual([{ op: 'verify', password: WRONG, hash: await storedHash(email), cost: BCRYPT_COST, matched: false }]);
    }
    // Unknown: well-formed ones, one no account can have, one over the cloud store's key size.
    const unknown = ['nobody@example.com', `ghost.${unconfirmed}`, 'not-an-e-mail', `${'x'.repeat(3000)}@example.com`];
    for (const email of unknown) {
      const { outcome, work } = await attempt(email, WRONG, fresh());
      expect(outcome).toBe(`ValidationError: ${MESSAGES.userNotFound}`);
      expect(work).toEqual([{ op: 'verify', password: WRONG, hash: dummy, cost: BCRYPT_COST, matched: false }]);
    }
    // The same work either way, and the known accounts' hashes are of the dummy's cost.
    const knownWork = costOf((await attempt(unconfirmed, WRONG, fresh())).work);
    expect(costOf((await attempt('nobody@example.com', WRONG, fresh())).work)).toEqual(knownWork);
    const knownHashes = await Promise.all(known.map(storedHash));
    for (const hash of knownHashes) expect(bcrypt.getRounds(hash)).toBe(BCRYPT_COST);
    expect(knownHashes).not.toContain(dummy);

    // The right password: that same one comparison, which matches.
    const signedIn = await attempt(confirmed, GOOD, fresh());
    expect(signedIn.outcome).toBe('signed in');
    expect(signedIn.work).toEqual([{ op: 'verify', password: GOOD, hash: await storedHash(confirmed), cost: BCRYPT_COST, matched: true }]);
    // Nothing hashed at sign-in: the dummy once, with the service, and the three accounts' own.
    expect(hasher.work.filter((work) => work.op === 'hash')).toHaveLength(1 + known.length);
  });

  it('refuses a blank field before any bcrypt work, for a known and an unknown e-mail alike', async () => {
    const { accountService, attempt } = await service();
    const email = await signUp(accountService);
    for (const who of [email, `ghost.${email}`]) {
      expect(await attempt(who, '', '203.0.113.50')).toEqual({ outcome: `ValidationError: ${MESSAGES.allFieldsRequired}`, work: [] });
    }
  });

  it('locks out an address after five wrong passwords for a known and an unknown e-mail alike, then checks neither', async () => {
    const { accountService, attempt } = await service();
    const email = await signUp(accountService);
    const outcomes = async (who: string) => {
      const tries = [];
      for (let i = 0; i < 7; i += 1) tries.push(await attempt(who, WRONG, '203.0.113.60'));
      return tries;
    };
    const known = await outcomes(email);
    const unknown = await outcomes(`ghost.${email}`);
    expect(known.map((attempted) => costOf(attempted.work))).toEqual(unknown.map((attempted) => costOf(attempted.work)));
    expect(known.map((attempted) => attempted.work.length)).toEqual([1, 1, 1, 1, 1, 0, 0]);
    // Locked: the same answer and wait for both.
    expect(known.slice(5).map((attempted) => attempted.outcome)).toEqual(unknown.slice(5).map((attempted) => attempted.outcome));
    expect(known[5]!.outcome).toMatch(/^TooManyRequests: Too many failed sign-in attempts/);
  });

  it("slows an account's sign-ins from strangers' addresses past ten wrong passwords, known or unknown alike, with no bcrypt work", async () => {
    const { accountService, attempt } = await service();
    const email = await signUp(accountService);
    const outcomes = async (who: string, network: number) => {
      const tries = [];
      // Each from an address of its own: no address's lockout, only the account's ceiling.
      for (let i = 0; i < 12; i += 1) tries.push(await attempt(who, WRONG, `10.${network}.0.${i + 1}`));
      return tries;
    };
    const known = await outcomes(email, 1);
    const unknown = await outcomes(`ghost.${email}`, 2);
    expect(known.map((attempted) => costOf(attempted.work))).toEqual(unknown.map((attempted) => costOf(attempted.work)));
    expect(known.map((attempted) => attempted.work.length)).toEqual([...Array<number>(10).fill(1), 0, 0]);
    expect(known.slice(10).map((attempted) => attempted.outcome)).toEqual(unknown.slice(10).map((attempted) => attempted.outcome));
    expect(known[10]!.outcome).toMatch(/^TooManyRequests: Too many failed sign-in attempts/);
  });

  it('refuses an address over its sign-in rate before any bcrypt work, whatever the e-mail', async () => {
    const { accountService, attempt } = await service({ ...DEFAULT_THROTTLE_RULES, signInPerAddress: { burst: 2, intervalMs: 60_000 } });
    const email = await signUp(accountService);
    const address = '203.0.113.70';
    expect((await attempt(email, WRONG, address)).work).toHaveLength(1);
    expect((await attempt(`ghost.${email}`, WRONG, address)).work).toHaveLength(1);
    const known = await attempt(email, WRONG, address);
    const unknown = await attempt(`ghost.${email}`, WRONG, address);
    expect(known).toEqual(unknown);
    expect(known).toEqual({ outcome: expect.stringMatching(/^TooManyRequests: Too many sign-in attempts from this address/), work: [] });
  });
});
