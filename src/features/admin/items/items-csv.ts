/**
 * Items in and out as CSV (decisions 0256 and 0257). Out: one row per item, its tags in a column per category (names,
 * separated by "; "; every column name unique: see categoryColumnNames), the image as a full URL. Written with Papa Parse: every field quoted, CRLF
 * line ends and a UTF-8 byte order mark, so a spreadsheet opens accents and line breaks as they
 * are; a field that a spreadsheet would run as a formula (=, +, -, @, tab or carriage return
 * first, whatever follows, line breaks included) is escaped with a leading apostrophe, and so is a
 * field already starting with apostrophes before one of them, so the import's un-escaping (one
 * apostrophe off) gives back every field as it was. In: the same columns (any order, any names: the person maps them), read
 with Papa Parse into the rows the server plans (shared/item-import.ts). Pure; tested in
 items-csv.test.ts.
 */
import Papa from 'papaparse';
import { IMPORT_FIELDS, TAG_NAME_SEPARATOR, type ImportField, type ItemImportRow } from '../../../../shared/item-import';
import { formatBottleSize } from '../../../../shared/bottle-size';
import { STOCK_FILE_FIELDS } from '../../../../shared/stock-import';
import { CsvReadError, simplifiedName as simplified, TILL_COLUMN_NAMES } from '../../../../shared/till-export';
import type { AdminItem } from './item-rules';
import type { TagGroup } from './tag-groups';
import { csvText } from '../common/csv-text';

/** The item columns, in the export's and the template's order. */
export const ITEM_CSV_COLUMNS = Object.values(IMPORT_FIELDS);

/** Between two tags of one category in a cell. */
export const TAG_SEPARATOR = `${TAG_NAME_SEPARATOR} `;

/**
 * Other names a spreadsheet might give the item columns; the columns a till's export has are named
 * as the till reader names them (shared/till-export.ts, decision 0365), "cost" never the price.
 * The name is not the till's: "Item Name" and "Product Name" are left for the stock file, whose
 * report alone reads them (decision 0365).
 */
const FIELD_ALIASES: Record<ImportField, readonly string[]> = {
  name: ['name', 'title', 'item', 'product'],
  price: TILL_COLUMN_NAMES.price,
  upc: TILL_COLUMN_NAMES.upc,
  promoted: ['promoted', 'featured'],
  description: TILL_COLUMN_NAMES.description,
  img: ['image url', 'image', 'img', 'photo'],
  // What tills call their columns (decision 0275); "proof" is not ABV (it is twice it) and is not guessed.
  size: TILL_COLUMN_NAMES.size,
  abv: ['abv', 'alcohol', 'alc', 'alcohol by volume'],
  vintage: ['vintage', 'year'],
  quantity: TILL_COLUMN_NAMES.quantity,
};

/**
 * Each category's column name: the category's own name, unless the import would read that as an
 * item column (the demo's "Price" category, a "Cost" one) or an earlier column has it; then
 * "Price (category)" ("(category 2)", ... if even that is taken). Every name in the header is
 * unique, and each column comes back in to where it went out.
 */
export function categoryColumnNames(groups: readonly TagGroup[]): string[] {
  const taken = new Set([...ITEM_CSV_COLUMNS.map(simplified), ...Object.values(FIELD_ALIASES).flat()]);
  return groups.map((group) => {
    let column = group.name;
    for (let n = 1; taken.has(simplified(column)); n++) column = `${group.name} (category${n === 1 ? '' : ` ${n}`})`;
    taken.add(simplified(column));
    return column;
  });
}

const header = (groups: readonly TagGroup[]) => [...ITEM_CSV_COLUMNS, ...categoryColumnNames(groups)];
/** A field as the export escaped it: what the import takes one apostrophe off. */
const FORMULA_ESCAPED = /^'+[=+\-@\t\r]/;

export function itemsToCsv(items: readonly AdminItem[], groups: readonly TagGroup[], origin: string): string {
  const data = items.map((item) => [
    item.name,
    item.price === null ? '' : item.price.toFixed(2),
    item.upc ?? '',
    item.promoted ? 'Yes' : 'No',
    item.description ?? '',
    item.img ? new URL(item.img, origin).href : '',
    formatBottleSize(item.sizeMl, item.packCount) ?? '',
    item.abv === null ? '' : String(item.abv),
    item.vintage ?? '',
    item.stock === null ? '' : String(item.stock),
    ...groups.map((group) =>
      group.tags
        .filter((tag) => item.tags.includes(tag.id))
        .map((tag) => tag.name)
        .join(TAG_SEPARATOR),
    ),
  ]);
  return csvText(header(groups), data);
}

/** The import template: the export's header and no rows. */
export const importTemplateCsv = (groups: readonly TagGroup[]) => csvText(header(groups), []);
export const IMPORT_TEMPLATE_FILE_NAME = 'items-template.csv';

/** The export's file name: items-2026-11-24.csv (the shop's own date). */
export const itemsCsvFileName = (today: string) => `items-${today}.csv`;

// ---------- In ----------

/** Where a column of the file goes: an item field, a category's tags, or nowhere. */
export type ColumnTarget = { field: ImportField } | { categoryId: string } | null;

export interface CsvTable {
  headers: string[];
  /** The data rows, each as long as the header (missing cells are empty). */
  records: string[][];
}

/** A file that cannot be read as a table (shared with the till reader, whose files are read here too). */
export { CsvReadError };

/** A cell the export escaped against formulas ("'=1+2") as it was written. */
const unescaped = (cell: string) => (FORMULA_ESCAPED.test(cell) ? cell.slice(1) : cell);

/**
 * Reads the file's text: the first row is the header; empty lines are skipped; a leading byte
 * order mark is dropped. Quoted fields keep their commas, quotes and line breaks.
 */
export function readCsv(text: string): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) throw new CsvReadError(`Row ${(broken.row ?? 0) + 1} has a quote that is never closed`);
  const [headers = [], ...rows] = parsed.data;
  if (!headers.some((cell) => cell.trim())) throw new CsvReadError('The file is empty: its first row must name the columns');
  return { headers: headers.map((cell) => unescaped(cell).trim()), records: rows.map((row) => headers.map((_, i) => row[i] ?? '')) };
}

/**
 * The first guess at each column's target: item fields by name or alias, categories by the column
 * name the export gives them ("Price (category)") or their own name; each target once.
 */
export function guessColumnTargets(headers: readonly string[], groups: readonly TagGroup[]): ColumnTarget[] {
  const taken = new Set<string>();
  const columns = categoryColumnNames(groups).map(simplified);
  return headers.map((header): ColumnTarget => {
    const name = simplified(header);
    const field = (Object.keys(FIELD_ALIASES) as ImportField[]).find((key) => FIELD_ALIASES[key].includes(name));
    const group = groups.find((_, index) => columns[index] === name) ?? groups.find((candidate) => simplified(candidate.name) === name);
    const target: ColumnTarget = field ? { field } : group ? { categoryId: group.id } : null;
    const key = targetKey(target);
    if (target === null || taken.has(key)) return null;
    taken.add(key);
    return target;
  });
}

/** The item columns a till's export has: UPC, quantity and price, and a description and size read for the report only. */
const TILL_FILE_FIELDS: ReadonlyArray<ImportField | null> = [...STOCK_FILE_FIELDS, 'description', 'size'];

/**
 * Whether the file is first taken as a stock file from the till (decisions 0296 and 0365): its
 * columns guessed as item columns are a UPC and a quantity, maybe a price, a description and a
 * size, as a till's export has, and no other (no name, photo, tags). Staff can choose either.
 */
export function looksLikeStockFile(targets: readonly ColumnTarget[]): boolean {
  const fields = targets.filter((target) => target !== null).map((target) => ('field' in target ? target.field : null));
  return fields.includes('upc') && fields.includes('quantity') && fields.every((field) => TILL_FILE_FIELDS.includes(field));
}

/** A target as one string (a select's value): "field:price", "category:<id>", or "" for none. */
export const targetKey = (target: ColumnTarget): string =>
  target === null ? '' : 'field' in target ? `field:${target.field}` : `category:${target.categoryId}`;

export function targetFromKey(key: string): ColumnTarget {
  if (key.startsWith('field:')) return { field: key.slice(6) as ImportField };
  if (key.startsWith('category:')) return { categoryId: key.slice(9) };
  return null;
}

/** The rows to send: row numbers as a spreadsheet shows them (the header is row 1), mapped columns only. */
export function importRows(table: CsvTable, targets: readonly ColumnTarget[]): ItemImportRow[] {
  return table.records.map((record, index) => {
    const row: ItemImportRow & { [Field in ImportField]?: string } = { row: index + 2 };
    const tags: Array<{ categoryId: string; names: string }> = [];
    targets.forEach((target, column) => {
      const cell = unescaped(record[column] ?? '');
      if (target === null) return;
      if ('field' in target) row[target.field] = cell;
      else tags.push({ categoryId: target.categoryId, names: cell });
    });
    return tags.length ? { ...row, tags } : row;
  });
}
