/**
 * Sessions in DynamoDB, with the same rules as the local store (server/auth/sessions.ts): an opaque
 * 256-bit token stored only as its SHA-256, idle and absolute expiry, lastSeenAt written at most once
 * a minute. Items also carry `ttl` (epoch seconds) so DynamoDB deletes expired sessions by itself.
 * The signed-in user is read from the User model's table, so a deleted user's sessions stop at once.
 */
import type { Principal } from '../../../server/auth/authorizer';
import type { SessionIssuer } from '../../../server/accounts/account-service';
import {
  hashToken,
  MAX_TOKEN_LENGTH,
  newSessionToken,
  SESSION_ABSOLUTE_MS,
  sessionIsLive,
  TOUCH_INTERVAL_MS,
} from '../../../server/auth/sessions';
import { isRole } from '../../../shared/roles';
import { allPages, isConditionFailure, type DynamoPort } from './dynamo-port';

export interface SessionTables {
  /** Key `tokenHash`; index `byUser` on `userId`. */
  sessions: string;
  /** The User model's table (key `id`). */
  users: string;
}

export const SESSIONS_BY_USER_INDEX = 'byUser';

export class DynamoSessionStore implements SessionIssuer {
  constructor(
    private readonly db: DynamoPort,
    private readonly tables: SessionTables,
    private readonly now: () => number = Date.now,
  ) {}

  async create(userId: string): Promise<{ token: string; expiresAt: number }> {
    const token = newSessionToken();
    const now = this.now();
    const expiresAt = now + SESSION_ABSOLUTE_MS;
    await this.db.put({
      TableName: this.tables.sessions,
      Item: { tokenHash: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt, ttl: Math.ceil(expiresAt / 1000) },
      ConditionExpression: 'attribute_not_exists(#k)',
      ExpressionAttributeNames: { '#k': 'tokenHash' },
    });
    return { token, expiresAt };
  }

  /** The signed-in user behind a token, or null when it is unknown, expired or revoked. */
  async resolve(token: string): Promise<Principal | null> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const tokenHash = hashToken(token);
    const session = await this.db.get({ TableName: this.tables.sessions, Key: { tokenHash } });
    if (!session) return null;
    const now = this.now();
    const times = { lastSeenAt: Number(session.lastSeenAt), expiresAt: Number(session.expiresAt) };
    if (!sessionIsLive(times, now)) {
      await this.revoke(token);
      return null;
    }
    const user = await this.db.get({ TableName: this.tables.users, Key: { id: String(session.userId) } });
    if (!user || !isRole(user.type)) {
      await this.revoke(token);
      return null;
    }
    if (now - times.lastSeenAt >= TOUCH_INTERVAL_MS) {
      try {
        await this.db.update({
          TableName: this.tables.sessions,
          Key: { tokenHash },
          UpdateExpression: 'SET #seen = :now',
          ConditionExpression: 'attribute_exists(#k)',
          ExpressionAttributeNames: { '#seen': 'lastSeenAt', '#k': 'tokenHash' },
          ExpressionAttributeValues: { ':now': now },
        });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return null; // revoked meanwhile
      }
    }
    return { userId: String(user.id), name: String(user.name), type: user.type };
  }

  async revoke(token: string): Promise<void> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return;
    await this.db.delete({ TableName: this.tables.sessions, Key: { tokenHash: hashToken(token) } });
  }

  async revokeAllFor(userId: string): Promise<void> {
    const sessions = await allPages((startKey) =>
      this.db.query({
        TableName: this.tables.sessions,
        IndexName: SESSIONS_BY_USER_INDEX,
        KeyConditionExpression: '#u = :u',
        ExpressionAttributeNames: { '#u': 'userId' },
        ExpressionAttributeValues: { ':u': userId },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const session of sessions) {
      await this.db.delete({ TableName: this.tables.sessions, Key: { tokenHash: String(session.tokenHash) } });
    }
  }
}
