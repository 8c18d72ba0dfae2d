import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { ITEM_MESSAGES } from './item-rules';
import { BOTTLE_SIZE_MESSAGES } from './bottle-size';
import { ITEM_FACT_MESSAGES } from './item-facts';
import {
  imagePath,
  IMPORT_MESSAGES,
  parsePromoted,
  planItemImport,
  readQuantity,
  type ImportCatalogue,
  type ItemImportRow,
} from './item-import';
import { STOCK_MESSAGES } from './stock';

const IMG = '/media/' + 'a'.repeat(64) + '.png';
const OTHER_IMG = '/media/' + 'b'.repeat(64) + '.png';

const catalogue: ImportCatalogue = {
  categories: [
    { id: 'department', name: 'Department' },
    { id: 'region', name: 'Region' },
  ],
  tags: [
    { id: 'wine', name: 'Wine', categoryId: 'department' },
    { id: 'liquor', name: 'Liquor', categoryId: 'department' },
    { id: 'extras', name: 'Extras', categoryId: 'department' },
    { id: 'rhone', name: 'Côtes du Rhône', categoryId: 'region' },
    { id: 'napa', name: 'Napa', categoryId: 'region' },
  ],
  items: [
    {
      id: 'merlot',
      updatedAt: '2026-11-01T00:00:00.000Z',
      name: 'Merlot',
      price: 12.99,
      upc: '0001',
      promoted: false,
      description: 'Soft',
      img: IMG,
      tags: ['wine', 'napa'],
    },
    { id: 'twin-a', updatedAt: 't', name: 'Twin A', upc: '0009', tags: ['wine'] },
    { id: 'twin-b', updatedAt: 't', name: 'Twin B', upc: '0009', tags: ['wine'] },
  ],
};
const images = new Set([IMG, OTHER_IMG]);
const plan = (rows: ItemImportRow[]) => planItemImport(rows, catalogue, images);
const department = (names: string) => ({ categoryId: 'department', names });

const newItem: ItemImportRow = {
  row: 2,
  name: 'L\'Ermitage, "Cuvée" Rosé',
  price: '$24.5',
  upc: '',
  promoted: 'Yes',
  description: 'Line one,\nline two',
  img: `https://shop.example${IMG}`,
  tags: [department('Wine'), { categoryId: 'region', names: 'côtes du rhône; ' }],
};

describe('planItemImport', () => {
  it('creates a row without a known UPC, keeping its text as written and its tags by name', () => {
    const result = plan([newItem]);
    expect(result.problems).toEqual([]);
    expect(result.outcomes).toEqual(['create']);
    expect(result.writes).toEqual([
      {
        row: 2,
        op: 'create',
        fields: {
          name: 'L\'Ermitage, "Cuvée" Rosé',
          price: 24.5,
          description: 'Line one,\nline two',
          img: IMG,
          promoted: true,
          tags: ['wine', 'rhone'],
        },
      },
    ]);
  });

  it('updates the item with the UPC: only what changes, empty cells left alone, unmapped categories kept', () => {
    const result = plan([{ row: 3, upc: '0001', name: '', price: '13.49', promoted: 'no', tags: [department('Wine; Extras')] }]);
    expect(result.outcomes).toEqual(['update']);
    expect(result.writes).toEqual([
      {
        row: 3,
        op: 'update',
        id: 'merlot',
        expectUpdatedAt: '2026-11-01T00:00:00.000Z',
        fields: { price: 13.49, tags: ['napa', 'wine', 'extras'] },
      },
    ]);
  });

  it('says unchanged when the row says what the item already holds', () => {
    const result = plan([{ row: 2, upc: '0001', name: 'Merlot', price: '12.99', promoted: 'No', tags: [department('wine')] }]);
    expect(result.outcomes).toEqual(['unchanged']);
    expect(result.writes).toEqual([]);
  });

  it("reports every problem of a row with the Item Editor's messages, and then writes nothing", () => {
    const result = plan([
      newItem,
      { row: 3, name: '', price: 'twelve', description: '', img: '/media/missing.png', promoted: 'maybe', tags: [] },
    ]);
    expect(result.outcomes).toEqual(['create', 'error']);
    expect(result.problems).toEqual([
      { row: 3, field: 'Promoted', message: IMPORT_MESSAGES.promoted },
      { row: 3, field: 'Image URL', message: IMPORT_MESSAGES.image },
      { row: 3, field: 'Department', message: MESSAGES.requiredTags },
      { row: 3, field: 'Name', message: ITEM_MESSAGES.missingRequired },
      { row: 3, field: 'Price', message: ITEM_MESSAGES.invalidPrice },
    ]);
    expect(result.writes).toEqual([]);
  });

  it('creates an item with no photo and no description, leaving both out (decision 0297)', () => {
    const result = plan([
      { row: 2, name: 'Till Gin', price: '19.99', upc: '555', size: '750ML', quantity: '6', tags: [department('Liquor')] },
    ]);
    expect(result.problems).toEqual([]);
    expect(result.writes).toHaveLength(1);
    const fields = result.writes[0]!.fields;
    expect(fields).toMatchObject({ name: 'Till Gin', price: 19.99, upc: '555', sizeMl: 750, stock: 6, tags: ['liquor'] });
    expect(fields).not.toHaveProperty('img');
    expect(fields).not.toHaveProperty('description');
  });

  it('refuses unknown tags and categories, a UPC on two rows, and a UPC two items share', () => {
    const result = plan([
      { ...newItem, row: 2, upc: '777', tags: [department('Wine'), { categoryId: 'region', names: 'Bordeaux' }] },
      { ...newItem, row: 3, upc: '777', tags: [department('Wine'), { categoryId: 'gone', names: 'x' }] },
      { row: 4, upc: '0009', price: '3' },
    ]);
    expect(result.problems).toEqual([
      { row: 2, field: 'Region', message: IMPORT_MESSAGES.unknownTag('Bordeaux', 'Region') },
      { row: 3, field: 'UPC', message: IMPORT_MESSAGES.repeatedUpc(2) },
      { row: 3, field: 'gone', message: IMPORT_MESSAGES.unknownCategory },
      { row: 4, field: 'UPC', message: IMPORT_MESSAGES.sharedUpc },
    ]);
  });

  it('keeps the department rule on update: a row may not take the last department tag away', () => {
    const result = plan([{ row: 2, upc: '0001', tags: [department('')] }]);
    expect(result.problems).toEqual([{ row: 2, field: 'Department', message: MESSAGES.requiredTags }]);
  });
});

describe('parsing a cell', () => {
  it('reads Promoted as a person writes it', () => {
    expect(['Yes', 'y', 'TRUE', '1'].map(parsePromoted)).toEqual([true, true, true, true]);
    expect(['No', 'n', 'false', '0', ' '].map(parsePromoted)).toEqual([false, false, false, false, false]);
    expect(parsePromoted('sometimes')).toBeUndefined();
  });

  it('turns an exported image URL into the path records keep', () => {
    expect(imagePath(`https://shop.example${IMG}`)).toBe(IMG);
    expect(imagePath(` ${IMG} `)).toBe(IMG);
    expect(imagePath('not a url')).toBe('not a url');
  });
});

describe('the item facts from a till', () => {
  const now = new Date('2026-05-10T15:00:00.000Z');
  const stamped = '2026-05-10T15:00:00.000Z';
  const factsCatalogue: ImportCatalogue = {
    ...catalogue,
    items: [{ id: 'vodka', updatedAt: 'u', name: 'Vodka', upc: '0100', tags: ['liquor'], sizeMl: 750, abv: 40, stock: 6 }],
  };
  const planFacts = (rows: ItemImportRow[]) => planItemImport(rows, factsCatalogue, images, now);

  it('reads sizes, ABV, vintages and quantities as tills write them', () => {
    const rows: ItemImportRow[] = [
      { ...newItem, row: 2, size: '750ML', abv: '13.5%', vintage: 'nv', quantity: '1,200' },
      { ...newItem, row: 3, size: '1.75 LTR', abv: '', vintage: '2019', quantity: '12.00' },
      { ...newItem, row: 4, size: '3L BOX', quantity: '' },
      { ...newItem, row: 5, size: '4PK 250ML' },
    ];
    const result = planFacts(rows);
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.writes.map((write) => write.fields)).toEqual([
      expect.objectContaining({ sizeMl: 750, abv: 13.5, vintage: 'NV', stock: 1200, stockCountedAt: stamped }),
      expect.objectContaining({ sizeMl: 1750, vintage: '2019', stock: 12, stockCountedAt: stamped }),
      expect.objectContaining({ sizeMl: 3000 }),
      expect.objectContaining({ sizeMl: 250, packCount: 4 }),
    ]);
    expect(result.writes[1]!.fields).not.toHaveProperty('abv');
    expect(result.writes[0]!.fields).not.toHaveProperty('packCount');
    expect(result.writes[2]!.fields).not.toHaveProperty('stock');
    expect(result.writes[2]!.fields).not.toHaveProperty('stockCountedAt');
  });

  it('imports a negative quantity as 0 with a warning', () => {
    const result = planFacts([{ row: 2, upc: '0100', quantity: '-3' }]);
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([{ row: 2, field: 'Quantity', message: 'A quantity of -3 is imported as 0 (out of stock)' }]);
    expect(result.writes).toEqual([
      { row: 2, op: 'update', id: 'vodka', expectUpdatedAt: 'u', fields: { stock: 0, stockCountedAt: stamped } },
    ]);
  });

  it('on an update writes the facts that change, and a quantity always stamps the count time', () => {
    const same = planFacts([{ row: 2, upc: '0100', size: '750 ml', abv: '40', quantity: '6' }]);
    expect(same.outcomes).toEqual(['update']);
    expect(same.writes[0]!.fields).toEqual({ stockCountedAt: stamped });
    const resized = planFacts([{ row: 2, upc: '0100', size: '1.75L' }]);
    expect(resized.writes[0]!.fields).toEqual({ sizeMl: 1750, packCount: null });
    expect(planFacts([{ row: 2, upc: '0100', size: '', abv: '', vintage: '', quantity: '' }]).outcomes).toEqual(['unchanged']);
  });

  it('refuses what is not a fact, naming the column, and writes nothing', () => {
    const result = planFacts([
      { row: 2, upc: '0100', size: '750' },
      { row: 3, upc: '0100-b', name: 'Gin', price: '20', description: 'x', img: IMG, tags: [department('Liquor')], abv: '140' },
      { row: 4, upc: '0100-c', name: 'Wine', price: '20', description: 'x', img: IMG, tags: [department('Wine')], vintage: '19' },
      { row: 5, upc: '0100-d', name: 'Rum', price: '20', description: 'x', img: IMG, tags: [department('Liquor')], quantity: '2.5' },
    ]);
    expect(result.problems).toEqual([
      { row: 2, field: 'Size', message: BOTTLE_SIZE_MESSAGES.size },
      { row: 3, field: 'ABV', message: ITEM_FACT_MESSAGES.abv },
      { row: 4, field: 'Vintage', message: ITEM_FACT_MESSAGES.vintage() },
      { row: 5, field: 'Quantity', message: STOCK_MESSAGES.stock },
    ]);
    expect(result.writes).toEqual([]);
  });

  it('reads quantities: thousands, zero decimals, negatives as 0', () => {
    expect(readQuantity('1,200')).toEqual({ stock: '1200', negative: false });
    expect(readQuantity(' 7 ')).toEqual({ stock: '7', negative: false });
    expect(readQuantity('12.00')).toEqual({ stock: '12', negative: false });
    expect(readQuantity('-2')).toEqual({ stock: '0', negative: true });
    expect(readQuantity('-0')).toEqual({ stock: '0', negative: false });
    expect(readQuantity('2.5')).toEqual({ stock: '2.5', negative: false });
    expect(readQuantity('')).toEqual({ stock: '', negative: false });
  });
});
