import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  demoShopHours,
  formatDayHours,
  formatTime,
  isMapUrl,
  newYorkClockParts,
  newYorkTime,
  parseDayHours,
  parseSpecialDate,
  specialDateText,
  todayStatus,
  upcomingSpecialDates,
  weekdayOf,
  weeklySummary,
} from './shop-hours';
import { HOURS_MESSAGES, specialDatesProblem, weeklyHoursProblem } from './shop-hours-rules';

const WEEK = ['12:00-18:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '10:00-22:00'];
const settings = (specialDates: string[] = [], weeklyHours = WEEK) => ({ weeklyHours, specialDates });

describe('stored form', () => {
  it('reads and writes day hours and special dates', () => {
    expect(parseDayHours('09:00-21:00')).toEqual({ open: '09:00', close: '21:00' });
    expect(parseDayHours('closed')).toBeNull();
    for (const bad of ['9:00-21:00', '09:00', '09:00-21:00-22:00', '25:00-26:00', 'Closed', ''])
      expect(parseDayHours(bad), bad).toBeUndefined();
    expect(parseSpecialDate('2026-11-26 closed Thanksgiving')).toEqual({ date: '2026-11-26', hours: null, label: 'Thanksgiving' });
    expect(parseSpecialDate('2026-12-24 10:00-18:00')).toEqual({ date: '2026-12-24', hours: { open: '10:00', close: '18:00' }, label: '' });
    expect(parseSpecialDate('2026-02-30 closed')).toBeUndefined();
    expect(specialDateText({ date: '2026-03-02', hours: { open: '10:00', close: '16:00' }, label: ' Stocktake ' })).toBe(
      '2026-03-02 10:00-16:00 Stocktake',
    );
    expect(weekdayOf('2026-11-26')).toBe(4);
  });
});

describe("New York's hours for a package store", () => {
  it('accepts 8 AM to midnight Monday to Saturday and 10 AM to 10 PM on Sunday', () => {
    expect(weeklyHoursProblem(WEEK)).toBeNull();
    expect(weeklyHoursProblem(['10:00-22:00', '08:00-00:00', '08:00-24:00', 'closed', 'closed', 'closed', 'closed'])).toBeNull();
    expect(weeklyHoursProblem(null)).toBeNull();
  });

  it('refuses sales from midnight to 8 AM and Sunday outside 10 AM to 10 PM, naming the day', () => {
    const week = (weekday: number, hours: string) => WEEK.map((entry, i) => (i === weekday ? hours : entry));
    expect(weeklyHoursProblem(week(1, '07:30-21:00'))).toBe(HOURS_MESSAGES.weekdayLaw('Monday'));
    expect(weeklyHoursProblem(week(0, '09:00-18:00'))).toBe(HOURS_MESSAGES.sundayLaw('Sunday'));
    expect(weeklyHoursProblem(week(0, '12:00-23:00'))).toBe(HOURS_MESSAGES.sundayLaw('Sunday'));
    expect(weeklyHoursProblem(week(3, '21:00-09:00'))).toBe(HOURS_MESSAGES.order('Wednesday'));
    expect(weeklyHoursProblem(week(5, 'all day'))).toBe(HOURS_MESSAGES.format('Friday'));
    expect(weeklyHoursProblem(WEEK.slice(1))).toBe(HOURS_MESSAGES.weekCount);
    expect(weeklyHoursProblem('09:00-21:00')).toBe(HOURS_MESSAGES.weekCount);
  });

  it('holds special dates to the same rules by their weekday', () => {
    expect(specialDatesProblem(['2026-11-26 closed Thanksgiving', '2026-12-24 10:00-18:00 Christmas Eve'])).toBeNull();
    // 2026-12-27 is a Sunday.
    expect(specialDatesProblem(['2026-12-27 09:00-18:00 Stocktake'])).toBe(HOURS_MESSAGES.sundayLaw('2026-12-27'));
    expect(specialDatesProblem(['2026-12-28 06:00-18:00'])).toBe(HOURS_MESSAGES.weekdayLaw('2026-12-28'));
    expect(specialDatesProblem(['2026-12-28 closed', '2026-12-28 closed'])).toBe(HOURS_MESSAGES.specialDuplicate('2026-12-28'));
    expect(specialDatesProblem(['soon closed'])).toBe(HOURS_MESSAGES.specialFormat);
    expect(specialDatesProblem([`2026-12-28 closed ${'x'.repeat(61)}`])).toBe(HOURS_MESSAGES.labelLength);
  });

  it('lets only https map links through', () => {
    expect(isMapUrl('https://www.openstreetmap.org/?mlat=41.5&mlon=-73.6')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'http://example.com', 'data:text/html,x', 'https://', ' https://x.y', 5])
      expect(isMapUrl(bad), String(bad)).toBe(false);
  });
});

describe('what the storefront shows', () => {
  it('formats times as shoppers read them', () => {
    expect(formatTime('09:00')).toBe('9 AM');
    expect(formatTime('21:30')).toBe('9:30 PM');
    expect(formatTime('12:00')).toBe('12 PM');
    expect(formatTime('00:00')).toBe('12 AM');
    expect(formatDayHours({ open: '09:00', close: '21:00' })).toBe('9 AM - 9 PM');
    expect(formatDayHours(null)).toBe('Closed');
  });

  it('groups the week from Monday', () => {
    expect(weeklySummary(settings())).toEqual([
      { days: 'Mon–Fri', hours: '9 AM - 9 PM' },
      { days: 'Sat', hours: '10 AM - 10 PM' },
      { days: 'Sun', hours: '12 PM - 6 PM' },
    ]);
    expect(weeklySummary({ weeklyHours: null })).toEqual([]);
  });

  it("computes today in New York, whatever the machine's zone, across both DST changes", () => {
    // 2026-03-08: clocks go from 2:00 EST to 3:00 EDT. 06:59Z is 1:59 EST, 07:00Z is 3:00 EDT.
    expect(newYorkTime(new Date('2026-03-08T06:59:00Z'))).toEqual({ date: '2026-03-08', minutes: 119 });
    expect(newYorkTime(new Date('2026-03-08T07:00:00Z'))).toEqual({ date: '2026-03-08', minutes: 180 });
    // 2026-11-01: 05:59Z is 1:59 EDT, 06:00Z is 1:00 EST.
    expect(newYorkTime(new Date('2026-11-01T05:59:00Z'))).toEqual({ date: '2026-11-01', minutes: 119 });
    expect(newYorkTime(new Date('2026-11-01T06:00:00Z'))).toEqual({ date: '2026-11-01', minutes: 60 });
    // Late evening in New York is the next day in UTC.
    expect(newYorkTime(new Date('2026-07-04T03:30:00Z'))).toEqual({ date: '2026-07-03', minutes: 23 * 60 + 30 });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
  });

  it('says whether the shop is open today, and when it opens next', () => {
    // Sunday 2026-03-08, 11:30 EDT (15:30Z after the change): Sunday opens at noon.
    expect(todayStatus(settings(), new Date('2026-03-08T15:30:00Z'))).toEqual({
      today: 'Open today 12 PM - 6 PM',
      next: null,
      openNow: false,
    });
    expect(todayStatus(settings(), new Date('2026-03-08T16:30:00Z'))).toEqual({
      today: 'Open today 12 PM - 6 PM',
      next: null,
      openNow: true,
    });
    // Sunday 18:00 EDT: closed for the day, Monday opens at 9.
    expect(todayStatus(settings(), new Date('2026-03-08T22:00:00Z'))).toEqual({
      today: 'Closed now',
      next: 'Opens tomorrow at 9 AM',
      openNow: false,
    });
    // Saturday 2026-10-31 23:30 EDT (03:30Z on Nov 1): after 10 PM; Sunday (the day clocks go back) opens at noon.
    expect(todayStatus(settings(), new Date('2026-11-01T03:30:00Z'))).toEqual({
      today: 'Closed now',
      next: 'Opens tomorrow at 12 PM',
      openNow: false,
    });
    // Sunday 2026-11-01 12:30 EST (17:30Z).
    expect(todayStatus(settings(), new Date('2026-11-01T17:30:00Z'))?.openNow).toBe(true);
  });

  it('takes special dates first', () => {
    const withHolidays = settings([
      '2026-11-26 closed Thanksgiving',
      '2026-11-27 10:00-16:00 Stocktake',
      '2026-12-25 closed Christmas Day',
    ]);
    // Thanksgiving morning, 10:00 EST.
    expect(todayStatus(withHolidays, new Date('2026-11-26T15:00:00Z'))).toEqual({
      today: 'Closed today (Thanksgiving)',
      next: 'Opens tomorrow at 10 AM',
      openNow: false,
    });
    expect(todayStatus(withHolidays, new Date('2026-11-27T16:00:00Z'))).toEqual({
      today: 'Open today 10 AM - 4 PM (Stocktake)',
      next: null,
      openNow: true,
    });
    // A closed weekday with the next days closed too: the next opening is named by weekday.
    const longClose = settings(['2026-12-25 closed Christmas Day', '2026-12-26 closed', '2026-12-27 closed']);
    expect(todayStatus(longClose, new Date('2026-12-25T15:00:00Z'))?.next).toBe('Opens Monday at 9 AM');
    expect(
      todayStatus(
        { weeklyHours: ['closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed'] },
        new Date('2026-12-25T15:00:00Z'),
      ),
    ).toEqual({ today: 'Closed today', next: null, openNow: false });
    expect(todayStatus({}, new Date())).toBeNull();
  });

  it('lists the special dates ahead', () => {
    const withHolidays = settings(['2026-11-26 closed Thanksgiving', '2026-10-01 closed Past', '2027-06-01 closed Far']);
    expect(upcomingSpecialDates(withHolidays, new Date('2026-11-23T15:00:00Z'))).toEqual([
      { date: '2026-11-26', hours: null, label: 'Thanksgiving', day: 'Thu, Nov 26', hoursText: 'Closed' },
    ]);
  });

  it('seeds demo hours New York allows', () => {
    for (const day of ['2026-11-23T12:00:00Z', '2028-01-05T12:00:00Z', '2030-12-31T12:00:00Z']) {
      const demo = demoShopHours(new Date(day));
      expect(weeklyHoursProblem(demo.weeklyHours)).toBeNull();
      expect(specialDatesProblem(demo.specialDates)).toBeNull();
      expect(demo.specialDates.length).toBeGreaterThanOrEqual(3);
    }
    expect(demoShopHours(new Date('2026-11-23T12:00:00Z')).specialDates[0]).toBe('2026-11-26 closed Thanksgiving');
  });
});

describe("New York's wall clock", () => {
  const reference = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const formatted = (time: number) => {
    const parts = Object.fromEntries(reference.formatToParts(new Date(time)).map((part) => [part.type, Number(part.value)]));
    return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour! % 24, minute: parts.minute, second: parts.second };
  };

  it('reads the clock as Intl formats it, at any instant from 1900 to 2100 (offsets cached by UTC hour)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1899, 11, 31), max: Date.UTC(2100, 0, 1) }), (time) => {
        expect(newYorkClockParts(new Date(time))).toEqual(formatted(time));
      }),
      { numRuns: 2000 },
    );
  });

  it('moves at the daylight saving changes exactly: 2 AM becomes 3 AM in March, 2 AM is 1 AM again in November', () => {
    // 2026-03-08 and 2026-11-01, around 2 AM local, every minute for four hours.
    for (const start of [Date.UTC(2026, 2, 8, 5), Date.UTC(2026, 10, 1, 4)])
      for (let minute = 0; minute < 240; minute += 1) {
        const time = start + minute * 60_000 + 17_000;
        expect(newYorkClockParts(new Date(time))).toEqual(formatted(time));
      }
    expect(newYorkClockParts(new Date(Date.UTC(2026, 2, 8, 7)))).toMatchObject({ hour: 3, minute: 0 });
    expect(newYorkClockParts(new Date(Date.UTC(2026, 10, 1, 6)))).toMatchObject({ hour: 1, minute: 0 });
  });
});
