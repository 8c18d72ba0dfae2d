/**
 * The till feed (decision 0377), the battery both backends run: the local server
 * (server/till/till-feed-api.test.ts, files in DATA_DIR/till-inbox/) and the emulated cloud
 * (tests/cloud/till-feed.test.ts, objects put under the media bucket's till-inbox/, applied by the
 * catalogue function that the bucket's event runs through the stack's EventBridge rule). Real
 * exports of four tills are dropped in; each is applied by itself, moved to done/ (or failed/)
 * with its report beside it, and staff read its outcome with tillFeed, which nobody else may read.
 * Every UPC carries this run's prefix.
 */
import { expect, it } from 'vitest';
import { newImportId } from '../../shared/import-chunks';
import { IMPORT_MESSAGES } from '../../shared/item-import';
import { TILL_EXPORT_MESSAGES } from '../../shared/till-export';
import type { TillFeedRun } from '../../shared/till-feed';
import { itemsByUpcPrefix } from './items-by-upc';

type Answer = { data?: Record<string, unknown> | null; errors?: Array<{ errorType?: string; message: string }> };

export interface TillFeedTarget {
  admin(query: string, variables?: Record<string, unknown>): Promise<Answer>;
  guest(query: string, variables?: Record<string, unknown>): Promise<Answer>;
  /** A customer's call, signed in. */
  customer(query: string, variables?: Record<string, unknown>): Promise<Answer>;
  /** Puts a file into the inbox as a till does (whole, as it will be when it is taken). */
  drop(name: string, text: string | Buffer): Promise<void>;
  /** Lets the feed take what is waiting: the local server runs its schedule; the cloud's event already ran it. */
  turn(): Promise<void>;
  /** Names in the inbox's `done/` or `failed/`, and a kept file's text. */
  kept(outcome: 'done' | 'failed'): Promise<string[]>;
  keptText(outcome: 'done' | 'failed', name: string): Promise<string>;
}

const FEED = `query { tillFeed { file receivedAt startedAt finishedAt outcome rows applied unknownUpcs unknownUpcCount
  leftOut { line message } leftOutCount warnings { line message } skipped failure } }`;
const IMPORT = `mutation ($importId: String!, $offset: Int!, $rows: [ItemImportRowInput!]!, $apply: Boolean) {
  importItems(importId: $importId, offset: $offset, rows: $rows, apply: $apply) { applied problems { row message } } }`;

interface Counted {
  upc: string;
  price: number | null;
  stock: number | null;
  shelfStock: number | null;
}

/** How long a file may take to be reported: a lost event (the cloud's) waits for the schedule's turn. */
const FEED_WAIT_MS = 50_000;
/** A test that waits for the feed: one file's wait and the test's own calls. */
const WAITING_TEST_MS = FEED_WAIT_MS + 30_000;

/** Waits for the feed to report `file` (the cloud applies it a moment after the put). */
async function feedOf(target: TillFeedTarget, file: string): Promise<TillFeedRun> {
  const until = Date.now() + FEED_WAIT_MS;
  for (;;) {
    await target.turn();
    const body = await target.admin(FEED);
    expect(body.errors).toBeUndefined();
    const run = body.data!.tillFeed as TillFeedRun | null;
    if (run?.file === file) return run;
    if (Date.now() > until) {
      // What the inbox holds says whether the file was never taken, or taken and its run not kept.
      const [done, failed] = await Promise.all([target.kept('done'), target.kept('failed')]);
      const kept = [...done, ...failed].filter((name) => name.includes(file.slice(0, 40)));
      throw new Error(`the till feed never reported ${file}; it last said ${JSON.stringify(run)}; kept as ${JSON.stringify(kept)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function tillFeedBattery(target: TillFeedTarget): void {
  const prefix = `FEED${Date.now()}`;
  const upc = (n: number) => `${prefix}${n}`;
  const mine = () =>
    itemsByUpcPrefix<Counted>(target.admin, prefix, 'upc price stock shelfStock heldStock', (errors) => expect(errors).toBeUndefined());

  it(
    'a liquor POS export dropped into the inbox is applied by itself: counts and prices, totals and a blank line skipped, the rest reported',
    async () => {
      const rows = [1, 2, 3, 4].map((n) => ({
        row: n + 1,
        name: `Feed Item ${n}`,
        price: '10.00',
        upc: upc(n),
        size: '750ML',
        quantity: '1',
        tags: [{ categoryId: 'department', names: 'Wine' }],
      }));
      const made = await target.admin(IMPORT, { importId: newImportId(), offset: 0, rows, apply: true });
      expect(made.data?.importItems).toMatchObject({ applied: true, problems: [] });

      const file = `qoh-${prefix}.csv`;
      await target.drop(
        file,
        [
          'SKU/UPC,Item Name,Size,QOH,Cost,Retail',
          `${upc(1)},FEED ITEM 1,750ML,18,$6.00,"$1,056.99"`,
          `${upc(2)},FEED ITEM 2,750ML,-3,$7.00,$24.50`,
          ',DEPARTMENT SUBTOTAL,,15,,',
          '',
          `${upc(3)},FEED ITEM 3,750 ml,7,$5.00,`,
          '8.12345E+11,MANGLED BY A SPREADSHEET,750ML,4,$1.00,$2.00',
          `${prefix}X,NOT IN THE SHOP,750ML,2,$1.00,$3.00`,
          'GRAND TOTAL,,,27,,',
        ].join('\r\n'),
      );
      const run = await feedOf(target, file);
      expect(run).toMatchObject({
        outcome: 'done',
        rows: 5,
        applied: 3,
        unknownUpcs: [`${prefix}X`],
        unknownUpcCount: 1,
        leftOut: [{ line: 7, message: `UPC: ${TILL_EXPORT_MESSAGES.excelUpc('8.12345E+11')}` }],
        leftOutCount: 1,
        warnings: [{ line: 3, message: `Quantity: ${IMPORT_MESSAGES.negativeQuantity('-3')}` }],
        failure: null,
      });
      expect(run.skipped).toMatch(/2 totals \(lines 4, 9\) and a blank line \(line 5\)/);
      expect(Date.parse(run.startedAt)).toBeGreaterThanOrEqual(Date.parse(run.receivedAt));
      expect(Date.parse(run.finishedAt)).toBeGreaterThanOrEqual(Date.parse(run.startedAt));
      const items = await mine();
      expect(items.get(upc(1))).toMatchObject({ shelfStock: 18, stock: 18, price: 1056.99 });
      expect(items.get(upc(2))).toMatchObject({ shelfStock: 0, stock: 0, price: 24.5 });
      // An empty price leaves the price; an item the file does not name keeps its count.
      expect(items.get(upc(3))).toMatchObject({ shelfStock: 7, price: 10 });
      expect(items.get(upc(4))).toMatchObject({ shelfStock: 1 });

      // The file went to done/, named by when it came, with its report beside it.
      const done = (await target.kept('done')).filter((name) => name.endsWith(` ${file}`));
      expect(done).toHaveLength(1);
      const report = await target.keptText('done', `${done[0]}.report.txt`);
      expect(report).toContain(`${file}: applied`);
      expect(report).toContain(`UPCs not found (1):\n  ${prefix}X`);
      expect(report).toContain('line 7: UPC: A spreadsheet turned this UPC into a number');
    },
    WAITING_TEST_MS,
  );

  it(
    'exports of three more tills apply by themselves in the order they came (Square, Lightspeed, a Windows export with a BOM)',
    async () => {
      const square = `square-${prefix}.csv`;
      await target.drop(
        square,
        [
          'Token,Item Name,Variation Name,UPC Code,Description,Category,Price,Quantity',
          `A1,Feed Item 1,Regular,${upc(1)},Estate red,Wine,$24.99,12`,
          `A2,Feed Item 2,Regular,${upc(2)},,Wine,"$1,000.00",5`,
        ].join('\n'),
      );
      const lightspeed = `lightspeed-${prefix}.csv`;
      await target.drop(
        lightspeed,
        ['System ID,UPC,EAN,Custom SKU,Description,Qty.,Price,Default Cost', `21,${upc(3)},,C3,Feed Item 3,9,31.00,14.10`].join('\n'),
      );
      const windows = `windows-${prefix}.txt`;
      await target.drop(
        windows,
        Buffer.from(
          `\uFEFF"Item Code","Item Description","Qty On Hand","Regular Price"\r\n"${upc(4)}","Feed Item 4, ""old vine""",6,"$12.00"\r\n`,
        ),
      );
      const lastRun = await feedOf(target, windows);
      expect(lastRun).toMatchObject({ outcome: 'done', rows: 1, applied: 1 });
      const items = await mine();
      expect(items.get(upc(1))).toMatchObject({ shelfStock: 12, price: 24.99 });
      expect(items.get(upc(2))).toMatchObject({ shelfStock: 5, price: 1000 });
      expect(items.get(upc(3))).toMatchObject({ shelfStock: 9, price: 31 });
      expect(items.get(upc(4))).toMatchObject({ shelfStock: 6, price: 12 });
      const done = await target.kept('done');
      for (const name of [square, lightspeed, windows]) expect(done.filter((kept) => kept.endsWith(` ${name}`))).toHaveLength(1);
    },
    WAITING_TEST_MS,
  );

  it(
    'a file that is not a stock file goes to failed/ with the reason, and changes nothing',
    async () => {
      const before = await mine();
      const file = `price-list-${prefix}.csv`;
      await target.drop(file, ['Name,Price', 'Feed Item 1,1.00'].join('\n'));
      const run = await feedOf(target, file);
      expect(run).toMatchObject({
        outcome: 'failed',
        applied: 0,
        failure: `${TILL_EXPORT_MESSAGES.noUpcColumn}; ${TILL_EXPORT_MESSAGES.noCountColumn}`,
      });
      expect(await mine()).toEqual(before);
      const failed = (await target.kept('failed')).filter((name) => name.endsWith(` ${file}`));
      expect(failed).toHaveLength(1);
      expect(await target.keptText('failed', `${failed[0]}.report.txt`)).toContain(TILL_EXPORT_MESSAGES.noUpcColumn);
    },
    WAITING_TEST_MS,
  );

  it(
    'a name of 200 bytes is applied once and kept under at most 150 bytes of it and a hash (decision 0383)',
    async () => {
      const start = `long-${prefix}-`;
      // Longer than a kept name keeps (150), and short enough for the emulation's S3, which keeps an
      // object as a file named by its key and a suffix. The local server's own test drops 250 bytes
      // and names with control characters (tests/security/till-inbox-attack.test.ts).
      const name = `${start}${'x'.repeat(200 - start.length - 4)}.csv`;
      await target.drop(name, `UPC,QOH\n${upc(4)},31\n`);
      const run = await feedOf(target, name);
      expect(run).toMatchObject({ outcome: 'done', applied: 1 });
      expect((await mine()).get(upc(4))).toMatchObject({ shelfStock: 31 });
      const done = (await target.kept('done')).filter((kept) => kept.includes(start));
      expect(done).toHaveLength(2);
      for (const kept of done) expect(kept).toMatch(/ long-\w+-x+ [0-9a-f]{8}(\.report\.txt)?$/);
      expect(
        await target.keptText(
          'done',
          done.find((kept) => kept.endsWith('.report.txt'))!,
        ),
      ).toContain(`${name}: applied`);
    },
    WAITING_TEST_MS,
  );

  it(
    'an empty file is refused (decision 0383)',
    async () => {
      const empty = `empty-${prefix}.csv`;
      await target.drop(empty, '');
      expect(await feedOf(target, empty)).toMatchObject({ outcome: 'failed', applied: 0 });
    },
    WAITING_TEST_MS,
  );

  it('only staff read the feed', async () => {
    for (const who of ['guest', 'customer'] as const) {
      const body = await target[who](FEED);
      expect(body.data?.tillFeed ?? null).toBeNull();
      expect(body.errors?.[0]?.errorType).toMatch(/^Unauthorized/);
    }
  });
}
