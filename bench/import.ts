/**
 * CSV import (decision 0257): a 5,000-row file (2,500 updates by UPC, 2,500 new items, awkward text)
 * read and mapped as the browser does it (Papa Parse), checked (dry run) and applied against the
 * real shop server in its own process; then a 5,000-row stock file from the till (decision 0296:
 * SKU, QOH, Retail; 4,950 items counted, 50 UPCs not found) the same way. Budget: an imported
 * row, of either file, costs at most a quarter of what the Item Editor's one createItem call
 * costs a row, in the same run. Also reported: the longest a visitor's getItem waited while each
 * was applied (one SQLite transaction holds the event loop).
 */
import { performance } from 'node:perf_hooks';
import { guessColumnTargets, importRows, isStockMapping, readCsv } from '../src/features/admin/items/items-csv';
import { startTarget, type Target } from './support/child-target';
import { IMPORT_EXISTING, IMPORT_ROWS, importFileText, STOCK_UNKNOWN, stockFileText } from './support/import-file';
import { formatTable, metric, type Metric } from './support/summary';

const TARGET = 'bench/support/api-target.ts';
const BUDGET = 0.25;
const EDITOR_SAVES = 200;
const IMPORT = `mutation ($rows: [ItemImportRowInput!]!, $apply: Boolean, $stockOnly: Boolean) {
  importItems(rows: $rows, apply: $apply, stockOnly: $stockOnly) { applied outcomes problems { row field message } appliedRows failure unknownUpcs } }`;
const CREATE = 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }';

const GROUPS = [
  { id: 'department', name: 'Department', tags: [] },
  { id: 'region', name: 'Region', tags: [] },
];

interface ImportReport {
  applied: boolean;
  outcomes: string[];
  problems: { row: number; field: string; message: string }[];
  appliedRows: number[];
  unknownUpcs: string[];
}
interface GraphqlAnswer {
  data?: { importItems?: ImportReport | null } | null;
  errors?: unknown[];
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

export async function runImport(): Promise<Metric[]> {
  const target = await startTarget(TARGET, ['import']);
  try {
    const admin = { authorization: target.extra! };
    const text = importFileText(target.url);

    const readStarted = performance.now();
    const table = readCsv(text);
    const rows = importRows(table, guessColumnTargets(table.headers, GROUPS));
    const readMs = performance.now() - readStarted;
    const requestBytes = JSON.stringify({ query: IMPORT, variables: { rows, apply: true } }).length;

    const dry = await post(target, { query: IMPORT, variables: { rows, apply: false } }, admin);
    const checked = dry.json.data?.importItems;
    const updates = checked?.outcomes.filter((outcome) => outcome === 'update').length;
    if (!checked || checked.problems.length || updates !== IMPORT_EXISTING)
      throw new Error(`dry run failed: ${JSON.stringify(dry.json).slice(0, 500)}`);

    const applying = post(target, { query: IMPORT, variables: { rows, apply: true } }, admin);
    const [applied, longestWait] = await Promise.all([applying, visitorLongestWait(target, applying)]);
    if (!applied.json.data?.importItems?.applied) throw new Error(`apply failed: ${JSON.stringify(applied.json).slice(0, 500)}`);

    // The stock file from the till, over the items the item file left (decision 0296).
    const stockReadStarted = performance.now();
    const stockTable = readCsv(stockFileText());
    const stockTargets = guessColumnTargets(stockTable.headers, GROUPS);
    if (!isStockMapping(stockTargets)) throw new Error(`not read as a stock file: ${JSON.stringify(stockTargets)}`);
    const stockRows = importRows(stockTable, stockTargets);
    const stockReadMs = performance.now() - stockReadStarted;
    const stockBytes = JSON.stringify({ query: IMPORT, variables: { rows: stockRows, apply: true, stockOnly: true } }).length;
    const stockDry = await post(target, { query: IMPORT, variables: { rows: stockRows, apply: false, stockOnly: true } }, admin);
    const stockChecked = stockDry.json.data?.importItems;
    if (!stockChecked || stockChecked.problems.length || stockChecked.unknownUpcs.length !== STOCK_UNKNOWN)
      throw new Error(`stock dry run failed: ${JSON.stringify(stockDry.json).slice(0, 500)}`);
    const stockApplying = post(target, { query: IMPORT, variables: { rows: stockRows, apply: true, stockOnly: true } }, admin);
    const [stockApplied, stockLongestWait] = await Promise.all([stockApplying, visitorLongestWait(target, stockApplying)]);
    const stockReport = stockApplied.json.data?.importItems;
    if (!stockReport?.applied || stockReport.appliedRows.length !== IMPORT_ROWS - STOCK_UNKNOWN)
      throw new Error(`stock apply failed: ${JSON.stringify(stockApplied.json).slice(0, 500)}`);

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
    const ratio = importPerRow / editorPerRow;
    const stockPerRow = stockApplied.ms / IMPORT_ROWS;
    const stockRatio = stockPerRow / editorPerRow;

    console.log(
      formatTable(
        ['step', `${IMPORT_ROWS.toLocaleString('en-US')} rows`],
        [
          ['read and map (Papa Parse, as the browser does)', `${readMs.toFixed(0)} ms`],
          ['request body', `${(requestBytes / 1024 / 1024).toFixed(2)} MB`],
          ['dry run (HTTP round trip)', `${dry.ms.toFixed(0)} ms`],
          ['apply (one transaction)', `${applied.ms.toFixed(0)} ms`],
          ["a visitor's longest wait during apply", `${longestWait.toFixed(0)} ms`],
          [`Item Editor createItem, per row (${EDITOR_SAVES} calls)`, `${editorPerRow.toFixed(2)} ms`],
          ['import apply, per row', `${importPerRow.toFixed(3)} ms`],
          ['stock file: read and map', `${stockReadMs.toFixed(0)} ms`],
          ['stock file: request body', `${(stockBytes / 1024 / 1024).toFixed(2)} MB`],
          ['stock file: dry run (HTTP round trip)', `${stockDry.ms.toFixed(0)} ms`],
          [`stock file: apply (${IMPORT_ROWS - STOCK_UNKNOWN} items, ${STOCK_UNKNOWN} UPCs not found)`, `${stockApplied.ms.toFixed(0)} ms`],
          ["stock file: a visitor's longest wait during apply", `${stockLongestWait.toFixed(0)} ms`],
          ['stock file apply, per row', `${stockPerRow.toFixed(3)} ms`],
        ],
      ),
    );
    return [
      metric('import', 'read 5,000 rows (ms)', readMs.toFixed(0)),
      metric('import', 'dry run 5,000 rows (ms)', dry.ms.toFixed(0)),
      metric('import', 'apply 5,000 rows (ms)', applied.ms.toFixed(0)),
      metric('import', 'visitor longest wait during apply (ms)', longestWait.toFixed(0)),
      metric('import', 'row cost: import / editor save', ratio.toFixed(3), `<= ${BUDGET}`, ratio <= BUDGET),
      metric('import', 'stock file: dry run 5,000 rows (ms)', stockDry.ms.toFixed(0)),
      metric('import', 'stock file: apply 5,000 rows (ms)', stockApplied.ms.toFixed(0)),
      metric('import', 'stock file: visitor longest wait during apply (ms)', stockLongestWait.toFixed(0)),
      metric('import', 'stock file row cost: import / editor save', stockRatio.toFixed(3), `<= ${BUDGET}`, stockRatio <= BUDGET),
    ];
  } finally {
    await target.stop();
  }
}
