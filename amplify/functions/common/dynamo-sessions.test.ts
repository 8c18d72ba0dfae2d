/** Session rules on DynamoDB (against the in-memory fake: no real DynamoDB runs here). */
import { describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../server/auth/sessions';
import { ROLE_USER } from '../../../shared/roles';
import { DynamoSessionStore } from './dynamo-sessions';
import { fakeShopDynamo, TABLES } from '../../../tests/support/fake-dynamo/fake-tables';

function setup() {
  const db = fakeShopDynamo();
  let now = Date.UTC(2030, 0, 1);
  const clock = {
    advance: (ms: number) => {
      now += ms;
    },
  };
  const sessions = new DynamoSessionStore(db, { sessions: TABLES.sessions, users: TABLES.users }, () => now);
  void db.put({ TableName: TABLES.users, Item: { id: 'u1', name: 'Ada Lovelace', type: ROLE_USER, email: 'ada@example.com' } });
  return { db, sessions, clock };
}

describe('DynamoSessionStore', () => {
  it('issues 256-bit tokens with a DynamoDB TTL at the absolute expiry', async () => {
    const { db, sessions } = setup();
    const { token, expiresAt } = await sessions.create('u1');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(db.items(TABLES.sessions)[0]).toMatchObject({ userId: 'u1', ttl: Math.ceil(expiresAt / 1000) });
  });

  it('expires after the idle time; a request in time keeps it alive', async () => {
    const { sessions, clock } = setup();
    const { token } = await sessions.create('u1');
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect(await sessions.resolve(token)).not.toBeNull();
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect(await sessions.resolve(token)).not.toBeNull();
    clock.advance(SESSION_IDLE_MS);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('expires at the absolute limit however active', async () => {
    const { sessions, clock } = setup();
    const { token } = await sessions.create('u1');
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS - 3_600_000; elapsed += 3_600_000) {
      clock.advance(3_600_000);
      expect(await sessions.resolve(token)).not.toBeNull();
    }
    clock.advance(3_600_000);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('writes lastSeenAt at most once a minute', async () => {
    const { db, sessions, clock } = setup();
    const { token } = await sessions.create('u1');
    const before = db.calls.update ?? 0;
    await sessions.resolve(token);
    clock.advance(30_000);
    await sessions.resolve(token);
    expect(db.calls.update ?? 0).toBe(before);
    clock.advance(40_000);
    await sessions.resolve(token);
    expect(db.calls.update).toBe(before + 1);
  });

  it('refuses revoked, garbage and over-long tokens, and tokens of a deleted user', async () => {
    const { db, sessions } = setup();
    const { token } = await sessions.create('u1');
    await sessions.revoke(token);
    expect(await sessions.resolve(token)).toBeNull();
    expect(await sessions.resolve('')).toBeNull();
    expect(await sessions.resolve('not-a-token')).toBeNull();
    expect(await sessions.resolve('x'.repeat(500))).toBeNull();
    const other = await sessions.create('u1');
    await db.delete({ TableName: TABLES.users, Key: { id: 'u1' } });
    expect(await sessions.resolve(other.token)).toBeNull();
  });
});
