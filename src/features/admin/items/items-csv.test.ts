import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AdminItem } from './item-rules';
import { adminItem } from './test-items';
import {
  categoryColumnNames,
  CsvReadError,
  guessColumnTargets,
  importRows,
  looksLikeStockFile,
  importTemplateCsv,
  itemsToCsv,
  readCsv,
  targetFromKey,
  targetKey,
} from './items-csv';
import type { TagGroup } from './tag-groups';

const groups: TagGroup[] = [
  {
    id: 'department',
    name: 'Department',
    tags: [
      { id: 'wine', name: 'Wine' },
      { id: 'extras', name: 'Extras' },
    ],
  },
  {
    id: 'region',
    name: 'Region',
    tags: [
      { id: 'fr', name: 'France' },
      { id: 'it', name: 'Italy' },
    ],
  },
];

const item = (fields: Partial<AdminItem>) => adminItem({ price: 12, ...fields });

const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('itemsToCsv', () => {
  it('starts with a byte order mark, quotes every field and ends lines with CRLF', () => {
    const csv = itemsToCsv([item({})], groups, 'https://shop.example');
    expect(
      csv.startsWith(
        '\uFEFF"Name","Price","UPC","Promoted","Description","Image URL","Size","ABV","Vintage","Quantity","Department","Region"\r\n',
      ),
    ).toBe(true);
    expect(csv.split('\r\n')[1]).toBe('"Plain","12.00","","No","","","","","","","Wine",""');
  });

  it('keeps apostrophes, commas, quotes, accents and line breaks as they are', () => {
    const awkward = item({
      name: 'Château d\'Yquem, "Sauternes" 2015',
      description: 'Golden, honeyed.\nServe at 10–12 °C; pairs with Roquefort.',
      upc: '0123456789012',
      promoted: true,
      tags: ['wine', 'fr', 'it'],
      img: '/media/items/abc.png',
      price: 389.5,
      sizeMl: 375,
      abv: 13.5,
      vintage: '2015',
      stock: 0,
    });
    const [header, row] = parse(itemsToCsv([awkward], groups, 'https://shop.example'));
    expect(header).toEqual([
      'Name',
      'Price',
      'UPC',
      'Promoted',
      'Description',
      'Image URL',
      'Size',
      'ABV',
      'Vintage',
      'Quantity',
      'Department',
      'Region',
    ]);
    expect(row).toEqual([
      'Château d\'Yquem, "Sauternes" 2015',
      '389.50',
      '0123456789012',
      'Yes',
      'Golden, honeyed.\nServe at 10–12 °C; pairs with Roquefort.',
      'https://shop.example/media/items/abc.png',
      '375 mL',
      '13.5',
      '2015',
      '0',
      'Wine',
      'France; Italy',
    ]);
  });

  it('escapes a field a spreadsheet would run as a formula', () => {
    const [, row] = parse(
      itemsToCsv([item({ name: '=HYPERLINK("http://evil.example")', description: '@SUM(A1)' })], groups, 'https://shop.example'),
    );
    expect(row?.[0]).toBe('\'=HYPERLINK("http://evil.example")');
    expect(row?.[4]).toBe("'@SUM(A1)");
  });

  it('escapes a formula whatever follows its first line, line breaks included', () => {
    const attacks = ['=HYPERLINK("http://evil.example")\nx', '+1\r\n2', '-2\n', '@SUM(A1)\n\n', '\t=1\nx', '\r=1\n'];
    for (const attack of attacks) {
      const [, row] = parse(itemsToCsv([item({ name: attack, description: `x\n${attack}` })], groups, 'https://shop.example'));
      expect(row?.[0]).toBe(`'${attack}`);
      // A formula character after the first line is no formula: the field stays as it is.
      expect(row?.[4]).toBe(`x\n${attack}`);
    }
  });

  it('escapes apostrophes before a formula once more, so the import gives them back', () => {
    const [, row] = parse(itemsToCsv([item({ name: "'=1+2", description: "''@x\ny" })], groups, 'https://shop.example'));
    expect(row?.[0]).toBe("''=1+2");
    expect(row?.[4]).toBe("'''@x\ny");
  });

  it('leaves out tags no category lists', () => {
    const [, row] = parse(itemsToCsv([item({ tags: ['wine', 'gone'] })], groups, 'https://shop.example'));
    expect(row?.slice(10)).toEqual(['Wine', '']);
  });
});

describe('reading a CSV for import', () => {
  const awkward = item({
    name: 'Château d\'Yquem, "Sauternes" 2015',
    description: '- Golden, honeyed.\nServe at 10–12 °C; pairs with Roquefort.',
    upc: '0123456789012',
    promoted: true,
    tags: ['wine', 'fr', 'it'],
    img: '/media/items/abc.png',
    price: 389.5,
    sizeMl: 250,
    packCount: 4,
    abv: 5,
    vintage: 'NV',
    stock: 7,
  });

  it('reads back what the export wrote, every character, with the columns guessed', () => {
    const table = readCsv(itemsToCsv([awkward], groups, 'https://shop.example'));
    const targets = guessColumnTargets(table.headers, groups);
    expect(targets.map(targetKey)).toEqual([
      'field:name',
      'field:price',
      'field:upc',
      'field:promoted',
      'field:description',
      'field:img',
      'field:size',
      'field:abv',
      'field:vintage',
      'field:quantity',
      'category:department',
      'category:region',
    ]);
    expect(importRows(table, targets)).toEqual([
      {
        row: 2,
        name: 'Château d\'Yquem, "Sauternes" 2015',
        price: '389.50',
        upc: '0123456789012',
        promoted: 'Yes',
        description: '- Golden, honeyed.\nServe at 10–12 °C; pairs with Roquefort.',
        img: 'https://shop.example/media/items/abc.png',
        size: '4 × 250 mL',
        abv: '5',
        vintage: 'NV',
        quantity: '7',
        tags: [
          { categoryId: 'department', names: 'Wine' },
          { categoryId: 'region', names: 'France; Italy' },
        ],
      },
    ]);
  });

  it('reads back every escaped field as it was, formulas with line breaks and apostrophes included', () => {
    const cells = [
      '=HYPERLINK("http://evil.example")\nx',
      '+1\r\n2',
      '-',
      '@',
      '\t=1\nx',
      '\r\n=1',
      "'=1+2",
      "''@x\ny",
      "'plain",
      "it's",
      'x\n=1',
      '',
    ];
    const items = cells.map((cell) => item({ name: cell, description: cell }));
    const formulaGroups: TagGroup[] = [{ id: 'region', name: '=Region', tags: [{ id: 'fr', name: '+France\nx' }] }];
    const table = readCsv(
      itemsToCsv(
        items.map((one) => ({ ...one, tags: ['fr'] })),
        formulaGroups,
        'https://shop.example',
      ),
    );
    expect(table.headers.at(-1)).toBe('=Region');
    const rows = importRows(table, guessColumnTargets(table.headers, formulaGroups));
    expect(rows.map((row) => [row.name, row.description])).toEqual(cells.map((cell) => [cell, cell]));
    expect(rows.map((row) => row.tags)).toEqual(cells.map(() => [{ categoryId: 'region', names: '+France\nx' }]));
  });

  it('numbers rows as a spreadsheet does, pads short rows, and sends only the mapped columns', () => {
    const table = readCsv('Title,Retail,Notes\r\n"Two\nlines",5\r\n\r\nThird,7,x\r\n');
    const targets = guessColumnTargets(table.headers, groups);
    expect(targets).toEqual([{ field: 'name' }, { field: 'price' }, null]);
    expect(importRows(table, targets)).toEqual([
      { row: 2, name: 'Two\nlines', price: '5' },
      { row: 3, name: 'Third', price: '7' },
    ]);
  });

  it('maps each target once, the first column naming it', () => {
    expect(guessColumnTargets(['Name', 'Title', 'region'], groups)).toEqual([{ field: 'name' }, null, { categoryId: 'region' }]);
    // A till's export: its own names for size, quantity and ABV; "Proof" is not ABV and is not guessed.
    expect(guessColumnTargets(['Item', 'Btl Size', 'Qty On Hand', 'Alc', 'Proof', 'UPC Code', 'Year'], groups)).toEqual([
      { field: 'name' },
      { field: 'size' },
      { field: 'quantity' },
      { field: 'abv' },
      null,
      { field: 'upc' },
      { field: 'vintage' },
    ]);
    expect(targetFromKey(targetKey({ categoryId: 'region' }))).toEqual({ categoryId: 'region' });
    expect(targetFromKey('')).toBeNull();
  });

  it("takes a till's export as a stock file first: UPC and quantity, maybe price, description and size (decisions 0296 and 0365)", () => {
    const till = guessColumnTargets(['SKU', 'Description', 'Cost', 'Retail', 'QOH', 'Size'], groups);
    // "Cost" is what the shop paid: never guessed as the price.
    expect(till).toEqual([{ field: 'upc' }, { field: 'description' }, null, { field: 'price' }, { field: 'quantity' }, { field: 'size' }]);
    // A till writes a description and a size: they make the report readable and change nothing.
    expect(looksLikeStockFile(till)).toBe(true);
    expect(looksLikeStockFile(guessColumnTargets(['Barcode', 'On Hand'], groups))).toBe(true);
    expect(looksLikeStockFile(guessColumnTargets(['SKU/UPC', 'Item Name', 'Qty. On Hand'], groups))).toBe(true);
    // A name, tags or an item column a till has not: an item file.
    expect(looksLikeStockFile(guessColumnTargets(['Item Code', 'Qty', 'Name'], groups))).toBe(false);
    expect(looksLikeStockFile(guessColumnTargets(['UPC', 'Price'], groups))).toBe(false);
    expect(looksLikeStockFile(guessColumnTargets(['UPC', 'Quantity', 'Region'], groups))).toBe(false);
    expect(looksLikeStockFile(guessColumnTargets(['UPC', 'Quantity', 'Promoted'], groups))).toBe(false);
  });

  it('refuses an empty file and a quote never closed, saying which', () => {
    expect(() => readCsv('')).toThrow(CsvReadError);
    expect(() => readCsv('\uFEFF\r\n')).toThrow('The file is empty');
    expect(() => readCsv('Name,Price\r\n"Open,5\r\n')).toThrow('Row 2 has a quote that is never closed');
  });

  it('names a category the import would read as an item column after the category, and reads it back there', () => {
    const clashing: TagGroup[] = [
      ...groups,
      { id: 'price-band', name: 'Price', tags: [{ id: 'under-20', name: 'Under $20' }] },
      { id: 'cost-band', name: 'retail', tags: [] },
      { id: 'price-category', name: 'Price category', tags: [] },
    ];
    expect(categoryColumnNames(clashing)).toEqual([
      'Department',
      'Region',
      'Price (category)',
      'retail (category)',
      'Price category (category)',
    ]);
    const table = readCsv(itemsToCsv([item({ tags: ['wine', 'under-20'] })], clashing, 'https://shop.example'));
    expect(new Set(table.headers).size).toBe(table.headers.length);
    const targets = guessColumnTargets(table.headers, clashing);
    expect(targets.map(targetKey).slice(1, 2)).toEqual(['field:price']);
    expect(targets.map(targetKey).slice(10)).toEqual([
      'category:department',
      'category:region',
      'category:price-band',
      'category:cost-band',
      'category:price-category',
    ]);
    expect(importRows(table, targets)[0]).toMatchObject({
      price: '12.00',
      tags: expect.arrayContaining([{ categoryId: 'price-band', names: 'Under $20' }]) as unknown,
    });
  });

  it('offers a template with the header alone', () => {
    const template = readCsv(importTemplateCsv(groups));
    expect(template).toEqual({
      headers: [
        'Name',
        'Price',
        'UPC',
        'Promoted',
        'Description',
        'Image URL',
        'Size',
        'ABV',
        'Vintage',
        'Quantity',
        'Department',
        'Region',
      ],
      records: [],
    });
    const withPrice = readCsv(importTemplateCsv([...groups, { id: 'price-band', name: 'Price', tags: [] }])).headers;
    expect(withPrice.slice(-2)).toEqual(['Region', 'Price (category)']);
    expect(new Set(withPrice).size).toBe(withPrice.length);
  });
});
