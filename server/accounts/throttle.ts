/**
 * The two kinds of limit the server keeps in memory (one local process sees every request; the
 * cloud's Lambda keeps its own):
 * - RateLimiter: a token bucket per key (an address): a burst, then a steady rate. Used for every
 *   GraphQL request and for every sign-in and sign-up attempt, successful or not.
 * - FailureLockout: failed sign-ins per key (an account from one address): a few are free, then
 *   each further failure waits longer, up to a ceiling. A stranger's failures elsewhere never
 *   lock the owner out, and one address's failures shut out nobody else behind it.
 */

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
  const groups = plain.includes('::') ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups] : headGroups;
  return `${groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16)).join(':')}::/64`;
}

/** `burst` requests at once, then one every `intervalMs`. */
export interface RateRule { burst: number; intervalMs: number }

interface Bucket { tokens: number; updatedAt: number }

/** Keys kept before idle ones are dropped (a full bucket is the same as no bucket). */
const MAX_KEYS = 50_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly rule: RateRule, private readonly now: () => number = Date.now) {}

  /** Takes one token for `key`: 0 when allowed, else the milliseconds until one is there. */
  take(key: string): number {
    const now = this.now();
    const bucket = this.refilled(key, now);
    if (bucket.tokens < 1) return Math.ceil((1 - bucket.tokens) * this.rule.intervalMs);
    bucket.tokens -= 1;
    if (this.buckets.size > MAX_KEYS) this.prune(now);
    return 0;
  }

  private refilled(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.rule.burst, updatedAt: now };
      this.buckets.set(key, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(this.rule.burst, bucket.tokens + (now - bucket.updatedAt) / this.rule.intervalMs);
    bucket.updatedAt = now;
    return bucket;
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.updatedAt) / this.rule.intervalMs >= this.rule.burst) this.buckets.delete(key);
    }
  }
}

/** After `freeFailures` failures the next try waits `firstDelayMs`; each further failure doubles the wait, up to `maxDelayMs`. */
export interface LockoutRule { freeFailures: number; firstDelayMs: number; maxDelayMs: number; forgetAfterMs: number }

interface Failures { count: number; lockedUntil: number; lastAt: number }

export class FailureLockout {
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly rule: LockoutRule, private readonly now: () => number = Date.now) {}

  /** Milliseconds until `key` may try again, or 0 when it may now. */
  retryAfter(key: string): number {
    const entry = this.current(key);
    return entry ? Math.max(0, entry.lockedUntil - this.now()) : 0;
  }

  /** Records a failure; past the free ones, locks the key for a delay that doubles each time. */
  fail(key: string): void {
    const now = this.now();
    const entry = this.current(key) ?? { count: 0, lockedUntil: 0, lastAt: now };
    entry.count += 1;
    entry.lastAt = now;
    const over = entry.count - this.rule.freeFailures;
    if (over >= 0) entry.lockedUntil = now + Math.min(this.rule.maxDelayMs, this.rule.firstDelayMs * 2 ** Math.min(over, 30));
    this.failures.set(key, entry);
    if (this.failures.size > MAX_KEYS) for (const stale of [...this.failures.keys()]) this.current(stale);
  }

  /** A success forgets the key's failures. */
  succeed(key: string): void {
    this.failures.delete(key);
  }

  private current(key: string): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && this.now() - entry.lastAt >= this.rule.forgetAfterMs && this.now() >= entry.lockedUntil) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }
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
    void tail.then(() => { if (this.tails.get(key) === tail) this.tails.delete(key); });
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
