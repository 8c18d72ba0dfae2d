/**
 * The steps of a CSV import (decision 0257): choose a file (read in the browser with Papa Parse),
 * say what it is (items, or a stock file from the till read by shared/till-export.ts: decision
 * 0365) and map its columns, check it (what only the whole file shows here, then the server's dry run of
 * each chunk lists each row's outcome and problems), then import it chunk by chunk (decision
 * 0306), showing how far it got. A chunk that fails stops the import: the dialog says which rows
 * were imported, and "Retry the rest" sends on from that chunk under the same import id, which
 * is safe (nothing is created twice). A failure is kept as `error`, shown in the dialog, since
 * the page's toasts are inert behind it.
 */
import { useState } from 'react';
import {
  emptyRun,
  fileWideProblems,
  newImportId,
  rowRanges,
  runImportChunks,
  splitIntoChunks,
  type ImportChunk,
  type ImportRun,
} from '../../../../shared/import-chunks';
import { MAX_IMPORT_ROWS, type ImportProblem, type ItemImportRow } from '../../../../shared/item-import';
import { missingTillColumns, stockFileRows, tillReport, type TillExport } from '../../../../shared/till-export';
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from '../common/graphql-errors';
import { importChunk, importFinished, knownItemSizes, type ItemImportReport } from './api';
import { CsvReadError, guessColumnTargets, importRows, looksLikeStockFile, readCsv, type ColumnTarget, type CsvTable } from './items-csv';
import { useTillFile } from './use-till-file';
import type { TagGroup } from './tag-groups';

export type ImportStep = 'file' | 'map' | 'review';
/** What the file is: items to add and change, or a stock file from the till (decision 0365). */
export type ImportMode = 'items' | 'stock';

/** A row of the check's list: its number (a stock file's: its line), and what identifies it. */
export interface ReviewRow {
  row: number;
  name?: string | null;
  upc?: string | null;
  quantity?: string | null;
}

/** The largest file read (an admin's request to the local server may be 8 MB). */
export const MAX_IMPORT_FILE_BYTES = 8 * 1024 * 1024;

export const IMPORT_UI_MESSAGES = {
  tooLarge: 'The file is over 8 MB; split it into smaller files',
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows; split it into smaller files`,
  noRows: 'The file has a header but no rows',
  nothingMapped: 'Choose where at least one column goes',
  unreadable: 'The file could not be read as CSV',
  checkFailed: 'The file could not be checked. Please try again.',
  importFailed: 'This part could not be imported. Please try again.',
  /** After a chunk failed: what landed, what did not, and that retrying is safe. */
  stopped: (imported: number, total: number, rows: readonly number[], failure: string) =>
    `Imported ${imported.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows${rows.length ? ` (rows ${rowRanges(rows)})` : ''}; the rest were not: ${failure} Retry the rest: rows already imported are not imported twice.`,
} as const;

/** How far a check or an import has got, in rows. */
export interface ImportProgress {
  phase: 'check' | 'apply';
  done: number;
  total: number;
}

/** "Checked 400 of 5,000 rows" / "Imported 400 of 5,000 rows". */
export const progressText = ({ phase, done, total }: ImportProgress) =>
  `${phase === 'check' ? 'Checked' : 'Imported'} ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`;

/** The chunks' dry runs with what only the whole file shows: a row it flags is an error, each problem listed once, by row. */
function checkedReport(run: ImportRun, fileWide: readonly ImportProblem[], rows: readonly ItemImportRow[]): ItemImportReport {
  const flagged = new Set(fileWide.map((problem) => problem.row));
  const seen = new Set<string>();
  const problems = [...run.problems, ...fileWide]
    .filter((problem) => {
      const key = `${problem.row}\u0000${problem.field}\u0000${problem.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.row - b.row);
  return {
    applied: false,
    outcomes: run.outcomes.map((outcome, index) => (flagged.has(rows[index]?.row ?? -1) ? 'error' : outcome)),
    problems,
    warnings: run.warnings,
    appliedRows: [],
    failure: null,
    unknownUpcs: run.unknownUpcs,
  };
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * "3 items created, 2 updated, 0 unchanged" from a report's outcomes; for a stock file (decision
 * 0296) "180 items updated, 12 UPCs not found, 3 rows left out".
 */
export function importSummary(report: Pick<ItemImportReport, 'outcomes' | 'unknownUpcs'>, stockOnly = false): string {
  const tally = (outcome: string) => report.outcomes.filter((value) => value === outcome).length;
  if (stockOnly) {
    return `${count(tally('update'), 'item')} updated, ${count(report.unknownUpcs.length, 'UPC')} not found, ${count(tally('error'), 'row')} left out`;
  }
  return `${count(tally('create'), 'item')} created, ${tally('update').toLocaleString('en-US')} updated, ${tally('unchanged').toLocaleString('en-US')} unchanged`;
}

export function useItemImport(groups: readonly TagGroup[], onImported: () => void) {
  const [step, setStep] = useState<ImportStep>('file');
  const [table, setTable] = useState<CsvTable | null>(null);
  const [targets, setTargets] = useState<ColumnTarget[]>([]);
  /** The rows sent; and the rows the check lists, one per outcome (a stock file's: every row of the export). */
  const [rows, setRows] = useState<ItemImportRow[]>([]);
  const [reviewRows, setReviewRows] = useState<ReviewRow[]>([]);
  const [report, setReport] = useState<ItemImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  /** One id per file chosen: the check and every (re)sent chunk of its import carry it (decision 0306). */
  const [importId, setImportId] = useState(newImportId);
  /** The import's chunks and how far they got, while a failed chunk waits for "Retry the rest". */
  const [pending, setPending] = useState<{ chunks: ImportChunk[]; run: ImportRun } | null>(null);
  /** A stock file from the till (decisions 0296 and 0365) is read by the till reader and sent as one. */
  const [mode, setMode] = useState<ImportMode>('items');
  const tillFile = useTillFile();
  const stockOnly = mode === 'stock';
  const [checkedAsStock, setCheckedAsStock] = useState(false);

  const chooseFile = async (file: File) => {
    setError('');
    if (file.size > MAX_IMPORT_FILE_BYTES) return setError(IMPORT_UI_MESSAGES.tooLarge);
    try {
      const text = await file.text();
      const read = readCsv(text);
      if (read.records.length === 0) return setError(IMPORT_UI_MESSAGES.noRows);
      if (read.records.length > MAX_IMPORT_ROWS) return setError(IMPORT_UI_MESSAGES.tooManyRows);
      const guessed = guessColumnTargets(read.headers, groups);
      tillFile.load(text);
      setTable(read);
      setTargets(guessed);
      setMode(looksLikeStockFile(guessed) ? 'stock' : 'items');
      setImportId(newImportId());
      setPending(null);
      setStep('map');
    } catch (reason) {
      setError(reason instanceof CsvReadError ? reason.message : IMPORT_UI_MESSAGES.unreadable);
    }
  };

  /** Sends the chunks from `from` on; keeps how far they got and the failure as the dialog's error. */
  const run = async (chunks: ImportChunk[], apply: boolean, asStock: boolean, failure: string, previous = emptyRun()) => {
    setBusy(true);
    setError('');
    const total = chunks.reduce((sum, chunk) => sum + chunk.rows.length, 0);
    setProgress({ phase: apply ? 'apply' : 'check', done: previous.done, total });
    try {
      return await runImportChunks(chunks, (chunk) => importChunk(importId, chunk, apply, asStock), {
        apply,
        stockOnly: asStock,
        from: previous.nextChunk,
        previous,
        onProgress: (done) => setProgress({ phase: apply ? 'apply' : 'check', done, total }),
        // A session that ended says so itself (the sign-in screen); no text here.
        failureOf: (reason) => (reason instanceof SessionEndedError ? '' : userFacingMessage(reason, failure)),
      });
    } finally {
      setBusy(false);
    }
  };

  /** The stock file's rows to send, or why there are none (the till reader's columns lack one, or no row names an item). */
  const tillRows = (till: TillExport | null): ItemImportRow[] | string => {
    if (!till) return IMPORT_UI_MESSAGES.unreadable;
    const missing = missingTillColumns(till.columns);
    if (missing.length) return missing.join('. ');
    return till.rows.length ? stockFileRows(till) : IMPORT_UI_MESSAGES.noRows;
  };

  const check = async () => {
    if (!table) return;
    if (!stockOnly && targets.every((target) => target === null)) return setError(IMPORT_UI_MESSAGES.nothingMapped);
    const till = tillFile.till;
    const sent = stockOnly ? tillRows(till) : importRows(table, targets);
    if (typeof sent === 'string') return setError(sent);
    const fileWide = fileWideProblems(sent);
    // A new check plans afresh; the import id stays, so rows a stopped import made are not made twice.
    setPending(null);
    const checked = await run(splitIntoChunks(sent), false, stockOnly, IMPORT_UI_MESSAGES.checkFailed);
    setProgress(null);
    if (checked.failure !== null) return setError(checked.failure);
    const planned = checkedReport(checked, fileWide, sent);
    setRows(sent);
    setCheckedAsStock(stockOnly);
    if (stockOnly && till) {
      // The rows the reader left out and the sizes that are not the items' join the server's check (decision 0365).
      setReport(tillReport(till, planned, await knownItemSizes()));
      setReviewRows(till.rows.map((row) => ({ row: row.line, name: row.name, upc: row.upc, quantity: row.quantity })));
    } else {
      setReport(planned);
      setReviewRows(sent);
    }
    setStep('review');
  };

  /** Imports the checked rows (a stock file's: those without a problem), or after a failed chunk the rest. */
  const apply = async () => {
    if (!report) return;
    const left = new Set(report.outcomes.flatMap((outcome, index) => (outcome === 'error' ? [reviewRows[index]!.row] : [])));
    const chunks = pending?.chunks ?? splitIntoChunks(checkedAsStock ? rows.filter((row) => !left.has(row.row)) : rows);
    const done = await run(chunks, true, checkedAsStock, IMPORT_UI_MESSAGES.importFailed, pending?.run);
    await importFinished();
    if (done.failure !== null) {
      setPending({ chunks, run: done });
      const total = chunks.reduce((sum, chunk) => sum + chunk.rows.length, 0);
      setError(done.failure && IMPORT_UI_MESSAGES.stopped(done.appliedRows.length, total, done.appliedRows, done.failure));
      return;
    }
    setPending(null);
    setProgress(null);
    const applied = { ...report, applied: true, appliedRows: done.appliedRows };
    setReport(applied);
    notify.success(`Import done: ${importSummary(applied, checkedAsStock)}`);
    // A stock file's result stays open: the UPCs not found and the rows left out are to be read (decision 0296).
    if (!checkedAsStock) onImported();
  };

  const setTarget = (column: number, target: ColumnTarget) =>
    setTargets((current) => current.map((value, index) => (index === column ? target : value)));

  return {
    step,
    setStep,
    table,
    targets,
    setTarget,
    mode,
    setMode,
    /** The till reader's view of the file, and its columns to change (a stock file). */
    till: tillFile.till,
    setTillColumn: tillFile.setColumn,
    stockOnly,
    checkedAsStock,
    report,
    rows: reviewRows,
    /** The rows the check covers: a stock file's, those the till reader found. */
    rowCount: stockOnly ? (tillFile.till?.rows.length ?? 0) : (table?.records.length ?? 0),
    /** The rows an item import sends. */
    sentCount: rows.length,
    busy,
    error,
    progress,
    /** A chunk failed: "Retry the rest" sends on from it. */
    canRetry: pending !== null,
    chooseFile,
    check,
    apply,
  };
}
