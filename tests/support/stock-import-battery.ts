/**
 * The till feeding the shop through the API (decisions 0296 and 0297), the battery both backends
 * run: the local server (server/catalogue/stock-import-api.test.ts) and the emulated cloud
 * (tests/cloud/stock-import.test.ts), where importItems runs in the catalogue function on
 * DynamoDB. Items made by an import from the till's rows have no photo and no description; a
 * stock file then changes only their stock, count time and price, lists the UPCs it did not find
 * and leaves out (reporting) the rows it cannot read; a till's own export, as the till reader
 * (shared/till-export.ts, decision 0365) reads it, goes in whole. Every UPC carries this run's prefix.
 */
import { expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../shared/item-import';
import { CHUNK_MESSAGES, IMPORT_CHUNK_ROWS, newImportId } from '../../shared/import-chunks';
import { STOCK_IMPORT_MESSAGES } from '../../shared/stock-import';
import { STOCK_MESSAGES } from '../../shared/stock';
import { itemsByUpcPrefix } from './items-by-upc';
import { readTillExport, stockFileRows, TILL_EXPORT_MESSAGES, tillReport } from '../../shared/till-export';

export interface StockTarget {
  /** A call as an admin. */
  admin(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data?: Record<string, unknown> | null; errors?: Array<{ errorType?: string; message: string }> }>;
  /** A call as a visitor (the API key). */
  guest(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data?: Record<string, unknown> | null; errors?: Array<{ errorType?: string; message: string }> }>;
}

const IMPORT = `mutation ($importId: String!, $offset: Int!, $rows: [ItemImportRowInput!]!, $apply: Boolean, $stockOnly: Boolean) {
  importItems(importId: $importId, offset: $offset, rows: $rows, apply: $apply, stockOnly: $stockOnly) {
    applied outcomes problems { row field message } warnings { row field message } appliedRows failure unknownUpcs } }`;
const ITEM_FIELDS = 'id name price description img upc tags sizeMl stock stockCountedAt updatedAt';

interface Report {
  applied: boolean;
  outcomes: string[];
  problems: Array<{ row: number; field: string; message: string }>;
  warnings: Array<{ row: number; field: string; message: string }>;
  appliedRows: number[];
  failure: string | null;
  unknownUpcs: string[];
}
interface StoredItem {
  id: string;
  name: string;
  price: number | null;
  description: string | null;
  img: string | null;
  upc: string;
  tags: string[];
  sizeMl: number | null;
  stock: number | null;
  stockCountedAt: string | null;
  updatedAt: string;
}

export function stockImportBattery(target: StockTarget): void {
  const prefix = `TILL-${Date.now()}-`;
  const upc = (n: number) => `${prefix}${n}`;

  const importRows = async (rows: unknown[], apply: boolean, stockOnly: boolean) => {
    const body = await target.admin(IMPORT, { importId: newImportId(), offset: 0, rows, apply, stockOnly });
    expect(body.errors).toBeUndefined();
    return body.data!.importItems as Report;
  };
  /** This run's items by UPC. */
  const mine = (as: 'admin' | 'guest' = 'admin') =>
    itemsByUpcPrefix<StoredItem>(target[as], prefix, ITEM_FIELDS, (errors) => expect(errors).toBeUndefined());

  it("creates items from a till's rows with no photo and no description, and a visitor sees them", async () => {
    const rows = [1, 2, 3].map((n) => ({
      row: n + 1,
      name: `Till Item ${n}`,
      price: `${10 + n}.99`,
      upc: upc(n),
      size: '750ML',
      quantity: String(n * 4),
      tags: [{ categoryId: 'department', names: n === 3 ? 'Extras' : 'Wine' }],
    }));
    const report = await importRows(rows, true, false);
    expect(report).toMatchObject({ applied: true, problems: [], outcomes: ['create', 'create', 'create'], unknownUpcs: [] });
    const items = await mine('guest');
    expect(items.size).toBe(3);
    expect(items.get(upc(1))).toMatchObject({
      name: 'Till Item 1',
      price: 11.99,
      img: null,
      description: null,
      sizeMl: 750,
      stock: 4,
      tags: ['wine'],
    });
    expect(items.get(upc(3))).toMatchObject({ tags: ['extras'], stock: 12 });
  });

  it('a stock file changes only stock, count time and a given price; lists unknown UPCs; leaves out bad rows', async () => {
    const before = await mine();
    const rows = [
      { row: 2, upc: upc(1), quantity: '30', price: '' },
      { row: 3, upc: upc(2), quantity: '-1', price: '$14.49' },
      { row: 4, upc: `${prefix}unknown-a`, quantity: '5' },
      { row: 5, upc: '', quantity: '9' },
      { row: 6, upc: upc(3), quantity: 'lots' },
      { row: 7, upc: `${prefix}unknown-b`, quantity: '1', price: '3' },
    ];
    const dry = await importRows(rows, false, true);
    expect(dry).toMatchObject({ applied: false, appliedRows: [] });
    expect(dry.outcomes).toEqual(['update', 'update', 'unknown', 'error', 'error', 'unknown']);
    expect(dry.unknownUpcs).toEqual([`${prefix}unknown-a`, `${prefix}unknown-b`]);
    expect(dry.problems).toEqual([
      { row: 5, field: 'UPC', message: STOCK_IMPORT_MESSAGES.noUpc },
      { row: 6, field: 'Quantity', message: STOCK_MESSAGES.stock },
    ]);
    expect(dry.warnings).toEqual([{ row: 3, field: 'Quantity', message: IMPORT_MESSAGES.negativeQuantity('-1') }]);
    expect(await mine()).toEqual(before);

    const started = Date.now();
    const done = await importRows(rows, true, true);
    expect(done).toMatchObject({ applied: true, appliedRows: [2, 3], failure: null, unknownUpcs: dry.unknownUpcs });
    const after = await mine();
    expect(after.size).toBe(3);
    for (const n of [1, 2, 3]) {
      const [was, now] = [before.get(upc(n))!, after.get(upc(n))!];
      // Never name, description, photo, tags or size.
      expect({ ...now, stock: null, price: null, stockCountedAt: null, updatedAt: null }).toEqual({
        ...was,
        stock: null,
        price: null,
        stockCountedAt: null,
        updatedAt: null,
      });
    }
    expect(after.get(upc(1))).toMatchObject({ stock: 30, price: 11.99 });
    expect(after.get(upc(2))).toMatchObject({ stock: 0, price: 14.49 });
    expect(Date.parse(after.get(upc(1))!.stockCountedAt!)).toBeGreaterThanOrEqual(started - 2000);
    // The row left out lost nothing.
    expect(after.get(upc(3))).toEqual(before.get(upc(3)));
  });

  it("a till's own export as the till reader sends it: money with $ and commas, a negative count, totals and a blank line", async () => {
    const before = await mine();
    const text = [
      'SKU/UPC,Item Name,Size,QOH,Cost,Retail',
      `${upc(1)},TILL ITEM 1,750ML,18,$6.00,"$1,056.99"`,
      `${upc(2)},TILL ITEM 2,1.75 LTR,-3,$7.00,$24.50`,
      ',DEPARTMENT SUBTOTAL,,15,,',
      '',
      `${upc(3)},TILL ITEM 3,750 ml,7,$5.00,`,
      '8.12345E+11,MANGLED BY A SPREADSHEET,750ML,4,$1.00,$2.00',
      `${prefix}unknown-c,NOT IN THE SHOP,750ML,2,$1.00,$3.00`,
      'GRAND TOTAL,,,27,,',
    ].join('\r\n');
    const till = readTillExport(text);
    const rows = stockFileRows(till);
    // Only UPC, count and price go: the other columns are read for the report alone.
    expect(rows).toEqual([
      { row: 2, upc: upc(1), quantity: '18', price: '1056.99' },
      { row: 3, upc: upc(2), quantity: '-3', price: '24.50' },
      { row: 6, upc: upc(3), quantity: '7' },
      { row: 8, upc: `${prefix}unknown-c`, quantity: '2', price: '3.00' },
    ]);
    const dry = await importRows(rows, false, true);
    expect(dry).toMatchObject({ applied: false, problems: [], outcomes: ['update', 'update', 'update', 'unknown'] });
    expect(await mine()).toEqual(before);

    const done = await importRows(rows, true, true);
    expect(done).toMatchObject({ applied: true, failure: null, appliedRows: [2, 3, 6], unknownUpcs: [`${prefix}unknown-c`] });
    const after = await mine();
    expect(after.get(upc(1))).toMatchObject({ stock: 18, price: 1056.99, sizeMl: 750, name: 'Till Item 1' });
    expect(after.get(upc(2))).toMatchObject({ stock: 0, price: 24.5, sizeMl: 750, name: 'Till Item 2' });
    // An empty price leaves the price as it was.
    expect(after.get(upc(3))).toMatchObject({ stock: 7, price: before.get(upc(3))!.price });
    expect(after.has('8.12345E+11')).toBe(false);

    // The report by the file's own lines: the row left out by the reader, the negative count, the size that is not the item's.
    const report = tillReport(till, done, [...after.values()]);
    expect(report.outcomes).toEqual(['update', 'update', 'update', 'error', 'unknown']);
    expect(report.problems).toEqual([{ row: 7, field: 'UPC', message: TILL_EXPORT_MESSAGES.excelUpc('8.12345E+11') }]);
    expect(report.warnings).toEqual([
      { row: 3, field: 'Quantity', message: IMPORT_MESSAGES.negativeQuantity('-3') },
      { row: 3, field: 'Size', message: TILL_EXPORT_MESSAGES.sizeDiffers('1.75 L', '750 mL') },
    ]);
    expect(till.skipped).toEqual([
      { line: 4, reason: 'total' },
      { line: 5, reason: 'blank' },
      { line: 9, reason: 'total' },
    ]);
  });

  it('refuses a stock file that reaches any other field, and the limits of an import, changing nothing', async () => {
    const before = await mine();
    const reaching = await target.admin(IMPORT, {
      importId: newImportId(),
      offset: 0,
      rows: [{ row: 2, upc: upc(1), quantity: '1', name: 'Renamed' }],
      apply: true,
      stockOnly: true,
    });
    expect(reaching.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: STOCK_IMPORT_MESSAGES.otherFields });
    const tagged = await target.admin(IMPORT, {
      importId: newImportId(),
      offset: 0,
      rows: [{ row: 2, upc: upc(1), quantity: '1', tags: [{ categoryId: 'department', names: 'Liquor' }] }],
      apply: true,
      stockOnly: true,
    });
    expect(tagged.errors?.[0]?.message).toBe(STOCK_IMPORT_MESSAGES.otherFields);
    const tooMany = Array.from({ length: IMPORT_CHUNK_ROWS + 1 }, (_, index) => ({ row: index + 2, upc: upc(1), quantity: '1' }));
    const refused = await target.admin(IMPORT, { importId: newImportId(), offset: 0, rows: tooMany, apply: true, stockOnly: true });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: CHUNK_MESSAGES.tooManyRows });
    const guest = await target.guest(IMPORT, {
      importId: newImportId(),
      offset: 0,
      rows: [{ row: 2, upc: upc(1), quantity: '99' }],
      apply: true,
      stockOnly: true,
    });
    expect(guest.errors?.length).toBeGreaterThan(0);
    expect(await mine()).toEqual(before);
  });
}
