import { describe, expect, it } from 'vitest';
import { upcomingEvents, type ShopEvent } from './upcoming-events';

const event = (id: string, date: string, time: string | null = null): ShopEvent => ({
  id,
  name: `Event ${id}`,
  date,
  time,
  description: '',
  img: null,
});

describe('upcomingEvents', () => {
  const today = '2025-03-15';

  it('leaves out past events and keeps today and later ones', () => {
    const events = [event('past', '2025-03-14'), event('today', '2025-03-15'), event('later', '2025-04-01'), event('old', '2024-12-31')];
    expect(upcomingEvents(events, today).map((e) => e.id)).toEqual(['today', 'later']);
  });

  it('puts the soonest first, by time within a day, untimed last', () => {
    const events = [
      event('c', '2025-05-01', '09:00'),
      event('b-untimed', '2025-03-20', null),
      event('b-evening', '2025-03-20', '19:00'),
      event('b-morning', '2025-03-20', '9:30'),
      event('a', '2025-03-16', '15:00'),
    ];
    expect(upcomingEvents(events, today).map((e) => e.id)).toEqual(['a', 'b-morning', 'b-evening', 'b-untimed', 'c']);
  });

  it('drops events whose date is not a real date', () => {
    expect(upcomingEvents([event('bad', '2025-02-30'), event('text', 'soon')], today)).toEqual([]);
  });

  it('compares across month and year ends as dates', () => {
    const events = [event('dec', '2025-12-31'), event('jan', '2026-01-01'), event('nov', '2025-11-09')];
    expect(upcomingEvents(events, '2025-11-10').map((e) => e.id)).toEqual(['dec', 'jan']);
  });

  it('does not reorder its input', () => {
    const events = [event('b', '2025-04-01'), event('a', '2025-03-20')];
    upcomingEvents(events, today);
    expect(events.map((e) => e.id)).toEqual(['b', 'a']);
  });
});
