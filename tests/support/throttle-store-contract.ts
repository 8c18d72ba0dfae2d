/**
 * What every ThrottleStore must do, as tests the memory store (throttle-store.test.ts) and the
 * DynamoDB store (amplify/functions/common/dynamo-throttle.test.ts) both run: the same limits give
 * the same answers whichever store keeps the counts.
 */
import { describe, expect, it } from 'vitest';
import { AccountCeiling, Lockout, RateLimit, RecentKeys, type ThrottleStore } from '../../server/accounts/throttle-store';
import type { LockoutRule, RateRule } from '../../server/accounts/throttle';

const RATE: RateRule = { burst: 3, intervalMs: 1_000 };
const LOCKOUT: LockoutRule = { freeFailures: 2, firstDelayMs: 60_000, maxDelayMs: 4 * 60_000, forgetAfterMs: 60 * 60_000 };

export interface StoreUnderTest {
  store: ThrottleStore;
  clock: { now: () => number; advance: (ms: number) => void };
}

export function describeThrottleStore(name: string, make: () => StoreUnderTest): void {
  describe(`${name}: the shared limits`, () => {
    it('gives a burst, then one token per interval, per key', async () => {
      const { store, clock } = make();
      const limit = new RateLimit(store, 'signIn', RATE, clock.now);
      expect([await limit.take('a'), await limit.take('a'), await limit.take('a')]).toEqual([0, 0, 0]);
      expect(await limit.take('a')).toBe(1_000);
      expect(await limit.take('b')).toBe(0);
      clock.advance(400);
      expect(await limit.take('a')).toBe(600);
      clock.advance(600);
      expect(await limit.take('a')).toBe(0);
      expect(await limit.take('a')).toBe(1_000);
    });

    it('counts every concurrent take: none is lost to a race', async () => {
      const { store, clock } = make();
      const limit = new RateLimit(store, 'signIn', { burst: 4, intervalMs: 60_000 }, clock.now);
      const waits = await Promise.all(Array.from({ length: 6 }, () => limit.take('flood')));
      expect(waits.filter((wait) => wait === 0)).toHaveLength(4);
    });

    it('keeps two limits with the same key apart', async () => {
      const { store, clock } = make();
      const signIn = new RateLimit(store, 'signIn', { burst: 1, intervalMs: 60_000 }, clock.now);
      const signUp = new RateLimit(store, 'signUp', { burst: 1, intervalMs: 60_000 }, clock.now);
      expect(await signIn.take('a')).toBe(0);
      expect(await signUp.take('a')).toBe(0);
      expect(await signIn.take('a')).toBeGreaterThan(0);
    });

    it('lets the free failures through, then doubles the wait up to the ceiling', async () => {
      const { store, clock } = make();
      const lockout = new Lockout(store, 'failedSignIn', LOCKOUT, clock.now);
      await lockout.fail('k');
      expect(await lockout.retryAfter('k')).toBe(0);
      await lockout.fail('k');
      expect(await lockout.retryAfter('k')).toBe(60_000);
      for (const expected of [120_000, 240_000, 240_000]) {
        clock.advance(await lockout.retryAfter('k'));
        await lockout.fail('k');
        expect(await lockout.retryAfter('k')).toBe(expected);
      }
      expect(await lockout.retryAfter('other')).toBe(0);
    });

    it('forgets failures on success, and after the idle time', async () => {
      const { store, clock } = make();
      const lockout = new Lockout(store, 'failedSignIn', LOCKOUT, clock.now);
      await lockout.fail('k');
      await lockout.fail('k');
      await lockout.succeed('k');
      expect(await lockout.retryAfter('k')).toBe(0);
      await lockout.fail('k');
      expect(await lockout.retryAfter('k')).toBe(0); // one failure again, not three
      clock.advance(LOCKOUT.forgetAfterMs);
      await lockout.fail('k');
      expect(await lockout.retryAfter('k')).toBe(0); // the old one is forgotten: still one
    });

    it('counts every concurrent failure', async () => {
      const { store, clock } = make();
      const lockout = new Lockout(store, 'failedSignIn', { ...LOCKOUT, freeFailures: 5 }, clock.now);
      await Promise.all(Array.from({ length: 5 }, () => lockout.fail('k')));
      expect(await lockout.retryAfter('k')).toBe(60_000);
    });

    it('runs tasks for one key in turn, and tasks for other keys alongside', async () => {
      const { store, clock } = make();
      const lockout = new Lockout(store, 'failedSignIn', LOCKOUT, clock.now);
      const events: string[] = [];
      const task = (label: string) => async () => {
        events.push(`${label} starts`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(`${label} ends`);
        return label;
      };
      const results = await Promise.all([
        lockout.inTurn('k', task('first')),
        lockout.inTurn('k', task('second')),
        lockout.inTurn('j', task('other')),
      ]);
      expect(results).toEqual(['first', 'second', 'other']);
      const span = (label: string) => [events.indexOf(`${label} starts`), events.indexOf(`${label} ends`)] as const;
      const [first, second] = [span('first'), span('second')];
      // Whichever got the turn first, the other started only after it ended...
      expect(first[1] < second[0] || second[1] < first[0]).toBe(true);
      // ...while the other key's task did not wait for both.
      expect(events.indexOf('other starts')).toBeLessThan(Math.max(first[1], second[1]));
    });

    it('admits the free attempts on an account, then one per doubling wait, none while waiting', async () => {
      const { store, clock } = make();
      const ceiling = new AccountCeiling(store, 'failedSignInAccount', LOCKOUT, clock.now);
      expect((await ceiling.admit('acct')).wait).toBe(0);
      const second = await ceiling.admit('acct');
      expect(second.wait).toBe(0);
      expect(ceiling.startsWaits(second)).toBe(true);
      expect(await ceiling.admit('acct')).toEqual({ wait: 60_000 });
      let wait = 60_000;
      for (const expected of [120_000, 240_000, 240_000]) {
        clock.advance(wait / 2);
        expect(await ceiling.admit('acct')).toEqual({ wait: wait / 2 }); // refused mid-wait: nothing counted
        clock.advance(wait / 2);
        const admitted = await ceiling.admit('acct');
        expect(admitted.wait).toBe(0);
        expect(ceiling.startsWaits(admitted)).toBe(false);
        expect(await ceiling.admit('acct')).toEqual({ wait: expected });
        wait = expected;
      }
      expect((await ceiling.admit('other')).wait).toBe(0);
    });

    it('admits only the free attempts of many at once on one account', async () => {
      const { store, clock } = make();
      const ceiling = new AccountCeiling(store, 'failedSignInAccount', { ...LOCKOUT, freeFailures: 4 }, clock.now);
      const admissions = await Promise.all(Array.from({ length: 12 }, () => ceiling.admit('acct')));
      expect(admissions.filter((admission) => admission.wait === 0)).toHaveLength(4);
      expect(admissions.filter((admission) => ceiling.startsWaits(admission))).toHaveLength(1);
    });

    it("takes a right attempt's count back, and the wait it started", async () => {
      const { store, clock } = make();
      const ceiling = new AccountCeiling(store, 'failedSignInAccount', LOCKOUT, clock.now);
      await ceiling.admit('acct');
      const right = await ceiling.admit('acct');
      expect((await ceiling.admit('acct')).wait).toBe(60_000);
      await ceiling.refund('acct', right);
      // One failure counts again: the next attempt is let through, and it is the one that starts the waits.
      const next = await ceiling.admit('acct');
      expect(next.wait).toBe(0);
      expect(ceiling.startsWaits(next)).toBe(true);
      await ceiling.refund('acct', next);
      await ceiling.refund('acct', { wait: 60_000 }); // a refused attempt has nothing to take back
      expect((await ceiling.admit('acct')).wait).toBe(0);
    });

    it("forgets an account's failures after the idle time", async () => {
      const { store, clock } = make();
      const ceiling = new AccountCeiling(store, 'failedSignInAccount', LOCKOUT, clock.now);
      await ceiling.admit('acct');
      await ceiling.admit('acct');
      clock.advance(LOCKOUT.forgetAfterMs);
      const fresh = await ceiling.admit('acct');
      expect(fresh.wait).toBe(0);
      expect(fresh.admitted?.after.count).toBe(1);
    });

    it('remembers a key for its time, and rewrites it at most once a day', async () => {
      const { store, clock } = make();
      const known = new RecentKeys(store, 'knownAddress', 3 * 24 * 60 * 60_000, clock.now);
      expect(await known.has('k')).toBe(false);
      await known.add('k');
      expect(await known.has('k')).toBe(true);
      expect(await known.has('j')).toBe(false);
      clock.advance(2 * 24 * 60 * 60_000);
      await known.add('k'); // renewed: three days from now
      clock.advance(2 * 24 * 60 * 60_000);
      expect(await known.has('k')).toBe(true);
      clock.advance(24 * 60 * 60_000);
      expect(await known.has('k')).toBe(false);
    });

    it('gives the turn on after a task fails', async () => {
      const { store, clock } = make();
      const lockout = new Lockout(store, 'failedSignIn', LOCKOUT, clock.now);
      await expect(
        lockout.inTurn('k', async () => {
          throw new Error('bcrypt failed');
        }),
      ).rejects.toThrow('bcrypt failed');
      expect(await lockout.inTurn('k', async () => 'next')).toBe('next');
    });
  });
}
