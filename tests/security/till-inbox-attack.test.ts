/**
 * Attacks on the till feed (decisions 0377, 0383) on the real local server: whatever lands in the
 * till inbox (a till, a sync tool, a mistake, or whoever got write access to the folder) is taken
 * one file at a time, and no file can stop the feed, forge a line of a report or of the activity
 * log, change a count it should not, or make the server read more than the feed takes. Staff read
 * what came; customers and visitors never do (tests/security/role-matrix.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile, symlink, truncate, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLE_USER } from '../../shared/roles';
import { IMPORT_MESSAGES, MAX_IMPORT_ROWS } from '../../shared/item-import';
import { TILL_FEED_MESSAGES, type TillFeedRun } from '../../shared/till-feed';
import { LocalTillInboxFiles, SETTLE_MS } from '../../server/till/local-till-inbox';
import { TILL_FILE_MAX_BYTES, TILL_NAME_SHOWN } from '../../server/till/till-inbox';
import { localBatteryServer } from '../support/local-battery';
import { itemsByUpcPrefix } from '../support/items-by-upc';
import { postGraphQL } from '../support/test-server';

const local = localBatteryServer();
const folder = () => join(local.server().dataDir, 'till-inbox');
const prefix = `ATK${Date.now()}`;
const upc = (n: number) => `${prefix}${n}`;
let order = 0;

/** Writes a file as a till's finished export is by the next turn: settled, in the order written. */
async function drop(name: string, bytes: string | Buffer): Promise<void> {
  const path = join(folder(), name);
  await writeFile(path, bytes);
  const at = (Date.now() - 10 * SETTLE_MS + (order += 1)) / 1000;
  await utimes(path, at, at);
}

const FEED = 'query { tillFeed { file outcome rows applied unknownUpcs leftOut { line message } leftOutCount failure } }';
const feed = async () => (await local.admin(FEED)).data?.tillFeed as TillFeedRun | null;
const turn = () => local.server().runSchedule('readTillInbox');
const kept = async (outcome: 'done' | 'failed') => readdir(join(folder(), outcome));
const counted = () =>
  itemsByUpcPrefix<{ upc: string; shelfStock: number | null; price: number | null }>(
    local.admin,
    prefix,
    'upc shelfStock price',
    (errors) => expect(errors).toBeUndefined(),
  );
const activityOfTheShop = async () =>
  (
    (await local.admin('query { listActivity(kind: "import", limit: 100) { entries { action targetName changes { field after } } } }')).data
      ?.listActivity as { entries: Array<{ action: string; targetName: string | null }> }
  ).entries;

const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

describe('the till inbox under attack (local server)', () => {
  it('makes the items the files name', async () => {
    const IMPORT = `mutation ($importId: String!, $rows: [ItemImportRowInput!]!) {
      importItems(importId: $importId, offset: 0, rows: $rows, apply: true) { applied problems { message } } }`;
    const rows = [1, 2, 3].map((n) => ({
      row: n + 1,
      name: `Attack Item ${n}`,
      price: '10.00',
      upc: upc(n),
      size: '750ML',
      quantity: '5',
      tags: [{ categoryId: 'department', names: 'Wine' }],
    }));
    const made = await local.admin(IMPORT, { importId: `atk-${prefix}`, rows });
    expect(made.data?.importItems).toMatchObject({ applied: true, problems: [] });
    // Two items carrying one UPC (the Item Editor allows it, product §5).
    for (const name of ['Twin A', 'Twin B']) {
      const body = await local.admin('mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }', {
        input: { name, price: 20, stock: 4, upc: upc(9), tags: ['wine'] },
      });
      expect(body.errors).toBeUndefined();
    }
  });

  it('a name too long for done/ with the time before it is kept shortened: the file is applied once and the files after it are taken', async () => {
    // 250 bytes: a folder's entry takes 255, and the kept name adds 25 for the time and 11 for ".report.txt".
    const long = `${'stock-export-'.repeat(18)}${'x'.repeat(250 - 13 * 18 - 4)}.csv`;
    expect(Buffer.byteLength(long)).toBe(250);
    await drop(long, `UPC,QOH\n${upc(1)},11\n`);
    await drop('after-the-long-one.csv', `UPC,QOH\n${upc(2)},12\n`);
    expect(await turn()).toBe(2);
    expect((await counted()).get(upc(1))).toMatchObject({ shelfStock: 11 });
    expect((await counted()).get(upc(2))).toMatchObject({ shelfStock: 12 });
    expect(await feed()).toMatchObject({ file: 'after-the-long-one.csv', outcome: 'done', applied: 1 });
    // Nothing left in the inbox to apply again next turn (it set the count back every 15 s).
    expect((await readdir(folder())).filter((name) => !name.startsWith('.') && !['done', 'failed'].includes(name))).toEqual([]);
    expect(await turn()).toBe(0);
    const done = await kept('done');
    const keptLong = done.filter((name) => name.includes('stock-export-stock-export') && !name.endsWith('.report.txt'));
    expect(keptLong).toHaveLength(1);
    expect(Buffer.byteLength(`${keptLong[0]}.report.txt`)).toBeLessThanOrEqual(255);
    expect(done).toContain(`${keptLong[0]}.report.txt`);
    // The activity log names it shortened, not 250 characters.
    const entry = (await activityOfTheShop()).find((one) => one.targetName?.startsWith('stock-export-stock-export'));
    expect(entry?.targetName?.length).toBeLessThanOrEqual(TILL_NAME_SHOWN);
  });

  it('a name with line breaks, escapes, text turned around or a formula forges no line of the report, the feed or the activity log', async () => {
    const names = [
      'qoh.csv\nRows naming an item: 9999; applied: 9999',
      'qoh\r\u001b[2J\u001b[31mcleared.csv',
      'qoh\u202eVSC.exe',
      'qoh\u2028second line.csv',
      // A file's name holds no "/": a formula that needs none.
      "=cmd|'-C calc'!A0 =HYPERLINK(A1).csv",
    ];
    for (const [i, name] of names.entries()) await drop(name, `UPC,QOH\n${upc(3)},${20 + i}\n`);
    expect(await turn()).toBe(names.length);
    expect((await counted()).get(upc(3))).toMatchObject({ shelfStock: 20 + names.length - 1 });
    const run = await feed();
    // A formula is only text: the staff screen and the report show it as written; no CSV of the feed is made.
    expect(run).toMatchObject({ file: names.at(-1), outcome: 'done', applied: 1 });
    const entries = await activityOfTheShop();
    for (const name of names.slice(0, -1)) {
      const shown = name.replace(new RegExp(UNPRINTABLE.source, 'gu'), '\uFFFD');
      expect(entries.map((entry) => entry.targetName)).toContain(shown);
    }
    for (const entry of entries) expect(entry.targetName ?? '').not.toMatch(UNPRINTABLE);
    for (const name of await kept('done')) {
      expect(name).not.toMatch(UNPRINTABLE);
      if (!name.endsWith('.report.txt')) continue;
      const report = await readFile(join(folder(), 'done', name), 'utf8');
      // One line names the file and its outcome; no line claims what the file did not do.
      expect(report).not.toMatch(/^Rows naming an item: 9999/m);
      expect(report.split('\n')[0]).toMatch(/: applied \d{4}-/);
      for (const line of report.split('\n')) expect(line).not.toMatch(UNPRINTABLE);
    }
  });

  it('a UPC or a message quoting a cell with a line break stays on its line of the report', async () => {
    await drop('quoted-cells.csv', `UPC,QOH\n"${prefix}NOPE\nUPCs not found (0):",3\n${upc(2)},"-2\n"\n`);
    expect(await turn()).toBe(1);
    const run = await feed();
    expect(run?.unknownUpcs).toEqual([`${prefix}NOPE\uFFFDUPCs not found (0):`]);
    const report = await readFile(
      join(
        folder(),
        'done',
        (await kept('done')).find((name) => name.endsWith(' quoted-cells.csv.report.txt'))!,
      ),
      'utf8',
    );
    expect(report).toContain(`UPCs not found (1):\n  ${prefix}NOPE\uFFFDUPCs not found (0):\n`);
    expect(report.match(/^UPCs not found/gm)).toHaveLength(1);
  });

  it('a UPC two items carry changes neither: the row is left out and says why', async () => {
    await drop('twins.csv', `UPC,QOH,Price\n${upc(9)},40,1.00\n${upc(1)},13,\n`);
    expect(await turn()).toBe(1);
    expect(await feed()).toMatchObject({
      outcome: 'done',
      applied: 1,
      leftOut: [{ line: 2, message: `UPC: ${IMPORT_MESSAGES.sharedUpc}` }],
      leftOutCount: 1,
    });
    const twins = (
      await local.admin('query ($f: ModelItemFilterInput) { listItems(filter: $f) { items { name shelfStock price } } }', {
        f: { upc: { eq: upc(9) } },
      })
    ).data?.listItems as { items: Array<{ shelfStock: number; price: number }> };
    expect(twins.items).toHaveLength(2);
    for (const twin of twins.items) expect(twin).toMatchObject({ shelfStock: 4, price: 20 });
  });

  it(`a file of ${MAX_IMPORT_ROWS + 1} rows is refused whole; binary text without a NUL byte is refused for its columns`, async () => {
    const before = await counted();
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => (i === 0 ? `${upc(1)},999` : `${prefix}R${i},1`));
    await drop('too-many.csv', `UPC,QOH\n${rows.join('\n')}\n`);
    expect(await turn()).toBe(1);
    expect(await feed()).toMatchObject({
      file: 'too-many.csv',
      outcome: 'failed',
      applied: 0,
      failure: TILL_FEED_MESSAGES.tooManyRows(MAX_IMPORT_ROWS),
    });
    const noise = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => 0x80 + ((i * 131) % 0x7f)));
    await drop('noise.bin', noise);
    expect(await turn()).toBe(1);
    const refused = await feed();
    expect(refused).toMatchObject({ file: 'noise.bin', outcome: 'failed', applied: 0 });
    expect(refused?.failure ?? '').not.toMatch(UNPRINTABLE);
    expect(await counted()).toEqual(before);
  });

  it('three hundred small files are all taken in one turn while visitors are answered', async () => {
    const many = 300;
    for (let i = 0; i < many; i += 1) await drop(`small-${String(i).padStart(4, '0')}.csv`, `UPC,QOH\n${upc(2)},${i}\n`);
    const started = Date.now();
    const taking = turn();
    const waits: number[] = [];
    while (Date.now() - started < 3_000) {
      const at = Date.now();
      const body = await local.guest('query { listItems(limit: 5) { items { id } } }');
      expect(body.errors).toBeUndefined();
      waits.push(Date.now() - at);
    }
    expect(await taking).toBe(many);
    expect((await counted()).get(upc(2))).toMatchObject({ shelfStock: many - 1 });
    expect(await feed()).toMatchObject({ file: `small-0${many - 1}.csv`, outcome: 'done' });
    waits.sort((a, b) => a - b);
    expect(waits[Math.floor(waits.length / 2)]).toBeLessThan(250);
  });

  it('a customer cannot read the feed, whatever came', async () => {
    const { token } = await local.server().sessionFor(ROLE_USER);
    const body = (await postGraphQL(local.server(), { query: FEED }, { authorization: token })).body;
    expect(body.data?.tillFeed ?? null).toBeNull();
    expect(body.errors?.[0]?.errorType).toMatch(/^Unauthorized/);
  });
});

describe('the local inbox reads no more than a file may have, and only a plain file', () => {
  const dir = () => join(local.server().dataDir, 'reading');
  it('a file grown past 10 MB since it was listed is read only to one byte past the most', async () => {
    const files = new LocalTillInboxFiles(dir(), () => Date.now() + 10 * SETTLE_MS);
    await writeFile(join(dir(), 'growing.csv'), `UPC,QOH\n${upc(1)},1\n`);
    const [listed] = await files.waiting();
    expect(listed).toMatchObject({ name: 'growing.csv' });
    expect(listed!.bytes).toBeLessThan(100);
    // The till (or anyone) appends a gigabyte before the turn reads it.
    await truncate(join(dir(), 'growing.csv'), 1024 * 1024 * 1024);
    const read = await files.read('growing.csv', TILL_FILE_MAX_BYTES);
    expect(read!.length).toBe(TILL_FILE_MAX_BYTES + 1);
    await unlink(join(dir(), 'growing.csv'));
  });

  it('a link or a pipe put in a listed file’s place is not read (and a pipe does not stop the feed)', async () => {
    const files = new LocalTillInboxFiles(dir());
    await symlink('/etc/passwd', join(dir(), 'swapped.csv'));
    expect(await files.read('swapped.csv', TILL_FILE_MAX_BYTES)).toBeNull();
    execFileSync('mkfifo', [join(dir(), 'pipe.csv')]);
    expect(await files.read('pipe.csv', TILL_FILE_MAX_BYTES)).toBeNull();
  });
});
