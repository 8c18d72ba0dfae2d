/**
 * The admin Events screen's server calls, as the signed-in admin (lambda auth mode): every event
 * (all pages), create, update and delete; an event's RSVPs, checking a guest in and cancelling an
 * event (decision 0352). Each write throws ApiCallError when it fails.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SELECTIONS } from '../../../../shared/first-screen';
import { listAll, MAX_PAGE_SIZE, type ModelRecord } from '../../../lib/catalogue';
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
      selectionSet: SELECTIONS.event,
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

/** An RSVP as staff read it: the guest's name and e-mail with it. */
export type StaffRsvp = ModelRecord<'Rsvp'>;

export const RSVP_STAFF_MESSAGES = {
  loadFailed: 'Error loading the guest list',
  checkInFailed: 'The check-in was not saved. Please try again.',
  cancelFailed: 'The event was not cancelled',
  cancelled: (name: string) => `${name} is cancelled; its guests are told by e-mail`,
  /** Without a mail server (decision 0366). */
  cancelledKept: (name: string) => `${name} is cancelled; its guests' e-mails are kept in the Outbox`,
} as const;

async function eventRsvps(eventId: string): Promise<StaffRsvp[]> {
  return dataOrThrow(await adminClient.queries.eventRsvps({ eventId })).filter((rsvp): rsvp is StaffRsvp => rsvp !== null);
}

/** Who is coming and who waits; `enabled` false leaves it unasked (an event without RSVPs). */
export function useEventRsvps(eventId: string, enabled = true) {
  return useQuery({
    ...adminQuery(adminKeys.eventRsvps(eventId), () => eventRsvps(eventId), RSVP_STAFF_MESSAGES.loadFailed, { retry: false }),
    enabled,
  });
}

/** Checks a guest in (or out again); the event's list reloads whatever the answer. */
export function useCheckIn(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, checkedIn }: { id: string; checkedIn: boolean }) =>
      dataOrThrow(await adminClient.mutations.checkInRsvp({ id, checkedIn })),
    // The answer replaces the guest's line at once, so the box does not flicker back while the list reloads.
    onSuccess: (updated) =>
      queryClient.setQueryData<StaffRsvp[]>(adminKeys.eventRsvps(eventId), (list) =>
        list?.map((rsvp) => (rsvp.id === updated.id ? { ...rsvp, checkedInAt: updated.checkedInAt } : rsvp)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.eventRsvps(eventId) }),
  });
}

/** Cancels an event: its RSVPs are cancelled and every guest e-mailed by the server. */
export function useCancelEvent() {
  return useMutation({
    mutationFn: async ({ id, reason, message }: { id: string; reason: string | null; message: string | null }) =>
      dataOrThrow(await adminClient.mutations.cancelEvent({ id, reason, message })),
    onSettled: () => void catalogueChanged(),
  });
}

/** The Events screen's writes, as mutations; each reloads the catalogue (admin and public lists) when it worked. */
export function useEventWrites() {
  const reload = () => void catalogueChanged();
  return {
    save: useMutation({ mutationFn: saveEvent, onSuccess: reload }),
    remove: useMutation({ mutationFn: deleteEvent, onSuccess: reload }),
  };
}
