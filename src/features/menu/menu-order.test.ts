import { describe, expect, it } from 'vitest';
import { filterMenuItems, indexMenuItems, type MenuItem } from './menu-filter';
import { orderMenuIndex, parseMenuSort } from './menu-order';

const item = (id: string, name: string, facts: Partial<MenuItem> = {}): MenuItem => ({
  id,
  name,
  price: null,
  img: null,
  tags: ['liquor'],
  ...facts,
});

// Two sizes of one vodka, counted and uncounted stock, one without a price, created on four days.
const items = [
  item('big-vodka', 'Tito Vodka', { price: 34.99, sizeMl: 1750, stock: 12, createdAt: '2026-01-04T00:00:00.000Z' }),
  item('vodka', 'Tito Vodka', { price: 19.99, sizeMl: 750, stock: 2, createdAt: '2026-01-01T00:00:00.000Z' }),
  item('gin', 'Aviation Gin', { price: 29.5, sizeMl: 750, stock: 0, createdAt: '2026-01-03T00:00:00.000Z' }),
  item('rum', 'Bacardi Rum', { price: 15, sizeMl: 1000, stock: null, createdAt: '2026-01-02T00:00:00.000Z' }),
  item('mezcal', 'Zafiro Mezcal', { price: null, sizeMl: 750, stock: 5 }),
];
const index = indexMenuItems(items, 'liquor');
const ids = (sort: Parameters<typeof orderMenuIndex>[1], inStock = false) =>
  orderMenuIndex(index, sort, inStock).map((entry) => entry.item.id);

describe('orderMenuIndex', () => {
  it('featured: by name, sizes from the smallest, out of stock after the others (not counted is not out)', () => {
    expect(ids('featured')).toEqual(['rum', 'vodka', 'big-vodka', 'mezcal', 'gin']);
  });

  it('price both ways, exactly as asked: out of stock in its place, no price after the others', () => {
    expect(ids('price-asc')).toEqual(['rum', 'vodka', 'gin', 'big-vodka', 'mezcal']);
    expect(ids('price-desc')).toEqual(['big-vodka', 'gin', 'vodka', 'rum', 'mezcal']);
  });

  it('name and newest (no creation time after the others)', () => {
    expect(ids('name')).toEqual(['gin', 'rum', 'vodka', 'big-vodka', 'mezcal']);
    expect(ids('newest')).toEqual(['big-vodka', 'gin', 'rum', 'vodka', 'mezcal']);
  });

  it('"In stock only" hides what is counted out and keeps what is not counted', () => {
    expect(ids('featured', true)).toEqual(['rum', 'vodka', 'big-vodka', 'mezcal']);
    expect(ids('price-desc', true)).toEqual(['big-vodka', 'vodka', 'rum', 'mezcal']);
  });

  it('leaves the index as it was, and filtering keeps the order', () => {
    const before = index.map((entry) => entry.item.id);
    const ordered = orderMenuIndex(index, 'price-asc', false);
    expect(index.map((entry) => entry.item.id)).toEqual(before);
    expect(filterMenuItems(ordered, [], 'a').map((entry) => entry.id)).toEqual(['rum', 'vodka', 'gin', 'big-vodka', 'mezcal']);
    expect(filterMenuItems(ordered, [], 'tito').map((entry) => entry.id)).toEqual(['vodka', 'big-vodka']);
  });

  it('orders 5,000 items by price in stock only, the equal ones kept in menu order (its speed: bench/scale.ts)', () => {
    const many = indexMenuItems(
      Array.from({ length: 5000 }, (_, n) =>
        item(`i${n}`, `Item ${(n * 7919) % 5000}`, { price: (n * 31) % 200, stock: n % 9 === 0 ? 0 : n % 5, sizeMl: 750 }),
      ),
      'liquor',
    );
    const position = new Map(many.map((entry, at) => [entry.item.id, at]));
    const ordered = orderMenuIndex(many, 'price-asc', true);
    expect(ordered.length).toBe(many.filter((entry) => entry.item.stock !== 0).length);
    for (let at = 1; at < ordered.length; at += 1) {
      const [before, after] = [ordered[at - 1]!.item, ordered[at]!.item];
      expect(before.price! <= after.price!).toBe(true);
      if (before.price === after.price) expect(position.get(before.id)! < position.get(after.id)!).toBe(true);
    }
  });
});

describe('parseMenuSort', () => {
  it('reads the five orders and treats anything else as featured', () => {
    for (const sort of ['featured', 'price-asc', 'price-desc', 'name', 'newest']) expect(parseMenuSort(sort)).toBe(sort);
    for (const other of [null, '', 'PRICE-ASC', 'toString', '__proto__', 'price']) expect(parseMenuSort(other)).toBe('featured');
  });
});
