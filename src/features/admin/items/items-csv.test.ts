import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AdminItem } from './item-rules';
import { adminItem } from './test-items';
import { itemsToCsv } from './items-csv';
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
    expect(csv.startsWith('\uFEFF"Name","Price","UPC","Promoted","Description","Image URL","Department","Region"\r\n')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe('"Plain","12.00","","No","","","Wine",""');
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
    });
    const [header, row] = parse(itemsToCsv([awkward], groups, 'https://shop.example'));
    expect(header).toEqual(['Name', 'Price', 'UPC', 'Promoted', 'Description', 'Image URL', 'Department', 'Region']);
    expect(row).toEqual([
      'Château d\'Yquem, "Sauternes" 2015',
      '389.50',
      '0123456789012',
      'Yes',
      'Golden, honeyed.\nServe at 10–12 °C; pairs with Roquefort.',
      'https://shop.example/media/items/abc.png',
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

  it('leaves out tags no category lists', () => {
    const [, row] = parse(itemsToCsv([item({ tags: ['wine', 'gone'] })], groups, 'https://shop.example'));
    expect(row?.slice(6)).toEqual(['Wine', '']);
  });
});
