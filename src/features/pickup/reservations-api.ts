/**
 * A customer's reservations (product §11, decisions 0313-0317): reserving the list, the list of
 * their own, changing and cancelling one, each as the signed-in customer through the app's data client.
 */
import { useQuery } from '@tanstack/react-query';
import { client } from '../../lib/amplify';
import type { ModelRecord } from '../../lib/catalogue';
import { signedIn, type Response } from '../../lib/signed-in-call';
import type { ReservationStatus } from '../../../shared/reservation-status';

/** As the schema declares them (amplify/data/schema.ts); the status one of shared/reservation-status.ts. */
export type ReservationLine = ModelRecord<'ReservationLine'>;
export type Reservation = Omit<ModelRecord<'Reservation'>, 'status'> & { status: ReservationStatus };

export const reservationsKey = (userId: string) => ['my-reservations', userId] as const;

export const reserve = (input: { slotStart: string; note: string | null; phone: string | null }) =>
  signedIn((auth) => client.mutations.reserve(input, auth) as Promise<Response<Reservation>>);

export const cancelReservation = (id: string, reason: string | null) =>
  signedIn((auth) => client.mutations.cancelMyReservation({ id, reason }, auth) as Promise<Response<Reservation>>);

/** The customer's change of their Requested reservation (decision 0372): every line it keeps, and the slot. */
export const changeReservation = (input: { id: string; lines: Array<{ itemId: string; quantity: number }>; slotStart: string }) =>
  signedIn((auth) => client.mutations.changeReservation(input, auth) as Promise<Response<Reservation>>);

async function loadReservations(): Promise<Reservation[]> {
  const outcome = await signedIn((auth) => client.queries.myReservations(auth) as Promise<Response<Reservation[]>>);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.data;
}

export function useMyReservations(userId: string | null) {
  return useQuery({ queryKey: reservationsKey(userId ?? ''), queryFn: loadReservations, enabled: userId !== null, staleTime: 15_000 });
}
