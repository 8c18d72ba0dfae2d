/**
 * 20 admins writing at once for 30 s through the API: afterwards every acknowledged write is in
 * the database, nothing is there twice, nothing is half-written, and SQLite's integrity check passes.
 */
import { afterAll, expect, test } from 'vitest';
import { makeDataDir, printFigures, removeDataDirs, scaled } from './support/battery';
import { ShopClient } from './support/shop-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, killAllShopProcesses, startShopProcess } from './support/shop-process';
import { verifyDataDir } from './support/verify-data-dir';
import { WriteLedger } from './support/write-ledger';
import { runWriters } from './support/writers';

const WRITERS = 20;
const DURATION_MS = scaled(30_000, 3_000);

afterAll(async () => {
  await killAllShopProcesses();
  removeDataDirs();
});

test(
  `${WRITERS} concurrent writers for ${DURATION_MS / 1000} s lose and duplicate nothing`,
  async () => {
    const dataDir = makeDataDir('writers');
    const server = await startShopProcess({ dataDir });
    const admin = await (await ShopClient.connect(server.url)).signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const ledger = new WriteLedger();

    const started = Date.now();
    const deadline = started + DURATION_MS;
    await runWriters(WRITERS, { client: admin, ledger, name: 'c', shouldStop: () => Date.now() >= deadline, stopWhenUnanswered: false });
    const elapsed = Date.now() - started;

    const verification = verifyDataDir(dataDir, ledger);
    const figures = ledger.figures();
    printFigures('concurrent writers', {
      writers: WRITERS,
      seconds: (elapsed / 1000).toFixed(1),
      attempted: figures.attempted,
      acknowledged: figures.acknowledged,
      refused: figures.refused,
      unanswered: figures.unknown,
      writesPerSecond: Math.round(figures.acknowledged / (elapsed / 1000)),
      recordsVerified: verification.recordsChecked,
      imagesVerified: verification.imagesChecked,
      problems: verification.problems.length,
    });

    expect(verification.problems).toEqual([]);
    expect(ledger.refusals).toEqual([]);
    expect(figures.unknown).toBe(0);
    expect(figures.acknowledged).toBe(figures.attempted);
    // A battery that wrote next to nothing would prove next to nothing.
    expect(figures.acknowledged).toBeGreaterThan(WRITERS * 10);
    expect(server.output()).not.toMatch(/request failed/);
    server.signal('SIGTERM');
    expect((await server.exited).code).toBe(0);
  },
  DURATION_MS + 60_000,
);
