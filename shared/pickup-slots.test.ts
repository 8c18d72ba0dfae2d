import { describe, expect, it } from 'vitest';
import { PICKUP_MESSAGES } from './pickup-messages';
import {
  DEFAULT_SLOT_MINUTES,
  endOfSlotDay,
  expiresAt,
  heldUntil,
  heldUntilText,
  holdExpiresAt,
  isFarAhead,
  findPickupSlot,
  isPickupSlotAllowed,
  pickupSlotProblem,
  pickupSlots,
  reservingStatus,
  type PickupDay,
} from './pickup-slots';

/** The demo's week (Sunday first): Sunday noon to 6 PM, Monday to Saturday 9 AM to 9 PM. */
const WEEK = ['12:00-18:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00'];
const hours = (specialDates: string[] = [], weeklyHours: string[] = WEEK) => ({ weeklyHours, specialDates });

const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);
const starts = (day: PickupDay | undefined) => day?.slots.map((slot) => slot.start) ?? [];
const labels = (day: PickupDay | undefined) => day?.slots.map((slot) => slot.label) ?? [];
const dayOf = (days: PickupDay[], date: string) => days.find((day) => day.date === date);

/** New York's wall clock of an instant, read by Intl (not by the module under test): "13:30". */
const newYorkWall = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

/** Every half hour from `first` ("HH:MM") while it ends by `close`, as "HH:MM". */
function grid(first: string, close: string, step = 30): string[] {
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const out: string[] = [];
  for (let m = toMinutes(first); m + step <= toMinutes(close); m += step)
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return out;
}

/** Slots hold together: in order, none twice, each exactly the slot length, none overlapping the next. */
function expectWellFormed(days: PickupDay[], slotMinutes = DEFAULT_SLOT_MINUTES) {
  const all = days.flatMap((day) => day.slots);
  expect(new Set(all.map((slot) => slot.start)).size).toBe(all.length);
  for (const [i, slot] of all.entries()) {
    expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(slotMinutes * MINUTE);
    if (i > 0) expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(Date.parse(all[i - 1]!.end));
  }
}

describe('pickup slots on the daylight-saving changes in New York', () => {
  // Each change is on a Sunday at 2 AM; the shop's Sunday is noon to 6 PM, its Saturday and Monday 9 AM to 9 PM.
  const changes = [
    { sunday: '2026-03-08', saturday: '2026-03-07', monday: '2026-03-09', before: -5, after: -4 },
    { sunday: '2026-11-01', saturday: '2026-10-31', monday: '2026-11-02', before: -4, after: -5 },
    { sunday: '2027-03-14', saturday: '2027-03-13', monday: '2027-03-15', before: -5, after: -4 },
    { sunday: '2027-11-07', saturday: '2027-11-06', monday: '2027-11-08', before: -4, after: -5 },
  ];
  const utc = (date: string, hour: number, offset: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + (hour - offset) * 3_600_000).toISOString();

  for (const { sunday, saturday, monday, before, after } of changes) {
    it(`${sunday}: every slot at its wall-clock time, none missing or twice, on the day and either side`, () => {
      // Saturday 8 AM, before opening, with no preparation time.
      const now = new Date(utc(saturday, 8, before));
      const days = pickupSlots(hours(), now, { preparationMinutes: 0, horizonDays: 3 });
      expect(days.map((day) => day.date)).toEqual([saturday, sunday, monday]);
      expectWellFormed(days);

      expect(starts(dayOf(days, saturday)).map(newYorkWall)).toEqual(grid('09:00', '21:00'));
      expect(starts(dayOf(days, sunday)).map(newYorkWall)).toEqual(grid('12:00', '18:00'));
      expect(starts(dayOf(days, monday)).map(newYorkWall)).toEqual(grid('09:00', '21:00'));
      // The UTC instants move by the hour the clocks moved.
      expect(dayOf(days, saturday)!.slots[0]!.start).toBe(utc(saturday, 9, before));
      expect(dayOf(days, sunday)!.slots[0]!.start).toBe(utc(sunday, 12, after));
      expect(dayOf(days, sunday)!.slots.at(-1)!.end).toBe(utc(sunday, 18, after));
      expect(dayOf(days, monday)!.slots[0]!.start).toBe(utc(monday, 9, after));
      expect(labels(dayOf(days, sunday)).slice(0, 3)).toEqual(['12 PM - 12:30 PM', '12:30 PM - 1 PM', '1 PM - 1:30 PM']);
      expect(labels(dayOf(days, sunday)).at(-1)).toBe('5:30 PM - 6 PM');
    });
  }

  it('steps in real time through hours spanning the change itself (which New York law keeps shut), so no instant repeats', () => {
    // Midnight to 4 AM is never lawful (decision 0191) and the editor refuses it; the rules still hold for stored nonsense.
    const night = hours([], ['00:00-04:00', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed']);
    const spring = dayOf(pickupSlots(night, at('2026-03-07T12:00:00Z'), { preparationMinutes: 0 }), '2026-03-08');
    // 3 real hours: 2 AM to 3 AM did not exist.
    expect(labels(spring)).toEqual([
      '12 AM - 12:30 AM',
      '12:30 AM - 1 AM',
      '1 AM - 1:30 AM',
      '1:30 AM - 3 AM',
      '3 AM - 3:30 AM',
      '3:30 AM - 4 AM',
    ]);
    const autumn = dayOf(pickupSlots(night, at('2026-10-31T12:00:00Z'), { preparationMinutes: 0 }), '2026-11-01');
    // 5 real hours: 1 AM to 2 AM happened twice; each half hour is a slot of its own.
    expect(autumn!.slots).toHaveLength(10);
    expect(autumn!.slots[0]!.start).toBe('2026-11-01T04:00:00.000Z');
    expect(autumn!.slots.at(-1)!.end).toBe('2026-11-01T09:00:00.000Z');
    expectWellFormed([spring!, autumn!]);
  });
});

describe('pickup slots: the grid, preparation time and the horizon', () => {
  // Tuesday 12 May 2026, New York on EDT (UTC-4).
  it('starts the first slot once the preparation time has passed, rounded up to the grid', () => {
    const days = pickupSlots(hours(), at('2026-05-12T14:10:00Z'), { preparationMinutes: 60 }); // 10:10 AM
    expect(days[0]!.date).toBe('2026-05-12');
    expect(days[0]!.label).toBe('Tue, May 12');
    expect(days[0]!.slots[0]).toEqual({
      start: '2026-05-12T15:30:00.000Z',
      end: '2026-05-12T16:00:00.000Z',
      date: '2026-05-12',
      label: '11:30 AM - 12 PM',
    });
    // On the grid exactly: 10:00 AM plus 60 minutes is 11:00 AM.
    expect(pickupSlots(hours(), at('2026-05-12T14:00:00Z'), { preparationMinutes: 60 })[0]!.slots[0]!.label).toBe('11 AM - 11:30 AM');
  });

  it('counts the grid from opening time and ends every day by closing time', () => {
    const odd = hours([], ['closed', '09:15-20:50', 'closed', 'closed', 'closed', 'closed', 'closed']);
    const monday = dayOf(pickupSlots(odd, at('2026-05-10T12:00:00Z'), { preparationMinutes: 0 }), '2026-05-11')!;
    expect(starts(monday).map(newYorkWall)).toEqual(grid('09:15', '20:50'));
    expect(monday.slots.at(-1)!.label).toBe('8:15 PM - 8:45 PM');
    const full = dayOf(pickupSlots(hours(), at('2026-05-10T12:00:00Z'), { preparationMinutes: 0 }), '2026-05-11')!;
    expect(full.slots).toHaveLength(24);
    expect(full.slots.at(-1)!.label).toBe('8:30 PM - 9 PM');
  });

  it('takes the slot length as a parameter', () => {
    const days = pickupSlots(hours(), at('2026-05-10T12:00:00Z'), { preparationMinutes: 0, slotMinutes: 45 });
    const monday = dayOf(days, '2026-05-11')!;
    expect(monday.slots).toHaveLength(16); // 12 hours of 45 minutes
    expect(monday.slots[1]!.label).toBe('9:45 AM - 10:30 AM');
    expectWellFormed(days, 45);
    // A length no loop can live with (0, negative, fractional) is the default.
    for (const slotMinutes of [0, -30, 0.5, Number.NaN]) {
      const fallback = dayOf(pickupSlots(hours(), at('2026-05-10T12:00:00Z'), { preparationMinutes: 0, slotMinutes }), '2026-05-11');
      expect(fallback!.slots, String(slotMinutes)).toHaveLength(24);
    }
  });

  it('counts preparation in open minutes only: before opening it starts at opening time', () => {
    // Monday 7 AM: the hour of preparation is 9 to 10 AM.
    const days = pickupSlots(hours(), at('2026-05-11T11:00:00Z'), { preparationMinutes: 60 });
    expect(days[0]!.date).toBe('2026-05-11');
    expect(days[0]!.slots[0]!.label).toBe('10 AM - 10:30 AM');
    expect(pickupSlots(hours(), at('2026-05-11T11:00:00Z'), { preparationMinutes: 0 })[0]!.slots[0]!.label).toBe('9 AM - 9:30 AM');
  });

  it('carries preparation time that crosses closing time into the next open day', () => {
    // Tuesday 8:30 PM with an hour to prepare: 30 minutes today, 30 on Wednesday from 9 AM.
    const days = pickupSlots(hours(), at('2026-05-13T00:30:00Z'), { preparationMinutes: 60 });
    expect(days[0]!.date).toBe('2026-05-13');
    expect(days[0]!.slots[0]!.label).toBe('9:30 AM - 10 AM');
    // 8:40 PM: 40 minutes left for Wednesday, 9:40 AM, up to the grid at 10 AM.
    expect(pickupSlots(hours(), at('2026-05-13T00:40:00Z'), { preparationMinutes: 60 })[0]!.slots[0]!.label).toBe('10 AM - 10:30 AM');
    // Exactly at closing time's last slot: 8:00 PM plus 30 minutes leaves the 8:30 slot.
    expect(pickupSlots(hours(), at('2026-05-13T00:00:00Z'), { preparationMinutes: 30 })[0]!.slots.map((s) => s.label)).toEqual([
      '8:30 PM - 9 PM',
    ]);
  });

  it('skips a closed day while preparing: Wednesday night before Thanksgiving is ready on Friday', () => {
    const source = hours(['2026-11-26 closed Thanksgiving']);
    const days = pickupSlots(source, at('2026-11-26T01:30:00Z'), { preparationMinutes: 60 }); // Wed 8:30 PM EST
    expect(days.map((day) => day.date)).not.toContain('2026-11-26');
    expect(days[0]!.date).toBe('2026-11-27');
    expect(days[0]!.slots[0]!.label).toBe('9:30 AM - 10 AM');
    // A long preparation spans several open days: 14 open hours from Monday 9 PM end on Wednesday at 11 AM.
    const long = pickupSlots(hours(), at('2026-05-12T01:00:00Z'), { preparationMinutes: 14 * 60 });
    expect(long[0]!.date).toBe('2026-05-13');
    expect(long[0]!.slots[0]!.label).toBe('11 AM - 11:30 AM');
  });

  it('leaves out closed weekdays and closed special dates, and uses a special date’s shorter hours', () => {
    const closedMondays = ['12:00-18:00', 'closed', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00'];
    const source = hours(['2026-12-24 10:00-18:00 Christmas Eve', '2026-12-25 closed Christmas Day'], closedMondays);
    // Sunday 20 December 2026, 8 AM EST.
    const days = pickupSlots(source, at('2026-12-20T13:00:00Z'), { preparationMinutes: 0 });
    expect(days.map((day) => day.date)).toEqual(['2026-12-20', '2026-12-22', '2026-12-23', '2026-12-24', '2026-12-26']);
    const eve = dayOf(days, '2026-12-24')!;
    expect(starts(eve).map(newYorkWall)).toEqual(grid('10:00', '18:00'));
    expect(eve.slots.at(-1)!.label).toBe('5:30 PM - 6 PM');
    // A special date opens a day the week keeps closed.
    const openMonday = pickupSlots(hours(['2026-12-21 12:00-16:00 Holiday hours'], closedMondays), at('2026-12-20T13:00:00Z'), {
      preparationMinutes: 0,
    });
    expect(starts(dayOf(openMonday, '2026-12-21')).map(newYorkWall)).toEqual(grid('12:00', '16:00'));
  });

  it('offers today and the next 6 days, and no further', () => {
    const now = at('2026-05-11T12:00:00Z'); // Monday 8 AM
    const week = pickupSlots(hours(), now, { preparationMinutes: 0 });
    expect(week.map((day) => day.date)).toEqual([
      '2026-05-11',
      '2026-05-12',
      '2026-05-13',
      '2026-05-14',
      '2026-05-15',
      '2026-05-16',
      '2026-05-17',
    ]);
    expect(week.at(-1)!.slots.at(-1)!.end).toBe('2026-05-17T22:00:00.000Z');
    expect(pickupSlots(hours(), now, { preparationMinutes: 0, horizonDays: 1 }).map((day) => day.date)).toEqual(['2026-05-11']);
    // Late on Monday, today has nothing left; the horizon still ends on Sunday.
    const late = pickupSlots(hours(), at('2026-05-12T00:45:00Z'), { preparationMinutes: 0 });
    expect(late[0]!.date).toBe('2026-05-12');
    expect(late.at(-1)!.date).toBe('2026-05-17');
    // Preparation that runs past the horizon leaves nothing.
    // Monday 7 PM with 3 hours to prepare and a horizon of today only: nothing.
    expect(pickupSlots(hours(), at('2026-05-11T23:00:00Z'), { preparationMinutes: 180, horizonDays: 1 })).toEqual([]);
    expect(pickupSlots(hours(), at('2026-05-11T23:00:00Z'), { preparationMinutes: 60, horizonDays: 1 })[0]!.slots).toHaveLength(2);
  });

  it('works out "today" in New York, not in UTC', () => {
    // 11:30 PM on Monday in New York is already Tuesday in UTC.
    const days = pickupSlots(hours(), at('2026-05-12T03:30:00Z'), { preparationMinutes: 0, horizonDays: 1 });
    expect(days).toEqual([]);
    expect(pickupSlots(hours(), at('2026-05-12T03:30:00Z'), { preparationMinutes: 0, horizonDays: 2 })[0]!.date).toBe('2026-05-12');
  });
});

describe('a shop with no hours set', () => {
  it('offers no slot and says reserving is closed, and why', () => {
    for (const source of [
      null,
      undefined,
      {},
      { weeklyHours: null },
      { weeklyHours: ['09:00-21:00'] },
      hours(['2026-05-12 09:00-21:00'], []),
    ]) {
      expect(pickupSlots(source, at('2026-05-11T12:00:00Z'))).toEqual([]);
      expect(reservingStatus(source, at('2026-05-11T12:00:00Z'))).toEqual({ open: false, reason: PICKUP_MESSAGES.noHours });
    }
  });

  it('is closed when the shop is closed all week, and open when a slot is free', () => {
    const closed = hours([], Array<string>(7).fill('closed'));
    expect(reservingStatus(closed, at('2026-05-11T12:00:00Z'))).toEqual({
      open: false,
      reason: 'There is no pickup time in the next 7 days. Please call the shop.',
    });
    expect(reservingStatus(hours(), at('2026-05-11T12:00:00Z'))).toEqual({ open: true });
  });
});

describe('the server re-checks a submitted slot', () => {
  const now = at('2026-05-12T14:10:00Z'); // Tuesday 10:10 AM
  const options = { preparationMinutes: 60 };

  it('accepts a slot it offers, however its zone is written, and gives the slot back', () => {
    expect(isPickupSlotAllowed('2026-05-12T15:30:00.000Z', hours(), now, options)).toBe(true);
    expect(isPickupSlotAllowed('2026-05-12T11:30:00-04:00', hours(), now, options)).toBe(true);
    expect(findPickupSlot('2026-05-13T13:00:00Z', hours(), now, options)).toEqual({
      start: '2026-05-13T13:00:00.000Z',
      end: '2026-05-13T13:30:00.000Z',
      date: '2026-05-13',
      label: '9 AM - 9:30 AM',
    });
    expect(pickupSlotProblem('2026-05-12T15:30:00Z', hours(), now, options)).toBeNull();
  });

  it('refuses a slot too soon, off the grid, past closing, on a closed day or past the horizon', () => {
    const refused = {
      'too soon for preparation': '2026-05-12T15:00:00Z',
      'in the past': '2026-05-11T15:00:00Z',
      'off the grid': '2026-05-12T16:15:00Z',
      'ending after closing': '2026-05-13T00:45:00Z',
      'starting at closing': '2026-05-13T01:00:00Z',
      'before opening': '2026-05-13T12:30:00Z',
      'past the horizon': '2026-05-19T13:00:00Z',
    };
    for (const [why, start] of Object.entries(refused)) {
      expect(isPickupSlotAllowed(start, hours(), now, options), why).toBe(false);
      expect(pickupSlotProblem(start, hours(), now, options), why).toBe(PICKUP_MESSAGES.slotUnavailable);
    }
    const thanksgiving = hours(['2026-11-26 closed Thanksgiving']);
    expect(isPickupSlotAllowed('2026-11-26T15:00:00Z', thanksgiving, at('2026-11-24T15:00:00Z'))).toBe(false);
    expect(isPickupSlotAllowed('2026-11-27T15:00:00Z', thanksgiving, at('2026-11-24T15:00:00Z'))).toBe(true);
  });

  it('refuses what is not a date-time, and says when reserving is closed', () => {
    for (const bad of [
      '',
      'tomorrow',
      '2026-05-12',
      '2026-05-12T15:30:00',
      '2026-05-12 15:30Z',
      `2026-05-12T15:30:00.000Z${' '.repeat(50)}`,
      '9'.repeat(10_000),
    ])
      expect(isPickupSlotAllowed(bad, hours(), now, options), bad.slice(0, 30)).toBe(false);
    expect(pickupSlotProblem('2026-05-12T15:30:00Z', {}, now, options)).toBe(PICKUP_MESSAGES.noHours);
  });
});

describe('when an unclaimed reservation expires', () => {
  it('is closing time of the day after the slot’s day', () => {
    // Tuesday's slot: Wednesday 9 PM EDT.
    expect(expiresAt({ start: '2026-05-12T15:30:00.000Z' }, hours())).toBe('2026-05-14T01:00:00.000Z');
    // Saturday's slot: Sunday 6 PM.
    expect(expiresAt({ start: '2026-05-16T20:00:00.000Z' }, hours())).toBe('2026-05-17T22:00:00.000Z');
    // The day after has a special date's hours: Christmas Eve closes at 6 PM EST.
    expect(expiresAt({ start: '2026-12-23T15:00:00.000Z' }, hours(['2026-12-24 10:00-18:00 Christmas Eve']))).toBe(
      '2026-12-24T23:00:00.000Z',
    );
    // A midnight closing is the end of that day.
    const late = hours([], ['12:00-18:00', '09:00-00:00', '09:00-00:00', '09:00-00:00', '09:00-00:00', '09:00-00:00', '09:00-00:00']);
    expect(expiresAt({ start: '2026-05-12T15:30:00.000Z' }, late)).toBe('2026-05-14T04:00:00.000Z');
  });

  it('is the next open day’s closing time when the day after is closed', () => {
    // Wednesday before Thanksgiving: Thursday is closed, Friday closes at 9 PM EST.
    expect(expiresAt({ start: '2026-11-25T20:00:00.000Z' }, hours(['2026-11-26 closed Thanksgiving']))).toBe('2026-11-28T02:00:00.000Z');
    // Christmas Eve and Christmas Day closed, and Sundays: Wednesday 23rd's slot expires Saturday 26th.
    const closedSundays = ['closed', ...WEEK.slice(1)];
    expect(
      expiresAt({ start: '2026-12-23T15:00:00.000Z' }, hours(['2026-12-24 closed', '2026-12-25 closed Christmas Day'], closedSundays)),
    ).toBe('2026-12-27T02:00:00.000Z');
  });

  it('keeps New York time over a clock change', () => {
    // Saturday 7 March 2026 (EST): Sunday 8 March closes at 6 PM EDT.
    expect(expiresAt({ start: '2026-03-07T15:00:00.000Z' }, hours())).toBe('2026-03-08T22:00:00.000Z');
    // Saturday 31 October 2026 (EDT): Sunday 1 November closes at 6 PM EST.
    expect(expiresAt({ start: '2026-10-31T15:00:00.000Z' }, hours())).toBe('2026-11-01T23:00:00.000Z');
  });

  it('is midnight ending the day after when no open day follows', () => {
    expect(expiresAt({ start: '2026-05-12T15:30:00.000Z' }, hours([], Array<string>(7).fill('closed')))).toBe('2026-05-14T04:00:00.000Z');
    expect(expiresAt({ start: '2026-05-12T15:30:00.000Z' }, null)).toBe('2026-05-14T04:00:00.000Z');
    expect(() => expiresAt({ start: 'soon' }, hours())).toThrow(RangeError);
  });
});

describe('a hold far ahead ends with its slot’s day (decision 0375)', () => {
  // Tuesday 12 May 2026, 11:30 AM EDT: the slot.
  const slot = { start: '2026-05-12T15:30:00.000Z' };
  const endOfTuesday = '2026-05-13T04:00:00.000Z';
  const dayAfterClosing = '2026-05-14T01:00:00.000Z';

  it('counts New York days between the day it is made and the slot’s day', () => {
    // Saturday 9 May, 11:59 PM EDT is 3 days before: far. Sunday 10 May, 12:01 AM EDT is 2: not.
    expect(isFarAhead(slot.start, at('2026-05-10T03:59:00.000Z'))).toBe(true);
    expect(isFarAhead(slot.start, at('2026-05-10T04:01:00.000Z'))).toBe(false);
    // Late evening in New York is already the next day in UTC: New York's day counts.
    expect(isFarAhead(slot.start, at('2026-05-09T02:00:00.000Z'))).toBe(true);
    expect(isFarAhead(slot.start, at('2026-05-11T02:00:00.000Z'))).toBe(false);
    expect(isFarAhead('soon', at('2026-05-01T12:00:00.000Z'))).toBe(false);
  });

  it('is midnight ending the slot’s day when far ahead, the day after’s closing otherwise', () => {
    expect(endOfSlotDay(slot.start)).toBe(endOfTuesday);
    // Reserved the Thursday before (5 days ahead): Tuesday's end, a day sooner than before.
    expect(holdExpiresAt(slot, hours(), at('2026-05-07T14:00:00.000Z'))).toBe(endOfTuesday);
    // Reserved Monday for Tuesday, and Sunday for Tuesday: the current rule, Wednesday's closing.
    expect(holdExpiresAt(slot, hours(), at('2026-05-11T14:00:00.000Z'))).toBe(dayAfterClosing);
    expect(holdExpiresAt(slot, hours(), at('2026-05-10T14:00:00.000Z'))).toBe(dayAfterClosing);
    expect(Date.parse(endOfTuesday)).toBeLessThan(Date.parse(dayAfterClosing));
  });

  it('keeps New York’s midnight over a clock change', () => {
    // Saturday 7 March 2026 is EST: midnight is 05:00 UTC. Sunday 1 November 2026 ends in EST too.
    expect(endOfSlotDay('2026-03-07T15:00:00.000Z')).toBe('2026-03-08T05:00:00.000Z');
    // Sunday 8 March begins in EST and ends in EDT: midnight is 04:00 UTC.
    expect(endOfSlotDay('2026-03-08T17:00:00.000Z')).toBe('2026-03-09T04:00:00.000Z');
  });

  it('is told as the end of the slot’s day, or the day and time', () => {
    expect(heldUntilText(endOfTuesday)).toBe('the end of Tue, May 12');
    expect(heldUntilText(dayAfterClosing)).toBe('Wed, May 13, 9 PM');
    expect(heldUntilText('never')).toBe('');
  });

  it('judges a stored reservation by the same rule, whenever it was stored, never later than it was told', () => {
    const stored = (createdAt: string, stamped: string) => ({ slotStart: slot.start, createdAt, expiresAt: stamped });
    // Stored under the earlier rule, 5 days ahead: ends with Tuesday now.
    expect(heldUntil(stored('2026-05-07T14:00:00.000Z', dayAfterClosing))).toBe(endOfTuesday);
    // Stored under this rule: as stored.
    expect(heldUntil(stored('2026-05-07T14:00:00.000Z', endOfTuesday))).toBe(endOfTuesday);
    // A day ahead: as stored, the day after's closing.
    expect(heldUntil(stored('2026-05-11T14:00:00.000Z', dayAfterClosing))).toBe(dayAfterClosing);
    // Told sooner than the slot's day ends (hours stored then): the sooner stands.
    expect(heldUntil(stored('2026-05-07T14:00:00.000Z', '2026-05-13T01:00:00.000Z'))).toBe('2026-05-13T01:00:00.000Z');
  });
});
