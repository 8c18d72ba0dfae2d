/**
 * The admin Events screen's server calls, as the signed-in admin (lambda auth mode): every event
 * (all pages), create, update and delete. Each write throws ApiCallError when it fails.
 */
import { useQuery } from '@tanstack/react-query';
import { listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { EVENT_MESSAGES, type AdminEvent, type EventFields } from './event-form';
import { dataOrThrow } from '../common/graphql-errors';
import { adminKeys } from '../common/admin-keys';
import { adminClient } from '../common/admin-client';

type EventInput = EventFields & { img: string | null };

export async function getAdminEvents(): Promise<AdminEvent[]> {
  const events = await listAll((nextToken) =>
    adminClient.models.Event.list({
      selectionSet: ['id', 'name', 'date', 'time', 'description', 'img'],
      limit: MAX_PAGE_SIZE,
      nextToken,
    }),
  );
  return events.map((event) => ({ ...event, time: event.time ?? null, img: event.img ?? null }));
}

export function useAdminEvents() {
  return useQuery({
    queryKey: adminKeys.events(),
    queryFn: () => getAdminEvents(),
    staleTime: 0,
    retry: false,
    meta: { loadFailedMessage: EVENT_MESSAGES.loadFailed },
  });
}

export const eventsApi = {
  create: async (input: EventInput) => dataOrThrow(await adminClient.models.Event.create(input)),
  update: async (id: string, input: EventInput) => dataOrThrow(await adminClient.models.Event.update({ id, ...input })),
  remove: async (id: string) => dataOrThrow(await adminClient.models.Event.delete({ id })),
};
