/** Backup and restore of a data directory, beside a server that has it open. */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImage } from '../media/images';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { BackupError, backupDataDir, backupName, MANIFEST_FILE, type BackupResult } from './backup';
import { restoreBackup } from './restore';

let server: TestServer;
let backupsDir: string;
let backup: BackupResult;
const scratch: string[] = [];
const tempDir = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), `shop-backup-test-${label}-`));
  scratch.push(dir);
  return dir;
};
const png = (red: number) =>
  sharp({ create: { width: 12, height: 12, channels: 3, background: { r: red, g: 40, b: 90 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  server = await startTestServer();
  const images = [await storeImage(server.media, await png(10)), await storeImage(server.media, await png(200))];
  server.store.create('Item', { name: 'Barolo', price: 49.99, tags: ['wine'], img: images[0] });
  server.store.create('Event', { name: 'Tasting', date: '2027-01-15', description: 'Reds of Piedmont', img: images[1] });
  server.store.create('Item', { name: 'Corkscrew', tags: ['extras'] });
  await server.sessionFor(0, 'admin@example.com');
  // What a killed upload leaves behind: not an image, never copied.
  writeFileSync(join(server.media.dir, `${'a'.repeat(64)}.png.123.456.tmp`), 'partial');
  backupsDir = tempDir('backups');
  // The records are still in the WAL of the server's open connection: the backup must see them.
  backup = backupDataDir(server.dataDir, backupsDir, new Date('2026-11-21T13:14:45.123Z'));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('backup', () => {
  it('writes one complete, timestamped folder with a manifest', () => {
    expect(readdirSync(backupsDir)).toEqual(['shop-2026-11-21T13-14-45-123Z']);
    expect(backup.dir).toBe(join(backupsDir, backupName(new Date('2026-11-21T13:14:45.123Z'))));
    const manifest = JSON.parse(readFileSync(join(backup.dir, MANIFEST_FILE), 'utf8'));
    expect(manifest).toMatchObject({ createdAt: '2026-11-21T13:14:45.123Z', records: { Item: 2, Event: 1, User: 1 }, mediaFiles: 10 });
    expect(backup.databaseBytes).toBeGreaterThan(0);
  });

  it('copies the database as a consistent snapshot, WAL content included', () => {
    const copy = new Database(join(backup.dir, 'shop.sqlite3'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('SELECT name FROM "Item" ORDER BY name').pluck().all()).toEqual(['Barolo', 'Corkscrew']);
      expect(copy.prepare('SELECT count(*) FROM _credentials').pluck().get()).toBe(1);
    } finally {
      copy.close();
    }
  });

  it('copies every stored image and variant, and no temporary file', () => {
    const copied = readdirSync(join(backup.dir, 'media')).sort();
    expect(copied).toEqual(
      readdirSync(server.media.dir)
        .filter((name) => !name.endsWith('.tmp'))
        .sort(),
    );
    expect(copied).toHaveLength(10);
  });

  it('refuses to overwrite a backup, or to back up what is not a data directory', () => {
    expect(() => backupDataDir(server.dataDir, backupsDir, new Date('2026-11-21T13:14:45.123Z'))).toThrow(BackupError);
    expect(() => backupDataDir(tempDir('empty'), backupsDir)).toThrow(/no shop database/);
  });

  it('fails, leaving nothing behind, when a record points at an image the copy lacks', () => {
    server.store.create('Item', { name: 'Ghost', tags: ['wine'], img: `/media/${'b'.repeat(64)}.png` });
    const target = tempDir('failed');
    expect(() => backupDataDir(server.dataDir, target)).toThrow(/images missing from the copy/);
    expect(readdirSync(target)).toEqual([]);
  });
});

describe('restore', () => {
  it('restores into an empty data directory, with every session ended', () => {
    const dataDir = join(tempDir('restore'), 'data');
    const result = restoreBackup(backup.dir, dataDir);
    expect(result).toMatchObject({ mediaFiles: 10, sessionsCleared: 1 });
    expect(readdirSync(dataDir).sort()).toEqual(['media', 'shop.sqlite3']);
    const db = new Database(join(dataDir, 'shop.sqlite3'), { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) FROM "Item"').pluck().get()).toBe(2);
      expect(db.prepare('SELECT count(*) FROM _sessions').pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });

  it('refuses a data directory in use and a folder that is not a backup', () => {
    expect(() => restoreBackup(backup.dir, server.dataDir)).toThrow(/not empty/);
    expect(() => restoreBackup(tempDir('not-a-backup'), join(tempDir('target'), 'data'))).toThrow(/not a complete backup/);
    expect(existsSync(join(server.dataDir, 'shop.sqlite3'))).toBe(true);
  });

  it('leaves the data directory empty when the backup cannot be restored, so a retry can go ahead', () => {
    const broken = tempDir('broken-backup');
    for (const name of readdirSync(backup.dir)) {
      if (name !== 'shop.sqlite3') cpSync(join(backup.dir, name), join(broken, name), { recursive: true });
    }
    writeFileSync(join(broken, 'shop.sqlite3'), 'not a database');
    const dataDir = join(tempDir('restore-broken'), 'data');
    expect(() => restoreBackup(broken, dataDir)).toThrow(BackupError);
    expect(readdirSync(dataDir)).toEqual([]);
    expect(restoreBackup(backup.dir, dataDir).mediaFiles).toBe(10);
  });
});
