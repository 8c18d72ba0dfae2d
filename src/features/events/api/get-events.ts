import { useQuery } from '@tanstack/react-query';
import { firstScreenKeys, SELECTIONS } from '../../../../shared/first-screen';
import { client } from '../../../lib/amplify';
import { catalogueQuery } from '../../../lib/first-screen';
import { listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import type { ShopEvent } from '../upcoming-events';

type EventRecord = Omit<ShopEvent, 'time' | 'img'> & { time?: string | null; img?: string | null };

const toEvents = (records: readonly EventRecord[]): ShopEvent[] =>
  records.map((event) => ({
    ...event,
    time: event.time ?? null,
    img: event.img ?? null,
  }));

/** Every event (past ones too; the page picks the upcoming ones by the visitor's local day). */
export async function getEvents(): Promise<ShopEvent[]> {
  return toEvents(
    await listAll((nextToken) =>
      client.models.Event.list({
        selectionSet: SELECTIONS.event,
        limit: MAX_PAGE_SIZE,
        nextToken,
      }),
    ),
  );
}

/** Every event; on a first visit to the page, those inlined in it. */
export function useEvents() {
  return useQuery(catalogueQuery(['events'], getEvents, [firstScreenKeys.events], ([records]) => toEvents(records as EventRecord[])));
}
