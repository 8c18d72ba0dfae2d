import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/amplify';
import { CATALOGUE_STALE_MS, listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import type { ShopEvent } from '../upcoming-events';

/** Every event (past ones too; the page picks the upcoming ones by the visitor's local day). */
export async function getEvents(): Promise<ShopEvent[]> {
  const events = await listAll((nextToken) =>
    client.models.Event.list({
      selectionSet: ['id', 'name', 'date', 'time', 'description', 'img'],
      limit: MAX_PAGE_SIZE,
      nextToken,
    }),
  );
  return events.map((event) => ({
    id: event.id,
    name: event.name,
    date: event.date,
    time: event.time ?? null,
    description: event.description,
    img: event.img ?? null,
  }));
}

export function useEvents() {
  return useQuery({ queryKey: ['events'], queryFn: getEvents, staleTime: CATALOGUE_STALE_MS });
}
