/**
 * The account limits' counts in DynamoDB (the ShopThrottle table, key `key`), so every Lambda
 * instance counts against the same buckets and lockouts; in memory each warm instance kept its
 * own, and guesses spread over many instances were throttled less than locally.
 *
 * An item holds `state` (a bucket or failures, null once forgotten), `version`, and `ttl` (epoch
 * seconds) at which the state is the same as none, so DynamoDB drops idle keys by itself.
 *
 * A change is compare-and-set: read the item, apply the shared arithmetic (throttle.ts), write
 * with the condition that `version` is still the one read. A bucket's refill (a min) and the
 * lockout's doubling (a power of two) cannot be written as an update expression, so a plain ADD
 * cannot carry them; the condition is what keeps concurrent Lambdas from overwriting each other,
 * and a loser reads again and retries.
 *
 * Turns (one sign-in check at a time per account and address) are leases: an item `turn#<key>`
 * whose `until` a Lambda sets only when no other lease is live, and clears when done. A Lambda
 * that dies holding one holds it at most TURN_LEASE_MS.
 */
import { randomUUID } from 'node:crypto';
import { throttleBusy, type Change, type ThrottleStore } from '../../../server/accounts/throttle-store';
import { isConditionFailure, type DynamoPort } from './dynamo-port';
import { operatorLine } from '../../../shared/log-line';

/** Longer than one sign-in check (a bcrypt comparison and a few reads); the accounts function times out after 10 s. */
export const TURN_LEASE_MS = 5_000;
/** How long a sign-in waits for its turn before it is answered "try again". */
export const TURN_WAIT_MS = 4_000;
const TURN_POLL_MS = 50;
/** Compare-and-set attempts before a change is answered "try again" (only a flood on one key loses this often). */
const CHANGE_ATTEMPTS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const epochSeconds = (ms: number) => Math.ceil(ms / 1000);

export class DynamoThrottleStore implements ThrottleStore {
  constructor(
    private readonly db: DynamoPort,
    private readonly table: string,
    private readonly clock: () => number = Date.now,
  ) {}

  async read<S>(key: string): Promise<S | undefined> {
    const item = await this.db.get({ TableName: this.table, Key: { key } });
    return (item?.state ?? undefined) as S | undefined;
  }

  async change<S, R>(key: string, apply: (state: S | undefined) => Change<S, R>): Promise<R> {
    for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt += 1) {
      const item = await this.db.get({ TableName: this.table, Key: { key } });
      const version = typeof item?.version === 'number' ? item.version : undefined;
      const { state, expiresAt, result } = apply((item?.state ?? undefined) as S | undefined);
      try {
        await this.db.update({
          TableName: this.table,
          Key: { key },
          UpdateExpression: 'SET #state = :state, #version = :next, #ttl = :ttl',
          ConditionExpression: version === undefined ? 'attribute_not_exists(#version)' : '#version = :version',
          ExpressionAttributeNames: { '#state': 'state', '#version': 'version', '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':state': state ?? null,
            ':next': (version ?? 0) + 1,
            ':ttl': epochSeconds(expiresAt),
            ...(version === undefined ? {} : { ':version': version }),
          },
        });
        return result;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        await sleep(Math.random() * 20 * (attempt + 1)); // another Lambda wrote first: read its state again
      }
    }
    throw throttleBusy();
  }

  async inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    const lease = { TableName: this.table, Key: { key: `turn#${key}` } };
    const holder = randomUUID();
    const giveUpAt = this.clock() + TURN_WAIT_MS;
    for (;;) {
      const now = this.clock();
      try {
        await this.db.update({
          ...lease,
          UpdateExpression: 'SET #holder = :holder, #until = :until, #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(#until) OR #until < :now',
          ExpressionAttributeNames: { '#holder': 'holder', '#until': 'until', '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':holder': holder,
            ':until': now + TURN_LEASE_MS,
            ':ttl': epochSeconds(now + TURN_LEASE_MS),
            ':now': now,
          },
        });
        break;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        if (this.clock() >= giveUpAt) throw throttleBusy();
        await sleep(TURN_POLL_MS);
      }
    }
    try {
      return await task();
    } finally {
      await this.db
        .update({
          ...lease,
          UpdateExpression: 'SET #until = :released',
          ConditionExpression: '#holder = :holder',
          ExpressionAttributeNames: { '#holder': 'holder', '#until': 'until' },
          ExpressionAttributeValues: { ':holder': holder, ':released': 0 },
        })
        .catch((error: unknown) => {
          // Another holder took over after our lease ran out: theirs now, nothing to release. Any
          // other failure only delays the next turn until the lease runs out; the answer stands.
          if (!isConditionFailure(error)) console.error(operatorLine('lambda', 'releasing a sign-in turn failed', error));
        });
    }
  }
}
