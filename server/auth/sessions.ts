/**
 * Sessions: an opaque 256-bit random token, stored only as its SHA-256 hash, with an idle and an
 * absolute expiry. Revoked by sign-out, and all of a user's sessions when the user is deleted.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { isRole } from '../../shared/roles';
import type { Principal } from './authorizer';

export const SESSION_IDLE_MS = 4 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
export const TOUCH_INTERVAL_MS = 60 * 1000;
/** A user's newest sessions kept; signing in again past this ends the oldest (decision 0143: sessions piled up). */
export const MAX_SESSIONS_PER_USER = 10;
/** Expired and idle sessions are deleted at most this often, when a session is made. */
export const PURGE_INTERVAL_MS = 60 * 1000;
/** Longer tokens are refused unread (ours are 43 characters). */
export const MAX_TOKEN_LENGTH = 200;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A new session token: 256 random bits, base64url. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
/** Whether a stored session is valid at `now`: before its absolute expiry and not idle too long. */
export const sessionIsLive = (session: { lastSeenAt: number; expiresAt: number }, now: number) =>
  now < session.expiresAt && now - session.lastSeenAt < SESSION_IDLE_MS;

// These rules are shared with the cloud's session store (amplify/functions/common/dynamo-sessions.ts).

export class SessionStore {
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  create(userId: string): { token: string; expiresAt: number } {
    const token = newSessionToken();
    const now = this.now();
    const expiresAt = now + SESSION_ABSOLUTE_MS;
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO _sessions (tokenHash, userId, createdAt, lastSeenAt, expiresAt) VALUES (?, ?, ?, ?, ?)')
        .run(hashToken(token), userId, now, now, expiresAt);
      this.db
        .prepare(
          `DELETE FROM _sessions WHERE userId = ? AND tokenHash NOT IN
        (SELECT tokenHash FROM _sessions WHERE userId = ? ORDER BY createdAt DESC, rowid DESC LIMIT ?)`,
        )
        .run(userId, userId, MAX_SESSIONS_PER_USER);
    })();
    if (now - this.lastPurge >= PURGE_INTERVAL_MS) this.purge(now);
    return { token, expiresAt };
  }

  /** Deletes every session past its absolute expiry or idle too long. */
  purge(now = this.now()): number {
    this.lastPurge = now;
    return this.db.prepare('DELETE FROM _sessions WHERE expiresAt <= ? OR lastSeenAt <= ?').run(now, now - SESSION_IDLE_MS).changes;
  }

  /** The signed-in user behind a token, or null when it is unknown, expired or revoked. */
  resolve(token: string): Principal | null {
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const tokenHash = hashToken(token);
    const row = this.db
      .prepare(
        `
      SELECT s.lastSeenAt, s.expiresAt, u.id AS userId, u.name, u.type
      FROM _sessions s JOIN "User" u ON u.id = s.userId WHERE s.tokenHash = ?`,
      )
      .get(tokenHash) as { lastSeenAt: number; expiresAt: number; userId: string; name: string; type: number } | undefined;
    const now = this.now();
    if (!row || !sessionIsLive(row, now) || !isRole(row.type)) {
      if (row) this.revoke(token);
      return null;
    }
    if (now - row.lastSeenAt >= TOUCH_INTERVAL_MS) {
      this.db.prepare('UPDATE _sessions SET lastSeenAt = ? WHERE tokenHash = ?').run(now, tokenHash);
    }
    return { userId: row.userId, name: row.name, type: row.type };
  }

  revoke(token: string): void {
    this.db.prepare('DELETE FROM _sessions WHERE tokenHash = ?').run(hashToken(token));
  }

  revokeAllFor(userId: string): void {
    this.db.prepare('DELETE FROM _sessions WHERE userId = ?').run(userId);
  }
}
