/** The authorizer's decision as a pure function, and session expiry. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { AUTHORIZER_TTL_SECONDS, decideAccess, GRANT_TTL_SECONDS, type FieldPolicy } from './authorizer';
import { MAX_SESSIONS_PER_USER, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SessionStore } from './sessions';

const policy: FieldPolicy = {
  lambdaFields: ['Query.listItems', 'Query.listUsers', 'Mutation.createItem', 'Mutation.signIn', 'Mutation.signOut'],
  publicFields: new Set(['Query.listItems', 'Mutation.signIn']),
  selfServiceFields: new Set(['Mutation.signOut']),
};

describe('decideAccess', () => {
  it('lets an admin do everything, never cached', () => {
    expect(GRANT_TTL_SECONDS).toBe(0);
    expect(decideAccess({ userId: 'a', name: 'A', type: ROLE_ADMIN }, policy)).toMatchObject({
      isAuthorized: true,
      deniedFields: [],
      ttlOverride: 0,
    });
  });
  it('gives a user the public fields and their own session only, never cached (a sign-out is immediate)', () => {
    const result = decideAccess({ userId: 'u', name: 'U', type: ROLE_USER }, policy);
    expect(result.isAuthorized).toBe(true);
    expect(result.deniedFields).toEqual(['Query.listUsers', 'Mutation.createItem']);
    expect(result.resolverContext).toEqual({ userId: 'u', type: '1', name: 'U' });
    expect(result.ttlOverride).toBe(0);
  });
  it('refuses an unknown, expired or revoked token, cached (a refusal is final)', () => {
    expect(decideAccess(null, policy)).toMatchObject({ isAuthorized: false, resolverContext: null, ttlOverride: AUTHORIZER_TTL_SECONDS });
  });
});

describe('sessions', () => {
  let server: TestServer;
  let now = Date.now();
  let sessions: SessionStore;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer();
    sessions = new SessionStore(server.db, () => now);
    ({ userId } = await server.sessionFor(ROLE_USER));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('stores only a hash of the token', () => {
    const { token } = sessions.create(userId);
    const stored = server.db.prepare('SELECT tokenHash FROM _sessions').all() as Array<{ tokenHash: string }>;
    expect(stored.some((row) => row.tokenHash.includes(token))).toBe(false);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
  });

  it('expires after the idle time, and a request in time keeps it alive', () => {
    const { token } = sessions.create(userId);
    now += SESSION_IDLE_MS - 60_000;
    expect(sessions.resolve(token)?.userId).toBe(userId);
    now += SESSION_IDLE_MS - 60_000;
    expect(sessions.resolve(token)?.userId).toBe(userId);
    now += SESSION_IDLE_MS;
    expect(sessions.resolve(token)).toBeNull();
  });

  it('expires at the absolute limit however active', () => {
    const { token } = sessions.create(userId);
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS - 3_600_000; elapsed += 3_600_000) {
      now += 3_600_000;
      expect(sessions.resolve(token)).not.toBeNull();
    }
    now += 3_600_000;
    expect(sessions.resolve(token)).toBeNull();
  });

  it('is gone once revoked', () => {
    const { token } = sessions.create(userId);
    sessions.revoke(token);
    expect(sessions.resolve(token)).toBeNull();
    expect(sessions.resolve('')).toBeNull();
    expect(sessions.resolve('x'.repeat(500))).toBeNull();
  });

  it(`keeps a user's ${MAX_SESSIONS_PER_USER} newest sessions and ends older ones`, () => {
    const tokens = Array.from({ length: MAX_SESSIONS_PER_USER + 3 }, () => {
      now += 1;
      return sessions.create(userId).token;
    });
    expect(tokens.slice(0, 3).map((token) => sessions.resolve(token))).toEqual([null, null, null]);
    expect(tokens.slice(3).every((token) => sessions.resolve(token)?.userId === userId)).toBe(true);
    const count = (server.db.prepare('SELECT COUNT(*) AS n FROM _sessions WHERE userId = ?').get(userId) as { n: number }).n;
    expect(count).toBe(MAX_SESSIONS_PER_USER);
  });

  it('purges expired and idle sessions of every user', async () => {
    const other = await server.sessionFor(ROLE_USER);
    sessions.create(other.userId);
    now += SESSION_ABSOLUTE_MS + 1;
    const live = sessions.create(userId);
    expect(server.db.prepare('SELECT tokenHash FROM _sessions').all()).toHaveLength(1);
    expect(sessions.resolve(live.token)?.userId).toBe(userId);
  });
});
