/**
 * The staff screen's calls (product §11, decisions 0313-0317, 0323-0324): `listReservations` (every
 * reservation, searched on the server; or the Requested ones for the sidebar's badge and the pick
 * list) and `reservationAction` (markReady, pickUp, cancel). After an action, or a refusal (the
 * status may have changed meanwhile), every reservation query reloads.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LineLowering } from '../../../../shared/reservation-status';
import { adminClient } from '../common/admin-client';
import { adminKeys } from '../common/admin-keys';
import { adminQuery } from '../common/admin-query';
import { dataOrThrow } from '../common/graphql-errors';
import type { RelatedReservation, StaffReservation } from './reservation-view';

export const RESERVATION_SCREEN_MESSAGES = {
  loadFailed: 'Error loading reservations',
  actionFailed: 'The reservation was not changed. Please try again.',
  markedReady: (number: string) => `Reservation ${number} is ready for pickup`,
  pickedUp: (number: string) => `Reservation ${number} was picked up`,
  cancelled: (number: string) => `Reservation ${number} was cancelled`,
} as const;

/** How often the sidebar's badge asks again while the portal is open and shown (decision 0324). */
export const REQUESTED_REFRESH_MS = 60_000;

async function listReservations(args: { status?: string; search?: string }): Promise<StaffReservation[]> {
  return dataOrThrow(await adminClient.queries.listReservations(args));
}

/** Every reservation (each tab counts its own), searched by number, name or e-mail on the server. */
export const reservationListQuery = (search: string) =>
  queryOptions({
    ...adminQuery(
      adminKeys.reservationList(search),
      () => listReservations(search ? { search } : {}),
      RESERVATION_SCREEN_MESSAGES.loadFailed,
      {
        retry: false,
      },
    ),
    // While a new search loads, the last results stay on screen (as on Client Users).
    placeholderData: keepPreviousData,
  });

export const useReservationList = (search: string) => useQuery(reservationListQuery(search));

/** One status's reservations, asked again every minute while the page is shown; no toast when it fails (the badge keeps its last count). */
const useStatusList = (status: 'Requested' | 'Ready', queryKey: readonly unknown[]) =>
  useQuery({
    queryKey,
    queryFn: () => listReservations({ status }),
    staleTime: 30_000,
    refetchInterval: REQUESTED_REFRESH_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });

/** The Requested reservations: the badge's count on every admin page, and the pick list. */
export const useRequestedReservations = () => useStatusList('Requested', adminKeys.requestedReservations());

/** The Ready ones, waiting to be collected: the badge counts them too. */
export const useReadyReservations = () => useStatusList('Ready', adminKeys.readyReservations());

/** The open reservations related to one (decision 0378), asked when its dialog opens and with the lists. */
export const useRelatedReservations = (id: string) =>
  useQuery(
    adminQuery(
      adminKeys.relatedReservations(id),
      async (): Promise<RelatedReservation[]> => dataOrThrow(await adminClient.queries.relatedReservations({ id })),
      RESERVATION_SCREEN_MESSAGES.loadFailed,
      { retry: false },
    ),
  );

export type StaffAction =
  { action: 'markReady'; lowered: LineLowering[] } | { action: 'pickUp'; idChecked: boolean } | { action: 'cancel'; reason: string };

async function act(id: string, change: StaffAction): Promise<StaffReservation> {
  const args =
    change.action === 'markReady'
      ? { id, action: change.action, lowered: change.lowered }
      : change.action === 'pickUp'
        ? { id, action: change.action, idChecked: change.idChecked }
        : { id, action: change.action, reason: change.reason };
  return dataOrThrow(await adminClient.mutations.reservationAction(args));
}

/** One staff action; whatever the answer, the lists and the badge reload. */
export function useReservationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: StaffAction }) => act(id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.reservations() }),
  });
}
