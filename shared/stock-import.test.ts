import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportCatalogue } from './item-import';
import { ITEM_MESSAGES } from './item-rules';
import { planStockImport, STOCK_IMPORT_MESSAGES, stockRowOtherFields } from './stock-import';
import { STOCK_MESSAGES } from './stock';

const items: ImportCatalogue['items'] = [
  { id: 'gin', updatedAt: 'g1', name: 'Gin', price: 20, upc: '0001', stock: 4 },
  { id: 'rum', updatedAt: 'r1', name: 'Rum', price: 15, upc: '0002' },
  { id: 'twin-a', updatedAt: 't', name: 'Twin A', upc: '0009' },
  { id: 'twin-b', updatedAt: 't', name: 'Twin B', upc: '0009' },
];
const NOW = new Date('2026-11-24T15:00:00.000Z');

describe('planStockImport', () => {
  it("compares the till's count with the shelf's, held bottles included, and says when fewer are counted than are held (decision 0367)", () => {
    const held = [{ id: 'wine', updatedAt: 'w1', name: 'Wine', upc: '0100', stock: 1, shelfStock: 4, heldStock: 3 }];
    const same = planStockImport([{ row: 2, upc: '0100', quantity: '4' }], held, NOW);
    expect(same.writes).toEqual([
      { row: 2, op: 'update', id: 'wine', expectUpdatedAt: 'w1', fields: { stockCountedAt: NOW.toISOString() } },
    ]);
    expect(same.warnings).toEqual([]);
    const short = planStockImport([{ row: 2, upc: '0100', quantity: '2' }], held, NOW);
    expect(short.writes[0]!.fields).toEqual({ stockCountedAt: NOW.toISOString(), stock: 2 });
    expect(short.warnings).toEqual([{ row: 2, field: 'Quantity', message: STOCK_IMPORT_MESSAGES.short(2, 3) }]);
  });

  it('updates only the stock, the count time and a given price of the items with those UPCs', () => {
    const plan = planStockImport(
      [
        { row: 2, upc: ' 0001 ', quantity: '12', price: '' },
        { row: 3, upc: '0002', quantity: '1,200', price: '$16.50' },
        { row: 4, upc: '0001x', quantity: '3' },
      ],
      items,
      NOW,
    );
    expect(plan.outcomes).toEqual(['update', 'update', 'unknown']);
    expect(plan.problems).toEqual([]);
    expect(plan.unknownUpcs).toEqual(['0001x']);
    expect(plan.writes).toEqual([
      { row: 2, op: 'update', id: 'gin', expectUpdatedAt: 'g1', fields: { stockCountedAt: NOW.toISOString(), stock: 12 } },
      { row: 3, op: 'update', id: 'rum', expectUpdatedAt: 'r1', fields: { stockCountedAt: NOW.toISOString(), stock: 1200, price: 16.5 } },
    ]);
  });

  it('stamps the count time when the count is the same, and reads a negative quantity as 0 with a warning', () => {
    const plan = planStockImport(
      [
        { row: 2, upc: '0001', quantity: '4.00', price: '20' },
        { row: 3, upc: '0002', quantity: '-3' },
      ],
      items,
      NOW,
    );
    expect(plan.writes.map((write) => write.fields)).toEqual([
      { stockCountedAt: NOW.toISOString() },
      { stockCountedAt: NOW.toISOString(), stock: 0 },
    ]);
    expect(plan.warnings).toEqual([{ row: 3, field: 'Quantity', message: IMPORT_MESSAGES.negativeQuantity('-3') }]);
  });

  it('leaves out bad rows, each reported, and keeps the others', () => {
    const plan = planStockImport(
      [
        { row: 2, upc: '', quantity: '5' },
        { row: 3, upc: '0002', quantity: 'lots' },
        { row: 4, upc: '0001', quantity: '' },
        { row: 5, upc: '0002', quantity: '2', price: 'free' },
        { row: 6, upc: '0009', quantity: '2' },
        { row: 7, upc: '0001', quantity: '7' },
        { row: 8, upc: 'NEW', quantity: '1' },
        { row: 9, upc: 'NEW', quantity: '1' },
        { row: 10, upc: '0002', quantity: '2.5' },
      ],
      items,
      NOW,
    );
    expect(plan.outcomes).toEqual(['error', 'error', 'error', 'error', 'error', 'error', 'unknown', 'error', 'error']);
    expect(plan.problems).toEqual([
      { row: 2, field: 'UPC', message: STOCK_IMPORT_MESSAGES.noUpc },
      { row: 3, field: 'Quantity', message: STOCK_MESSAGES.stock },
      { row: 4, field: 'Quantity', message: STOCK_IMPORT_MESSAGES.noQuantity },
      { row: 5, field: 'UPC', message: IMPORT_MESSAGES.repeatedUpc(3) },
      { row: 5, field: 'Price', message: ITEM_MESSAGES.invalidPrice },
      { row: 6, field: 'UPC', message: IMPORT_MESSAGES.sharedUpc },
      { row: 7, field: 'UPC', message: IMPORT_MESSAGES.repeatedUpc(4) },
      { row: 9, field: 'UPC', message: IMPORT_MESSAGES.repeatedUpc(8) },
      { row: 10, field: 'UPC', message: IMPORT_MESSAGES.repeatedUpc(3) },
      { row: 10, field: 'Quantity', message: STOCK_MESSAGES.stock },
    ]);
    expect(plan.unknownUpcs).toEqual(['NEW']);
    expect(plan.writes).toEqual([]);
  });

  it('names the fields a stock row may not carry', () => {
    expect(stockRowOtherFields({ row: 2, upc: '1', quantity: '2', price: '3', tags: [] })).toEqual([]);
    expect(stockRowOtherFields({ row: 2, upc: '1', quantity: '2', name: 'x', description: '', tags: [{ categoryId: 'a' }] })).toEqual([
      'name',
      'description',
      'tags',
    ]);
  });
});
