import { describe, expect, it } from 'vitest';
import {
  chunkBytes,
  fileWideProblems,
  IMPORT_CHUNK_ROWS,
  IMPORT_ID_PATTERN,
  MAX_CHUNK_BYTES,
  newImportId,
  rowRanges,
  runImportChunks,
  splitIntoChunks,
  type ChunkReport,
  type ImportChunk,
} from './import-chunks';
import { IMPORT_MESSAGES, MAX_IMPORT_ROWS, type ItemImportRow } from './item-import';

const row = (n: number, extra: Partial<ItemImportRow> = {}): ItemImportRow => ({ row: n + 2, name: `Item ${n}`, price: '9.99', ...extra });
const ok = (chunk: ImportChunk): ChunkReport => ({
  applied: true,
  outcomes: chunk.rows.map(() => 'create'),
  problems: [],
  warnings: [],
  appliedRows: chunk.rows.map((r) => r.row),
  unknownUpcs: [],
});

describe('import chunks', () => {
  it('splits by rows and by bytes, keeping each row once and in order', () => {
    const rows = Array.from({ length: 450 }, (_, n) => row(n));
    const chunks = splitIntoChunks(rows);
    expect(chunks.map((chunk) => [chunk.offset, chunk.rows.length])).toEqual([
      [0, IMPORT_CHUNK_ROWS],
      [200, IMPORT_CHUNK_ROWS],
      [400, 50],
    ]);
    const heavy = Array.from({ length: 100 }, (_, n) => row(n, { description: 'é'.repeat(4_000) }));
    const byBytes = splitIntoChunks(heavy);
    expect(byBytes.length).toBeGreaterThan(1);
    for (const chunk of byBytes) expect(chunkBytes(chunk.rows)).toBeLessThanOrEqual(MAX_CHUNK_BYTES);
    expect(byBytes.flatMap((chunk) => chunk.rows)).toEqual(heavy);
  });

  it('measures the same with or without null fields', () => {
    expect(chunkBytes([{ row: 2, name: 'a', upc: null, tags: null }])).toBe(chunkBytes([{ row: 2, name: 'a' }]));
    expect(chunkBytes([{ row: 2, name: 'é' }])).toBe(JSON.stringify([{ row: 2, name: 'é' }]).length + 1);
  });

  it('finds a UPC on two rows across the whole file, and refuses more rows than an import holds', () => {
    const rows = [row(0, { upc: '1' }), ...Array.from({ length: 300 }, (_, n) => row(n + 1)), row(301, { upc: ' 1 ' })];
    expect(fileWideProblems(rows)).toEqual([{ row: 303, field: 'UPC', message: IMPORT_MESSAGES.repeatedUpc(2) }]);
    expect(() => fileWideProblems(Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, n) => row(n)))).toThrow(IMPORT_MESSAGES.tooManyRows);
  });

  it('makes ids the server takes, each new', () => {
    const ids = new Set(Array.from({ length: 50 }, newImportId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(IMPORT_ID_PATTERN);
  });

  it('stops at the chunk that fails, with what it wrote, and a retry goes on from it', async () => {
    const chunks = splitIntoChunks(Array.from({ length: 500 }, (_, n) => row(n)));
    const progress: number[] = [];
    let calls = 0;
    const first = await runImportChunks(
      chunks,
      async (chunk) => {
        calls += 1;
        // The second chunk writes its first 100 rows, then stops.
        if (chunk.offset === 200)
          return { ...ok(chunk), applied: false, appliedRows: ok(chunk).appliedRows.slice(0, 100), failure: 'Stopped' };
        return ok(chunk);
      },
      { apply: true, stockOnly: false, failureOf: String, onProgress: (done) => progress.push(done) },
    );
    expect(first).toMatchObject({ done: 200, nextChunk: 1, failure: 'Stopped' });
    expect(first.appliedRows).toHaveLength(300);
    expect(rowRanges(first.appliedRows)).toBe('2–301');
    expect(progress).toEqual([200]);

    const retried = await runImportChunks(chunks, async (chunk) => ok(chunk), {
      apply: true,
      stockOnly: false,
      failureOf: String,
      from: first.nextChunk,
      previous: first,
    });
    expect(retried).toMatchObject({ done: 500, nextChunk: 3, failure: null });
    expect(retried.appliedRows).toHaveLength(500);
    expect(calls).toBe(2);

    const thrown = await runImportChunks(
      chunks,
      async () => {
        throw new Error('offline');
      },
      { apply: false, stockOnly: false, failureOf: (error) => (error as Error).message },
    );
    expect(thrown).toMatchObject({ done: 0, nextChunk: 0, failure: 'offline' });
  });

  it('an item chunk with a problem at import time stops the import; a stock chunk leaves the row out and goes on', async () => {
    const chunks = splitIntoChunks(Array.from({ length: 250 }, (_, n) => row(n)));
    const problem = { row: 5, field: 'Price', message: 'Bad' };
    const send = async (chunk: ImportChunk): Promise<ChunkReport> =>
      chunk.offset === 0 ? { ...ok(chunk), applied: false, appliedRows: [], problems: [problem] } : ok(chunk);
    const items = await runImportChunks(chunks, send, { apply: true, stockOnly: false, failureOf: String });
    expect(items).toMatchObject({ done: 0, nextChunk: 0, failure: 'Row 5, Price: Bad' });
    const stock = await runImportChunks(chunks, async (chunk) => ({ ...ok(chunk), problems: chunk.offset ? [] : [problem] }), {
      apply: true,
      stockOnly: true,
      failureOf: String,
    });
    expect(stock).toMatchObject({ done: 250, failure: null, problems: [problem] });
  });

  it('writes rows as ranges', () => {
    expect(rowRanges([9, 2, 3, 4, 4, 12, 11])).toBe('2–4, 9, 11–12');
    expect(rowRanges([])).toBe('');
  });
});
