/**
 * An import goes in chunks (decision 0306): AWS takes at most 6 MB a Lambda call and 30 s a
 * request (design §8), and a 5,000-row file can be 8 MB. The browser checks what only the whole
 * file shows (its size, a UPC on two rows) here, then sends chunks of at most IMPORT_CHUNK_ROWS
 * rows and MAX_CHUNK_BYTES, each with the import's id and its offset in the file; the server
 * (server/catalogue/catalogue-service.ts) refuses a chunk over either cap and makes each one
 * idempotent, so a chunk sent again creates nothing twice. `runImportChunks` sends them in order
 * and stops at the first that fails, saying where to go on from; the browser, the bench and the
 * batteries all send through it. No imports beyond shared/: the browser bundle takes this file.
 */
import { IMPORT_FIELDS, IMPORT_MESSAGES, MAX_IMPORT_ROWS, type ImportProblem, type ItemImportRow, type RowOutcome } from './item-import';

/** Rows a chunk holds at most: well under Lambda's 6 MB and AppSync's 30 s (a chunk took ~1 s on the emulation). */
export const IMPORT_CHUNK_ROWS = 200;
/**
 * A chunk's rows as JSON (chunkBytes), at most: 512 KB keeps the Lambda invocation's mapping
 * template under AppSync's 1 MB with room for the rest of the request.
 */
export const MAX_CHUNK_BYTES = 512 * 1024;
/** An import id: the browser's UUID; any 8 to 64 letters, digits and dashes. */
export const IMPORT_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

export const CHUNK_MESSAGES = {
  importId: 'The import id must be 8 to 64 letters, digits or dashes',
  offset: `The chunk's offset must be a whole number from 0 to ${MAX_IMPORT_ROWS - 1}`,
  tooManyRows: `One chunk of an import holds at most ${IMPORT_CHUNK_ROWS} rows; send the rest in further chunks`,
  tooManyBytes: `One chunk of an import holds at most ${MAX_CHUNK_BYTES / 1024} KB of rows; send fewer rows a chunk`,
  repeatedRow: 'Each row number can be in a chunk once',
  /** Between batches a chunk stopped before the function's time limit (decision 0307). */
  deadline: (written: number, total: number) =>
    `Stopped before the time limit with ${written} of this chunk's ${total} rows written; send the chunk again to write the rest`,
} as const;

/** The chunk's rows as JSON, in UTF-8 bytes; absent and null fields count for nothing, so both ends measure the same. */
export const chunkBytes = (rows: readonly ItemImportRow[]): number =>
  new TextEncoder().encode(JSON.stringify(rows, (_key, value: unknown) => (value === null ? undefined : value))).length;

export interface ImportChunk {
  /** The position of the chunk's first row in the rows sent (0 for the first chunk). */
  offset: number;
  rows: ItemImportRow[];
}

/** Splits rows into chunks of at most IMPORT_CHUNK_ROWS rows and MAX_CHUNK_BYTES (a row over the byte cap alone goes alone, and is refused). */
export function splitIntoChunks(rows: readonly ItemImportRow[]): ImportChunk[] {
  const chunks: ImportChunk[] = [];
  let current: ImportChunk | null = null;
  let bytes = 0;
  rows.forEach((row, index) => {
    const size = chunkBytes([row]);
    if (!current || current.rows.length >= IMPORT_CHUNK_ROWS || bytes + size > MAX_CHUNK_BYTES) {
      current = { offset: index, rows: [] };
      chunks.push(current);
      bytes = 2;
    }
    current.rows.push(row);
    bytes += size - 1;
  });
  return chunks;
}

/**
 * What only the whole file shows, since each chunk is judged alone: more rows than one import
 * holds (thrown as text), and a UPC on a row after its first (each such row's problem, with the
 * message the server gives within one chunk).
 */
export function fileWideProblems(rows: readonly ItemImportRow[]): ImportProblem[] {
  if (rows.length > MAX_IMPORT_ROWS) throw new Error(IMPORT_MESSAGES.tooManyRows);
  const firstRow = new Map<string, number>();
  const problems: ImportProblem[] = [];
  for (const row of rows) {
    const upc = row.upc?.trim();
    if (!upc) continue;
    const first = firstRow.get(upc);
    if (first === undefined) firstRow.set(upc, row.row);
    else problems.push({ row: row.row, field: IMPORT_FIELDS.upc, message: IMPORT_MESSAGES.repeatedUpc(first) });
  }
  return problems;
}

/** A new import's id: a random UUID (getRandomValues works on plain http too, randomUUID does not). */
export function newImportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One chunk's answer (the schema's ItemImportReport). */
export interface ChunkReport {
  applied: boolean;
  outcomes: readonly string[];
  problems: readonly ImportProblem[];
  warnings: readonly ImportProblem[];
  appliedRows: readonly number[];
  failure?: string | null;
  unknownUpcs: readonly string[];
}

/** The chunks' answers together, for the rows of the chunks answered. */
export interface ImportRun {
  outcomes: RowOutcome[];
  problems: ImportProblem[];
  warnings: ImportProblem[];
  appliedRows: number[];
  unknownUpcs: string[];
  /** Rows of the chunks done (every chunk before `nextChunk`). */
  done: number;
  /** The first chunk not done: where a retry goes on from (chunks.length when all are). */
  nextChunk: number;
  /** Why the chunk at `nextChunk` was not done; null when every chunk was. */
  failure: string | null;
}

export interface RunChunksOptions {
  apply: boolean;
  stockOnly: boolean;
  /** The chunk to start at (a retry's `nextChunk`); the run adds to `previous`, the answer so far. */
  from?: number;
  previous?: ImportRun;
  /** After each chunk done, with the rows of the chunks done so far. */
  onProgress?: (done: number) => void;
  /** The text for a chunk whose call failed (the API's error, a network failure). */
  failureOf: (error: unknown) => string;
}

export const emptyRun = (): ImportRun => ({
  outcomes: [],
  problems: [],
  warnings: [],
  appliedRows: [],
  unknownUpcs: [],
  done: 0,
  nextChunk: 0,
  failure: null,
});

/**
 * Sends the chunks one after another (`send` makes one call and resolves with its report or
 * throws). A dry run (`apply` false) goes through every chunk; an import stops at the first chunk
 * that fails: its call failed, it stopped part way (`failure`), or (an item import) a row has a
 * problem now. The rows that chunk did write are in `appliedRows`; sending it again is safe.
 */
export async function runImportChunks(
  chunks: readonly ImportChunk[],
  send: (chunk: ImportChunk) => Promise<ChunkReport>,
  options: RunChunksOptions,
): Promise<ImportRun> {
  const previous = options.previous ?? emptyRun();
  const run: ImportRun = { ...previous, failure: null, appliedRows: [...previous.appliedRows] };
  const unknown = new Set(run.unknownUpcs);
  const applied = new Set(run.appliedRows);
  for (let index = options.from ?? 0; index < chunks.length; index += 1) {
    const chunk = chunks[index]!;
    let report: ChunkReport;
    try {
      report = await send(chunk);
    } catch (error) {
      return { ...run, nextChunk: index, failure: options.failureOf(error) };
    }
    for (const row of report.appliedRows) {
      if (applied.has(row)) continue;
      applied.add(row);
      run.appliedRows.push(row);
    }
    const stopped = options.apply && (report.failure || (!report.applied && report.problems.length && !options.stockOnly));
    if (stopped) {
      const problem = report.problems[0];
      const failure = report.failure ?? (problem ? `Row ${problem.row}, ${problem.field}: ${problem.message}` : 'It was not imported');
      return { ...run, problems: [...run.problems, ...report.problems], nextChunk: index, failure };
    }
    run.outcomes.push(...(report.outcomes as RowOutcome[]));
    run.problems.push(...report.problems);
    run.warnings.push(...report.warnings);
    for (const upc of report.unknownUpcs) {
      if (unknown.has(upc)) continue;
      unknown.add(upc);
      run.unknownUpcs.push(upc);
    }
    run.done += chunk.rows.length;
    run.nextChunk = index + 1;
    options.onProgress?.(run.done);
  }
  return run;
}

/** Row numbers as ranges, in order: [2, 3, 4, 9] -> "2-4, 9". */
export function rowRanges(rows: readonly number[]): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    ranges.push(start === end ? `${sorted[start]}` : `${sorted[start]}–${sorted[end]}`);
    start = end + 1;
  }
  return ranges.join(', ');
}
