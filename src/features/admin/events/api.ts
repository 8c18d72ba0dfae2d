/**
 * The admin Events screen's server calls, as the signed-in admin (lambda auth mode): every event
 * (all pages), create, update and delete. Each write throws ApiCallError when it fails.
 */
import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/amplify';
import { useSignedInCall } from '../../../lib/auth';
import { listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { EVENT_MESSAGES, type AdminEvent, type EventFields } from './event-form';
import { dataOrThrow } from '../common/graphql-errors';
import { adminKeys } from '../common/admin-keys';

type SignedInCall = ReturnType<typeof useSignedInCall>;
type EventInput = EventFields & { img: string | null };

export async function getAdminEvents(signedInCall: SignedInCall): Promise<AdminEvent[]> {
  const events = await listAll((nextToken) =>
    signedInCall((auth) =>
      client.models.Event.list({
        selectionSet: ['id', 'name', 'date', 'time', 'description', 'img'],
        limit: MAX_PAGE_SIZE,
        nextToken,
        ...auth,
      }),
    ),
  );
  return events.map((event) => ({ ...event, time: event.time ?? null, img: event.img ?? null }));
}

export function useAdminEvents() {
  const signedInCall = useSignedInCall();
  return useQuery({
    queryKey: adminKeys.events(),
    queryFn: () => getAdminEvents(signedInCall),
    staleTime: 0,
    retry: false,
    meta: { loadFailedMessage: EVENT_MESSAGES.loadFailed },
  });
}

export function eventsApi(signedInCall: SignedInCall) {
  return {
    create: async (input: EventInput) => dataOrThrow(await signedInCall((auth) => client.models.Event.create(input, auth))),
    update: async (id: string, input: EventInput) =>
      dataOrThrow(await signedInCall((auth) => client.models.Event.update({ id, ...input }, auth))),
    remove: async (id: string) => dataOrThrow(await signedInCall((auth) => client.models.Event.delete({ id }, auth))),
  };
}
