/** The Google feeds' rows (decision 0379), without a server: the battery (tests/support/google-feeds-battery.ts) runs them on both backends. */
import { describe, expect, it } from 'vitest';
import {
  feedPlan,
  feedSummary,
  localInventoryFeed,
  pickupSlaOf,
  productsFeed,
  storeCodeProblem,
  tsvCell,
  FEED_MESSAGES,
} from './google-feeds';

const ITEMS = [
  { id: 'b', name: 'Bourbon', price: 30, upc: '036000291452', stock: 2, tags: ['liquor'] },
  { id: 'a', name: 'Cab', price: 12.5, upc: '4006381333931', stock: null, tags: ['wine'], sizeMl: 750, img: '/media/x.webp' },
  { id: 'c', name: 'No UPC', price: 10, upc: null },
  { id: 'd', name: 'Wrong check', price: 10, upc: '036000291453' },
  { id: 'e', name: 'No price', price: null, upc: '96385074' },
];

describe('the feeds', () => {
  it('lists items with a valid GTIN and a price, counts the rest once each, and says so in one line', () => {
    const plan = feedPlan(ITEMS);
    expect(plan.listed.map((item) => item.id)).toEqual(['a', 'b']);
    expect([plan.noUpc, plan.noPrice]).toEqual([2, 1]);
    expect(feedSummary(plan)).toBe('Google feeds: 2 items listed, 3 left out (no UPC: 2, no price: 1)');
    expect(feedSummary(feedPlan([ITEMS[0]!]))).toBe('Google feeds: 1 item listed, 0 left out (no UPC: 0, no price: 0)');
  });

  it('writes the rows with absolute links, "12.50 USD" prices, the alcohol categories and no sale price', () => {
    const text = productsFeed(feedPlan(ITEMS), 'https://shop.example', { name: 'Shop', place: 'Patterson, NY' });
    const [header, first, second] = text.trimEnd().split('\n');
    expect(header).not.toMatch(/sale/);
    expect(first!.split('\t')).toEqual([
      'a',
      'Cab, 750 mL',
      'Cab, 750 mL at Shop in Patterson, NY.',
      'https://shop.example/item/a',
      'https://shop.example/media/x.webp',
      'in_stock',
      '12.50 USD',
      '4006381333931',
      '',
      'new',
      'Food, Beverages & Tobacco > Beverages > Alcoholic Beverages > Wine',
    ]);
    expect(second!.split('\t')[5]).toBe('in_stock');
  });

  it('gives the local inventory the store code, the offered quantity and reserve pickup; no rows without a store code', () => {
    const plan = feedPlan(ITEMS);
    const rows = localInventoryFeed(plan, 'PAT-1', 60).trimEnd().split('\n');
    expect(rows.slice(1)).toEqual([
      'PAT-1\ta\tin_stock\t\t12.50 USD\treserve\tsame day',
      'PAT-1\tb\tlimited_availability\t2\t30.00 USD\treserve\tsame day',
    ]);
    expect(localInventoryFeed(plan, null, 60).trimEnd().split('\n')).toHaveLength(1);
    expect(localInventoryFeed(plan, 'bad code', 60).trimEnd().split('\n')).toHaveLength(1);
    expect([pickupSlaOf(240), pickupSlaOf(241)]).toEqual(['same day', 'next day']);
  });

  it('makes a cell of any text: no tab or line break survives', () => {
    expect(tsvCell('a\tb\r\nc\u2028d   e')).toBe('a b c d e');
    expect([tsvCell(null), tsvCell(0)]).toEqual(['', '0']);
  });

  it('accepts a store code as Business Profile writes one, and refuses anything that could break a row', () => {
    for (const good of [null, undefined, '', 'PATTERSON-1', 'store_22.b']) expect(storeCodeProblem(good)).toBeNull();
    for (const bad of ['a b', 'a\tb', 'a\nb', 'x'.repeat(65), 12]) expect(storeCodeProblem(bad)).toBe(FEED_MESSAGES.storeCode);
  });
});
