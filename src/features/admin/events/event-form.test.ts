import { describe, expect, it } from 'vitest';
import {
  EMPTY_EVENT_FORM,
  EVENT_SORTS,
  eventInput,
  eventToForm,
  isEventSort,
  missingEventField,
  sortEvents,
  type AdminEvent,
} from './event-form';

const event = (id: string, name: string, date: string, time: string | null = null): AdminEvent => ({
  id,
  name,
  date,
  time,
  description: `About ${name}`,
  img: null,
});

const events = [
  event('1', 'wine tasting', '2026-03-05', '18:00'),
  event('2', 'Bourbon Night', '2026-01-10', '19:30'),
  event('3', 'Apple Cider Day', '2026-03-05', null),
  event('4', 'Ãrtisan Cheese', '2026-03-05', '09:00'),
  event('5', 'Event 10', '2025-12-31', '23:00'),
  event('6', 'Event 9', '2026-06-01', null),
];

const names = (list: AdminEvent[]) => list.map((e) => e.id);

describe('sortEvents', () => {
  it('offers the four sorts of product §4', () => {
    expect(EVENT_SORTS).toEqual(['A-Z', 'Z-A', 'Date Soonest', 'Date Latest']);
    expect(isEventSort('Date Latest')).toBe(true);
    expect(isEventSort('Reset')).toBe(false);
  });

  it('sorts A-Z ignoring case and accents, numbers by value', () => {
    expect(names(sortEvents(events, 'A-Z'))).toEqual(['3', '4', '2', '6', '5', '1']);
  });

  it('sorts Z-A as the reverse', () => {
    expect(names(sortEvents(events, 'Z-A'))).toEqual(['1', '5', '6', '2', '4', '3']);
  });

  it('sorts by date and time, soonest first; an event without a time after the timed ones of its day', () => {
    expect(names(sortEvents(events, 'Date Soonest'))).toEqual(['5', '2', '4', '1', '3', '6']);
  });

  it('sorts latest first', () => {
    expect(names(sortEvents(events, 'Date Latest'))).toEqual(['6', '3', '1', '4', '2', '5']);
  });

  it('does not change its input', () => {
    const copy = [...events];
    sortEvents(events, 'Z-A');
    expect(events).toEqual(copy);
  });
});

describe('the event editor', () => {
  const filled = { name: 'Tasting', date: '2026-03-05', time: '', description: 'Five wines' };

  it("requires name, date and description ('Please fill out all fields'), in that order", () => {
    expect(missingEventField(EMPTY_EVENT_FORM)).toBe('name');
    expect(missingEventField({ ...filled, name: ' ' })).toBe('name');
    expect(missingEventField({ ...filled, date: '' })).toBe('date');
    expect(missingEventField({ ...filled, date: '2026-02-30' })).toBe('date');
    expect(missingEventField({ ...filled, description: '\n' })).toBe('description');
    expect(missingEventField(filled)).toBeNull();
  });

  it('sends an empty time as null and trims the text', () => {
    expect(eventInput({ ...filled, name: ' Tasting ', time: '  ' })).toEqual({
      name: 'Tasting',
      date: '2026-03-05',
      time: null,
      description: 'Five wines',
    });
    expect(eventInput({ ...filled, time: '18:30' }).time).toBe('18:30');
  });

  it('pre-fills from an event, a missing time as empty', () => {
    expect(eventToForm(event('1', 'Tasting', '2026-03-05'))).toEqual({
      name: 'Tasting',
      date: '2026-03-05',
      time: '',
      description: 'About Tasting',
    });
  });
});
