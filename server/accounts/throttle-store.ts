/**
 * Where the account limits keep their counts: a port with two stores, memory here (one local
 * process sees every request) and DynamoDB in the cloud (amplify/functions/common/dynamo-throttle.ts:
 * every Lambda instance sees the same counts). The limits themselves (RateLimit, Lockout) are
 * written once, over the port, with the arithmetic of throttle.ts; a store only keeps a state per
 * key and changes it atomically.
 */
import { AppError } from '../errors';
import {
  bucketFullAt,
  currentFailures,
  failuresForgottenAt,
  KeyedQueue,
  lockedFor,
  MAX_KEYS,
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
