import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportCatalogue } from './item-import';
import { ITEM_MESSAGES } from './item-rules';
import { planStockImport, STOCK_IMPORT_MESSAGES, stockRowOtherFields } from './stock-import';
import { STOCK_MESSAGES } from './stock';
import {
  CsvReadError,
  guessTillColumns,
  missingTillColumns,
  readMoney,
  readTillExport,
  skippedSummary,
  stockFileRows,
  TILL_EXPORT_MESSAGES,
  tillReport,
  type TillExport,
} from './till-export';

const NOW = new Date('2026-11-24T15:00:00.000Z');

/** The shop's items these exports count. */
const items: ImportCatalogue['items'] = [
  { id: 'cab', updatedAt: 'u', name: 'Ridge Cabernet', price: 24.99, upc: '012345678905', sizeMl: 750, stock: 6 },
  { id: 'vodka', updatedAt: 'u', name: 'Clear Lake Vodka', price: 29.99, upc: '081234567890', sizeMl: 1750, stock: 2 },
  { id: 'minis', updatedAt: 'u', name: 'Fireball minis', price: 12, upc: '088004021344', sizeMl: 50, packCount: 10, stock: 1 },
  { id: 'beer', updatedAt: 'u', name: 'Lager case', price: 32, upc: '070310010015', sizeMl: 355, packCount: 24, stock: 3 },
  { id: 'cognac', updatedAt: 'u', name: 'Louis XIII', price: 3999, upc: '087000001234', sizeMl: 750, stock: 1 },
];

/** What the dialog shows (and a drop folder would log): the plan of the rows sent, with the reader's own findings. */
const report = (till: TillExport) => tillReport(till, planStockImport(stockFileRows(till), items, NOW), items);

/** The rows as read: line, UPC, count, price (or none) and the name shown. */
const read = (till: TillExport) => till.rows.map((row) => [row.line, row.upc, row.quantity, row.price ?? null, row.name]);

describe('readTillExport: four tills', () => {
  it('a Square-like export: "Item Name", "UPC Code", "$" prices, an empty price and a negative count', () => {
    const text = [
      'Token,Item Name,Variation Name,UPC Code,Description,Category,Price,Quantity',
      'A1,Ridge Cabernet,Regular,012345678905,Estate red,Wine,$24.99,12',
      'A2,Clear Lake Vodka,1.75L,081234567890,,Liquor,"$1,056.99",-3',
      'A3,Louis XIII,Regular,087000001234,Cognac,Liquor,,1',
      'A4,Gift card,Regular,,,,$25.00,',
      '',
    ].join('\n');
    const till = readTillExport(text);
    expect(till.headerLine).toBe(1);
    expect(till.columns).toEqual([null, 'name', null, 'upc', 'description', null, 'price', 'quantity']);
    expect(read(till)).toEqual([
      [2, '012345678905', '12', '24.99', 'Ridge Cabernet'],
      [3, '081234567890', '-3', '1056.99', 'Clear Lake Vodka'],
      [4, '087000001234', '1', null, 'Louis XIII'],
      [5, '', '', '25.00', 'Gift card'],
    ]);
    expect(till.skipped).toEqual([]);
    expect(skippedSummary(till.skipped)).toBe('');
    expect(stockFileRows(till)[2]).toEqual({ row: 4, upc: '087000001234', quantity: '1' });
    // What is sent reaches nothing but the stock and the price: the server takes it as a stock file.
    expect(stockFileRows(till).flatMap(stockRowOtherFields)).toEqual([]);
    const checked = report(till);
    expect(checked.outcomes).toEqual(['update', 'update', 'update', 'error']);
    expect(checked.problems).toEqual([
      { row: 5, field: 'UPC', message: STOCK_IMPORT_MESSAGES.noUpc },
      { row: 5, field: 'Quantity', message: STOCK_IMPORT_MESSAGES.noQuantity },
    ]);
    expect(checked.warnings).toEqual([{ row: 3, field: 'Quantity', message: IMPORT_MESSAGES.negativeQuantity('-3') }]);
    const plan = planStockImport(stockFileRows(till), items, NOW);
    expect(plan.writes.map((write) => [write.row, write.fields.stock, write.fields.price])).toEqual([
      [2, 12, undefined],
      [3, 0, 1056.99],
      // An empty price leaves the price alone.
      [4, undefined, undefined],
    ]);
  });

  it('a Lightspeed-like export: "Qty.", "Description" as the name, a UPC a spreadsheet mangled, a leading zero kept', () => {
    const text = [
      'System ID,UPC,EAN,Custom SKU,Manufact. SKU,Description,Qty.,Price,Default Cost,Vendor',
      '210000000001,012345678905,,CAB-RG,,Ridge Cabernet Sauvignon,7,24.99,14.10,Ridge',
      '210000000002,8.12345E+11,,VOD-CL,,Clear Lake Vodka 1.75,4,29.99,15.00,Clear Lake',
      '210000000003,087000001234,,LXIII,,Louis XIII Cognac,2,"3,999.00","2,400.00",Remy',
      '210000000004,099999999999,,NEW-1,,Not in the shop yet,5,9.99,4.00,Acme',
      '210000000005,012345678905,,CAB-RG2,,Ridge Cabernet again,1,24.99,14.10,Ridge',
    ].join('\n');
    const till = readTillExport(text);
    expect(till.columns).toEqual([null, 'upc', null, null, null, 'description', 'quantity', 'price', null, null]);
    expect(read(till)).toEqual([
      [2, '012345678905', '7', '24.99', 'Ridge Cabernet Sauvignon'],
      [3, '8.12345E+11', '4', '29.99', 'Clear Lake Vodka 1.75'],
      [4, '087000001234', '2', '3999.00', 'Louis XIII Cognac'],
      [5, '099999999999', '5', '9.99', 'Not in the shop yet'],
      [6, '012345678905', '1', '24.99', 'Ridge Cabernet again'],
    ]);
    expect(till.problems).toEqual([{ row: 3, field: 'UPC', message: TILL_EXPORT_MESSAGES.excelUpc('8.12345E+11') }]);
    // The mangled UPC is not sent: it would only be "not found".
    expect(stockFileRows(till).map((row) => row.row)).toEqual([2, 4, 5, 6]);
    const checked = tillReport(till, { ...planStockImport(stockFileRows(till), items, NOW) }, items);
    expect(checked.outcomes).toEqual(['update', 'error', 'update', 'unknown', 'error']);
    expect(checked.unknownUpcs).toEqual(['099999999999']);
    expect(checked.problems).toEqual([
      { row: 3, field: 'UPC', message: TILL_EXPORT_MESSAGES.excelUpc('8.12345E+11') },
      { row: 6, field: 'UPC', message: IMPORT_MESSAGES.repeatedUpc(2) },
    ]);
    expect(checked.warnings).toEqual([]);
  });

  it('a liquor POS "QOH/Retail" report: sizes as tills write them, subtotals, a blank line and a grand total skipped', () => {
    const text = [
      'SKU/UPC,Item Name,Size,QOH,Cost,Retail',
      '012345678905,RIDGE CAB,750ML,6,14.10,24.99',
      '081234567890,CLEAR LAKE VODKA,750 ml,-2,15.00,29.99',
      ',WINE & LIQUOR SUBTOTAL,,4,,',
      '',
      '088004021344,FIREBALL 50ML 10PK,50ML 10PK,12,6.00,12.00',
      '070310010015,LAGER 4/6/12OZ,4/6/12OZ,0,20.00,32.00',
      '087000001234,LOUIS XIII,1.75 LTR,1,2400,1 056.99',
      'Subtotal,,,13,,',
      ',,,,,',
      'GRAND TOTAL,,,17,,',
    ].join('\n');
    const till = readTillExport(text);
    expect(till.columns).toEqual(['upc', 'name', 'size', 'quantity', null, 'price']);
    expect(read(till)).toEqual([
      [2, '012345678905', '6', '24.99', 'RIDGE CAB'],
      [3, '081234567890', '-2', '29.99', 'CLEAR LAKE VODKA'],
      [6, '088004021344', '12', '12.00', 'FIREBALL 50ML 10PK'],
      [7, '070310010015', '0', '32.00', 'LAGER 4/6/12OZ'],
      [8, '087000001234', '1', '1056.99', 'LOUIS XIII'],
    ]);
    expect(till.rows.map((row) => row.sizeRead)).toEqual([
      { sizeMl: 750, packCount: null },
      { sizeMl: 750, packCount: null },
      { sizeMl: 50, packCount: 10 },
      { sizeMl: 355, packCount: 24 },
      { sizeMl: 1750, packCount: null },
    ]);
    expect(till.skipped).toEqual([
      { line: 4, reason: 'total' },
      { line: 5, reason: 'blank' },
      { line: 9, reason: 'total' },
      { line: 10, reason: 'blank' },
      { line: 11, reason: 'total' },
    ]);
    expect(skippedSummary(till.skipped)).toBe('Skipped: 3 totals (lines 4, 9, 11) and 2 blank lines (lines 5, 10).');
    const checked = report(till);
    expect(checked.outcomes).toEqual(['update', 'update', 'update', 'update', 'update']);
    expect(checked.problems).toEqual([]);
    // The sizes that are not the items' are said; the rows still apply and no size is written.
    expect(checked.warnings).toEqual([
      { row: 3, field: 'Quantity', message: IMPORT_MESSAGES.negativeQuantity('-2') },
      { row: 3, field: 'Size', message: TILL_EXPORT_MESSAGES.sizeDiffers('750 mL', '1.75 L') },
      { row: 8, field: 'Size', message: TILL_EXPORT_MESSAGES.sizeDiffers('1.75 L', '750 mL') },
    ]);
    const plan = planStockImport(stockFileRows(till), items, NOW);
    expect(
      plan.writes.every((write) => Object.keys(write.fields).every((field) => ['stock', 'stockCountedAt', 'price'].includes(field))),
    ).toBe(true);
    // The same count is not written again; its count time is (decision 0275).
    expect(plan.writes.at(-1)!.fields).toEqual({ stockCountedAt: NOW.toISOString(), price: 1056.99 });
  });

  it('a Windows export: CRLF, a byte order mark, quoted descriptions over several lines, a total and a bad price', () => {
    const text =
      '\uFEFF"Barcode","Description","Size","On Hand","Retail Price"\r\n' +
      '"012345678905","Ridge Cabernet\r\nEstate, 2021","750ML","5","$24.99"\r\n' +
      '"081234567890","Clear Lake Vodka","1.75L","1,200","$29.99"\r\n' +
      '"088004021344","Fireball\r\nminis\r\n10 x 50 mL","50ML 10PK","9","twelve"\r\n' +
      '"070310010015","Lager","4/6/12OZ","3.00",""\r\n' +
      '"TOTAL","","","1,217",""\r\n';
    const till = readTillExport(text);
    expect(till.headers).toEqual(['Barcode', 'Description', 'Size', 'On Hand', 'Retail Price']);
    expect(till.columns).toEqual(['upc', 'description', 'size', 'quantity', 'price']);
    // Each row on the line it starts on: the line breaks inside quotes count.
    expect(read(till)).toEqual([
      [2, '012345678905', '5', '24.99', 'Ridge Cabernet Estate, 2021'],
      [4, '081234567890', '1,200', '29.99', 'Clear Lake Vodka'],
      [5, '088004021344', '9', 'twelve', 'Fireball minis 10 x 50 mL'],
      [8, '070310010015', '3.00', null, 'Lager'],
    ]);
    expect(till.skipped).toEqual([{ line: 9, reason: 'total' }]);
    expect(skippedSummary(till.skipped)).toBe('Skipped: a total (line 9).');
    expect(till.samples).toEqual(['012345678905', 'Ridge Cabernet Estate, 2021', '750ML', '5', '$24.99']);
    const checked = report(till);
    expect(checked.outcomes).toEqual(['update', 'update', 'error', 'update']);
    expect(checked.problems).toEqual([{ row: 5, field: 'Price', message: ITEM_MESSAGES.invalidPrice }]);
    expect(checked.warnings).toEqual([]);
  });
});

describe('readTillExport: columns, lines and money', () => {
  it('matches column names in any case and punctuation, each once, and ignores the rest', () => {
    expect(guessTillColumns(['upc-code', 'ITEM NAME', 'Qty. On Hand', 'Retail $', 'Cost', 'Size'])).toEqual([
      'upc',
      'name',
      'quantity',
      'price',
      null,
      'size',
    ]);
    expect(guessTillColumns(['Bar Code', 'On-Hand', 'Retail Price', 'Price'])).toEqual(['upc', 'quantity', 'price', null]);
    expect(guessTillColumns(['SKU / UPC', 'QOH', 'Quantity'])).toEqual(['upc', 'quantity', null]);
    expect(missingTillColumns(guessTillColumns(['Item', 'Cost']))).toEqual([
      TILL_EXPORT_MESSAGES.noUpcColumn,
      TILL_EXPORT_MESSAGES.noCountColumn,
    ]);
    expect(missingTillColumns(['upc', 'quantity'])).toEqual([]);
  });

  it('reads the columns as told, and the header after blank lines on its own line', () => {
    const till = readTillExport('\n\nCode,Count,Amount\n0001,4,$5.00\n', ['upc', 'quantity', 'price']);
    expect(till.headerLine).toBe(3);
    expect(read(till)).toEqual([[4, '0001', '4', '5.00', '']]);
  });

  it('a product named "Total" with a UPC is a row, not a total', () => {
    const till = readTillExport('UPC,Item Name,QOH\n0001,Total Wine Red,3\n,Total,3\n');
    expect(read(till)).toEqual([[2, '0001', '3', null, 'Total Wine Red']]);
    expect(till.skipped).toEqual([{ line: 3, reason: 'total' }]);
  });

  it('reads money as tills write it, and gives any other text back for the server to refuse', () => {
    for (const [text, money] of [
      ['$1,056.99', '1056.99'],
      ['1 056.99', '1056.99'],
      ['1\u00a0056.99', '1056.99'],
      ['$ 14.49', '14.49'],
      ['$.99', '0.99'],
      ['12', '12'],
      ['  $3,999.00 ', '3999.00'],
      ['', ''],
      ['twelve', 'twelve'],
      ['1,05.99', '1,05.99'],
      ['-$5.00', '-$5.00'],
      ['$', '$'],
    ]) {
      expect(readMoney(text!), text).toBe(money);
    }
  });

  it('refuses an empty file and a quote never closed, by line', () => {
    expect(() => readTillExport('')).toThrow(CsvReadError);
    expect(() => readTillExport('\uFEFF\r\n,,\r\n')).toThrow(TILL_EXPORT_MESSAGES.empty);
    expect(() => readTillExport('UPC,QOH\n"multi\nline",1\n0002,"4\n')).toThrow(TILL_EXPORT_MESSAGES.unclosedQuote(4));
  });

  it('a negative count stays as written for the plan, which imports it as 0 with a warning on its line', () => {
    const till = readTillExport('UPC,Qty On Hand\n\n012345678905,-3\n081234567890,lots\n');
    expect(stockFileRows(till)).toEqual([
      { row: 3, upc: '012345678905', quantity: '-3' },
      { row: 4, upc: '081234567890', quantity: 'lots' },
    ]);
    const checked = report(till);
    expect(checked.warnings).toEqual([{ row: 3, field: 'Quantity', message: IMPORT_MESSAGES.negativeQuantity('-3') }]);
    expect(checked.problems).toEqual([{ row: 4, field: 'Quantity', message: STOCK_MESSAGES.stock }]);
  });
});
