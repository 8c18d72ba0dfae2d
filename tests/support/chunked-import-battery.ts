/**
 * Imports in chunks and long catalogue changes within AWS's limits (decisions 0306 and 0307), the
 * battery both backends run: the local server (server/catalogue/chunked-import-api.test.ts) and
 * the emulated cloud with AWS's limits on (tests/cloud/chunked-import.test.ts). A 5,000-row item
 * import sent as the browser sends it (shared/import-chunks.ts), a 1,500-item bulk change sent as
 * the admin's bulk actions send it (bulk-runner.ts), a chunk sent twice creating nothing twice,
 * and a hostile caller's chunks refused. Every UPC and name carries this run's prefix.
 */
import { expect, it } from 'vitest';
import {
  CHUNK_MESSAGES,
  chunkBytes,
  IMPORT_CHUNK_ROWS,
  MAX_CHUNK_BYTES,
  newImportId,
  runImportChunks,
  splitIntoChunks,
  type ChunkReport,
  type ImportChunk,
} from '../../shared/import-chunks';
import type { ItemImportRow } from '../../shared/item-import';
import { ApiCallError } from '../../src/features/admin/common/graphql-errors';
import { planBulkChange } from '../../src/features/admin/items/bulk-change';
import { runBulkWrites } from '../../src/features/admin/items/bulk-runner';
import type { AdminItem } from '../../src/features/admin/items/item-rules';

type Answer = { data?: Record<string, unknown> | null; errors?: Array<{ errorType?: string; message: string }> };

export interface ChunkedImportTarget {
  /** A call as an admin. */
  admin(query: string, variables?: Record<string, unknown>): Promise<Answer>;
  /** Which backend, for the figures printed. */
  name: string;
}

export const IMPORT = `mutation ($importId: String!, $offset: Int!, $rows: [ItemImportRowInput!]!, $apply: Boolean, $stockOnly: Boolean) {
  importItems(importId: $importId, offset: $offset, rows: $rows, apply: $apply, stockOnly: $stockOnly) {
    applied outcomes problems { row field message } warnings { row field message } appliedRows failure unknownUpcs } }`;
const LIST = `query ($filter: ModelItemFilterInput, $nextToken: String) {
  listItems(filter: $filter, limit: 1000, nextToken: $nextToken) { items { id name price upc tags promoted stock updatedAt } nextToken } }`;
const UPDATE = `mutation ($input: UpdateItemInput!, $condition: ModelItemConditionInput) {
  updateItem(input: $input, condition: $condition) { id } }`;

export const FILE_ROWS = 5_000;
export const BULK_ITEMS = 1_500;

/** A till's row: name, price, UPC, size, quantity, a department and a description of some length. */
export const tillRow = (prefix: string, n: number): ItemImportRow => ({
  row: n + 2,
  name: `${prefix} Wine ${n}`,
  price: `${(10 + (n % 40)).toFixed(2)}`,
  upc: `${prefix}-${n}`,
  size: '750ML',
  quantity: String(n % 24),
  description: `Row ${n}: a red of the ${prefix} run, ${'x'.repeat(200)}`,
  tags: [{ categoryId: 'department', names: 'Wine' }],
});

/** Sends one chunk as an admin; its report, or throws the API's errors. */
export const chunkSender =
  (target: ChunkedImportTarget, importId: string, apply: boolean, stockOnly = false, timings?: number[]) =>
  async (chunk: ImportChunk): Promise<ChunkReport> => {
    const started = performance.now();
    const body = await target.admin(IMPORT, { importId, offset: chunk.offset, rows: chunk.rows, apply, stockOnly });
    timings?.push(performance.now() - started);
    if (body.errors?.length || !body.data?.importItems) throw new Error(JSON.stringify(body.errors ?? body.data));
    return body.data.importItems as ChunkReport;
  };

const failureOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function chunkedImportBattery(target: ChunkedImportTarget): void {
  const prefix = `CHUNK${Date.now()}`;
  /** Items whose name begins with `start`, over every page. */
  const named = async (start: string) => {
    const found: AdminItem[] = [];
    let nextToken: string | null = null;
    do {
      const body = await target.admin(LIST, { filter: { name: { beginsWith: start } }, nextToken });
      expect(body.errors).toBeUndefined();
      const page = body.data!.listItems as { items: AdminItem[]; nextToken: string | null };
      found.push(...page.items);
      nextToken = page.nextToken;
    } while (nextToken);
    return found;
  };

  it(`imports a ${FILE_ROWS.toLocaleString('en-US')}-row file in chunks of ${IMPORT_CHUNK_ROWS}, checked and then applied`, async () => {
    const rows = Array.from({ length: FILE_ROWS }, (_, n) => tillRow(prefix, n));
    const chunks = splitIntoChunks(rows);
    expect(chunks).toHaveLength(FILE_ROWS / IMPORT_CHUNK_ROWS);
    const largest = Math.max(...chunks.map((chunk) => chunkBytes(chunk.rows)));
    expect(largest).toBeLessThanOrEqual(MAX_CHUNK_BYTES);
    const importId = newImportId();

    const checked = await runImportChunks(chunks, chunkSender(target, importId, false), { apply: false, stockOnly: false, failureOf });
    expect(checked.failure).toBeNull();
    expect(checked.problems).toEqual([]);
    expect(checked.outcomes.filter((outcome) => outcome === 'create')).toHaveLength(FILE_ROWS);

    const timings: number[] = [];
    const progress: number[] = [];
    const applied = await runImportChunks(chunks, chunkSender(target, importId, true, false, timings), {
      apply: true,
      stockOnly: false,
      failureOf,
      onProgress: (done) => progress.push(done),
    });
    expect(applied).toMatchObject({ failure: null, done: FILE_ROWS, nextChunk: chunks.length });
    expect(applied.appliedRows).toHaveLength(FILE_ROWS);
    expect(progress.slice(0, 2)).toEqual([IMPORT_CHUNK_ROWS, 2 * IMPORT_CHUNK_ROWS]);
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `[${target.name}] ${FILE_ROWS} rows in ${chunks.length} chunks: per chunk of ${IMPORT_CHUNK_ROWS} median ${sorted[sorted.length >> 1]!.toFixed(0)} ms, ` +
        `slowest ${sorted[sorted.length - 1]!.toFixed(0)} ms, total ${timings.reduce((a, b) => a + b, 0).toFixed(0)} ms; largest chunk ${largest} bytes`,
    );
    const items = await named(`${prefix} Wine `);
    expect(items).toHaveLength(FILE_ROWS);
    expect(items.find((item) => item.name === `${prefix} Wine 77`)).toMatchObject({ price: 47, upc: `${prefix}-77`, tags: ['wine'] });
  }, 600_000);

  it(`changes ${BULK_ITEMS.toLocaleString('en-US')} items in one bulk action (Promote), as the admin's bulk actions send it`, async () => {
    const items = (await named(`${prefix} Wine `)).slice(0, BULK_ITEMS);
    expect(items).toHaveLength(BULK_ITEMS);
    const plan = planBulkChange(items, { kind: 'promote' });
    expect(plan.writes).toHaveLength(BULK_ITEMS);
    const started = performance.now();
    const outcome = await runBulkWrites(plan.writes, async (write) => {
      if (write.kind !== 'update') throw new Error('a promote updates');
      const body = await target.admin(UPDATE, { input: write.input, condition: { updatedAt: { eq: write.item.updatedAt } } });
      // As the admin's data client throws a call's errors (bulk-runner.ts reads their errorType).
      if (body.errors?.length) throw new ApiCallError(body.errors);
    });
    console.log(`[${target.name}] bulk Promote of ${BULK_ITEMS} items: ${(performance.now() - started).toFixed(0)} ms`);
    expect(outcome).toMatchObject({ done: BULK_ITEMS, stale: 0, failed: 0, notWritten: [] });
    const after = new Map((await named(`${prefix} Wine `)).map((item) => [item.id, item]));
    expect(items.every((item) => after.get(item.id)?.promoted === true)).toBe(true);
  }, 600_000);

  it('a chunk sent again creates nothing twice, and its updates give the same result', async () => {
    const again = `${prefix} Again`;
    const rows: ItemImportRow[] = [
      // No UPC: only the import's own id for the row tells a second sending that it is made.
      { row: 2, name: `${again} no UPC`, price: '9.99', tags: [{ categoryId: 'department', names: 'Extras' }] },
      { row: 3, name: `${again} with UPC`, price: '19.99', upc: `${prefix}-again`, tags: [{ categoryId: 'department', names: 'Wine' }] },
      // An update of an item the first test imported.
      { row: 4, upc: `${prefix}-5`, price: '33.00', quantity: '7' },
    ];
    const importId = newImportId();
    const send = chunkSender(target, importId, true);
    const first = await send({ offset: 0, rows });
    expect(first).toMatchObject({ applied: true, outcomes: ['create', 'create', 'update'], appliedRows: [2, 3, 4], failure: null });
    const made = await named(again);
    expect(made).toHaveLength(2);
    const updated = (await named(`${prefix} Wine 5`)).find((item) => item.upc === `${prefix}-5`)!;
    expect(updated).toMatchObject({ price: 33, stock: 7 });

    // The answer was lost (say): the browser sends the same chunk again.
    const second = await send({ offset: 0, rows });
    expect(second).toMatchObject({ applied: true, outcomes: ['unchanged', 'unchanged', 'update'], failure: null });
    const remade = await named(again);
    expect(remade.map((item) => item.id).sort()).toEqual(made.map((item) => item.id).sort());
    expect((await named(`${prefix} Wine 5`)).find((item) => item.upc === `${prefix}-5`)).toMatchObject({ price: 33, stock: 7 });

    // Another import of the same rows is another import: its row without a UPC is a new item.
    const other = await chunkSender(target, newImportId(), true)({ offset: 0, rows: rows.slice(0, 1) });
    expect(other.outcomes).toEqual(['create']);
    expect(await named(`${again} no UPC`)).toHaveLength(2);
  }, 120_000);

  it("refuses a hostile caller's chunks with a clear error, writing nothing", async () => {
    const hostile = `${prefix} Hostile`;
    const row = (n: number, description = 'x'): ItemImportRow => ({
      row: n + 2,
      name: `${hostile} ${n}`,
      price: '5.00',
      description,
      tags: [{ categoryId: 'department', names: 'Wine' }],
    });
    const refusal = async (variables: Record<string, unknown>) => {
      const body = await target.admin(IMPORT, { importId: newImportId(), offset: 0, apply: true, ...variables });
      expect(body.data?.importItems ?? null).toBeNull();
      return body.errors?.[0];
    };
    const overRows = Array.from({ length: IMPORT_CHUNK_ROWS + 1 }, (_, n) => row(n));
    expect(await refusal({ rows: overRows })).toMatchObject({ errorType: 'ValidationError', message: CHUNK_MESSAGES.tooManyRows });
    // 60 rows of 9,000 characters each: under the row cap, over 512 KB.
    const overBytes = Array.from({ length: 60 }, (_, n) => row(n, 'y'.repeat(9_000)));
    expect(chunkBytes(overBytes)).toBeGreaterThan(MAX_CHUNK_BYTES);
    expect(await refusal({ rows: overBytes })).toMatchObject({ errorType: 'ValidationError', message: CHUNK_MESSAGES.tooManyBytes });
    for (const importId of ['a'.repeat(5_000), '../../etc', 'short', '']) {
      expect(await refusal({ importId, rows: [row(1)] }), importId.slice(0, 20)).toMatchObject({
        errorType: 'ValidationError',
        message: CHUNK_MESSAGES.importId,
      });
    }
    // Longer than any text the API takes: refused before the handler runs.
    expect((await refusal({ importId: 'b'.repeat(200_000), rows: [row(1)] }))?.message).toMatch(/too long|at most/i);
    for (const offset of [-1, 5_000, 2 ** 30]) {
      expect(await refusal({ offset, rows: [row(1)] })).toMatchObject({ errorType: 'ValidationError', message: CHUNK_MESSAGES.offset });
    }
    expect(await refusal({ rows: [row(1), row(1)] })).toMatchObject({ errorType: 'ValidationError', message: CHUNK_MESSAGES.repeatedRow });
    expect(await named(hostile)).toEqual([]);
  }, 120_000);
}
