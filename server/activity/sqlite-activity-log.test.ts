import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { activityExpiry, type ActivityEntry } from '../../shared/activity';
import { openDatabase, type Db } from '../db/database';
import { SqliteActivityLog } from './sqlite-activity-log';

const dirs: string[] = [];
let db: Db | undefined;
afterEach(() => {
  db?.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openLog(): SqliteActivityLog {
  const dir = mkdtempSync(join(tmpdir(), 'activity-'));
  dirs.push(dir);
  db = openDatabase(join(dir, 'shop.sqlite3'), []);
  return new SqliteActivityLog(db);
}

const DAY = 24 * 60 * 60 * 1000;
const entry = (id: string, atMs: number): ActivityEntry => ({
  id,
  at: new Date(atMs).toISOString(),
  actorId: 'admin',
  actorName: 'Admin',
  kind: 'item',
  action: 'update',
  targetId: null,
  targetName: id,
  changes: [],
});

describe('SqliteActivityLog', () => {
  it('keeps an entry a year: adding one deletes those past their year', () => {
    const log = openLog();
    const start = Date.parse('2026-01-01T00:00:00Z');
    log.add(entry('old', start), activityExpiry(start));
    log.add(entry('recent', start + 300 * DAY), activityExpiry(start + 300 * DAY));
    const list = () => log.list({ actorId: null, kind: null, limit: 10, nextToken: null }).entries.map((e) => e.id);
    expect(list()).toEqual(['recent', 'old']);
    const later = start + 366 * DAY;
    log.add(entry('new', later), activityExpiry(later));
    expect(list()).toEqual(['new', 'recent']);
  });

  it('refuses a nextToken it did not issue', () => {
    const log = openLog();
    expect(() => log.list({ actorId: null, kind: null, limit: 1, nextToken: 'eyJhIjoiMSJ9' })).toThrow('Invalid nextToken');
  });
});
