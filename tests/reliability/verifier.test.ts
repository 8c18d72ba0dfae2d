/**
 * The batteries pass only if verifyDataDir finds nothing, so it must find what it looks for:
 * each kind of damage below, done to a real data directory, is reported.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeDataDir, removeDataDirs, sleep } from './support/battery';
import { ShopClient } from './support/shop-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, killAllShopProcesses, startShopProcess } from './support/shop-process';
import { verifyDataDir } from './support/verify-data-dir';
import { WriteLedger } from './support/write-ledger';
import { runWriters } from './support/writers';

const ledger = new WriteLedger();
let dataDir: string;

beforeAll(async () => {
  dataDir = makeDataDir('verifier');
  const server = await startShopProcess({ dataDir });
  const admin = await (await ShopClient.connect(server.url)).signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  let stop = false;
  const writing = runWriters(4, { client: admin, ledger, name: 'v', shouldStop: () => stop, stopWhenUnanswered: false });
  await sleep(1500);
  stop = true;
  await writing;
  server.signal('SIGTERM');
  await server.exited;
});

afterAll(async () => {
  await killAllShopProcesses();
  removeDataDirs();
});

/** Applies `damage` to the database, verifies, and undoes nothing: each test damages something new. */
function problemsAfter(damage: (db: Database.Database) => void): string[] {
  const db = new Database(join(dataDir, 'shop.sqlite3'));
  try {
    damage(db);
  } finally {
    db.close();
  }
  return verifyDataDir(dataDir, ledger).problems;
}

const ackedItem = (db: Database.Database, withImage: boolean) =>
  db
    .prepare(`SELECT id, name, img FROM "Item" WHERE name LIKE 'rel-%' AND img IS ${withImage ? 'NOT' : ''} NULL ORDER BY seq LIMIT 1`)
    .get() as { id: string; name: string; img: string | null };

test('the undamaged directory passes', () => {
  expect(ledger.figures().acknowledged).toBeGreaterThan(10);
  expect(verifyDataDir(dataDir, ledger).problems).toEqual([]);
});

test('a lost acknowledged write is found', () => {
  let id = '';
  const problems = problemsAfter((db) => {
    id = ackedItem(db, false).id;
    db.prepare('DELETE FROM "Item" WHERE id = ?').run(id);
  });
  expect(problems.join('\n')).toContain(`Item:${id}: found null`);
});

test('a half-written record is found', () => {
  let id = '';
  const problems = problemsAfter((db) => {
    id = ackedItem(db, false).id;
    db.prepare('UPDATE "Item" SET name = NULL WHERE id = ?').run(id);
  });
  expect(problems.join('\n')).toMatch(new RegExp(`Item ${id}: half-written, name missing`));
});

test('a duplicate is found', () => {
  let name = '';
  const problems = problemsAfter((db) => {
    name = ackedItem(db, true).name;
    db.prepare(`INSERT INTO "Item" (id, name, createdAt, updatedAt) VALUES ('copy', ?, 'x', 'x')`).run(name);
  });
  expect(problems.join('\n')).toContain(`"${name}": 2 copies`);
});

test('a record pointing at a missing image is found', () => {
  const db = new Database(join(dataDir, 'shop.sqlite3'), { readonly: true });
  const { id, img } = ackedItem(db, true);
  db.close();
  const hash = /\/media\/([a-f0-9]{64})\.png/.exec(img!)![1]!;
  for (const name of readdirSync(join(dataDir, 'media')).filter((file) => file.startsWith(hash))) rmSync(join(dataDir, 'media', name));
  expect(verifyDataDir(dataDir, ledger).problems.join('\n')).toContain(`Item ${id}: ${hash}.png`);
});
