/**
 * A customer's reservations (product §11, decisions 0313-0317): reserving the list, the list of
 * their own, and cancelling one, each as the signed-in customer through the app's data client.
 */
import { useQuery } from '@tanstack/react-query';
import { client } from '../../lib/amplify';
import { signedIn, type Response } from '../../lib/signed-in-call';
import type { ReservationStatus } from '../../../shared/reservation-status';

export interface ReservationLine {
  itemId: string;
  name: string;
  price: number | null;
  quantity: number;
  reservedQuantity: number;
  note: string | null;
}

export interface Reservation {
  id: string;
  number: string;
  status: ReservationStatus;
  slotStart: string;
  slotEnd: string;
  slotLabel: string;
  lines: ReservationLine[];
  total: number;
  note: string | null;
  phone: string | null;
  expiresAt: string;
  reason: string | null;
  cancelledBy: string | null;
  createdAt: string;
}

export const reservationsKey = (userId: string) => ['my-reservations', userId] as const;

export const reserve = (input: { slotStart: string; note: string | null; phone: string | null }) =>
  signedIn((auth) => client.mutations.reserve(input, auth) as Promise<Response<Reservation>>);

export const cancelReservation = (id: string, reason: string | null) =>
  signedIn((auth) => client.mutations.cancelMyReservation({ id, reason }, auth) as Promise<Response<Reservation>>);

async function loadReservations(): Promise<Reservation[]> {
  const outcome = await signedIn((auth) => client.queries.myReservations(auth) as Promise<Response<Reservation[]>>);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.data;
}

export function useMyReservations(userId: string | null) {
  return useQuery({ queryKey: reservationsKey(userId ?? ''), queryFn: loadReservations, enabled: userId !== null, staleTime: 15_000 });
}
