import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICE_BOUNDARIES,
  isFormerPriceCategory,
  PRICE_BOUNDARY_MESSAGES,
  priceBoundariesOf,
  priceBoundariesProblem,
  priceRangeOf,
  priceRanges,
} from './price-ranges';

describe('price ranges from boundaries', () => {
  it('the default boundaries give Under $20, $20 to $40 and Over $40', () => {
    expect(priceRanges(DEFAULT_PRICE_BOUNDARIES)).toEqual([
      { id: 'price-under-20', name: 'Under $20', min: null, max: 20 },
      { id: 'price-20-40', name: '$20 to $40', min: 20, max: 40 },
      { id: 'price-over-40', name: 'Over $40', min: 40, max: null },
    ]);
  });

  it('one boundary gives two ranges, six give seven, none gives none; large amounts read with commas', () => {
    expect(priceRanges([50]).map((range) => range.name)).toEqual(['Under $50', 'Over $50']);
    expect(priceRanges([10, 20, 30, 50, 100, 1000]).map((range) => range.name)).toEqual([
      'Under $10',
      '$10 to $20',
      '$20 to $30',
      '$30 to $50',
      '$50 to $100',
      '$100 to $1,000',
      'Over $1,000',
    ]);
    expect(priceRanges([])).toEqual([]);
  });

  it('puts each price in the range it falls in; a price on a boundary in the range that starts there', () => {
    const ranges = priceRanges([20, 40]);
    const rangeOf = (price: number | null) => priceRangeOf(price, ranges)?.name;
    expect(rangeOf(0.5)).toBe('Under $20');
    expect(rangeOf(19.99)).toBe('Under $20');
    expect(rangeOf(20)).toBe('$20 to $40');
    expect(rangeOf(39.99)).toBe('$20 to $40');
    expect(rangeOf(40)).toBe('Over $40');
    expect(rangeOf(45)).toBe('Over $40');
    expect(rangeOf(null)).toBeUndefined();
    expect(priceRangeOf(Number.NaN, ranges)).toBeUndefined();
    expect(priceRangeOf(12, [])).toBeUndefined();
  });
});

describe('which boundaries may be stored (the editor and the server)', () => {
  it('accepts none (the default), an empty list (no price filter) and up to six ascending whole dollars', () => {
    expect(priceBoundariesProblem(null)).toBeNull();
    expect(priceBoundariesProblem(undefined)).toBeNull();
    expect(priceBoundariesProblem([])).toBeNull();
    expect(priceBoundariesProblem([20, 40])).toBeNull();
    expect(priceBoundariesProblem([1, 2, 3, 4, 5, 100_000])).toBeNull();
  });

  it('refuses what is not ascending, positive, whole, in range or short enough, saying why', () => {
    expect(priceBoundariesProblem([40, 20])).toBe(PRICE_BOUNDARY_MESSAGES.ascending);
    expect(priceBoundariesProblem([20, 20])).toBe(PRICE_BOUNDARY_MESSAGES.ascending);
    expect(priceBoundariesProblem([0, 20])).toBe(PRICE_BOUNDARY_MESSAGES.whole);
    expect(priceBoundariesProblem([-5])).toBe(PRICE_BOUNDARY_MESSAGES.whole);
    expect(priceBoundariesProblem([19.5])).toBe(PRICE_BOUNDARY_MESSAGES.whole);
    expect(priceBoundariesProblem([100_001])).toBe(PRICE_BOUNDARY_MESSAGES.whole);
    expect(priceBoundariesProblem(['20'])).toBe(PRICE_BOUNDARY_MESSAGES.whole);
    expect(priceBoundariesProblem([20, null])).toBe(PRICE_BOUNDARY_MESSAGES.whole);
    expect(priceBoundariesProblem([1, 2, 3, 4, 5, 6, 7])).toBe(PRICE_BOUNDARY_MESSAGES.count);
    expect(priceBoundariesProblem('20,40')).toBe(PRICE_BOUNDARY_MESSAGES.list);
    expect(PRICE_BOUNDARY_MESSAGES.whole).toBe('Each price boundary is a whole number of dollars from 1 to 100,000');
  });

  it('a shop uses its stored boundaries when valid, the default otherwise', () => {
    expect(priceBoundariesOf(null)).toEqual([20, 40]);
    expect(priceBoundariesOf({ priceBoundaries: null })).toEqual([20, 40]);
    expect(priceBoundariesOf({ priceBoundaries: [25, 50, 100] })).toEqual([25, 50, 100]);
    expect(priceBoundariesOf({ priceBoundaries: [] })).toEqual([]);
    expect(priceBoundariesOf({ priceBoundaries: [50, 25] })).toEqual([20, 40]);
  });

  it('a category named Price, in any case, is the former price filter', () => {
    expect(isFormerPriceCategory('Price')).toBe(true);
    expect(isFormerPriceCategory(' PRICE ')).toBe(true);
    expect(isFormerPriceCategory('Price band')).toBe(false);
  });
});
