import { describe, expect, it } from 'vitest';
import { RSVP_MESSAGES } from '../../../../shared/rsvp-rules';
import {
  EMPTY_EVENT_FORM,
  EVENT_SORTS,
  eventInput,
  eventToForm,
  isEventSort,
  missingEventField,
  rsvpSettingsProblem,
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
  const filled = { ...EMPTY_EVENT_FORM, name: 'Tasting', date: '2026-03-05', time: '', description: 'Five wines' };

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
      takesRsvp: false,
      isTasting: false,
    });
    expect(eventInput({ ...filled, time: '18:30' }).time).toBe('18:30');
  });

  it('pre-fills from an event, a missing time as empty', () => {
    expect(eventToForm(event('1', 'Tasting', '2026-03-05'))).toEqual({
      name: 'Tasting',
      date: '2026-03-05',
      time: '',
      description: 'About Tasting',
      takesRsvp: false,
      capacity: '',
      partyLimit: '4',
      waitingList: false,
      isTasting: false,
    });
  });

  it('sends the RSVP settings only while the event takes RSVPs, the party limit 4 by default (decision 0351)', () => {
    const rsvp = { ...filled, takesRsvp: true, capacity: '24', partyLimit: '', waitingList: true, isTasting: true };
    expect(eventInput(rsvp)).toMatchObject({
      takesRsvp: true,
      rsvpCapacity: 24,
      rsvpPartyLimit: 4,
      rsvpWaitingList: true,
      isTasting: true,
    });
    expect(eventInput({ ...rsvp, takesRsvp: false })).not.toHaveProperty('rsvpCapacity');
    expect(rsvpSettingsProblem(rsvp)).toBeNull();
    expect(rsvpSettingsProblem({ ...rsvp, takesRsvp: false, capacity: '' })).toBeNull();
  });

  it("refuses the RSVP settings with the server's own messages, pointing at the field", () => {
    const rsvp = { ...filled, takesRsvp: true, capacity: '24', partyLimit: '4' };
    expect(rsvpSettingsProblem({ ...rsvp, capacity: '' })).toEqual({ field: 'capacity', message: RSVP_MESSAGES.capacityRequired });
    expect(rsvpSettingsProblem({ ...rsvp, capacity: '501' })).toEqual({
      field: 'capacity',
      message: RSVP_MESSAGES.field('Capacity', 1, 500),
    });
    expect(rsvpSettingsProblem({ ...rsvp, capacity: '2.5' })).toEqual({
      field: 'capacity',
      message: RSVP_MESSAGES.field('Capacity', 1, 500),
    });
    expect(rsvpSettingsProblem({ ...rsvp, partyLimit: '21' })).toEqual({
      field: 'partyLimit',
      message: RSVP_MESSAGES.field('Places per customer', 1, 20),
    });
    expect(rsvpSettingsProblem({ ...rsvp, partyLimit: '0' })?.field).toBe('partyLimit');
  });
});
