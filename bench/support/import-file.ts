/**
 * The CSV file of the import benchmark: IMPORT_ROWS rows, the first IMPORT_EXISTING updating the
 * items the target made (by UPC), the rest new; every row with the awkward text a real file has
 * (apostrophes, commas, quotes, accents, a line break).
 */
import Papa from 'papaparse';

export const IMPORT_ROWS = 5_000;
export const IMPORT_EXISTING = 2_500;
export const IMPORT_IMAGE_HASH = 'c'.repeat(64);
export const importUpc = (i: number) => String(400000000000 + i);

export function importFileText(origin: string): string {
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => [
    `Château l'Étoile, "Cuvée ${i}"`,
    (12 + (i % 40) / 4).toFixed(2),
    importUpc(i),
    i % 7 === 0 ? 'Yes' : 'No',
    `Deep garnet; cassis, cedar, "a touch" of smoke.\nServe at 16–18 °C with lamb, ${i}.`,
    `${origin}/media/${IMPORT_IMAGE_HASH}.png`,
    // The facts as a till writes them (decision 0275): every size spelling, some negative quantities.
    ['750ML', '1.75 LTR', '3L BOX', '4/250ML', '50ml', '12 oz'][i % 6]!,
    (12 + (i % 30) / 2).toFixed(1),
    i % 5 === 0 ? 'NV' : String(2010 + (i % 15)),
    String((i % 50) - 2),
    'Wine',
    'Côtes du Rhône',
  ]);
  const fields = [
    'Name',
    'Price',
    'UPC',
    'Promoted',
    'Description',
    'Image URL',
    'Size',
    'ABV',
    'Vintage',
    'Qty On Hand',
    'Department',
    'Region',
  ];
  return `\uFEFF${Papa.unparse({ fields, data: rows }, { quotes: true, newline: '\r\n' })}`;
}

/** UPCs of the stock file that no item has (decision 0296): listed, not created. */
export const STOCK_UNKNOWN = 50;

/**
 * The stock-only file of the benchmark, as a till exports its counts (decision 0296): IMPORT_ROWS
 * rows of SKU, QOH and Retail; every item the item file made counted again, but the last
 * STOCK_UNKNOWN UPCs are ones no item has; a price on every other row, some counts negative.
 */
export function stockFileText(): string {
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => [
    i < IMPORT_ROWS - STOCK_UNKNOWN ? importUpc(i) : String(900000000000 + i),
    String((i % 60) - 3),
    i % 2 ? '' : (13 + (i % 40) / 4).toFixed(2),
  ]);
  return `\uFEFF${Papa.unparse({ fields: ['SKU', 'QOH', 'Retail'], data: rows }, { quotes: true, newline: '\r\n' })}`;
}
