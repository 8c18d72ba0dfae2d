/**
 * A signed-in customer's RSVPs (product §2 Events, decision 0351): one query of their own RSVPs
 * shared by the events page's control and /account, RSVP (create or change), cancel, and whether
 * their e-mail address is confirmed (RSVPs need it; the server checks it again). Loaded only by
 * chunks a signed-in customer opens (design §4: not the first script).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCustomerId } from '../../lib/auth';
import { client } from '../../lib/amplify';
import type { ModelRecord } from '../../lib/catalogue';
import { orThrow, signedIn, type Response } from '../../lib/signed-in-call';

/** As the schema declares it (amplify/data/schema.ts). */
export type Rsvp = ModelRecord<'Rsvp'>;

export const myRsvpsKey = (userId: string) => ['my-rsvps', userId] as const;
const confirmedKey = (userId: string) => ['my-email-confirmed', userId] as const;
/** The events page's query (src/features/events/api): its places left change with every answer. */
const EVENTS_KEY = ['events'] as const;

/** The caller's RSVPs (not cancelled), soonest event first. */
export function useMyRsvps() {
  const userId = useCustomerId();
  return useQuery({
    queryKey: myRsvpsKey(userId ?? ''),
    queryFn: async () => orThrow(await signedIn((auth) => client.queries.myRsvps(auth) as Promise<Response<Rsvp[]>>)),
    enabled: userId !== null,
    staleTime: 15_000,
  });
}

/** Whether the caller's address is confirmed (from their account). */
export function useEmailConfirmed() {
  const userId = useCustomerId();
  return useQuery({
    queryKey: confirmedKey(userId ?? ''),
    queryFn: async () => {
      const account = orThrow(
        await signedIn((auth) => client.queries.myAccount(auth) as Promise<Response<{ emailConfirmed?: boolean | null }>>),
      );
      return account.emailConfirmed === true;
    },
    enabled: userId !== null,
    staleTime: 60_000,
  });
}

/** After an answer: the caller's RSVPs and the events' places left reload. */
function useReload() {
  const userId = useCustomerId();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myRsvpsKey(userId ?? '') }),
      queryClient.invalidateQueries({ queryKey: EVENTS_KEY }),
    ]);
}

/** RSVP to an event, or change the party size; the answer says Going or Waiting. */
export function useRsvp() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ eventId, partySize }: { eventId: string; partySize: number }) =>
      signedIn((auth) => client.mutations.rsvp({ eventId, partySize }, auth) as Promise<Response<Rsvp>>),
    onSettled: reload,
  });
}

/** Cancel the caller's RSVP to an event; the places go to the waiting list (the server's job). */
export function useCancelRsvp() {
  const reload = useReload();
  return useMutation({
    mutationFn: (eventId: string) => signedIn((auth) => client.mutations.cancelMyRsvp({ eventId }, auth) as Promise<Response<Rsvp>>),
    onSettled: reload,
  });
}

/** "party of 2" / "just you". */
export const partyText = (size: number) => (size === 1 ? 'party of 1' : `party of ${size}`);

/** What the customer is told of their RSVP: "You're going, party of 2" or "You're on the waiting list (2nd), party of 2". */
export function myRsvpText(rsvp: Pick<Rsvp, 'status' | 'partySize' | 'waitingPosition'>): string {
  if (rsvp.status === 'Waiting') {
    const place = rsvp.waitingPosition ? ` (number ${rsvp.waitingPosition} in line)` : '';
    return `You're on the waiting list${place}, ${partyText(rsvp.partySize)}`;
  }
  return `You're going, ${partyText(rsvp.partySize)}`;
}
