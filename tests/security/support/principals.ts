/**
 * Who calls: a guest with the API key, a user, an admin, and every kind of credential the server
 * must refuse outright (none, a wrong key, forged, expired, revoked, of a deleted account).
 * Each is made the way it happens for real where the API allows it (sign-in, sign-out,
 * deleteAdmin), otherwise in the database (the API cannot delete a client or demote an admin).
 *
 *     const clock = new TestClock();
 *     const shop = await startTestServer({ overrides: { now: clock.now } });
 *     const refused = await refusedCredentials(shop, clock);   // [{ name, credentials }]
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { hashToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../server/auth/sessions';
import { TEST_PASSWORD, type TestServer } from '../../support/test-server';
import { ROLE_ADMIN, ROLE_USER } from '../../../shared/roles';
import { uniqueEmail } from './fixtures';
import { asGuest, callAs, type Credentials } from './shop';

/** The server's clock, movable so sessions can be made in the past. */
export class TestClock {
  private offset = 0;
  readonly now = () => Date.now() + this.offset;
  /** Moves time on for good (an upload target expiring). */
  advance(ms: number): void {
    this.offset += ms;
  }
  /** Runs `fn` as if it were `ms` ago. */
  async back<T>(ms: number, fn: () => T | Promise<T>): Promise<T> {
    this.offset -= ms;
    try {
      return await fn();
    } finally {
      this.offset += ms;
    }
  }
}

export interface NamedCredentials {
  name: string;
  credentials: Credentials;
}

export const forgedToken = () => randomBytes(32).toString('base64url');

export async function signIn(shop: TestServer, email: string, password = TEST_PASSWORD): Promise<string> {
  const { body } = await callAs(shop, asGuest(shop), 'mutation ($e: String, $p: String) { signIn(email: $e, password: $p) { token } }', {
    e: email,
    p: password,
  });
  expect(body.errors).toBeUndefined();
  return (body.data!.signIn as { token: string }).token;
}

/** A session of an account whose type the database says is `type` now; the token may predate a change. */
export function sessionAs(shop: TestServer, userId: string, typeWhenIssued: number, typeNow: number): string {
  const setType = shop.db.prepare('UPDATE "User" SET type = ? WHERE id = ?');
  setType.run(typeWhenIssued, userId);
  const { token } = shop.sessions.create(userId);
  setType.run(typeNow, userId);
  return token;
}

/** Every credential that must get UnauthorizedException for any operation, public ones included. */
export async function refusedCredentials(shop: TestServer, clock: TestClock): Promise<NamedCredentials[]> {
  const admin = await shop.sessionFor(ROLE_ADMIN);

  const idle = await shop.sessionFor(ROLE_USER);
  const idleExpired = await clock.back(SESSION_IDLE_MS + 1000, () => shop.sessions.create(idle.userId).token);

  const longLived = await shop.sessionFor(ROLE_USER);
  const pastAbsolute = await clock.back(SESSION_ABSOLUTE_MS + 1000, () => shop.sessions.create(longLived.userId).token);
  // Seen a moment ago, so only the absolute limit is passed.
  shop.db.prepare('UPDATE _sessions SET lastSeenAt = ? WHERE tokenHash = ?').run(clock.now() - 1000, hashToken(pastAbsolute));

  const email = uniqueEmail('signed-out');
  await shop.sessionFor(ROLE_USER, email);
  const signedOut = await signIn(shop, email);
  const { body: signOut } = await callAs(shop, { token: signedOut }, 'mutation { signOut }');
  expect(signOut.data?.signOut).toBe(true);

  const deletedAdmin = await shop.sessionFor(ROLE_ADMIN);
  const { body: deletion } = await callAs(shop, { token: admin.token }, 'mutation ($id: ID!) { deleteAdmin(id: $id) { id } }', {
    id: deletedAdmin.userId,
  });
  expect(deletion.errors).toBeUndefined();

  const deletedUser = await shop.sessionFor(ROLE_USER);
  shop.store.delete('User', { id: deletedUser.userId });
  shop.db.prepare('DELETE FROM _credentials WHERE userId = ?').run(deletedUser.userId);

  return [
    { name: 'no credentials', credentials: { none: true } },
    { name: 'a wrong API key', credentials: { apiKey: `da2-${randomBytes(16).toString('hex')}` } },
    { name: 'a forged token', credentials: { token: forgedToken() } },
    { name: 'an over-long token', credentials: { token: 'A'.repeat(10_000) } },
    { name: 'SQL as a token', credentials: { token: "' OR 1=1 --" } },
    { name: 'the API key as a token', credentials: { token: shop.apiKey } },
    { name: "an admin token's stored hash", credentials: { token: hashToken(admin.token) } },
    { name: 'a token idle past 4 hours', credentials: { token: idleExpired } },
    { name: 'a token past its 24 hours', credentials: { token: pastAbsolute } },
    { name: 'a signed-out token', credentials: { token: signedOut } },
    { name: "a deleted admin's token", credentials: { token: deletedAdmin.token } },
    { name: "a deleted user's token", credentials: { token: deletedUser.token } },
  ];
}
