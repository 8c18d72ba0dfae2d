/**
 * The till feed (decision 0377): each file a till exports into the till inbox is read by the same
 * reader as the import dialog's stock file (shared/till-export.ts), applied through the same
 * catalogue operation in chunks (catalogue-service importItems, `stockOnly`), moved to `done/` or
 * `failed/` with its report beside it, and its outcome kept as the feed's last run for staff. The
 * inbox's storage is a port: a folder on the local server (local-till-inbox.ts), a prefix of the
 * media bucket on AWS (amplify/functions/common/s3-till-inbox.ts).
 */
import { createHash } from 'node:crypto';
import { runImportChunks, splitIntoChunks } from '../../shared/import-chunks';
import { MAX_IMPORT_ROWS, type ImportProblem } from '../../shared/item-import';
import { CsvReadError, missingTillColumns, readTillExport, skippedSummary, stockFileRows, tillReport } from '../../shared/till-export';
import { TILL_FEED_LISTED, TILL_FEED_MESSAGES, type TillFeedLine, type TillFeedRun } from '../../shared/till-feed';
import type { ActivityRecorder } from '../activity/activity-recorder';
import type { CatalogueService } from '../catalogue/catalogue-service';
import { change } from '../activity/custom-activity';

/** A till's stock export is tens of kilobytes; a file far larger is not one (and is not read whole into memory). */
export const TILL_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** A file waiting in the inbox. */
export interface WaitingTillFile {
  name: string;
  /** When it came (ms since the epoch). */
  at: number;
  bytes: number;
}

/** Where the inbox keeps its files and the last run. */
export interface TillInboxFiles {
  /** Files ready to apply, oldest first: whole files only (one still being written waits for the next turn). */
  waiting(): Promise<WaitingTillFile[]>;
  /**
   * The file's first `most + 1` bytes at most (one more than a file may have, so a file that grew
   * since it was listed is seen to be too large without being read whole); null when it is gone
   * or is no longer a plain file.
   */
  read(name: string, most: number): Promise<Buffer | null>;
  /** Moves the file to `done/` or `failed/` as keptTillName names it, with its report beside it (`<kept>.report.txt`). */
  finish(file: WaitingTillFile, outcome: TillFeedRun['outcome'], report: string): Promise<void>;
  lastRun(): Promise<TillFeedRun | null>;
  keepLastRun(run: TillFeedRun): Promise<void>;
}

/**
 * Control characters, line and paragraph separators, and the marks that turn text around: a file's
 * name (a folder's or a bucket's, whatever wrote it) and the cells a report echoes may hold them,
 * and in a report's line, the activity log or a staff screen they would forge lines or hide text
 * (decision 0383).
 */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
/** The longest name the feed shows (the activity log, the staff screen, a report): a bucket's key may be 1,000 characters. */
export const TILL_NAME_SHOWN = 200;

/** Text from a file (its name, a cell) as the feed shows it: on one line, each unprintable character a U+FFFD. */
export const printable = (text: string): string => text.replace(UNPRINTABLE, '\uFFFD');

/** A file's name as the feed shows it: printable, and at most TILL_NAME_SHOWN characters. */
export const tillFileLabel = (name: string): string => {
  const shown = printable(name);
  return shown.length > TILL_NAME_SHOWN ? `${shown.slice(0, TILL_NAME_SHOWN - 1)}\u2026` : shown;
};

/**
 * At most this many UTF-8 bytes of the name are kept in `done/` or `failed/`: a folder's entry
 * takes 255 bytes and the kept name adds the time (25) and `.report.txt` (11); a longer name made
 * the report's write fail, so the file stayed, was applied again every turn and held back every
 * file after it (decision 0383). S3's keys (1,024 bytes) fit too.
 */
const KEPT_NAME_BYTES = 150;

/**
 * A file's name in `done/` or `failed/`: the time it came first, so a till that writes the same name
 * each day keeps each. A name that had to be made printable or shortened ends with a hash of the
 * whole name, so two long names that begin alike stay two files.
 */
export const keptTillName = (file: WaitingTillFile): string => {
  const at = new Date(file.at).toISOString().replace(/[:.]/g, '-');
  let kept = printable(file.name);
  if (Buffer.byteLength(kept) > KEPT_NAME_BYTES) {
    kept = Buffer.from(kept)
      .subarray(0, KEPT_NAME_BYTES)
      .toString('utf8')
      .replace(/\uFFFD$/, '');
  }
  if (kept === file.name) return `${at} ${kept}`;
  return `${at} ${kept} ${createHash('sha256').update(file.name).digest('hex').slice(0, 8)}`;
};

// A message may quote a cell, and a quoted cell may hold a line break: each is shown on one line.
const lines = (problems: readonly ImportProblem[]): TillFeedLine[] =>
  problems.map((problem) => ({ line: problem.row, message: printable(`${problem.field}: ${problem.message}`) }));

/** The report kept beside a file: its outcome in words, then every line left out and every warning. */
export function tillRunReport(run: TillFeedRun, leftOut: readonly TillFeedLine[], warnings: readonly TillFeedLine[]): string {
  const out = [`${run.file}: ${run.outcome === 'done' ? 'applied' : 'not applied'} ${run.finishedAt}`];
  if (run.failure) out.push(run.failure);
  out.push(`Rows naming an item: ${run.rows}; applied: ${run.applied}`);
  if (run.skipped) out.push(run.skipped);
  if (run.unknownUpcCount) out.push(`UPCs not found (${run.unknownUpcCount}):`, ...run.unknownUpcs.map((upc) => `  ${upc}`));
  if (leftOut.length) out.push(`Rows left out (${leftOut.length}):`, ...leftOut.map((line) => `  line ${line.line}: ${line.message}`));
  if (warnings.length) out.push(`Warnings (${warnings.length}):`, ...warnings.map((line) => `  line ${line.line}: ${line.message}`));
  return `${out.join('\n')}\n`;
}

export class TillInbox {
  /** A turn already running (the local timer's next tick, a second event): it takes the files, not two at once. */
  private running: Promise<TillFeedRun[]> | null = null;

  constructor(
    private readonly files: TillInboxFiles,
    private readonly catalogue: CatalogueService,
    private readonly activity: ActivityRecorder,
    private readonly now: () => number = Date.now,
  ) {}

  /** Applies every file waiting, oldest first; the runs, in that order. */
  sweep(): Promise<TillFeedRun[]> {
    this.running ??= this.applyWaiting().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  lastRun(): Promise<TillFeedRun | null> {
    return this.files.lastRun();
  }

  private async applyWaiting(): Promise<TillFeedRun[]> {
    const runs: TillFeedRun[] = [];
    for (const file of await this.files.waiting()) {
      let bytes: Buffer | null = null;
      let unreadable: string | null = null;
      if (file.bytes <= TILL_FILE_MAX_BYTES) {
        try {
          bytes = await this.files.read(file.name, TILL_FILE_MAX_BYTES);
          // Gone meanwhile: another turn (another instance in the cloud) took it.
          if (bytes === null) continue;
          // Grown since it was listed (decision 0383): refused as a file listed that large is.
          if (bytes.length > TILL_FILE_MAX_BYTES) bytes = null;
        } catch (error) {
          // A file the server may not read (its permissions) goes to failed/ rather than stopping the files after it.
          unreadable = TILL_FEED_MESSAGES.unreadable((error as NodeJS.ErrnoException).code ?? String(error));
        }
      }
      const { run, leftOut, warnings } = await this.apply(file, bytes, unreadable);
      await this.files.finish(file, run.outcome, tillRunReport(run, leftOut, warnings));
      await this.files.keepLastRun(run);
      await this.activity.recordByShop({
        kind: 'import',
        action: run.outcome === 'done' ? 'apply (till feed)' : 'refuse (till feed)',
        targetId: null,
        targetName: run.file,
        changes: [
          ...change('applied', null, String(run.applied)),
          ...change('left out', null, String(run.leftOutCount)),
          ...change('UPCs not found', null, String(run.unknownUpcCount)),
          ...change('not applied', null, run.failure),
        ],
      });
      runs.push(run);
    }
    return runs;
  }

  /** One file read and applied; the rows that are right are applied, the report lists the rest. */
  private async apply(file: WaitingTillFile, bytes: Buffer | null, unreadable: string | null) {
    const base = {
      file: tillFileLabel(file.name),
      receivedAt: new Date(file.at).toISOString(),
      startedAt: new Date(this.now()).toISOString(),
      rows: 0,
      applied: 0,
      unknownUpcs: [] as string[],
      unknownUpcCount: 0,
      leftOut: [] as TillFeedLine[],
      leftOutCount: 0,
      warnings: [] as TillFeedLine[],
      skipped: '',
    };
    const failed = (failure: string) => ({
      run: { ...base, finishedAt: new Date(this.now()).toISOString(), outcome: 'failed' as const, failure: printable(failure) },
      leftOut: [],
      warnings: [],
    });
    if (unreadable) return failed(unreadable);
    if (bytes === null) return failed(TILL_FEED_MESSAGES.tooLarge(TILL_FILE_MAX_BYTES / 1024 / 1024));
    if (bytes.includes(0)) return failed(TILL_FEED_MESSAGES.notText);
    let till;
    try {
      till = readTillExport(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    } catch (error) {
      if (error instanceof CsvReadError) return failed(error.message);
      throw error;
    }
    const skipped = skippedSummary(till.skipped);
    if (till.rows.length > MAX_IMPORT_ROWS) return failed(TILL_FEED_MESSAGES.tooManyRows(MAX_IMPORT_ROWS));
    const rows = stockFileRows(till);
    const missing = missingTillColumns(till.columns);
    if (missing.length) return failed(missing.join('; '));
    if (rows.length === 0) return failed(TILL_FEED_MESSAGES.noRows);
    // The same file applied twice (a retried turn) is one import: its id is the file's content.
    const importId = `till-${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}`;
    const run = await runImportChunks(
      splitIntoChunks(rows),
      (chunk) => this.catalogue.importItems({ importId, offset: chunk.offset, rows: chunk.rows, apply: true, stockOnly: true }),
      { apply: true, stockOnly: true, failureOf: (error) => (error instanceof Error ? error.message : String(error)) },
    );
    const report = tillReport(till, run, []);
    const leftOut = lines(report.problems);
    const warnings = lines(report.warnings);
    return {
      run: {
        ...base,
        finishedAt: new Date(this.now()).toISOString(),
        outcome: 'done' as const,
        rows: till.rows.length,
        applied: run.appliedRows.length,
        unknownUpcs: run.unknownUpcs.slice(0, TILL_FEED_LISTED).map(printable),
        unknownUpcCount: run.unknownUpcs.length,
        leftOut: leftOut.slice(0, TILL_FEED_LISTED),
        leftOutCount: leftOut.length,
        warnings: warnings.slice(0, TILL_FEED_LISTED),
        skipped,
        failure: run.failure === null ? null : printable(run.failure),
      },
      leftOut,
      warnings,
    };
  }
}
