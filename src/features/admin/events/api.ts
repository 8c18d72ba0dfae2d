/**
 * The admin Events screen's server calls, as the signed-in admin (lambda auth mode): every event
 * (all pages), create, update and delete. Each write throws ApiCallError when it fails.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { EVENT_MESSAGES, type AdminEvent, type EventFields } from './event-form';
import { dataOrThrow } from '../common/graphql-errors';
import { adminKeys } from '../common/admin-keys';
import { adminQuery } from '../common/admin-query';
import { adminClient } from '../common/admin-client';
import { catalogueChanged } from '../common/catalogue-cache';

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

export const adminEventsQuery = () => adminQuery(adminKeys.events(), getAdminEvents, EVENT_MESSAGES.loadFailed, { retry: false });

export function useAdminEvents() {
  return useQuery(adminEventsQuery());
}

/** An event saved from the editor: an update when it has an id, else a new event. */
async function saveEvent({ id, input }: { id?: string; input: EventInput }) {
  return dataOrThrow(await (id ? adminClient.models.Event.update({ id, ...input }) : adminClient.models.Event.create(input)));
}

async function deleteEvent(id: string) {
  return dataOrThrow(await adminClient.models.Event.delete({ id }));
}

/** The Events screen's writes, as mutations; each reloads the catalogue (admin and public lists) when it worked. */
export function useEventWrites() {
  const reload = () => void catalogueChanged();
  return {
    save: useMutation({ mutationFn: saveEvent, onSuccess: reload }),
    remove: useMutation({ mutationFn: deleteEvent, onSuccess: reload }),
  };
}
