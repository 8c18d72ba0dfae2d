import { describe, it, expect } from 'vitest';
import { ELLIPSIS, eventDateParts, formatEventTime, formatPrice, parseLocalDate, toLocalIsoDate, truncateName } from './format';

describe('truncateName', () => {
  it('keeps a name of at most max characters as it is', () => {
    expect(truncateName('Merlot', 7)).toBe('Merlot');
    expect(truncateName('Chianti', 7)).toBe('Chianti');
  });

  it('cuts a longer name to max characters and adds an ellipsis', () => {
    expect(truncateName('Cabernet Sauvignon', 7)).toBe(`Caberne${ELLIPSIS}`);
    expect(truncateName('Pinot Noir', 7)).toBe('Pinot N...');
  });

  it('supports other lengths', () => {
    expect(truncateName('Kentucky Straight Bourbon', 18)).toBe('Kentucky Straight ...');
    expect(truncateName('Kentucky Bourbon', 18)).toBe('Kentucky Bourbon');
  });

  it('never splits a character made of two code units', () => {
    expect(truncateName('Rosé 🍷 Provence', 6)).toBe('Rosé 🍷...');
  });

  it('gives an empty string for a missing name', () => {
    expect(truncateName('', 7)).toBe('');
    expect(truncateName(null, 7)).toBe('');
    expect(truncateName(undefined, 7)).toBe('');
  });
});

describe('formatPrice', () => {
  it('formats US dollars with two decimals', () => {
    expect(formatPrice(12.99)).toBe('$12.99');
    expect(formatPrice(7)).toBe('$7.00');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(19.5)).toBe('$19.50');
  });

  it('rounds to cents and groups thousands', () => {
    expect(formatPrice(3.456)).toBe('$3.46');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
  });

  it('gives an empty string for an unknown price', () => {
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(undefined)).toBe('');
    expect(formatPrice(Number.NaN)).toBe('');
  });
});

describe('formatEventTime', () => {
  it('shows midnight as 12:00 AM and noon as 12 PM', () => {
    expect(formatEventTime('00:00')).toBe('12:00 AM');
    expect(formatEventTime('00:30')).toBe('12:30 AM');
    expect(formatEventTime('12:00')).toBe('12:00 PM');
    expect(formatEventTime('12:30')).toBe('12:30 PM');
  });

  it('shows other hours in 12-hour form without a leading zero', () => {
    expect(formatEventTime('09:05')).toBe('9:05 AM');
    expect(formatEventTime('11:59')).toBe('11:59 AM');
    expect(formatEventTime('13:05')).toBe('1:05 PM');
    expect(formatEventTime('15:00')).toBe('3:00 PM');
    expect(formatEventTime('19:00')).toBe('7:00 PM');
    expect(formatEventTime('23:59')).toBe('11:59 PM');
  });

  it('accepts a single-digit hour and seconds', () => {
    expect(formatEventTime('7:15')).toBe('7:15 AM');
    expect(formatEventTime('18:45:00')).toBe('6:45 PM');
  });

  it('gives an empty string for a missing or malformed time', () => {
    expect(formatEventTime(null)).toBe('');
    expect(formatEventTime(undefined)).toBe('');
    expect(formatEventTime('')).toBe('');
    expect(formatEventTime('24:00')).toBe('');
    expect(formatEventTime('12:60')).toBe('');
    expect(formatEventTime('noon')).toBe('');
  });
});

describe('parseLocalDate and toLocalIsoDate', () => {
  it('parses YYYY-MM-DD as local midnight of that day', () => {
    const date = parseLocalDate('2025-03-01')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2025, 2, 1, 0, 0]);
    expect(toLocalIsoDate(date)).toBe('2025-03-01');
  });

  it('rejects dates that do not exist and other formats', () => {
    expect(parseLocalDate('2025-02-29')).toBeNull();
    expect(parseLocalDate('2025-13-01')).toBeNull();
    expect(parseLocalDate('2025-3-1')).toBeNull();
    expect(parseLocalDate('March 1, 2025')).toBeNull();
    expect(parseLocalDate(null)).toBeNull();
    expect(parseLocalDate('2024-02-29')).not.toBeNull();
  });

  it('gives the local calendar day of a moment, padded', () => {
    expect(toLocalIsoDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(toLocalIsoDate(new Date(2025, 11, 31, 0, 0))).toBe('2025-12-31');
  });
});

describe('eventDateParts', () => {
  it('gives the weekday, day number, month abbreviation and 4-digit year', () => {
    expect(eventDateParts('2025-03-15')).toEqual({
      weekday: 'Sat',
      day: '15',
      monthYear: 'Mar 2025',
      full: 'Saturday, March 15, 2025',
    });
    expect(eventDateParts('2025-03-01')?.day).toBe('1');
    expect(eventDateParts('2026-12-31')).toMatchObject({ weekday: 'Thu', day: '31', monthYear: 'Dec 2026' });
  });

  it('keeps the calendar day (no shift to the previous day by time zone)', () => {
    // The first of the month stays the first, whatever the machine's time zone.
    expect(eventDateParts('2025-06-01')).toMatchObject({ weekday: 'Sun', day: '1', monthYear: 'Jun 2025' });
  });

  it('gives null for a malformed date', () => {
    expect(eventDateParts('2025-02-30')).toBeNull();
    expect(eventDateParts('')).toBeNull();
  });
});
