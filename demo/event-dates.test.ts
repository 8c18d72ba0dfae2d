import { describe, expect, it } from 'vitest';
import { federalHolidays, fitsSlot, isFederalHoliday, nextEventDate } from './event-dates';

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

describe('federalHolidays', () => {
  it('lists the eleven holidays of 2026 on their dates, and the days they are observed', () => {
    const days = federalHolidays(2026);
    for (const day of [
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ])
      expect(days.has(day), day).toBe(true);
    expect(days.has('2026-07-03')).toBe(true); // July 4 is a Saturday: observed Friday
    expect(days.has('2026-11-27')).toBe(false); // the Friday after Thanksgiving is not one
  });

  it('moves a Sunday holiday to Monday and a Saturday New Year to December 31', () => {
    expect(federalHolidays(2027).has('2027-07-05')).toBe(true); // July 4 2027 is a Sunday
    expect(isFederalHoliday('2027-12-31')).toBe(true); // January 1 2028 is a Saturday
    expect(isFederalHoliday('2027-12-30')).toBe(false);
  });
});

describe('fitsSlot', () => {
  it('takes Fridays for Friday evenings, Saturdays for Saturdays and weekends', () => {
    expect(fitsSlot('2026-11-20', 'friday-evening')).toBe(true);
    expect(fitsSlot('2026-11-21', 'friday-evening')).toBe(false);
    expect(fitsSlot('2026-11-21', 'saturday-afternoon')).toBe(true);
    expect(fitsSlot('2026-11-21', 'saturday-evening')).toBe(true);
    expect(fitsSlot('2026-11-21', 'weekend')).toBe(true);
    expect(fitsSlot('2026-11-19', 'saturday-evening')).toBe(false);
    expect(fitsSlot('2026-11-22', 'weekend')).toBe(false);
  });

  it('never takes a holiday, nor a weekend whose Sunday is one', () => {
    expect(fitsSlot('2026-07-03', 'friday-evening')).toBe(false); // Independence Day observed
    expect(fitsSlot('2026-07-04', 'saturday-afternoon')).toBe(false);
    expect(fitsSlot('2027-07-03', 'weekend')).toBe(false); // Sunday July 4 2027
    expect(fitsSlot('2027-07-03', 'saturday-evening')).toBe(true);
    expect(fitsSlot('2021-12-24', 'friday-evening')).toBe(false); // Christmas 2021 observed
  });
});

describe('nextEventDate', () => {
  it('gives the first fitting day at least the given days ahead', () => {
    expect(nextEventDate('2025-06-14', 'saturday-afternoon', 3)).toBe('2025-06-21');
    expect(nextEventDate('2025-06-14', 'saturday-afternoon', 7)).toBe('2025-06-21');
    expect(nextEventDate('2025-06-14', 'friday-evening', 10)).toBe('2025-06-27');
  });

  it('skips a holiday to the next week', () => {
    expect(nextEventDate('2026-06-28', 'friday-evening', 1)).toBe('2026-07-10');
    expect(nextEventDate('2026-06-28', 'weekend', 1)).toBe('2026-07-11');
    expect(nextEventDate('2027-06-28', 'weekend', 1)).toBe('2027-07-10');
  });

  it('holds for every day of two years: the right weekday and never a holiday', () => {
    const start = Date.UTC(2025, 0, 1);
    for (let day = 0; day < 366 * 2; day += 1) {
      const today = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
      for (const slot of ['friday-evening', 'saturday-evening', 'saturday-afternoon', 'weekend'] as const) {
        const date = nextEventDate(today, slot, 3);
        expect(date > today).toBe(true);
        expect(weekday(date)).toBe(slot === 'friday-evening' ? 5 : 6);
        expect(isFederalHoliday(date), `${slot} ${date}`).toBe(false);
      }
    }
  });
});
