/**
 * The till feeding the shop through the API (decisions 0296 and 0297), the battery both backends
 * run: the local server (server/catalogue/stock-import-api.test.ts) and the emulated cloud
 * (tests/cloud/stock-import.test.ts), where importItems runs in the catalogue function on
 * DynamoDB. Items made by an import from the till's rows have no photo and no description; a
 * stock file then changes only their stock, count time and price, lists the UPCs it did not find
 * and leaves out (reporting) the rows it cannot read. Every UPC carries this run's prefix.
 */
import { expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../shared/item-import';
import { CHUNK_MESSAGES, IMPORT_CHUNK_ROWS, newImportId } from '../../shared/import-chunks';
import { STOCK_IMPORT_MESSAGES } from '../../shared/stock-import';
import { STOCK_MESSAGES } from '../../shared/stock';

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
const BY_UPC = `query ($filter: ModelItemFilterInput, $nextToken: String) {
  listItems(filter: $filter, limit: 1000, nextToken: $nextToken) { items { ${ITEM_FIELDS} } nextToken } }`;

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
  /** This run's items by UPC, over every page (DynamoDB filters after each page's limit). */
  const mine = async (as: 'admin' | 'guest' = 'admin') => {
    const found = new Map<string, StoredItem>();
    let nextToken: string | null = null;
    do {
      const body = await target[as](BY_UPC, { filter: { upc: { beginsWith: prefix } }, nextToken });
      expect(body.errors).toBeUndefined();
      const page = body.data!.listItems as { items: StoredItem[]; nextToken: string | null };
      for (const item of page.items) found.set(item.upc, item);
      nextToken = page.nextToken;
    } while (nextToken);
    return found;
  };

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
