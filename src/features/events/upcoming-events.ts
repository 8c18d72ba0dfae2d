import type { EventRecord } from '../../lib/catalogue';
import { parseLocalDate } from '../../lib/format';

export type ShopEvent = EventRecord;

/** A missing time sorts after the set times of the same day. */
const timeKey = (time: string | null) => (time && /^\d{1,2}:\d{2}/.test(time) ? time.padStart(5, '0') : '99:99');

/**
 * The events from `today` (YYYY-MM-DD, the shop's day in New York) on, soonest first: today's
 * events are still upcoming. Events without a real date are left out.
 */
export function upcomingEvents(events: readonly ShopEvent[], today: string): ShopEvent[] {
  return events
    .filter((event) => parseLocalDate(event.date) !== null && event.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || timeKey(a.time).localeCompare(timeKey(b.time)) || a.name.localeCompare(b.name));
}
