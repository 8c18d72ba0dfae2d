/**
 * CSV import (decision 0257): a 5,000-row file (2,500 updates by UPC, 2,500 new items, awkward text)
 * read and mapped as the browser does it (Papa Parse), sent in chunks of 200 rows as the browser
 * sends them (shared/import-chunks.ts, decision 0306), checked (dry run) and applied against the
 * real shop server in its own process; then a 5,000-row stock file from the till (decision 0296:
 * SKU, QOH, Retail; 4,950 items counted, 50 UPCs not found) the same way, read by the till reader
 * (decision 0365), and once more through the till inbox (decision 0377). Budget: an imported
 * row, of either file, costs at most a quarter of what the Item Editor's one createItem call
 * costs a row, in the same run. Also reported: the longest a visitor's getItem waited while each
 * was applied (one SQLite transaction a chunk holds the event loop), each chunk's time and the
 * largest chunk's bytes.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { guessColumnTargets, importRows, looksLikeStockFile, readCsv } from '../src/features/admin/items/items-csv';
import { readTillExport, stockFileRows } from '../shared/till-export';
import type { TillFeedRun } from '../shared/till-feed';
import {
  chunkBytes,
  newImportId,
  runImportChunks,
  splitIntoChunks,
  type ChunkReport,
  type ImportChunk,
  type ImportRun,
} from '../shared/import-chunks';
import { startTarget, type Target } from './support/child-target';
import { IMPORT_EXISTING, IMPORT_ROWS, importFileText, STOCK_UNKNOWN, stockFileText } from './support/import-file';
import { formatTable, metric, type Metric } from './support/summary';

const TARGET = 'bench/support/api-target.ts';
const BUDGET = 0.25;
/** A 5,000-row file applied, every chunk one after another (design §4). */
const APPLY_BUDGET_MS = 1000;
const EDITOR_SAVES = 200;
const IMPORT = `mutation ($importId: String!, $offset: Int!, $rows: [ItemImportRowInput!]!, $apply: Boolean, $stockOnly: Boolean) {
  importItems(importId: $importId, offset: $offset, rows: $rows, apply: $apply, stockOnly: $stockOnly) { applied outcomes problems { row field message } warnings { row field message } appliedRows failure unknownUpcs } }`;
const CREATE = 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }';

const GROUPS = [
  { id: 'department', name: 'Department', tags: [] },
  { id: 'region', name: 'Region', tags: [] },
];

interface GraphqlAnswer {
  data?: {
    importItems?: ChunkReport | null;
    tillFeed?: Pick<TillFeedRun, 'file' | 'outcome' | 'applied' | 'startedAt' | 'finishedAt'> | null;
  } | null;
  errors?: unknown[];
}

/** Sends an import's chunks as the browser does (runImportChunks); the whole time and each chunk's. */
async function sendAll(
  target: Target,
  auth: Record<string, string>,
  chunks: ImportChunk[],
  importId: string,
  apply: boolean,
  stockOnly: boolean,
): Promise<{ ms: number; chunkMs: number[]; run: ImportRun }> {
  const chunkMs: number[] = [];
  const started = performance.now();
  const run = await runImportChunks(
    chunks,
    async (chunk: ImportChunk) => {
      const { ms, json } = await post(
        target,
        { query: IMPORT, variables: { importId, offset: chunk.offset, rows: chunk.rows, apply, stockOnly } },
        auth,
      );
      chunkMs.push(ms);
      if (!json.data?.importItems) throw new Error(JSON.stringify(json).slice(0, 500));
      return json.data.importItems;
    },
    { apply, stockOnly, failureOf: (error) => String(error) },
  );
  return { ms: performance.now() - started, chunkMs, run };
}

async function post(target: Target, body: unknown, auth: Record<string, string>): Promise<{ ms: number; json: GraphqlAnswer }> {
  const started = performance.now();
  const response = await fetch(`${target.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as GraphqlAnswer;
  return { ms: performance.now() - started, json };
}

/** Sends getItem as a visitor, one after another, until `done` settles; returns the longest wait. */
async function visitorLongestWait(target: Target, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => (finished = true));
  let longest = 0;
  while (!finished) {
    const { ms } = await post(
      target,
      { query: '{ listItems(limit: 1) { items { id } } }', variables: { n: Math.random() } },
      { 'x-api-key': target.apiKey },
    );
    longest = Math.max(longest, ms);
  }
  return longest;
}

const FEED = 'query { tillFeed { file outcome applied startedAt finishedAt } }';

/**
 * The same stock file dropped into the till inbox (decision 0377), written a while ago so the
 * server's next turn takes it: the time from the turn taking it to its last row applied.
 */
async function tillFeedRun(target: Target, admin: Record<string, string>, inbox: string, text: string) {
  const file = 'bench-stock.csv';
  const path = join(inbox, file);
  writeFileSync(path, text);
  const written = new Date(Date.now() - 60_000);
  utimesSync(path, written, written);
  const until = Date.now() + 60_000;
  for (;;) {
    const { json } = await post(target, { query: FEED }, admin);
    const run = json.data?.tillFeed;
    if (run?.file === file) {
      if (run.outcome !== 'done' || run.applied !== IMPORT_ROWS - STOCK_UNKNOWN) throw new Error(`till feed run: ${JSON.stringify(run)}`);
      return Date.parse(run.finishedAt) - Date.parse(run.startedAt);
    }
    if (Date.now() > until) throw new Error(`the till feed never took ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function runImport(): Promise<Metric[]> {
  const inbox = mkdtempSync(join(tmpdir(), 'shop-bench-till-inbox-'));
  const target = await startTarget(TARGET, ['import', inbox]);
  try {
    const admin = { authorization: target.extra! };
    const text = importFileText(target.url);

    const readStarted = performance.now();
    const table = readCsv(text);
    const rows = importRows(table, guessColumnTargets(table.headers, GROUPS));
    const readMs = performance.now() - readStarted;
    const chunks = splitIntoChunks(rows);
    const largestChunk = Math.max(...chunks.map((chunk) => chunkBytes(chunk.rows)));
    const importId = newImportId();

    const dry = await sendAll(target, admin, chunks, importId, false, false);
    const checked = dry.run;
    const updates = checked.outcomes.filter((outcome) => outcome === 'update').length;
    if (checked.failure || checked.problems.length || updates !== IMPORT_EXISTING)
      throw new Error(`dry run failed: ${JSON.stringify({ ...checked, outcomes: undefined }).slice(0, 500)}`);

    const applying = sendAll(target, admin, chunks, importId, true, false);
    const [applied, longestWait] = await Promise.all([applying, visitorLongestWait(target, applying)]);
    if (applied.run.failure || applied.run.appliedRows.length !== IMPORT_ROWS) throw new Error(`apply failed: ${applied.run.failure}`);

    // The stock file from the till, over the items the item file left (decision 0296).
    const stockReadStarted = performance.now();
    // As the browser reads it: guessed a stock file from its columns, then read by the till reader (decision 0365).
    const stockText = stockFileText();
    const stockTargets = guessColumnTargets(readCsv(stockText).headers, GROUPS);
    if (!looksLikeStockFile(stockTargets)) throw new Error(`not read as a stock file: ${JSON.stringify(stockTargets)}`);
    const stockRows = stockFileRows(readTillExport(stockText));
    const stockReadMs = performance.now() - stockReadStarted;
    const stockChunks = splitIntoChunks(stockRows);
    const stockId = newImportId();
    const stockDry = await sendAll(target, admin, stockChunks, stockId, false, true);
    if (stockDry.run.failure || stockDry.run.problems.length || stockDry.run.unknownUpcs.length !== STOCK_UNKNOWN)
      throw new Error(`stock dry run failed: ${stockDry.run.failure}`);
    const stockApplying = sendAll(target, admin, stockChunks, stockId, true, true);
    const [stockApplied, stockLongestWait] = await Promise.all([stockApplying, visitorLongestWait(target, stockApplying)]);
    if (stockApplied.run.failure || stockApplied.run.appliedRows.length !== IMPORT_ROWS - STOCK_UNKNOWN)
      throw new Error(`stock apply failed: ${stockApplied.run.failure}`);

    const feedMs = await tillFeedRun(target, admin, inbox, stockText);

    const editorStarted = performance.now();
    for (let i = 0; i < EDITOR_SAVES; i += 1) {
      const { json } = await post(
        target,
        { query: CREATE, variables: { input: { name: `Editor ${i}`, price: 12, description: 'One at a time', tags: ['wine'] } } },
        admin,
      );
      if (json.errors) throw new Error(`createItem failed: ${JSON.stringify(json.errors)}`);
    }
    const editorPerRow = (performance.now() - editorStarted) / EDITOR_SAVES;
    const importPerRow = applied.ms / IMPORT_ROWS;
    const chunkMs = [...applied.chunkMs].sort((a, b) => a - b);
    const ratio = importPerRow / editorPerRow;
    const stockPerRow = stockApplied.ms / IMPORT_ROWS;
    const stockRatio = stockPerRow / editorPerRow;

    console.log(
      formatTable(
        ['step', `${IMPORT_ROWS.toLocaleString('en-US')} rows`],
        [
          ['read and map (Papa Parse, as the browser does)', `${readMs.toFixed(0)} ms`],
          [`chunks of at most 200 rows`, `${chunks.length}`],
          ['largest chunk (rows as JSON)', `${(largestChunk / 1024).toFixed(0)} KB`],
          ['dry run (every chunk, one after another)', `${dry.ms.toFixed(0)} ms`],
          ['apply (every chunk, one after another)', `${applied.ms.toFixed(0)} ms`],
          [
            'apply, a chunk of 200 rows: median, slowest',
            `${chunkMs[chunkMs.length >> 1]!.toFixed(0)} ms, ${chunkMs[chunkMs.length - 1]!.toFixed(0)} ms`,
          ],
          ["a visitor's longest wait during apply", `${longestWait.toFixed(0)} ms`],
          [`Item Editor createItem, per row (${EDITOR_SAVES} calls)`, `${editorPerRow.toFixed(2)} ms`],
          ['import apply, per row', `${importPerRow.toFixed(3)} ms`],
          ['stock file: read and map', `${stockReadMs.toFixed(0)} ms`],
          ['stock file: dry run (every chunk)', `${stockDry.ms.toFixed(0)} ms`],
          [`stock file: apply (${IMPORT_ROWS - STOCK_UNKNOWN} items, ${STOCK_UNKNOWN} UPCs not found)`, `${stockApplied.ms.toFixed(0)} ms`],
          ["stock file: a visitor's longest wait during apply", `${stockLongestWait.toFixed(0)} ms`],
          ['stock file apply, per row', `${stockPerRow.toFixed(3)} ms`],
          ['till feed: the same file dropped into the inbox, taken to applied', `${feedMs.toFixed(0)} ms`],
        ],
      ),
    );
    return [
      metric('import', 'read 5,000 rows (ms)', readMs.toFixed(0)),
      metric('import', 'dry run 5,000 rows (ms)', dry.ms.toFixed(0)),
      metric('import', 'apply 5,000 rows (ms)', applied.ms.toFixed(0), `<= ${APPLY_BUDGET_MS}`, applied.ms <= APPLY_BUDGET_MS),
      metric('import', 'apply a chunk of 200 rows, median (ms)', chunkMs[chunkMs.length >> 1]!.toFixed(0)),
      metric('import', 'largest chunk (KB)', (largestChunk / 1024).toFixed(0)),
      metric('import', 'visitor longest wait during apply (ms)', longestWait.toFixed(0)),
      metric('import', 'row cost: import / editor save', ratio.toFixed(3), `<= ${BUDGET}`, ratio <= BUDGET),
      metric('import', 'stock file: dry run 5,000 rows (ms)', stockDry.ms.toFixed(0)),
      metric(
        'import',
        'stock file: apply 5,000 rows (ms)',
        stockApplied.ms.toFixed(0),
        `<= ${APPLY_BUDGET_MS}`,
        stockApplied.ms <= APPLY_BUDGET_MS,
      ),
      metric('import', 'stock file: visitor longest wait during apply (ms)', stockLongestWait.toFixed(0)),
      metric('import', 'stock file row cost: import / editor save', stockRatio.toFixed(3), `<= ${BUDGET}`, stockRatio <= BUDGET),
      metric('import', 'till feed: 5,000-row file dropped, applied in (ms)', feedMs.toFixed(0)),
    ];
  } finally {
    await target.stop();
    rmSync(inbox, { recursive: true, force: true });
  }
}
