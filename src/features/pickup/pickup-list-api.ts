/**
 * The signed-in customer's pickup list (product §11, decision 0318): one query shared by the
 * header's count, the "Add to pickup list" control and /pickup-list, so a change shows everywhere
 * at once. Loaded only by chunks a signed-in customer opens (design §4: not the first script).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SHOP_SETTINGS_ID } from '../../../shared/shop-hours';
import { reservationSettingsOf, type ReservationSettings } from '../../../shared/reservation-limits';
import { client } from '../../lib/amplify';
import type { ModelRecord } from '../../lib/catalogue';
import { useCustomerId } from '../../lib/auth';
import { orThrow, signedIn, type Outcome, type Response } from '../../lib/signed-in-call';
import type { ShopHoursSource } from '../../../shared/shop-hours';

/** As the schema declares them (amplify/data/schema.ts), so the screens follow the API. */
export type PickupListLine = ModelRecord<'PickupListLine'>;
export type PickupList = ModelRecord<'PickupList'>;

export const EMPTY_PICKUP_LIST: PickupList = { lines: [], units: 0, total: 0 };

/** "2 bottles" / "1 bottle". */
export const bottles = (count: number) => `${count} ${count === 1 ? 'bottle' : 'bottles'}`;

/**
 * The most one may choose: the per-item limit (a Shop setting), no more than the shelf holds, and
 * no more than the customer may still hold of it (`allowance`, shared/customer-limits.ts; null: uncapped).
 */
export function mostToChoose(stock: number | null | undefined, maxPerItem: number, allowance: number | null = null): number {
  const most = allowance === null ? maxPerItem : Math.min(maxPerItem, allowance);
  return stock === null || stock === undefined ? most : Math.max(0, Math.min(most, Math.floor(stock)));
}

/** The list's query key: per customer, so another account signed in on this browser never sees it. */
export const pickupListKey = (userId: string) => ['pickup-list', userId] as const;

export const loadPickupList = async (): Promise<PickupList> =>
  orThrow(await signedIn((auth) => client.queries.myPickupList(auth) as Promise<Response<PickupList>>));

export const setPickupListLine = (itemId: string, quantity: number): Promise<Outcome<PickupList>> =>
  signedIn((auth) => client.mutations.setPickupListLine({ itemId, quantity }, auth) as Promise<Response<PickupList>>);

export { useCustomerId };

/** One of the signed-in customer's own lists, under a key per customer; disabled for anyone else. */
export function useCustomerQuery<T>(keyOf: (userId: string) => readonly unknown[], load: () => Promise<T>) {
  const userId = useCustomerId();
  return useQuery({ queryKey: keyOf(userId ?? ''), queryFn: load, enabled: userId !== null, staleTime: 30_000 });
}

/** The caller's list while a customer is signed in (disabled otherwise). */
export const usePickupList = () => useCustomerQuery(pickupListKey, loadPickupList);

/** Sets one line (0 removes it); the answer is the whole list, which replaces the cached one. */
export function useSetPickupLine() {
  const userId = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, quantity }: { itemId: string; quantity: number }) => setPickupListLine(itemId, quantity),
    onSuccess: (outcome) => {
      if (outcome.ok && userId) queryClient.setQueryData(pickupListKey(userId), outcome.data);
    },
  });
}

/** What reserving reads of the Shop settings: the hours (pickup slots) and the limits (decision 0312). */
export type PickupShopSettings = ShopHoursSource & { limits: ReservationSettings };

const PICKUP_SETTINGS_SELECTION = [
  'id',
  'weeklyHours',
  'specialDates',
  'pickupPreparationMinutes',
  'pickupMaxPerItem',
  'pickupMaxOpenReservations',
  'pickupMaxUnits',
  'reservationShareCap',
] as const;

export async function loadPickupSettings(): Promise<PickupShopSettings> {
  const { data, errors } = await client.models.ShopSettings.get({ id: SHOP_SETTINGS_ID }, { selectionSet: PICKUP_SETTINGS_SELECTION });
  if (errors?.length && !data) throw new Error(errors.map((error) => error.message).join('; '));
  return {
    weeklyHours: data?.weeklyHours ?? null,
    specialDates: data?.specialDates ?? null,
    limits: reservationSettingsOf(data),
  };
}

/** The Shop settings reserving needs; a minute old at most, as the server reads them fresh. */
export function usePickupSettings() {
  return useQuery({ queryKey: ['pickup-settings'], queryFn: loadPickupSettings, staleTime: 60_000 });
}
