/**
 * Where the account limits keep their counts: a port with two stores, memory here (one local
 * process sees every request) and DynamoDB in the cloud (amplify/functions/common/dynamo-throttle.ts:
 * every Lambda instance sees the same counts). The limits themselves (RateLimit, Lockout) are
 * written once, over the port, with the arithmetic of throttle.ts; a store only keeps a state per
 * key and changes it atomically.
 */
import { AppError } from '../errors';
import {
  admitAttempt,
  bucketFullAt,
  currentFailures,
  failuresForgottenAt,
  KeyedQueue,
  lockedFor,
  MAX_KEYS,
  refundAttempt,
  takeToken,
  withFailure,
  type Bucket,
  type Failures,
  type LockoutRule,
  type RateRule,
} from './throttle';

/** What a change leaves under a key: the new state (undefined forgets it), kept until `expiresAt` at least. */
export interface Change<S, R> {
  state: S | undefined;
  expiresAt: number;
  result: R;
}

export interface ThrottleStore {
  /** The state under `key`, or undefined. */
  read<S>(key: string): Promise<S | undefined>;
  /**
   * Applies `apply` to the state under `key` and stores what it returns, as one atomic step: no
   * other change to `key` comes between the read and the write (a store may call `apply` again
   * on a fresher state). After `expiresAt` the store may drop the state, so it must by then be
   * the same as none (a full bucket, forgotten failures).
   */
  change<S, R>(key: string, apply: (state: S | undefined) => Change<S, R>): Promise<R>;
  /** Runs `task` when no other task for `key` runs, here or (in the cloud) in any other instance. */
  inTurn<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/** The answer when a store cannot get a turn or a write through in time (a flood on one key). */
export const throttleBusy = () =>
  new AppError('TooManyRequests', 'Too many attempts at once. Try again in 1 second.', { retryAfterSeconds: 1 });

/** A token bucket per key, under `name#key` in the store. */
export class RateLimit {
  constructor(
    private readonly store: ThrottleStore,
    private readonly name: string,
    private readonly rule: RateRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`: 0 when allowed, else the milliseconds until one is there. */
  take(key: string): Promise<number> {
    return this.store.change<Bucket, number>(`${this.name}#${key}`, (current) => {
      const { bucket, wait } = takeToken(this.rule, current, this.now());
      return { state: bucket, expiresAt: bucketFullAt(this.rule, bucket), result: wait };
    });
  }
}

/** Failures per key, under `name#key` in the store: past the free ones, each locks the key longer. */
export class Lockout {
  constructor(
    private readonly store: ThrottleStore,
    private readonly name: string,
    private readonly rule: LockoutRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it may now. */
  async retryAfter(key: string): Promise<number> {
    return lockedFor(this.rule, await this.store.read<Failures>(this.keyOf(key)), this.now());
  }

  /** Records a failure. */
  fail(key: string): Promise<void> {
    return this.store.change<Failures, void>(this.keyOf(key), (current) => {
      const failures = withFailure(this.rule, current, this.now());
      return { state: failures, expiresAt: failuresForgottenAt(this.rule, failures), result: undefined };
    });
  }

  /** A success forgets the key's failures. */
  async succeed(key: string): Promise<void> {
    // Nothing to forget is the common case: no write then.
    if (!currentFailures(this.rule, await this.store.read<Failures>(this.keyOf(key)), this.now())) return;
    await this.store.change<Failures, void>(this.keyOf(key), () => ({ state: undefined, expiresAt: this.now(), result: undefined }));
  }

  /** Runs checks for `key` one at a time, so parallel guesses each see the failures before them. */
  inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.store.inTurn(this.keyOf(key), task);
  }

  private keyOf(key: string) {
    return `${this.name}#${key}`;
  }
}

/** An attempt let through to the password check: `wait` 0, and what to undo if it was right. */
export interface Admission {
  wait: number;
  /** The failures it changed, from `before` to `after`; absent when refused. */
  admitted?: { before: Failures | undefined; after: Failures };
}

/**
 * Failures per key (an account, from every address) counted when an attempt is let through, under
 * `name#key` in the store: past the free ones, each waits longer; a right password takes its
 * count back. One atomic change admits an attempt, so parallel guesses cannot all pass at once.
 */
export class AccountCeiling {
  constructor(
    private readonly store: ThrottleStore,
    private readonly name: string,
    readonly rule: LockoutRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Lets one attempt through (counted as a failure until refunded), or says how long to wait. */
  async admit(key: string): Promise<Admission> {
    // A refused attempt costs no write: the wait is seen in one read.
    const waiting = lockedFor(this.rule, await this.store.read<Failures>(this.keyOf(key)), this.now());
    if (waiting > 0) return { wait: waiting };
    return this.store.change<Failures, Admission>(this.keyOf(key), (current) => {
      const now = this.now();
      const { wait, before, after } = admitAttempt(this.rule, current, now);
      if (wait > 0 || !after)
        return { state: current, expiresAt: current ? failuresForgottenAt(this.rule, current) : now, result: { wait } };
      return { state: after, expiresAt: failuresForgottenAt(this.rule, after), result: { wait: 0, admitted: { before, after } } };
    });
  }

  /** Whether this admitted attempt, a failure, is the one that starts the waits (one per episode). */
  startsWaits(admission: Admission): boolean {
    return admission.admitted?.after.count === this.rule.freeFailures;
  }

  /** The admitted attempt was right: it no longer counts. */
  async refund(key: string, admission: Admission): Promise<void> {
    const { admitted } = admission;
    if (!admitted) return;
    await this.store.change<Failures, void>(this.keyOf(key), (current) => {
      const failures = refundAttempt(this.rule, current, admitted, this.now());
      return { state: failures, expiresAt: failures ? failuresForgottenAt(this.rule, failures) : this.now(), result: undefined };
    });
  }

  private keyOf(key: string) {
    return `${this.name}#${key}`;
  }
}

/** Keys seen recently (an account's address that signed in), under `name#key`, each kept `keepMs`. */
export class RecentKeys {
  constructor(
    private readonly store: ThrottleStore,
    private readonly name: string,
    private readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async has(key: string): Promise<boolean> {
    const seen = await this.store.read<{ at: number }>(`${this.name}#${key}`);
    return seen !== undefined && this.now() < seen.at + this.keepMs;
  }

  /** Remembers `key` from now on (at most one write a day per key). */
  async add(key: string): Promise<void> {
    const seen = await this.store.read<{ at: number }>(`${this.name}#${key}`);
    if (seen && this.now() < seen.at + DAY_MS) return;
    await this.store.change<{ at: number }, void>(`${this.name}#${key}`, () => {
      const at = this.now();
      return { state: { at }, expiresAt: at + this.keepMs, result: undefined };
    });
  }
}

const DAY_MS = 24 * 60 * 60_000;

/** The local store: one process sees every request, so a Map and a KeyedQueue are atomic enough. */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly entries = new Map<string, { state: unknown; expiresAt: number }>();
  private readonly queue = new KeyedQueue();

  constructor(private readonly now: () => number = Date.now) {}

  async read<S>(key: string): Promise<S | undefined> {
    return this.entries.get(key)?.state as S | undefined;
  }

  async change<S, R>(key: string, apply: (state: S | undefined) => Change<S, R>): Promise<R> {
    // Read, apply and write with no await between them: nothing else runs in between.
    const { state, expiresAt, result } = apply(this.entries.get(key)?.state as S | undefined);
    if (state === undefined) this.entries.delete(key);
    else this.entries.set(key, { state, expiresAt });
    if (this.entries.size > MAX_KEYS) this.dropExpired();
    return result;
  }

  inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.queue.run(key, task);
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
