/**
 * Items in from a CSV file (decision 0257), planned the same way on both backends: each row of the
 * file, its columns already mapped to item fields, becomes a create (no UPC, or a UPC no item
 * has), an update (the item with that UPC), nothing (the item already says so) or a list of
 * problems (row, column, message), judged with the Item Editor's own rules and messages
 * (shared/item-rules.ts). Pure: the caller looks up the catalogue and which images exist.
 * Tested in item-import.test.ts; the server applies the plan (server/catalogue/catalogue-service.ts).
 */
import { factsFromForm, itemSaveRefusals, parsePrice, type ItemField, type ItemFormValues } from './item-rules';
import { shelfCount } from './stock';

/** The item fields a column can fill, by the column name the export writes and the template has. */
export const IMPORT_FIELDS = {
  name: 'Name',
  price: 'Price',
  upc: 'UPC',
  promoted: 'Promoted',
  description: 'Description',
  img: 'Image URL',
  // The item's facts (decision 0275): sizes and quantities as tills write them.
  size: 'Size',
  abv: 'ABV',
  vintage: 'Vintage',
  quantity: 'Quantity',
} as const;
export type ImportField = keyof typeof IMPORT_FIELDS;

/** One import (one call): more rows go in several files. */
export const MAX_IMPORT_ROWS = 5_000;

/** Between two tag names in one category's cell (the export writes "; "). */
export const TAG_NAME_SEPARATOR = ';';

/**
 * One row of the file: its number as a spreadsheet shows it (the header is row 1), and the text
 * of each mapped column. A field left out (undefined or null) was not mapped and is left as it
 * is; an empty text is an empty cell. `tags` holds one cell per mapped category: its tag names.
 */
export interface ItemImportRow {
  row: number;
  name?: string | null;
  price?: string | null;
  upc?: string | null;
  promoted?: string | null;
  description?: string | null;
  img?: string | null;
  size?: string | null;
  abv?: string | null;
  vintage?: string | null;
  /** Units in stock; a negative one (a till that oversold) is imported as 0 with a warning. */
  quantity?: string | null;
  tags?: Array<{ categoryId: string; names?: string | null }> | null;
}

/** What the plan reads: every item (by UPC), category and tag. */
export interface ImportCatalogue {
  items: ReadonlyArray<{
    id: string;
    updatedAt: string;
    name: string;
    price?: number | null;
    upc?: string | null;
    promoted?: boolean | null;
    description?: string | null;
    img?: string | null;
    tags?: ReadonlyArray<string | null> | null;
    sizeMl?: number | null;
    packCount?: number | null;
    abv?: number | null;
    vintage?: string | null;
    stock?: number | null;
    shelfStock?: number | null;
    heldStock?: number | null;
  }>;
  categories: ReadonlyArray<{ id: string; name: string }>;
  tags: ReadonlyArray<{ id: string; name: string; categoryId: string }>;
}

/** 'unknown': a stock file's UPC that no item has (shared/stock-import.ts). */
export type RowOutcome = 'create' | 'update' | 'unchanged' | 'error' | 'unknown';

export interface ImportProblem {
  row: number;
  /** The column as the template names it ('Price', a category's name; 'Department' for the required tag). */
  field: string;
  message: string;
}

/** The fields an item is written with. */
export interface ImportedFields {
  name?: string;
  price?: number;
  description?: string;
  img?: string;
  upc?: string;
  promoted?: boolean;
  tags?: string[];
  sizeMl?: number | null;
  packCount?: number | null;
  abv?: number;
  vintage?: string;
  stock?: number;
  /** Set whenever the row gives a quantity: the till counted it now. */
  stockCountedAt?: string;
}

export type PlannedWrite =
  | { row: number; op: 'create'; fields: ImportedFields }
  | { row: number; op: 'update'; id: string; expectUpdatedAt: string; fields: ImportedFields };

export interface ImportPlan {
  /** One per row, in the file's order. */
  outcomes: RowOutcome[];
  problems: ImportProblem[];
  /** What was read otherwise than written, and imported all the same (a negative quantity as 0). */
  warnings: ImportProblem[];
  /** The writes, when no row has a problem (an import applies whole or not at all). */
  writes: PlannedWrite[];
}

export const IMPORT_MESSAGES = {
  tooManyRows: `One import can hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows; split the file`,
  noRows: 'The file has no rows to import',
  promoted: 'Promoted must be Yes or No',
  image: 'The image must be one uploaded to this shop (its Image URL as the export writes it)',
  unknownCategory: 'This column names a category the shop does not have',
  unknownTag: (name: string, category: string) => `No tag "${name}" in ${category}`,
  repeatedUpc: (row: number) => `The same UPC is on row ${row}; each item can be on one row only`,
  sharedUpc: 'More than one item has this UPC; change it in the Item Editor first',
  negativeQuantity: (text: string) => `A quantity of ${text} is imported as 0 (out of stock)`,
} as const;

/**
 * A till's quantity: a whole number, maybe negative (sold before it was received), with thousands
 * separators or zero decimals ("1,200", "12.00"); a negative one counts as 0. The text as it is
 * when it is not a count, for the editor's rule to refuse.
 */
export function readQuantity(text: string): { stock: string; negative: boolean } {
  const trimmed = text.trim();
  const match = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.0+)?$/.exec(trimmed);
  if (!match) return { stock: trimmed, negative: false };
  const units = Number(match[2]!.replace(/,/g, ''));
  const negative = match[1] === '-' && units > 0;
  return { stock: negative ? '0' : String(units), negative };
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', '']);

/** "Yes"/"No" (also y/n, true/false, 1/0, any case) as a boolean; undefined when it is neither. */
export function parsePromoted(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/** The site path of an image URL as the export writes it (`https://shop/media/x.png` -> `/media/x.png`). */
export function imagePath(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('/')) return trimmed;
  try {
    return new URL(trimmed).pathname;
  } catch {
    return trimmed;
  }
}

/** The image paths the rows name, so the caller can look up which exist before planning. */
export const importedImagePaths = (rows: readonly ItemImportRow[]): string[] => [
  ...new Set(rows.map((row) => (row.img ? imagePath(row.img) : '')).filter(Boolean)),
];

const EDITOR_FIELD_COLUMN: Record<ItemField, string> = {
  name: IMPORT_FIELDS.name,
  price: IMPORT_FIELDS.price,
  img: IMPORT_FIELDS.img,
  description: IMPORT_FIELDS.description,
  tags: 'Department',
  size: IMPORT_FIELDS.size,
  abv: IMPORT_FIELDS.abv,
  vintage: IMPORT_FIELDS.vintage,
  stock: IMPORT_FIELDS.quantity,
  limitPerCustomer: 'Limit per customer',
};

type Item = ImportCatalogue['items'][number];

/** Looks up tags by category and name, as a person writes them (case and accents as typed, spaces trimmed). */
function tagFinder(catalogue: ImportCatalogue) {
  const byCategory = new Map<string, Map<string, string>>();
  for (const tag of catalogue.tags) {
    const names = byCategory.get(tag.categoryId) ?? new Map<string, string>();
    const key = tag.name.trim().toLowerCase();
    if (!names.has(key)) names.set(key, tag.id);
    byCategory.set(tag.categoryId, names);
  }
  const categoryName = new Map(catalogue.categories.map((category) => [category.id, category.name]));
  return { byCategory, categoryName };
}

/** Plans one import; `existingImages` holds the image paths that are uploaded here; `now` stamps the quantities read. */
export function planItemImport(
  rows: readonly ItemImportRow[],
  catalogue: ImportCatalogue,
  existingImages: ReadonlySet<string>,
  now: Date = new Date(),
): ImportPlan {
  const itemsByUpc = new Map<string, Item[]>();
  for (const item of catalogue.items) {
    const upc = item.upc?.trim();
    if (upc) itemsByUpc.set(upc, [...(itemsByUpc.get(upc) ?? []), item]);
  }
  const tags = tagFinder(catalogue);
  const tagCategory = new Map(catalogue.tags.map((tag) => [tag.id, tag.categoryId]));
  const firstRowOfUpc = new Map<string, number>();
  const outcomes: RowOutcome[] = [];
  const problems: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const writes: PlannedWrite[] = [];

  for (const row of rows) {
    const rowProblems: ImportProblem[] = [];
    const problem = (field: string, message: string) => rowProblems.push({ row: row.row, field, message });
    const upc = row.upc?.trim() ?? '';
    const matches = upc ? (itemsByUpc.get(upc) ?? []) : [];
    if (upc) {
      const first = firstRowOfUpc.get(upc);
      if (first !== undefined) problem(IMPORT_FIELDS.upc, IMPORT_MESSAGES.repeatedUpc(first));
      else firstRowOfUpc.set(upc, row.row);
    }
    if (matches.length > 1) {
      // Which item the row means is unknown, so nothing more can be judged.
      outcomes.push('error');
      problems.push(...rowProblems, { row: row.row, field: IMPORT_FIELDS.upc, message: IMPORT_MESSAGES.sharedUpc });
      continue;
    }
    const existing = matches.length === 1 ? matches[0]! : undefined;

    const promoted = row.promoted == null ? undefined : parsePromoted(row.promoted);
    if (row.promoted != null && promoted === undefined) problem(IMPORT_FIELDS.promoted, IMPORT_MESSAGES.promoted);
    const img = row.img == null ? '' : imagePath(row.img);
    if (img && !existingImages.has(img)) problem(IMPORT_FIELDS.img, IMPORT_MESSAGES.image);

    // Tags: the mapped categories' cells replace the item's tags in those categories; the rest stay.
    const mapped = new Set<string>();
    const cellTags: string[] = [];
    for (const cell of row.tags ?? []) {
      const names = tags.byCategory.get(cell.categoryId) ?? new Map<string, string>();
      const categoryName = tags.categoryName.get(cell.categoryId);
      if (categoryName === undefined) {
        problem(cell.categoryId, IMPORT_MESSAGES.unknownCategory);
        continue;
      }
      mapped.add(cell.categoryId);
      for (const name of (cell.names ?? '').split(TAG_NAME_SEPARATOR).map((part) => part.trim())) {
        if (!name) continue;
        const id = names.get(name.toLowerCase());
        if (id === undefined) problem(categoryName, IMPORT_MESSAGES.unknownTag(name, categoryName));
        else if (!cellTags.includes(id)) cellTags.push(id);
      }
    }
    const keptTags = (existing?.tags ?? []).filter((id): id is string => id !== null && !mapped.has(tagCategory.get(id) ?? ''));
    const quantity = readQuantity(row.quantity ?? '');

    // The Item Editor's own check, on the values the editor would hold after typing the row in.
    const values: ItemFormValues = {
      name: row.name ?? '',
      price: row.price ?? '',
      description: row.description ?? '',
      upc,
      img: img || (existing?.img ?? ''),
      hasNewImage: false,
      promoted: promoted ?? existing?.promoted ?? false,
      // The file has no Sale column; an import never marks an item Sale.
      onSale: false,
      tags: [...keptTags, ...cellTags],
      size: row.size ?? '',
      abv: row.abv ?? '',
      vintage: row.vintage ?? '',
      stock: quantity.stock,
      // The file has no limit column: an import leaves an item's limit per customer as it is.
      limitPerCustomer: '',
    };
    for (const refusal of itemSaveRefusals(values, existing ? 'update' : 'create', 'optional')) {
      problem(EDITOR_FIELD_COLUMN[refusal.field], refusal.message);
    }

    if (rowProblems.length) {
      outcomes.push('error');
      problems.push(...rowProblems);
      continue;
    }
    if (quantity.negative)
      warnings.push({ row: row.row, field: IMPORT_FIELDS.quantity, message: IMPORT_MESSAGES.negativeQuantity(row.quantity!.trim()) });
    const fields = { ...importedFields(row, values, img, promoted, mapped.size > 0, existing), ...importedFacts(values, existing, now) };
    if (!existing) {
      writes.push({ row: row.row, op: 'create', fields });
      outcomes.push('create');
    } else if (Object.keys(fields).length) {
      writes.push({ row: row.row, op: 'update', id: existing.id, expectUpdatedAt: existing.updatedAt, fields });
      outcomes.push('update');
    } else {
      outcomes.push('unchanged');
    }
  }
  return { outcomes, problems, warnings, writes: problems.length ? [] : writes };
}

/**
 * The facts to write: those the row gives that differ from the item's (an empty cell leaves a fact
 * as it is, on create too: no fact is required). A quantity always stamps the count time: the
 * till's file is a count made now (decision 0275).
 */
function importedFacts(values: ItemFormValues, existing: Item | undefined, now: Date): Partial<ImportedFields> {
  const facts = factsFromForm(values);
  const fields: Partial<ImportedFields> = {};
  if (facts.sizeMl !== null && (facts.sizeMl !== existing?.sizeMl || facts.packCount !== (existing?.packCount ?? null))) {
    fields.sizeMl = facts.sizeMl;
    // A new item gets no null attribute (decision 0273); an item that was a pack becomes a single one.
    if (facts.packCount !== null || existing) fields.packCount = facts.packCount;
  }
  if (facts.abv !== null && facts.abv !== (existing?.abv ?? null)) fields.abv = facts.abv;
  if (facts.vintage !== null && facts.vintage !== (existing?.vintage ?? null)) fields.vintage = facts.vintage;
  if (facts.stock !== null) {
    // A quantity is a count of the shelf (decision 0367), compared with the shelf's last count.
    if (facts.stock !== (existing ? shelfCount(existing) : null)) fields.stock = facts.stock;
    fields.stockCountedAt = now.toISOString();
  }
  return fields;
}

/**
 * What to write: for a new item every field; for an existing one the fields the row changes,
 * an empty cell leaving the field as it is (as the Item Editor does on update).
 */
function importedFields(
  row: ItemImportRow,
  values: ItemFormValues,
  img: string,
  promoted: boolean | undefined,
  tagsMapped: boolean,
  existing: Item | undefined,
): ImportedFields {
  const name = values.name.trim();
  const price = parsePrice(values.price);
  const description = values.description.trim();
  if (!existing) {
    // No photo or description is left out rather than stored empty (decision 0297): "Needs photo".
    return {
      name,
      price: price ?? 0,
      ...(description ? { description } : {}),
      ...(img ? { img } : {}),
      promoted: promoted ?? false,
      tags: values.tags,
      ...(values.upc ? { upc: values.upc } : {}),
    };
  }
  const fields: ImportedFields = {};
  if (name && name !== existing.name) fields.name = name;
  if (price && price !== existing.price) fields.price = price;
  if (description && description !== (existing.description ?? '')) fields.description = description;
  if (img && img !== existing.img) fields.img = img;
  if (row.promoted != null && promoted !== undefined && promoted !== Boolean(existing.promoted)) fields.promoted = promoted;
  const before = (existing.tags ?? []).filter((id): id is string => id !== null);
  if (tagsMapped && !sameMembers(before, values.tags)) fields.tags = values.tags;
  return fields;
}

const sameMembers = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));
