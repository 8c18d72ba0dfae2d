import { describe, expect, it } from 'vitest';
import { PICKUP_MESSAGES } from '../../../../shared/pickup-messages';
import { bottlesOf, loweredLines, pickedLinesOf, reservationsOfTab, tabCounts, tabFromParam } from './reservation-view';

const reservation = {
  lines: [
    { itemId: 'merlot', name: 'Merlot', price: 12.5, quantity: 3, reservedQuantity: 3 },
    { itemId: 'rye', name: 'Rye', price: 30, quantity: 1, reservedQuantity: 1 },
  ],
};

describe('the status tabs', () => {
  it('count each status and all, ignoring a status they do not know', () => {
    const counts = tabCounts([{ status: 'Requested' }, { status: 'Requested' }, { status: 'Ready' }, { status: 'Odd' }]);
    expect(counts).toEqual({ Requested: 2, Ready: 1, PickedUp: 0, Cancelled: 0, Expired: 0, All: 4 });
  });

  it('read ?status= by value or label in any case, Requested otherwise', () => {
    expect(tabFromParam('ready')).toBe('Ready');
    expect(tabFromParam('picked-up')).toBe('PickedUp');
    expect(tabFromParam('ALL')).toBe('All');
    expect(tabFromParam('__proto__')).toBe('Requested');
    expect(tabFromParam(null)).toBe('Requested');
  });

  it('list open reservations by pickup time and closed ones as sent', () => {
    const list = [
      { id: 'late', status: 'Requested', slotStart: '2026-05-12T20:00:00Z' },
      { id: 'gone', status: 'Cancelled', slotStart: '2026-05-10T13:00:00Z' },
      { id: 'soon', status: 'Requested', slotStart: '2026-05-12T14:00:00Z' },
      { id: 'old', status: 'Cancelled', slotStart: '2026-05-11T13:00:00Z' },
    ];
    expect(reservationsOfTab(list, 'Requested').map((r) => r.id)).toEqual(['soon', 'late']);
    expect(reservationsOfTab(list, 'Cancelled').map((r) => r.id)).toEqual(['gone', 'old']);
    expect(reservationsOfTab(list, 'All').map((r) => r.id)).toEqual(['late', 'gone', 'soon', 'old']);
  });
});

describe('Mark ready', () => {
  it('sends nothing for lines picked as reserved', () => {
    expect(bottlesOf(reservation)).toBe(4);
    expect(loweredLines(reservation, pickedLinesOf(reservation))).toEqual({ ok: true, lowered: [] });
  });

  it('sends a lowered line with its note, trimmed', () => {
    const picked = [
      { itemId: 'merlot', picked: ' 2 ', note: '  Only 2 on the shelf ' },
      { itemId: 'rye', picked: '1', note: '' },
    ];
    expect(loweredLines(reservation, picked)).toEqual({
      ok: true,
      lowered: [{ itemId: 'merlot', quantity: 2, note: 'Only 2 on the shelf' }],
    });
  });

  it('asks why a line was lowered, and refuses more than held, a fraction, or every line at 0', () => {
    const base = pickedLinesOf(reservation);
    const withMerlot = (picked: string, note = '') => base.map((line) => (line.itemId === 'merlot' ? { ...line, picked, note } : line));
    expect(loweredLines(reservation, withMerlot('2'))).toEqual({
      ok: false,
      itemId: 'merlot',
      field: 'note',
      message: PICKUP_MESSAGES.staffNoteRequired,
    });
    for (const picked of ['4', '1.5', '-1', '', 'two'])
      expect(loweredLines(reservation, withMerlot(picked, 'x'))).toMatchObject({
        ok: false,
        field: 'picked',
        message: PICKUP_MESSAGES.lowerNotLower,
      });
    const none = [
      { itemId: 'merlot', picked: '0', note: 'Broken' },
      { itemId: 'rye', picked: '0', note: 'Sold out' },
    ];
    expect(loweredLines(reservation, none)).toMatchObject({ ok: false, message: PICKUP_MESSAGES.lowerAllZero });
  });
});
