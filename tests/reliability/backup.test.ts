/**
 * `npm run backup` while admins keep writing gives a consistent copy of the database and the
 * images; `npm run restore` of it into a fresh data directory gives a working shop.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, test } from 'vitest';
import { imageFiles, imageReferences } from '../../server/backup/media-references';
import { makeDataDir, printFigures, removeDataDirs, scaled, sleep } from './support/battery';
import { runNpmScript } from './support/npm-script';
import { acknowledged, ShopClient, type RequestRecord } from './support/shop-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, killAllShopProcesses, startShopProcess } from './support/shop-process';
import { WriteLedger } from './support/write-ledger';
import { runWriters } from './support/writers';

const WRITERS = 8;
/** Writes before the backup, so it has a catalogue and a media folder worth copying. */
const WARM_UP_MS = scaled(4000, 1000);

afterAll(async () => {
  await killAllShopProcesses();
  removeDataDirs();
});

interface BackupContent {
  itemIds: string[];
  recordCount: number;
  images: string[];
  problems: string[];
}

/** What the backup holds, checked independently of the backup's own checks. */
function readBackup(dir: string): BackupContent {
  const db = new Database(join(dir, 'shop.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    const problems: string[] = [];
    if (db.pragma('integrity_check', { simple: true }) !== 'ok') problems.push('integrity_check failed');
    const references = imageReferences(db);
    for (const { model, id, url } of references) {
      for (const name of imageFiles(url) ?? [url]) {
        const path = join(dir, 'media', name);
        if (!existsSync(path) || statSync(path).size === 0) problems.push(`${model} ${id}: ${name} not in the backup`);
      }
    }
    const itemIds = db.prepare('SELECT id FROM "Item" ORDER BY id').pluck().all() as string[];
    const recordCount = itemIds.length + (db.prepare('SELECT count(*) FROM "Event"').pluck().get() as number);
    return { itemIds, recordCount, images: [...new Set(references.map((reference) => reference.url))], problems };
  } finally {
    db.close();
  }
}

async function listAllItemIds(client: ShopClient): Promise<string[]> {
  const ids: string[] = [];
  let nextToken: string | null = null;
  do {
    const result = await client.public(
      'query ListItems($nextToken: String) { listItems(limit: 1000, nextToken: $nextToken) { items { id } nextToken } }',
      { nextToken },
    );
    const page = acknowledged<{ items: Array<{ id: string }>; nextToken: string | null }>(result, 'listItems');
    if (!page) throw new Error(`listItems failed: ${JSON.stringify(result)}`);
    ids.push(...page.items.map((item) => item.id));
    nextToken = page.nextToken;
  } while (nextToken);
  return ids.sort();
}

test('npm run backup during writes, then npm run restore, gives a working shop', async () => {
  const dataDir = makeDataDir('live');
  const backupsDir = makeDataDir('backups');
  const server = await startShopProcess({ dataDir });
  const requests: RequestRecord[] = [];
  const admin = (await (await ShopClient.connect(server.url)).signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).observed((record) =>
    requests.push(record),
  );
  const ledger = new WriteLedger();
  let stop = false;
  const writing = runWriters(WRITERS, { client: admin, ledger, name: 'b', shouldStop: () => stop, stopWhenUnanswered: false });
  await sleep(WARM_UP_MS);

  // Everything acknowledged before the backup starts must be in it (unless deleted since).
  const ackedBefore = [...ledger.records.values()]
    .filter((record) => record.model === 'Item' && record.acked !== null)
    .map((record) => record.id);
  const backupStarted = Date.now();
  const backup = await runNpmScript('backup', [backupsDir], { DATA_DIR: dataDir });
  const backupEnded = Date.now();
  await sleep(500);
  stop = true;
  await writing;
  server.signal('SIGTERM');
  expect((await server.exited).code).toBe(0);

  expect(backup.code, backup.output).toBe(0);
  const backupDir = join(
    backupsDir,
    readdirSync(backupsDir).find((name) => name.startsWith('shop-'))!,
  );
  const content = readBackup(backupDir);
  const writesDuringBackup = requests.filter(
    (request) => request.startedAt >= backupStarted && request.endedAt <= backupEnded && request.status === 200,
  ).length;
  const uploadsDuringBackup = requests.filter(
    (request) => request.operation === 'UploadImage' && request.startedAt >= backupStarted && request.endedAt <= backupEnded,
  ).length;

  // Restore into a fresh data directory and open the shop on it.
  const restoredDir = join(makeDataDir('restored'), 'data');
  const restore = await runNpmScript('restore', [backupDir], { DATA_DIR: restoredDir });
  expect(restore.code, restore.output).toBe(0);
  const restored = await startShopProcess({ dataDir: restoredDir, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } });
  const visitor = await ShopClient.connect(restored.url);
  const listed = await listAllItemIds(visitor);
  const imageStatuses = await Promise.all(
    content.images.map(async (url) => {
      const [png, variant] = await Promise.all([
        fetch(`${restored.url}${url}`),
        fetch(`${restored.url}${url.replace(/\.png$/, '-w400.webp')}`),
      ]);
      const bytes = (await png.arrayBuffer()).byteLength;
      await variant.arrayBuffer();
      return png.status === 200 && variant.status === 200 && bytes > 0 ? 'ok' : `${url}: ${png.status}/${variant.status}`;
    }),
  );
  const restoredAdmin = await visitor.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  const newItem = await restoredAdmin.admin('mutation CreateItem($input: CreateItemInput!) { createItem(input: $input) { id } }', {
    input: { name: 'After the restore', tags: ['wine'] },
  });
  restored.signal('SIGTERM');
  expect((await restored.exited).code).toBe(0);

  printFigures('backup and restore', {
    backupMs: backup.ms,
    restoreMs: restore.ms,
    backupOutput: JSON.stringify(backup.output.trim().split('\n').at(-1)),
    writesAcknowledgedDuringBackup: writesDuringBackup,
    uploadsDuringBackup,
    recordsInBackup: content.recordCount,
    imagesReferenced: content.images.length,
    mediaFiles: readdirSync(join(backupDir, 'media')).length,
    itemsListedAfterRestore: listed.length,
    problems: content.problems.length,
  });

  expect(content.problems).toEqual([]);
  // Writes went on while the backup ran; otherwise this proves nothing about an online backup.
  expect(writesDuringBackup).toBeGreaterThan(0);
  const deleted = new Set([...ledger.records.values()].filter((record) => record.acked === null).map((record) => record.id));
  expect(ackedBefore.filter((id) => !content.itemIds.includes(id) && !deleted.has(id))).toEqual([]);
  expect(listed).toEqual(content.itemIds);
  expect(content.images.length).toBeGreaterThan(0);
  expect(imageStatuses.filter((status) => status !== 'ok')).toEqual([]);
  expect(acknowledged(newItem, 'createItem')).not.toBeNull();
}, 180_000);
