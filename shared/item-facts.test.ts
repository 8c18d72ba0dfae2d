import { describe, expect, it } from 'vitest';
import { BOTTLE_SIZE_MESSAGES } from './bottle-size';
import { ITEM_FACT_MESSAGES, itemFactsProblem, parseAbv, parseStock, parseVintage } from './item-facts';
import { STOCK_MESSAGES } from './stock';

const now = new Date('2026-05-10T15:00:00Z');

describe('parsing what the editor holds', () => {
  it('reads ABV as a percentage', () => {
    expect(parseAbv('13.5')).toBe(13.5);
    expect(parseAbv('40%')).toBe(40);
    expect(parseAbv(' 0 ')).toBe(0);
    expect(parseAbv('100')).toBe(100);
    expect(parseAbv('.5')).toBe(0.5);
    expect(parseAbv('12.345')).toBe(12.35);
    expect(parseAbv('')).toBeNull();
    for (const bad of ['100.1', '-1', 'strong', '1e1', 'Infinity', '13,5']) expect(parseAbv(bad), bad).toBeNaN();
  });

  it('reads a vintage as a year or NV', () => {
    expect(parseVintage('2019', now)).toBe('2019');
    expect(parseVintage('1800', now)).toBe('1800');
    expect(parseVintage('2027', now)).toBe('2027');
    for (const nv of ['NV', 'nv', 'N/V', 'Non-vintage', 'non vintage']) expect(parseVintage(nv, now), nv).toBe('NV');
    expect(parseVintage(' ', now)).toBeNull();
    for (const bad of ['1799', '2028', '19', '2019a', "'19", 'old']) expect(parseVintage(bad, now), bad).toBeUndefined();
  });

  it('reads units in stock as a whole count', () => {
    expect(parseStock('12')).toBe(12);
    expect(parseStock('0')).toBe(0);
    expect(parseStock('')).toBeNull();
    for (const bad of ['-1', '2.5', 'ten', '1000001']) expect(parseStock(bad), bad).toBeNaN();
  });
});

describe('itemFactsProblem', () => {
  it('allows good facts, cleared facts and writes without facts', () => {
    expect(
      itemFactsProblem(
        { sizeMl: 750, packCount: null, abv: 13.5, vintage: '2019', stock: 4, stockCountedAt: '2026-05-10T13:00:00.000Z' },
        now,
      ),
    ).toBeNull();
    expect(itemFactsProblem({ sizeMl: 250, packCount: 4, abv: 0, vintage: 'NV', stock: 0 }, now)).toBeNull();
    expect(
      itemFactsProblem({ sizeMl: null, packCount: null, abv: null, vintage: null, stock: null, stockCountedAt: null }, now),
    ).toBeNull();
    expect(itemFactsProblem({ name: 'Merlot' }, now)).toBeNull();
  });

  it('refuses each bad fact with its message', () => {
    expect(itemFactsProblem({ sizeMl: 0 }, now)).toBe(BOTTLE_SIZE_MESSAGES.sizeRange);
    expect(itemFactsProblem({ sizeMl: 750.5 }, now)).toBe(BOTTLE_SIZE_MESSAGES.sizeRange);
    expect(itemFactsProblem({ packCount: 0 }, now)).toBe(BOTTLE_SIZE_MESSAGES.packRange);
    expect(itemFactsProblem({ abv: 100.5 }, now)).toBe(ITEM_FACT_MESSAGES.abv);
    expect(itemFactsProblem({ abv: -1 }, now)).toBe(ITEM_FACT_MESSAGES.abv);
    expect(itemFactsProblem({ abv: '13' }, now)).toBe(ITEM_FACT_MESSAGES.abv);
    expect(itemFactsProblem({ vintage: '2028' }, now)).toBe('Vintage must be a year from 1800 to 2027, or NV');
    expect(itemFactsProblem({ vintage: 'nv' }, now)).toBe(ITEM_FACT_MESSAGES.vintage(now));
    expect(itemFactsProblem({ vintage: '' }, now)).toBe(ITEM_FACT_MESSAGES.vintage(now));
    expect(itemFactsProblem({ vintage: 2019 }, now)).toBe(ITEM_FACT_MESSAGES.vintage(now));
    expect(itemFactsProblem({ stock: -1 }, now)).toBe(STOCK_MESSAGES.stock);
    expect(itemFactsProblem({ stock: 1.5 }, now)).toBe(STOCK_MESSAGES.stock);
    expect(itemFactsProblem({ stockCountedAt: 'soon' }, now)).toBe(ITEM_FACT_MESSAGES.stockCountedAt);
  });
});
