/**
 * A stock file from the till (decision 0296): rows of UPC, quantity and maybe price that change
 * only the stock, the count time and the price of the items with those UPCs, on both backends.
 * Unlike an item import it never creates: a UPC no item has is listed (`unknownUpcs`), and a row
 * that cannot be read (no UPC, a quantity that is not a count, a price that is not one) is left
 * out and reported by row while the other rows go in. Pure; tested in stock-import.test.ts; the
 * server applies the plan (server/catalogue/catalogue-service.ts).
 */
import {
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  readQuantity,
  type ImportCatalogue,
  type ImportPlan,
  type ItemImportRow,
  type PlannedWrite,
} from './item-import';
import { parseStock } from './item-facts';
import { ITEM_MESSAGES, parsePrice } from './item-rules';
import { heldOverCount, shelfCount, STOCK_MESSAGES } from './stock';

/** The only columns a stock file fills. */
export const STOCK_FILE_FIELDS = ['upc', 'quantity', 'price'] as const;

export const STOCK_IMPORT_MESSAGES = {
  noUpc: 'No UPC: a stock file finds items by their UPC',
  noQuantity: 'No quantity',
  /** The whole call is refused: a stock file must not reach any other field. */
  otherFields: 'A stock file changes only the stock and the price: leave the other columns out',
  /** The till counted fewer than open reservations hold (decision 0367). */
  short: (counted: number, held: number) =>
    `The till counts ${counted} but open reservations hold ${held}: check the shelf before they are picked up (Reservations lists them)`,
} as const;

/**
 * The item fields a stock row may not carry (anything but UPC, quantity and price): the server's
 * guard, which refuses the whole call, so no client can make a stock file rename an item. A
 * till's export with more columns is still a stock file: the till reader (shared/till-export.ts,
 * decision 0365) reads them for the report and sends none of them.
 */
export function stockRowOtherFields(row: ItemImportRow): string[] {
  const allowed = new Set<string>(['row', ...STOCK_FILE_FIELDS]);
  return Object.entries(row)
    .filter(([key, value]) => !allowed.has(key) && value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0))
    .map(([key]) => key);
}

export interface StockPlan extends ImportPlan {
  /** The UPCs of the rows no item has, in the file's order, each once. */
  unknownUpcs: string[];
}

/**
 * Plans a stock file: each row is an update of the item with its UPC ('update': the quantity, the
 * count time now, and the price when given and different), 'unknown' (no item has the UPC) or
 * 'error' (left out; its problems say why). The writes hold every readable row, whatever the
 * others: a till's file with a total line still feeds every counted item.
 */
export function planStockImport(rows: readonly ItemImportRow[], items: ImportCatalogue['items'], now: Date = new Date()): StockPlan {
  const itemsByUpc = new Map<string, Array<ImportCatalogue['items'][number]>>();
  for (const item of items) {
    const upc = item.upc?.trim();
    if (upc) itemsByUpc.set(upc, [...(itemsByUpc.get(upc) ?? []), item]);
  }
  const firstRowOfUpc = new Map<string, number>();
  const plan: StockPlan = { outcomes: [], problems: [], warnings: [], writes: [], unknownUpcs: [] };
  const unknown = new Set<string>();
  const countedAt = now.toISOString();

  for (const row of rows) {
    const rowProblems: ImportPlan['problems'] = [];
    const problem = (field: string, message: string) => rowProblems.push({ row: row.row, field, message });
    const upc = row.upc?.trim() ?? '';
    if (!upc) problem(IMPORT_FIELDS.upc, STOCK_IMPORT_MESSAGES.noUpc);
    else if (firstRowOfUpc.has(upc)) problem(IMPORT_FIELDS.upc, IMPORT_MESSAGES.repeatedUpc(firstRowOfUpc.get(upc)!));
    else firstRowOfUpc.set(upc, row.row);

    const quantityText = row.quantity?.trim() ?? '';
    const quantity = readQuantity(quantityText);
    const stock = parseStock(quantity.stock);
    if (quantityText === '') problem(IMPORT_FIELDS.quantity, STOCK_IMPORT_MESSAGES.noQuantity);
    else if (stock === null || Number.isNaN(stock)) problem(IMPORT_FIELDS.quantity, STOCK_MESSAGES.stock);
    const price = parsePrice(row.price ?? '');
    if (Number.isNaN(price)) problem(IMPORT_FIELDS.price, ITEM_MESSAGES.invalidPrice);

    const matches = upc ? (itemsByUpc.get(upc) ?? []) : [];
    if (matches.length > 1) problem(IMPORT_FIELDS.upc, IMPORT_MESSAGES.sharedUpc);
    if (rowProblems.length) {
      plan.outcomes.push('error');
      plan.problems.push(...rowProblems);
      continue;
    }
    const item = matches[0];
    if (!item) {
      plan.outcomes.push('unknown');
      if (!unknown.has(upc)) plan.unknownUpcs.push(upc);
      unknown.add(upc);
      continue;
    }
    if (quantity.negative)
      plan.warnings.push({ row: row.row, field: IMPORT_FIELDS.quantity, message: IMPORT_MESSAGES.negativeQuantity(quantityText) });
    const short = heldOverCount({ shelfStock: stock, heldStock: item.heldStock });
    if (short)
      plan.warnings.push({ row: row.row, field: IMPORT_FIELDS.quantity, message: STOCK_IMPORT_MESSAGES.short(short.counted, short.held) });
    // The count time is stamped even when the count is the same: the till counted it now (decision 0275).
    const fields: PlannedWrite['fields'] = { stockCountedAt: countedAt };
    // The till counts the shelf, held bottles included (decision 0367): compared with the shelf's last count.
    if (stock !== shelfCount(item)) fields.stock = stock!;
    // A price of 0 is no price (product §5), so it is left as it is.
    if (price && price !== item.price) fields.price = price;
    plan.writes.push({ row: row.row, op: 'update', id: item.id, expectUpdatedAt: item.updatedAt, fields });
    plan.outcomes.push('update');
  }
  return plan;
}
