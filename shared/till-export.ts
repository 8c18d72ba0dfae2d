/**
 * A till's own export read as a stock file (decisions 0296 and 0365): the one reader the import
 * dialog (src/features/admin/items/use-item-import.ts) uses, and a drop folder on the server can.
 * It finds the columns by the names tills give them, in any case and punctuation; counts the
 * file's own lines (the header is line 1; blank lines, totals and line breaks inside quotes count),
 * so every message names the line a person finds in the file; skips blank lines and total rows;
 * reads money as tills write it ("$1,056.99"); and leaves out a UPC a spreadsheet turned into a
 * number. What goes to the server is only each row's UPC, count and price (`stockFileRows`): the
 * server refuses a stock file that reaches any other field (shared/stock-import.ts). The name,
 * description and size make the report readable, and a size that is not the item's is a warning
 * (`tillReport`). Pure; tested in till-export.test.ts.
 */
import Papa from 'papaparse';
import { formatBottleSize, isSizeRefusal, parseBottleSize, type BottleSize } from './bottle-size';
import { rowRanges } from './import-chunks';
import { IMPORT_FIELDS, type ImportProblem, type ItemImportRow, type RowOutcome } from './item-import';

/** What a column of a till's export is read as; any other column ("Cost", "Vendor") is ignored. */
export type TillColumn = 'upc' | 'quantity' | 'price' | 'name' | 'description' | 'size';
export const TILL_COLUMNS: readonly TillColumn[] = ['upc', 'quantity', 'price', 'name', 'description', 'size'];

/** A column's name as it is compared: lower case, each run of anything but letters and digits one space ("SKU/UPC" is "sku upc"). */
export const simplifiedName = (text: string) =>
  text
    .trim()
    .toLocaleLowerCase('en-US')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The names tills give each column, simplified. Not "cost": in a till's file that is what the
 * shop paid, and a stock file must not put it on the shelf (decision 0296).
 */
export const TILL_COLUMN_NAMES: Readonly<Record<TillColumn, readonly string[]>> = {
  upc: [
    'upc',
    'upc code',
    'upc a',
    'upc number',
    'barcode',
    'bar code',
    'sku upc',
    'upc sku',
    'sku',
    'item code',
    'plu',
    'scan code',
    'item upc',
  ],
  quantity: [
    'qty on hand',
    'quantity on hand',
    'qoh',
    'on hand',
    'onhand',
    'quantity',
    'qty',
    'current quantity',
    'in stock',
    'stock',
    'inventory',
    'units',
  ],
  price: ['price', 'retail', 'retail price', 'unit price', 'sell price', 'selling price', 'regular price', 'price each'],
  name: ['item name', 'product name', 'name', 'item', 'product', 'title'],
  description: ['description', 'item description', 'details'],
  size: ['size', 'bottle size', 'unit size', 'volume', 'container', 'btl size'],
};

export const TILL_EXPORT_MESSAGES = {
  empty: 'The file is empty: its first line must name the columns',
  unclosedQuote: (line: number) => `Line ${line} has a quote that is never closed`,
  noUpcColumn: 'No UPC column: a stock file finds items by their UPC (a column named UPC, Barcode or SKU)',
  noCountColumn: 'No count column: a stock file needs the units on hand (a column named Qty On Hand, QOH or Quantity)',
  excelUpc: (text: string) =>
    `A spreadsheet turned this UPC into a number (${text}) and lost its last digits: export the file from the till again and import it without saving it from a spreadsheet`,
  /** A warning: the row still applies. */
  sizeDiffers: (file: string, item: string) =>
    `The file says ${file} and the item is ${item}: the stock is updated, the size is not changed`,
} as const;

/** A file that cannot be read as a table, with the reason a person can act on. */
export class CsvReadError extends Error {}

/** One row of the export that names an item. */
export interface TillRow {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  upc: string;
  /** The count as written ("-3" and "1,200" too: the stock file's plan reads it and warns, decision 0296). */
  quantity: string;
  /** The price as the server reads it ("$1,056.99" is "1056.99"); absent when the cell is empty, so the price stays. */
  price?: string;
  /** The item's name as the till writes it (its name column, else its description), for the report only. */
  name: string;
  /** The size as written, for the report; and as read (null when empty or not a size). */
  size: string;
  sizeRead: BottleSize | null;
}

export interface SkippedLine {
  line: number;
  /** 'blank': nothing in any cell; 'total': a TOTAL, Subtotal or Grand total row. */
  reason: 'blank' | 'total';
}

export interface TillExport {
  headers: string[];
  /** The header's line (1 unless blank lines come first). */
  headerLine: number;
  /** What each column is read as (null: ignored). */
  columns: Array<TillColumn | null>;
  /** Each column's first value in a row ('' when it has none), for a person to recognise the column. */
  samples: string[];
  rows: TillRow[];
  skipped: SkippedLine[];
  /** Rows the reader leaves out itself, by line: a UPC a spreadsheet turned into a number. */
  problems: ImportProblem[];
}

/** Each column's role by its name, each role once (the first column named so). */
export function guessTillColumns(headers: readonly string[]): Array<TillColumn | null> {
  const taken = new Set<TillColumn>();
  return headers.map((header) => {
    const name = simplifiedName(header);
    const column = TILL_COLUMNS.find((candidate) => !taken.has(candidate) && TILL_COLUMN_NAMES[candidate].includes(name)) ?? null;
    if (column) taken.add(column);
    return column;
  });
}

/** What the columns lack to be a stock file, as messages (none: it is one). */
export const missingTillColumns = (columns: readonly (TillColumn | null)[]): string[] => [
  ...(columns.includes('upc') ? [] : [TILL_EXPORT_MESSAGES.noUpcColumn]),
  ...(columns.includes('quantity') ? [] : [TILL_EXPORT_MESSAGES.noCountColumn]),
];

/** Spaces a till puts between thousands ("1 056.99"): the usual one, the no-break and the narrow no-break space. */
const THOUSANDS = String.raw`[,\u0020\u00a0\u202f]`;
const MONEY = new RegExp(String.raw`^\$?\s*(\d{1,3}(?:${THOUSANDS}\d{3})+|\d*)(\.\d+)?$`);
const COUNT_WITH_SPACES = new RegExp(String.raw`^-?\d{1,3}(?:[\u0020\u00a0\u202f]\d{3})+(?:\.0+)?$`);

/**
 * A price as tills write it, as a plain number's text: "$1,056.99", "1 056.99" and "$ 14.49" are
 * "1056.99", "1056.99" and "14.49". Any other text is given back trimmed, for the server to
 * refuse with its own message ('Please enter a valid price').
 */
export function readMoney(text: string): string {
  const trimmed = text.trim();
  const match = MONEY.exec(trimmed);
  if (!match || !(match[1] || match[2])) return trimmed;
  return `${match[1] ? match[1].replace(/\D/g, '') : '0'}${match[2] ?? ''}`;
}

/** A count with spaces between its thousands ("1 200") without them; any other text as it is (the plan reads "1,200" itself). */
const readCount = (text: string) => (COUNT_WITH_SPACES.test(text.trim()) ? text.replace(/[\u0020\u00a0\u202f]/g, '') : text.trim());

/** "8.12345E+11": what a spreadsheet makes of a long number it was not told is text. */
const SPREADSHEET_NUMBER = /^\d+(?:\.\d+)?e\+?\d+$/i;
/** A total row's word, in a simplified cell: "TOTAL", "Totals", "Subtotal", "Grand total", "Wine subtotal". */
const TOTAL = /^(?:(?:grand|sub|report|store|department|category) ?)?totals?(?: |$)| (?:sub ?)?totals?$/;

interface FileRecord {
  line: number;
  cells: string[];
}

/** Line breaks as a text editor counts them: CRLF, LF or a lone CR. */
const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/** The file's records, each with the line it starts on; a byte order mark dropped, blank lines kept. */
function readRecords(text: string): FileRecord[] {
  const body = text.replace(/^\uFEFF/, '');
  const records: FileRecord[] = [];
  let start = 0;
  let line = 1;
  let unclosed: number | null = null;
  Papa.parse<string[]>(body, {
    skipEmptyLines: false,
    step: (result) => {
      if (unclosed === null && result.errors.some((error) => error.type === 'Quotes')) unclosed = line;
      const end = result.meta.cursor;
      // The empty record after the last line break is no line of the file.
      if (start < body.length || result.data.some((cell) => cell !== '')) records.push({ line, cells: result.data });
      line += lineBreaks(body.slice(start, end));
      start = end;
    },
  });
  if (unclosed !== null) throw new CsvReadError(TILL_EXPORT_MESSAGES.unclosedQuote(unclosed));
  return records;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Reads a till's export: the first line that is not blank names the columns, guessed by their
 * names (`guessTillColumns`) unless `columns` says what each is. Throws CsvReadError when the file
 * has no header or a quote is never closed.
 */
export function readTillExport(text: string, columns?: readonly (TillColumn | null)[]): TillExport {
  const records = readRecords(text);
  const headerAt = records.findIndex((record) => !isBlank(record.cells));
  if (headerAt < 0) throw new CsvReadError(TILL_EXPORT_MESSAGES.empty);
  const header = records[headerAt]!;
  const headers = header.cells.map((cell) => cell.trim());
  const roles = columns ? headers.map((_, index) => columns[index] ?? null) : guessTillColumns(headers);
  const at = (column: TillColumn) => roles.indexOf(column);
  const read = (cells: readonly string[], column: TillColumn) => (at(column) < 0 ? '' : (cells[at(column)] ?? '').trim());

  const samples = headers.map(() => '');
  const till: TillExport = { headers, headerLine: header.line, columns: roles, samples, rows: [], skipped: [], problems: [] };
  for (const { line, cells } of records.slice(headerAt + 1)) {
    if (isBlank(cells)) {
      till.skipped.push({ line, reason: 'blank' });
      continue;
    }
    const upc = read(cells, 'upc');
    if ((upc === '' || TOTAL.test(simplifiedName(upc))) && cells.some((cell) => TOTAL.test(simplifiedName(cell)))) {
      till.skipped.push({ line, reason: 'total' });
      continue;
    }
    cells.forEach((cell, index) => {
      if (index < samples.length && !samples[index]) samples[index] = cell.trim().replace(/\s+/g, ' ');
    });
    if (SPREADSHEET_NUMBER.test(upc))
      till.problems.push({ row: line, field: IMPORT_FIELDS.upc, message: TILL_EXPORT_MESSAGES.excelUpc(upc) });
    const price = readMoney(read(cells, 'price'));
    const size = read(cells, 'size');
    const sizeRead = parseBottleSize(size);
    till.rows.push({
      line,
      upc,
      quantity: readCount(read(cells, 'quantity')),
      ...(price ? { price } : {}),
      name: (read(cells, 'name') || read(cells, 'description')).replace(/\s+/g, ' '),
      size,
      sizeRead: isSizeRefusal(sizeRead) || sizeRead.sizeMl === null ? null : sizeRead,
    });
  }
  return till;
}

/**
 * The lines skipped, in words: "Skipped: 3 totals (lines 4, 9, 11) and 2 blank lines (lines 5,
 * 10)."; '' when none was.
 */
export function skippedSummary(skipped: readonly SkippedLine[]): string {
  const lines = (reason: SkippedLine['reason']) => skipped.filter((line) => line.reason === reason).map((line) => line.line);
  const part = (found: number[], one: string, many: string) =>
    found.length
      ? `${found.length === 1 ? one : `${found.length.toLocaleString('en-US')} ${many}`} (${found.length === 1 ? 'line' : 'lines'} ${rowRanges(found)})`
      : '';
  const parts = [part(lines('total'), 'a total', 'totals'), part(lines('blank'), 'a blank line', 'blank lines')].filter(Boolean);
  return parts.length ? `Skipped: ${parts.join(' and ')}.` : '';
}

/** The rows to send as a stock file (`stockOnly`): UPC, count and price only, the rows the reader left out left out. */
export function stockFileRows(till: TillExport): ItemImportRow[] {
  const leftOut = new Set(till.problems.map((problem) => problem.row));
  return till.rows
    .filter((row) => !leftOut.has(row.line))
    .map(({ line, upc, quantity, price }) => (price === undefined ? { row: line, upc, quantity } : { row: line, upc, quantity, price }));
}

/** What a stock file's plan says of the rows sent: the server's dry run, or planStockImport's plan. */
export interface StockReport {
  outcomes: readonly RowOutcome[] | readonly string[];
  problems: readonly ImportProblem[];
  warnings: readonly ImportProblem[];
}

/** An item's size as stored, found by its UPC. */
export interface SizedItem {
  upc?: string | null;
  sizeMl?: number | null;
  packCount?: number | null;
}

/** Sizes within 1% are one size: "25.4 oz" is a 750 mL bottle. */
function sameSize(read: BottleSize, item: SizedItem): boolean {
  const close = Math.abs(read.sizeMl! - item.sizeMl!) <= item.sizeMl! / 100;
  return close && (read.packCount ?? 1) === (item.packCount ?? 1);
}

/**
 * The report over the whole export: the plan of the rows sent (`stockFileRows`), with the rows
 * the reader left out as errors (their problems added) and, on each row that updates an item, a
 * size that is not the item's as a warning. Outcomes follow `till.rows`; problems and warnings go
 * by line.
 */
export function tillReport<Report extends StockReport>(till: TillExport, planned: Report, items: readonly SizedItem[]): Report {
  const leftOut = new Set(till.problems.map((problem) => problem.row));
  const sizeByUpc = new Map<string, SizedItem>();
  for (const item of items) {
    const upc = item.upc?.trim();
    if (upc && !sizeByUpc.has(upc)) sizeByUpc.set(upc, item);
  }
  const outcomes: string[] = [];
  const warnings: ImportProblem[] = [...planned.warnings];
  let sent = 0;
  for (const row of till.rows) {
    const outcome = leftOut.has(row.line) ? 'error' : (planned.outcomes[sent++] ?? 'error');
    outcomes.push(outcome);
    const item = sizeByUpc.get(row.upc);
    if (outcome === 'update' && row.sizeRead && item?.sizeMl && !sameSize(row.sizeRead, item)) {
      const [file, stored] = [
        formatBottleSize(row.sizeRead.sizeMl, row.sizeRead.packCount)!,
        formatBottleSize(item.sizeMl, item.packCount)!,
      ];
      warnings.push({ row: row.line, field: IMPORT_FIELDS.size, message: TILL_EXPORT_MESSAGES.sizeDiffers(file, stored) });
    }
  }
  const byLine = (a: ImportProblem, b: ImportProblem) => a.row - b.row;
  return { ...planned, outcomes, problems: [...planned.problems, ...till.problems].sort(byLine), warnings: warnings.sort(byLine) };
}
