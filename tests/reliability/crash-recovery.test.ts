/**
 * kill -9 of the server at random moments while admins write, 20 times, restarting on the same
 * data directory each time: no acknowledged write is lost, no record is half-written, and no
 * record points at an image that is missing.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { makeDataDir, printFigures, removeDataDirs, scaled, sleep } from './support/battery';
import { ShopClient } from './support/shop-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, killAllShopProcesses, startShopProcess, type ShopProcess } from './support/shop-process';
import { verifyDataDir } from './support/verify-data-dir';
import { WriteLedger } from './support/write-ledger';
import { runWriters } from './support/writers';

const KILLS = scaled(20, 2);
const WRITERS = 8;
/** The kill comes this long after the writers start: long enough for uploads to be in flight. */
const KILL_AFTER_MS = { min: 150, max: 1500 };

const tempFiles = (dataDir: string) => readdirSync(join(dataDir, 'media')).filter((name) => name.endsWith('.tmp')).length;

afterAll(async () => {
  await killAllShopProcesses();
  removeDataDirs();
});

test(`${KILLS} kill -9 during writes lose no acknowledged write`, async () => {
  const dataDir = makeDataDir('crash');
  const ledger = new WriteLedger();
  const problems: string[] = [];
  let admin: ShopClient | null = null;
  let server: ShopProcess | null = null;
  let kills = 0;
  let unansweredAtKills = 0;
  let tempFilesLeftByKills = 0;
  const started = Date.now();

  for (let round = 0; round <= KILLS; round += 1) {
    server = await startShopProcess({ dataDir });
    admin = admin ? admin.at(server.url) : await (await ShopClient.connect(server.url)).signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    // The restarted server has recovered the database: check it before writing again.
    const verification = verifyDataDir(dataDir, ledger);
    problems.push(...verification.problems.map((problem) => `after kill ${round}: ${problem}`));
    ledger.settle((record) => verification.found.get(`${record.model}:${record.id}`) ?? null);
    if (round === KILLS) break;

    let killed = false;
    const unknownBefore = ledger.figures().unknown;
    const writing = runWriters(WRITERS, { client: admin, ledger, name: `k${round}`, shouldStop: () => killed, stopWhenUnanswered: true });
    await sleep(KILL_AFTER_MS.min + Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
    server.signal('SIGKILL');
    const exit = await server.exited;
    killed = true;
    kills += exit.signal === 'SIGKILL' ? 1 : 0;
    await writing;
    unansweredAtKills += ledger.figures().unknown - unknownBefore;
    tempFilesLeftByKills += tempFiles(dataDir);
  }

  const final = verifyDataDir(dataDir, ledger);
  const figures = ledger.figures();
  printFigures('kill -9 recovery', {
    kills,
    seconds: ((Date.now() - started) / 1000).toFixed(1),
    attempted: figures.attempted,
    acknowledged: figures.acknowledged,
    unansweredAtKills,
    refused: figures.refused,
    recordsVerified: final.recordsChecked,
    imagesVerified: final.imagesChecked,
    tempFilesLeftByKills,
    tempFilesAfterRestart: tempFiles(dataDir),
    problems: problems.length,
  });

  expect(problems).toEqual([]);
  expect(kills).toBe(KILLS);
  // Uploads cut short leave temporary files; the restarted server removes them.
  expect(tempFiles(dataDir)).toBe(0);
  // Refusals would mean the API failed writes it should have taken.
  expect(ledger.refusals).toEqual([]);
  expect(figures.acknowledged).toBeGreaterThan(KILLS * 5);
  // Most kills should land while writes are in flight, or the battery tests little.
  expect(unansweredAtKills).toBeGreaterThanOrEqual(KILLS);
  server!.signal('SIGTERM');
  expect((await server!.exited).code).toBe(0);
}, 240_000);
