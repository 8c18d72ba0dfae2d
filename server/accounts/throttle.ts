/**
 * The two kinds of limit, as arithmetic over a state (the same functions whichever store keeps
 * that state: memory locally, DynamoDB in the cloud; throttle-store.ts):
 * - token bucket per key (an address): a burst, then a steady rate. Used for every GraphQL
 *   request (RateLimiter, in memory) and for every sign-in and sign-up attempt, successful or not.
 * - failure lockout per key (an account from one address): a few failures are free, then each
 *   further failure waits longer, up to a ceiling. A stranger's failures elsewhere never lock the
 *   owner out, and one address's failures shut out nobody else behind it.
 * - the same failures per account from every address (admitAttempt, refundAttempt): many
 *   addresses together get a few guesses, then one per doubling delay. Addresses the account
 *   signed in from before are not held back by it, so the owner is not shut out.
 */
import type { RequestRate } from '../../shared/request-rate';

/**
 * The key an address is limited under: IPv4 as it is, IPv6 by its /64 network (one subscriber
 * gets a whole /64 and could otherwise rotate through it).
 */
export function addressKey(address: string): string {
  const plain = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (!plain.includes(':')) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** `burst` requests at once, then one every `intervalMs` (shared/request-rate.ts). */
export type RateRule = RequestRate;

/** A key's bucket: `tokens` left when last touched at `updatedAt`. No bucket is a full one. */
export interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Takes `count` tokens (one by default) at `now`: the bucket after it, and 0 when allowed, else the
 * milliseconds until they are there (nothing is taken then). A count over the burst is taken as
 * the whole burst, so no request is refused for ever.
 */
export function takeToken(rule: RateRule, bucket: Bucket | undefined, now: number, count = 1): { bucket: Bucket; wait: number } {
  const tokens = bucket ? Math.min(rule.burst, bucket.tokens + (now - bucket.updatedAt) / rule.intervalMs) : rule.burst;
  const needed = Math.min(count, rule.burst);
  if (tokens < needed) return { bucket: { tokens, updatedAt: now }, wait: Math.ceil((needed - tokens) * rule.intervalMs) };
  return { bucket: { tokens: tokens - needed, updatedAt: now }, wait: 0 };
}

/**
 * Takes `count` tokens at `now` whatever is left, down to minus the burst: for work already done
 * (an answer heavier than it was priced), so the key's next requests wait for them.
 */
export function spendTokens(rule: RateRule, bucket: Bucket | undefined, now: number, count: number): Bucket {
  const tokens = bucket ? Math.min(rule.burst, bucket.tokens + (now - bucket.updatedAt) / rule.intervalMs) : rule.burst;
  return { tokens: Math.max(-rule.burst, tokens - count), updatedAt: now };
}

/** When the bucket is full again, the same as no bucket: a store may drop it from then on. */
export const bucketFullAt = (rule: RateRule, bucket: Bucket) =>
  bucket.updatedAt + Math.max(0, rule.burst - bucket.tokens) * rule.intervalMs;

/** Keys kept before idle ones are dropped (a full bucket is the same as no bucket). */
export const MAX_KEYS = 50_000;

/** Token buckets in this process's memory: the local server's limits on GraphQL requests and on pages. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rule: RateRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes `count` tokens for `key`: 0 when allowed, else the milliseconds until they are there. */
  take(key: string, count = 1): number {
    const now = this.now();
    const { bucket, wait } = takeToken(this.rule, this.buckets.get(key), now, count);
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_KEYS) {
      for (const [stale, kept] of this.buckets) if (bucketFullAt(this.rule, kept) <= now) this.buckets.delete(stale);
    }
    return wait;
  }

  /** Takes `count` tokens for `key` into debt if need be (spendTokens): the next requests wait for them. */
  spend(key: string, count: number): void {
    this.buckets.set(key, spendTokens(this.rule, this.buckets.get(key), this.now(), count));
  }
}

/** After `freeFailures` failures the next try waits `firstDelayMs`; each further failure doubles the wait, up to `maxDelayMs`. */
export interface LockoutRule {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** A key's failures: how many, locked until when, the last one when. No entry is no failures. */
export interface Failures {
  count: number;
  lockedUntil: number;
  lastAt: number;
}

/** When the failures are forgotten (idle `forgetAfterMs` and no longer locked): a store may drop them from then on. */
export const failuresForgottenAt = (rule: LockoutRule, failures: Failures) =>
  Math.max(failures.lockedUntil, failures.lastAt + rule.forgetAfterMs);

/** The failures that still count at `now`. */
export const currentFailures = (rule: LockoutRule, failures: Failures | undefined, now: number) =>
  failures && now < failuresForgottenAt(rule, failures) ? failures : undefined;

/** Milliseconds until the key may try again, or 0 when it may now. */
export const lockedFor = (rule: LockoutRule, failures: Failures | undefined, now: number) =>
  Math.max(0, (currentFailures(rule, failures, now)?.lockedUntil ?? 0) - now);

/** The failures after one more at `now`: past the free ones, locked for a delay that doubles each time. */
export function withFailure(rule: LockoutRule, failures: Failures | undefined, now: number): Failures {
  const current = currentFailures(rule, failures, now);
  const count = (current?.count ?? 0) + 1;
  const over = count - rule.freeFailures;
  const lockedUntil =
    over >= 0 ? now + Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(over, 30)) : (current?.lockedUntil ?? 0);
  return { count, lockedUntil, lastAt: now };
}

/**
 * The ceiling per account from any address: the same failures and doubling delays as the lockout,
 * but an attempt counts when it is let through to the password check (admitAttempt), so guesses
 * from many addresses at once cannot all slip in while the first is checked; a right password
 * takes its count back (refundAttempt): only failures count.
 */
export function admitAttempt(
  rule: LockoutRule,
  failures: Failures | undefined,
  now: number,
): { wait: number; before: Failures | undefined; after: Failures | undefined } {
  const before = currentFailures(rule, failures, now);
  const wait = lockedFor(rule, before, now);
  return wait > 0 ? { wait, before, after: before } : { wait: 0, before, after: withFailure(rule, before, now) };
}

/**
 * The failures after an admitted attempt (`admitted`, changed from `before`) turned out right: one
 * fewer, and the wait it started undone unless a later attempt started another.
 */
export function refundAttempt(
  rule: LockoutRule,
  failures: Failures | undefined,
  admitted: { before: Failures | undefined; after: Failures },
  now: number,
): Failures | undefined {
  const current = currentFailures(rule, failures, now);
  if (!current || current.count <= 1) return undefined;
  const lockedUntil = current.lockedUntil === admitted.after.lockedUntil ? (admitted.before?.lockedUntil ?? 0) : current.lockedUntil;
  return { count: current.count - 1, lockedUntil, lastAt: current.lastAt };
}

/**
 * Runs tasks one at a time per key, so concurrent sign-ins to one account from one address are
 * judged in turn: parallel guesses each see the failures before them, and parallel correct
 * sign-ins all succeed (they used to be counted as failures while in flight).
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

export const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** "12 seconds" under a minute, else minutes as minutesText. */
export const waitText = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : minutesText(ms);
};

/**
 * What an account's slowed sign-ins mean, as the activity log and the shop's mail say it: a steady
 * wait (decision 0370's slowdown), or a doubling one (a rule given to a test server).
 */
export const slowdownText = (rule: LockoutRule) =>
  rule.firstDelayMs === rule.maxDelayMs
    ? `${rule.freeFailures} from addresses it had not used; then one try every ${waitText(rule.firstDelayMs)}`
    : `${rule.freeFailures} from any addresses; each further try waits ${waitText(rule.firstDelayMs)}, doubling up to ${waitText(rule.maxDelayMs)}`;
