/**
 * The activity log on SQLite: one row per entry, the entry itself as JSON, newest first by the
 * row's sequence. Adding an entry also deletes those past their year (at most once a minute), so
 * the table never grows beyond a year of writes.
 */
import type { Statement } from 'better-sqlite3';
import type { ActivityEntry } from '../../shared/activity';
import type { Db } from '../db/database';
import { validationError } from '../errors';
import type { ActivityLog, ActivityPage, ActivityQuery } from './activity-log';

const encodeToken = (seq: number) => Buffer.from(JSON.stringify({ a: seq })).toString('base64url');

function decodeToken(token: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { a?: unknown };
    if (Number.isSafeInteger(parsed.a)) return parsed.a as number;
  } catch {
    /* reported below */
  }
  throw validationError('Invalid nextToken');
}

const SWEEP_EVERY_MS = 60_000;

export class SqliteActivityLog implements ActivityLog {
  private readonly insert: Statement;
  private readonly deleteExpired: Statement;
  private readonly page: Statement;
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(db: Db) {
    this.insert = db.prepare('INSERT INTO _activity (id, at, expiresAt, actorId, kind, entry) VALUES (?, ?, ?, ?, ?, ?)');
    this.deleteExpired = db.prepare('DELETE FROM _activity WHERE expiresAt < ?');
    this.page = db.prepare(
      `SELECT seq, entry FROM _activity
       WHERE seq < @before AND (@actorId IS NULL OR actorId = @actorId) AND (@kind IS NULL OR kind = @kind)
       ORDER BY seq DESC LIMIT @limit`,
    );
  }

  add(entry: ActivityEntry, expiresAt: number): void {
    const now = Date.parse(entry.at);
    // Expired entries go at most once a minute: a delete per write would cost as much as the insert.
    if (now - this.sweptAt >= SWEEP_EVERY_MS || now < this.sweptAt) {
      this.deleteExpired.run(now);
      this.sweptAt = now;
    }
    this.insert.run(entry.id, entry.at, expiresAt, entry.actorId, entry.kind, JSON.stringify(entry));
  }

  list({ actorId, kind, limit, nextToken }: ActivityQuery): ActivityPage {
    const before = nextToken ? decodeToken(nextToken) : Number.MAX_SAFE_INTEGER;
    const rows = this.page.all({ before, actorId, kind, limit: limit + 1 }) as Array<{ seq: number; entry: string }>;
    const entries = rows.slice(0, limit).map((row) => JSON.parse(row.entry) as ActivityEntry);
    return { entries, nextToken: rows.length > limit ? encodeToken(rows[limit - 1]!.seq) : null };
  }
}
