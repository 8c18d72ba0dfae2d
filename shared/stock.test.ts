import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  heldOverCount,
  mayBeInStock,
  moveStock,
  offeredStock,
  shelfCount,
  staffStockText,
  STOCK_MESSAGES,
  stockCountedPhrase,
  stockProblem,
  stockStatus,
  timeAgo,
} from './stock';

describe('stockStatus', () => {
  it('says nothing when the stock is not counted', () => {
    expect(stockStatus(null)).toBeNull();
    expect(stockStatus(undefined)).toBeNull();
  });

  it('says out of stock at 0, only N left from 3 down to 1, and in stock above', () => {
    expect(stockStatus(0)).toEqual({ level: 'out', label: 'Out of stock' });
    expect(stockStatus(1)).toEqual({ level: 'low', label: 'Only 1 left' });
    expect(stockStatus(2)).toEqual({ level: 'low', label: 'Only 2 left' });
    expect(stockStatus(3)).toEqual({ level: 'low', label: 'Only 3 left' });
    expect(stockStatus(4)).toEqual({ level: 'in', label: 'In stock' });
    expect(stockStatus(250)).toEqual({ level: 'in', label: 'In stock' });
  });

  it('counts a negative stock (a till that oversold) as out of stock', () => {
    expect(stockStatus(-2)).toEqual({ level: 'out', label: 'Out of stock' });
  });

  it('treats an uncounted item as possibly in stock and a count of 0 as not', () => {
    expect(mayBeInStock(null)).toBe(true);
    expect(mayBeInStock(2)).toBe(true);
    expect(mayBeInStock(0)).toBe(false);
  });
});

describe('stock counted', () => {
  const now = new Date('2026-05-10T15:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const minutes = 60_000;
  const hours = 60 * minutes;
  const days = 24 * hours;

  it('says how long ago in whole units', () => {
    expect(timeAgo(ago(10_000), now)).toBe('just now');
    expect(timeAgo(ago(1 * minutes), now)).toBe('1 minute ago');
    expect(timeAgo(ago(59 * minutes), now)).toBe('59 minutes ago');
    expect(timeAgo(ago(1 * hours), now)).toBe('1 hour ago');
    expect(timeAgo(ago(2 * hours + 59 * minutes), now)).toBe('2 hours ago');
    expect(timeAgo(ago(1 * days), now)).toBe('1 day ago');
    expect(timeAgo(ago(29 * days), now)).toBe('29 days ago');
    expect(timeAgo(ago(65 * days), now)).toBe('2 months ago');
    expect(timeAgo(ago(400 * days), now)).toBe('1 year ago');
    expect(timeAgo(new Date(now.getTime() + 5 * minutes), now)).toBe('just now');
  });

  it('phrases the count time, and nothing without one', () => {
    expect(stockCountedPhrase('2026-05-10T13:00:00.000Z', now)).toBe('Stock counted 2 hours ago');
    expect(stockCountedPhrase('2026-05-10T13:00:00.000Z', now, 5)).toBe('Stock counted 2 hours ago');
    expect(stockCountedPhrase('2026-05-10T13:00:00.000Z', now, null)).toBeNull();
    expect(stockCountedPhrase(null, now)).toBeNull();
    expect(stockCountedPhrase('', now)).toBeNull();
    expect(stockCountedPhrase('yesterday', now)).toBeNull();
  });
});

describe('stockProblem', () => {
  it('allows null and whole numbers from 0', () => {
    for (const stock of [null, undefined, 0, 1, 1_000_000]) expect(stockProblem(stock)).toBeNull();
  });
  it('refuses negatives, fractions, text and huge counts', () => {
    for (const stock of [-1, 2.5, '3', 1_000_001, Number.POSITIVE_INFINITY])
      expect(stockProblem(stock), String(stock)).toBe(STOCK_MESSAGES.stock);
  });
});

describe('the two facts of stock (decision 0367)', () => {
  it('offers the count less what is held, never below 0, and nothing of an item not counted', () => {
    expect(offeredStock(6, 2)).toBe(4);
    expect(offeredStock(1, 3)).toBe(0);
    expect(offeredStock(null, 2)).toBeNull();
  });

  it('reads the shelf of an item stored before the facts were kept apart as its stock plus its holds', () => {
    expect(shelfCount({ stock: 4, heldStock: 2 })).toBe(6);
    expect(shelfCount({ stock: 0, shelfStock: 1, heldStock: 3 })).toBe(1);
    expect(shelfCount({ stock: null })).toBeNull();
  });

  it('moves only the fact each change is about: holds, releases, pick-ups and counts', () => {
    const counted = moveStock({ heldStock: 2 }, { kind: 'count', shelf: 6 });
    expect(counted).toEqual({ shelfStock: 6, heldStock: 2, stock: 4 });
    expect(moveStock(counted, { kind: 'hold', units: 3 })).toEqual({ shelfStock: 6, heldStock: 5, stock: 1 });
    expect(moveStock(counted, { kind: 'release', units: 2 })).toEqual({ shelfStock: 6, heldStock: 0, stock: 6 });
    expect(moveStock(counted, { kind: 'pickUp', units: 2 })).toEqual({ shelfStock: 4, heldStock: 0, stock: 4 });
    // The till counted fewer than are held: nothing offered until enough holds end.
    const short = moveStock({ shelfStock: 6, heldStock: 5, stock: 1 }, { kind: 'count', shelf: 3 });
    expect(short).toEqual({ shelfStock: 3, heldStock: 5, stock: 0 });
    expect(moveStock(short, { kind: 'release', units: 1 })).toEqual({ shelfStock: 3, heldStock: 4, stock: 0 });
    expect(moveStock(short, { kind: 'release', units: 3 })).toEqual({ shelfStock: 3, heldStock: 2, stock: 1 });
  });

  it('keeps offered = max(0, counted - held) and the holds at 0 or more, whatever the order of changes', () => {
    const move = fc.oneof(
      fc.record({ kind: fc.constantFrom('hold' as const, 'release' as const, 'pickUp' as const), units: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('count' as const), shelf: fc.option(fc.integer({ min: 0, max: 20 })) }),
    );
    fc.assert(
      fc.property(fc.array(move, { maxLength: 30 }), (moves) => {
        let facts = moveStock({}, { kind: 'count', shelf: 5 });
        for (const next of moves) {
          facts = moveStock(facts, next);
          expect(facts.heldStock).toBeGreaterThanOrEqual(0);
          expect(facts.stock).toBe(facts.shelfStock === null ? null : Math.max(0, facts.shelfStock - facts.heldStock));
        }
      }),
    );
  });

  it('tells staff the count, what is held and what is offered', () => {
    expect(staffStockText({ shelfStock: 6, heldStock: 2, stock: 4 })).toBe('6 on the shelf, 2 held, 4 offered');
    expect(staffStockText({ shelfStock: 6, heldStock: 0, stock: 6 })).toBe('6 on the shelf');
    expect(staffStockText({ stock: null, heldStock: 1 })).toBe('Not counted, 1 held');
    expect(staffStockText({ stock: null })).toBeNull();
  });
});

describe('held over the count (decisions 0367, 0378)', () => {
  it('is the count and the holds when more are held than the shelf counts, else null', () => {
    expect(heldOverCount({ shelfStock: 1, heldStock: 3 })).toEqual({ counted: 1, held: 3 });
    expect(heldOverCount({ shelfStock: 0, heldStock: 1 })).toEqual({ counted: 0, held: 1 });
    expect(heldOverCount({ shelfStock: 3, heldStock: 3 })).toBeNull();
    expect(heldOverCount({ shelfStock: 5, heldStock: null })).toBeNull();
    // Not counted: nothing to be short of.
    expect(heldOverCount({ shelfStock: null, stock: null, heldStock: 4 })).toBeNull();
    // Stored before the two facts: the shelf is what is offered plus the holds, never short.
    expect(heldOverCount({ stock: 0, heldStock: 2 })).toBeNull();
  });

  it('names the reservation’s line as staff read it', () => {
    expect(STOCK_MESSAGES.shortReservation(1, 'Pickup Merlot, 750 mL', 3)).toBe('Short: the till counts 1 Pickup Merlot, 750 mL, 3 held');
  });
});
