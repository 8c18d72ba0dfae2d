import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { StaffRsvp } from './api';
import type { AdminEvent } from './event-form';
import { GUEST_CSV_COLUMNS, guestListCsv, guestListFileName, guestListOrder, rsvpCountText } from './guest-list';

const EVENT: AdminEvent = {
  id: 'e1',
  name: 'Wine Tasting: Rhône & Loire',
  date: '2026-12-05',
  time: '18:00',
  description: 'Six wines',
  img: null,
  takesRsvp: true,
  rsvpCapacity: 24,
  rsvpTaken: 18,
};

const rsvp = (id: string, change: Partial<StaffRsvp>): StaffRsvp => ({
  id,
  eventId: 'e1',
  eventName: EVENT.name,
  eventDate: EVENT.date,
  eventTime: EVENT.time,
  userId: `u${id}`,
  partySize: 2,
  status: 'Going',
  waitingPosition: null,
  checkedInAt: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-20T15:00:00.000Z',
  customerName: `Guest ${id}`,
  customerEmail: `guest${id}@example.com`,
  ...change,
});

const RSVPS = [
  rsvp('w2', { status: 'Waiting', waitingPosition: 2, createdAt: '2026-11-21T10:00:00.000Z' }),
  rsvp('b', { createdAt: '2026-11-20T16:00:00.000Z', partySize: 4, checkedInAt: '2026-12-05T23:05:00.000Z' }),
  rsvp('a', { createdAt: '2026-11-20T15:00:00.000Z', customerName: '=HYPERLINK("x")' }),
  rsvp('w1', { status: 'Waiting', waitingPosition: 1, createdAt: '2026-11-21T11:00:00.000Z' }),
  rsvp('gone', { status: 'Cancelled' }),
];

describe('the guest list (decision 0352)', () => {
  it('counts places from the event, or from the loaded RSVPs with those waiting', () => {
    expect(rsvpCountText(EVENT)).toBe('18 of 24 places');
    expect(rsvpCountText(EVENT, RSVPS)).toBe('6 of 24 places, 2 waiting');
    expect(rsvpCountText({ ...EVENT, rsvpCapacity: 1, rsvpTaken: 0 })).toBe('0 of 1 place');
    expect(rsvpCountText({ ...EVENT, cancelledAt: '2026-12-01T00:00:00.000Z' })).toBe('Cancelled');
  });

  it('lists those coming by when they answered, then the waiting list in line, without the cancelled', () => {
    expect(guestListOrder(RSVPS).map((entry) => entry.id)).toEqual(['a', 'b', 'w1', 'w2']);
  });

  it("exports the list as CSV that reads back, formulas escaped, the check-in time in New York's", () => {
    const text = guestListCsv(RSVPS);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([...GUEST_CSV_COLUMNS]);
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual(['\'=HYPERLINK("x")', '2', 'guesta@example.com', 'Nov 20, 2026, 10:00 AM', 'Going', '']);
    expect(rows[2]).toEqual(['Guest b', '4', 'guestb@example.com', 'Nov 20, 2026, 11:00 AM', 'Going', 'Dec 5, 2026, 6:05 PM']);
    expect(rows[3]![4]).toBe('Waiting (1)');
  });

  it("names the file by the event's date and name", () => {
    expect(guestListFileName(EVENT)).toBe('guests-2026-12-05-wine-tasting-rhone-loire.csv');
    expect(guestListFileName({ date: '2026-12-05', name: '🍷🍷' })).toBe('guests-2026-12-05-event.csv');
  });
});
