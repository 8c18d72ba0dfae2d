/**
 * The account limits on DynamoDB (against the in-memory fake, whose calls interleave as concurrent
 * Lambdas' would: each store call is a separate await), by the contract every store meets; then
 * what only this store does: the item shape DynamoDB's TTL reads, and leases.
 */
import { describe, expect, it } from 'vitest';
import { RateLimit } from '../../../server/accounts/throttle-store';
import { describeThrottleStore } from '../../../tests/support/throttle-store-contract';
import { DynamoThrottleStore, TURN_LEASE_MS, TURN_WAIT_MS } from './dynamo-throttle';
import { FakeDynamo } from '../../../tests/support/fake-dynamo/fake-dynamo';

const TABLE = 'Throttle-test';

function setup() {
  const db = new FakeDynamo({ [TABLE]: { key: 'key' } });
  let now = Date.UTC(2030, 0, 1);
  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
  return { db, clock, store: new DynamoThrottleStore(db, TABLE, clock.now) };
}

describeThrottleStore('DynamoThrottleStore', setup);

describe('DynamoThrottleStore items', () => {
  it('keeps one item per limit and key, with a TTL when it is the same as none', async () => {
    const { db, clock, store } = setup();
    await new RateLimit(store, 'signIn', { burst: 3, intervalMs: 1_000 }, clock.now).take('203.0.113.9');
    expect(db.items(TABLE)).toEqual([
      {
        key: 'signIn#203.0.113.9',
        version: 1,
        state: { tokens: 2, updatedAt: clock.now() },
        ttl: Math.ceil((clock.now() + 1_000) / 1000),
      },
    ]);
  });

  it('calls only GetItem and UpdateItem, the two actions amplify/backend.ts grants on the table', async () => {
    const { db, clock, store } = setup();
    await new RateLimit(store, 'signIn', { burst: 3, intervalMs: 1_000 }, clock.now).take('a');
    await store.inTurn('k', async () => undefined);
    expect(Object.keys(db.calls).sort()).toEqual(['get', 'update']);
  });

  it('takes over a lease its holder left behind once it runs out', async () => {
    const { db, clock, store } = setup();
    await db.update({
      TableName: TABLE,
      Key: { key: 'turn#k' },
      UpdateExpression: 'SET #holder = :holder, #until = :until',
      ExpressionAttributeNames: { '#holder': 'holder', '#until': 'until' },
      ExpressionAttributeValues: { ':holder': 'crashed', ':until': clock.now() + TURN_LEASE_MS },
    });
    const waiting = store.inTurn('k', async () => 'mine');
    await new Promise((resolve) => setTimeout(resolve, 120));
    clock.advance(TURN_LEASE_MS + 1);
    expect(await waiting).toBe('mine');
  });

  it('answers TooManyRequests when the turn does not come in time', async () => {
    const { db, clock, store } = setup();
    await db.update({
      TableName: TABLE,
      Key: { key: 'turn#k' },
      UpdateExpression: 'SET #holder = :holder, #until = :until',
      ExpressionAttributeNames: { '#holder': 'holder', '#until': 'until' },
      ExpressionAttributeValues: { ':holder': 'slow', ':until': clock.now() + 10 * TURN_LEASE_MS },
    });
    const waiting = store.inTurn('k', async () => 'never');
    await new Promise((resolve) => setTimeout(resolve, 120));
    clock.advance(TURN_WAIT_MS);
    await expect(waiting).rejects.toMatchObject({ errorType: 'TooManyRequests' });
  });
});
