import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheStatements } from './statement-cache';

describe('the statement cache', () => {
  it('compiles each SQL text once, and the statement runs again with new values', () => {
    const db = new Database(':memory:');
    cacheStatements(db);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    const insert = db.prepare('INSERT INTO t (name) VALUES (?)');
    expect(db.prepare('INSERT INTO t (name) VALUES (?)')).toBe(insert);
    insert.run('a');
    db.prepare('INSERT INTO t (name) VALUES (?)').run('b');
    expect(db.prepare('SELECT name FROM t ORDER BY id').all()).toEqual([{ name: 'a' }, { name: 'b' }]);
    db.close();
  });

  it('keeps at most its bound, the least recently used going first', () => {
    const db = new Database(':memory:');
    cacheStatements(db, 3);
    const first = db.prepare('SELECT 1');
    const two = db.prepare('SELECT 2');
    db.prepare('SELECT 3');
    expect(db.prepare('SELECT 1')).toBe(first); // used again: now the most recent
    db.prepare('SELECT 4'); // SELECT 2 goes
    expect(db.prepare('SELECT 1')).toBe(first);
    expect(db.prepare('SELECT 2')).not.toBe(two);
    db.close();
  });

  it('still refuses SQL that does not compile, and caches nothing for it', () => {
    const db = new Database(':memory:');
    cacheStatements(db);
    expect(() => db.prepare('SELEC 1')).toThrow(/syntax error/);
    expect(() => db.prepare('SELEC 1')).toThrow(/syntax error/);
    db.close();
  });
});
