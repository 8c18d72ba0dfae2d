import { describe, expect, it } from 'vitest';
import {
  isSaleBadgeShown,
  isSaleShown,
  MAX_PRICE_HISTORY,
  newYorkMonthEnd,
  newYorkMonthIndex,
  nextPriceHistory,
  priceChangesOf,
  SALE_MESSAGES,
  saleEndsAtOf,
  saleProblem,
  saleThreshold,
  saleWriteOf,
} from './sale-rule';

/** An entry as the server stores it. */
const at = (iso: string, price: number) => `${new Date(iso).toISOString()} ${price}`;

describe('the Sale rule (9 NYCRR §99.6)', () => {
  const thanksgiving = new Date('2026-11-26T15:00:00Z');

  it('compares with the two previous calendar months: on 2026-11-26, September and October', () => {
    const history = [at('2026-06-01T16:00:00Z', 29.99), at('2026-09-10T16:00:00Z', 27.99), at('2026-10-12T16:00:00Z', 24.99)];
    expect(saleThreshold(history, thanksgiving)).toEqual({ months: ['September', 'October'], lowest: 24.99 });
    expect(saleProblem(22.99, history, thanksgiving)).toBeNull();
    expect(saleProblem(25.99, history, thanksgiving)).toBe(
      'An item may be marked Sale only while its price is below the lowest price it had in September and October ($24.99)',
    );
  });

  it('counts the price in effect when the first month began, not only changes made within the months', () => {
    // $19.99 from August on: it was the price on September 1, so September's lowest is $19.99.
    const history = [at('2026-08-20T16:00:00Z', 19.99), at('2026-10-02T16:00:00Z', 30)];
    expect(saleThreshold(history, thanksgiving).lowest).toBe(19.99);
    expect(saleProblem(22.99, history, thanksgiving)).toMatch(/\(\$19\.99\)$/);
    // A price set before the months and never changed is the lowest of them.
    expect(saleThreshold([at('2026-01-05T16:00:00Z', 30)], thanksgiving).lowest).toBe(30);
  });

  it('ignores changes made in the current month: they belong to the months to come', () => {
    const history = [at('2026-08-01T16:00:00Z', 30), at('2026-11-02T16:00:00Z', 9.99)];
    expect(saleThreshold(history, thanksgiving).lowest).toBe(30);
    expect(saleProblem(9.99, history, thanksgiving)).toBeNull();
  });

  it('refuses an equal price: it must be below', () => {
    const history = [at('2026-08-01T16:00:00Z', 24.99)];
    expect(saleProblem(24.99, history, thanksgiving)).toBe(SALE_MESSAGES.notBelow(['September', 'October'], 24.99));
    expect(saleProblem(24.98, history, thanksgiving)).toBeNull();
    // Floating point does not make 0.1 + 0.2 "below" 0.3.
    expect(saleProblem(0.1 + 0.2, [at('2026-08-01T16:00:00Z', 0.3)], thanksgiving)).not.toBeNull();
  });

  it('refuses an item with no price known from before the first month: a new item', () => {
    expect(saleProblem(10, [], thanksgiving)).toBe(SALE_MESSAGES.noHistory(['September', 'October']));
    expect(saleProblem(10, null, thanksgiving)).toBe(SALE_MESSAGES.noHistory(['September', 'October']));
    // Created on September 3: no price on September 1.
    expect(saleProblem(10, [at('2026-09-03T16:00:00Z', 30)], thanksgiving)).toBe(SALE_MESSAGES.noHistory(['September', 'October']));
    expect(saleProblem(null, [at('2026-01-03T16:00:00Z', 30)], thanksgiving)).toBe(SALE_MESSAGES.noPrice);
  });

  it("counts months on New York's clock, not UTC's", () => {
    // 2026-09-01T02:00Z is still August 31 in New York (EDT, UTC-4): the price in effect on September 1.
    const history = [at('2026-09-01T02:00:00Z', 15), at('2026-09-01T05:00:00Z', 30)];
    expect(saleThreshold(history, thanksgiving).lowest).toBe(15);
    // 2026-12-01T03:00Z is November 30 in New York (EST, UTC-5): still November, so September and October.
    expect(saleThreshold(history, new Date('2026-12-01T03:00:00Z')).months).toEqual(['September', 'October']);
    expect(saleThreshold(history, new Date('2026-12-01T05:00:00Z')).months).toEqual(['October', 'November']);
    expect(newYorkMonthIndex('2026-03-01T04:59:59Z')).toBe(2026 * 12 + 1);
    expect(newYorkMonthIndex('2026-03-01T05:00:00Z')).toBe(2026 * 12 + 2);
  });

  it('crosses the year: in January, November and December', () => {
    const history = [at('2025-10-01T16:00:00Z', 40), at('2025-12-15T16:00:00Z', 35)];
    expect(saleThreshold(history, new Date('2026-01-10T16:00:00Z'))).toEqual({ months: ['November', 'December'], lowest: 35 });
  });

  it('lets the badge lapse by itself when the months roll over or the price goes back up', () => {
    const history = [at('2026-07-01T16:00:00Z', 30), at('2026-11-05T16:00:00Z', 25)];
    const item = { onSale: true, price: 25, priceHistory: history };
    expect(isSaleShown(item, thanksgiving)).toBe(true);
    // December: November had $25, so $25 is no longer below the lowest of October and November.
    expect(isSaleShown(item, new Date('2026-12-02T16:00:00Z'))).toBe(false);
    expect(isSaleShown({ ...item, price: 31 }, thanksgiving)).toBe(false);
    expect(isSaleShown({ ...item, onSale: false }, thanksgiving)).toBe(false);
    expect(isSaleShown({ ...item, onSale: null }, thanksgiving)).toBe(false);
  });
});

describe('the price history', () => {
  it('adds the new price with the time it was set', () => {
    expect(nextPriceHistory([], 12.5, new Date('2026-11-26T15:00:00Z'))).toEqual(['2026-11-26T15:00:00.000Z 12.5']);
    expect(nextPriceHistory(null, null, new Date('2026-11-26T15:00:00Z'))).toEqual([]);
  });

  it('leaves out what is not an entry', () => {
    expect(priceChangesOf(['yesterday 12', '2026-11-26T15:00:00Z -1', 7, '2026-11-26T15:00:00Z 9.5'])).toEqual([
      { at: '2026-11-26T15:00:00Z', price: 9.5 },
    ]);
  });

  it('stays bounded: one entry before the second previous month, the lowest and the last of each month since', () => {
    let history: string[] = [];
    // A price change every day for a year, down and up.
    for (let day = 0; day < 365; day += 1) {
      const now = new Date(Date.UTC(2026, 0, 1, 16) + day * 86_400_000);
      history = nextPriceHistory(history, 20 + (day % 7), now);
      expect(history.length).toBeLessThanOrEqual(MAX_PRICE_HISTORY);
    }
    const now = new Date(Date.UTC(2026, 0, 1, 16) + 364 * 86_400_000);
    // The rule gives the same answer as it would with every change kept: the lowest of October and November is $20.
    expect(saleThreshold(history, now)).toEqual({ months: ['October', 'November'], lowest: 20 });
    expect(priceChangesOf(history)[0]!.at < '2026-10-01').toBe(true);
  });

  it('keeps the price in effect when the second previous month began, and what later months need', () => {
    const history = [at('2026-05-01T16:00:00Z', 40), at('2026-06-10T16:00:00Z', 35), at('2026-08-20T16:00:00Z', 30)];
    const next = nextPriceHistory(history, 28, new Date('2026-11-26T15:00:00Z'));
    expect(next).toEqual([at('2026-08-20T16:00:00Z', 30), '2026-11-26T15:00:00.000Z 28']);
    // In January the months are November and December: November had $30 then $28.
    expect(saleThreshold(next, new Date('2027-01-05T16:00:00Z')).lowest).toBe(28);
  });
});

describe('when a Sale mark stops holding (decision 0295)', () => {
  const thanksgiving = new Date('2026-11-26T15:00:00Z');
  const history = [at('2026-06-01T16:00:00Z', 29.99)];

  it("is the end of this month on New York's clock: midnight New York time on the 1st, standard time", () => {
    // December 1 at 00:00 in New York is 05:00 UTC (EST).
    expect(newYorkMonthEnd(thanksgiving)).toBe('2026-12-01T05:00:00.000Z');
  });

  it('is 04:00 UTC when the next month begins under daylight time', () => {
    // April 1 2026: DST began on March 8, so midnight is 04:00 UTC.
    expect(newYorkMonthEnd(new Date('2026-03-20T12:00:00Z'))).toBe('2026-04-01T04:00:00.000Z');
    // The month in which DST ends (November 1 2026, 02:00) starts at 04:00 UTC, ends at 05:00 UTC.
    expect(newYorkMonthEnd(new Date('2026-10-31T12:00:00Z'))).toBe('2026-11-01T04:00:00.000Z');
    expect(newYorkMonthEnd(new Date('2026-11-01T12:00:00Z'))).toBe('2026-12-01T05:00:00.000Z');
  });

  it('crosses the year', () => {
    expect(newYorkMonthEnd(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01T05:00:00.000Z');
  });

  it("follows New York's month, not UTC's, in the hours they differ", () => {
    // 2026-12-01T03:00Z is still November 30 in New York; 2026-12-01T05:00Z is December 1.
    expect(newYorkMonthEnd(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12-01T05:00:00.000Z');
    expect(newYorkMonthEnd(new Date('2026-12-01T05:00:00Z'))).toBe('2027-01-01T05:00:00.000Z');
    expect(newYorkMonthEnd(new Date('2026-12-01T04:59:59.999Z'))).toBe('2026-12-01T05:00:00.000Z');
  });

  it('is set only when the item is marked and the rule holds now; null otherwise', () => {
    expect(saleEndsAtOf(true, 24.99, history, thanksgiving)).toBe('2026-12-01T05:00:00.000Z');
    expect(saleEndsAtOf(false, 24.99, history, thanksgiving)).toBeNull();
    expect(saleEndsAtOf(true, 29.99, history, thanksgiving)).toBeNull();
    expect(saleEndsAtOf(true, 24.99, [], thanksgiving)).toBeNull();
  });

  it('agrees with the rule judged from the history until it ends, and not after', () => {
    // Marked on November 26 at $24.99; the history then records that price in November.
    const write = saleWriteOf(
      'update',
      { price: 29.99, priceHistory: history, updatedAt: '2026-06-01T16:00:00Z' },
      { price: 24.99, onSale: true },
      thanksgiving,
    );
    expect(write.problem).toBeNull();
    const item = { onSale: true, price: 24.99, priceHistory: write.history, saleEndsAt: write.saleEndsAt };
    for (const now of ['2026-11-26T15:00:00Z', '2026-12-01T04:59:59Z', '2026-12-01T05:00:00Z', '2027-01-10T12:00:00Z']) {
      expect(isSaleBadgeShown(item, new Date(now))).toBe(isSaleShown(item, new Date(now)));
    }
    expect(isSaleBadgeShown(item, new Date('2026-11-30T23:00:00Z'))).toBe(true);
    expect(isSaleBadgeShown(item, new Date('2026-12-01T05:00:00Z'))).toBe(false);
  });

  it('is worked out by every write that sets the price or the mark, and left alone by others', () => {
    const before = { price: 24.99, onSale: true, priceHistory: history, updatedAt: '2026-06-01T16:00:00Z' };
    expect(saleWriteOf('update', before, { stock: 3 }, thanksgiving).saleEndsAt).toBeUndefined();
    expect(saleWriteOf('update', before, { onSale: false }, thanksgiving).saleEndsAt).toBeNull();
    // The price goes back up while the item is marked: the mark stays, its badge ends now.
    expect(saleWriteOf('update', before, { price: 31 }, thanksgiving).saleEndsAt).toBeNull();
    expect(saleWriteOf('update', before, { price: 23 }, thanksgiving).saleEndsAt).toBe('2026-12-01T05:00:00.000Z');
    expect(saleWriteOf('create', null, { price: 23 }, thanksgiving).saleEndsAt).toBeNull();
  });

  it('shows no badge without a time, with one that is not a time, or when not marked', () => {
    const now = new Date('2026-11-26T15:00:00Z');
    expect(isSaleBadgeShown({ onSale: true, saleEndsAt: null }, now)).toBe(false);
    expect(isSaleBadgeShown({ onSale: true, saleEndsAt: 'soon' }, now)).toBe(false);
    expect(isSaleBadgeShown({ onSale: false, saleEndsAt: '2026-12-01T05:00:00.000Z' }, now)).toBe(false);
    expect(isSaleBadgeShown({ onSale: true, saleEndsAt: '2026-12-01T05:00:00.000Z' }, now)).toBe(true);
  });
});
