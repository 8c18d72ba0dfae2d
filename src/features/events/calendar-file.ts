/**
 * Where an event's .ics file comes from (decisions 0208 and 0213). The local server serves `/events/<id>.ics`
 * and the `/events.ics` feed; the AWS build is static hosting with no such routes, so there the
 * page builds the same file in the browser with the same builder (shared/event-calendar.ts,
 * ical-generator: about 10 KB gzipped, loaded only when a visitor asks for a file) and saves it
 * from a Blob.
 *
 * Which backend served the page: the local server embeds its client config in the page, with
 * region `local` (server/app.ts); static hosting (and the Vite dev server) has the page fetch
 * `amplify_outputs.json` instead. So a page with an embedded local config has the routes.
 */
import { eventFileName } from '../../../shared/event-schedule';
import { client, servedByLocalServer } from '../../lib/amplify';
import type { ShopEvent } from './upcoming-events';
import { saveTextFile } from '../../lib/save-file';

/** Whether the server that sent this page serves the .ics routes (the local server does; static hosting does not). */
export const calendarRoutesServed = servedByLocalServer;

/** The fields the file needs, the timestamps included (they make SEQUENCE and LAST-MODIFIED). */
const CALENDAR_SELECTION = ['id', 'name', 'date', 'time', 'description', 'createdAt', 'updatedAt'] as const;

/** The event as stored now (its latest edit, with its timestamps); the page's copy if that cannot be had. */
async function freshRecord(event: ShopEvent) {
  try {
    const { data } = await client.models.Event.get({ id: event.id }, { selectionSet: CALENDAR_SELECTION });
    return data ?? event;
  } catch {
    return event;
  }
}

/** Builds the event's .ics in the browser and saves it, as the server's file would be saved. */
export async function downloadEventFile(event: ShopEvent, shop: { name: string; address: string }, pageUrl: string): Promise<void> {
  const [{ buildEventCalendar, CALENDAR_CONTENT_TYPE }, record] = await Promise.all([
    import('../../../shared/event-calendar'),
    freshRecord(event),
  ]);
  const text = buildEventCalendar(record, { shop, pageUrl });
  if (text === null) throw new Error(`event ${event.id} has no date a calendar can hold`);
  saveTextFile(eventFileName(event), text, CALENDAR_CONTENT_TYPE);
}
