/**
 * The shop's details and opening hours (decision 0190), from the ShopSettings record the owner
 * edits (/admin-settings); the values in shared/shop.ts stand in while it loads or if it is
 * missing. One query shared by the footer, Visit Us and About Us; on a page the local server
 * served, its answer is inlined (shared/first-screen.ts), so no page waits for it.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { firstScreenKeys, SELECTIONS } from '../../shared/first-screen';
import { isMapUrl, SHOP_SETTINGS_ID, type ShopHoursSource } from '../../shared/shop-hours';
import { shop, shopAddressLine } from '../../shared/shop';
import { client } from './amplify';
import { CATALOGUE_STALE_MS, type ModelRecord } from './catalogue';
import { firstScreenData } from './first-screen';
import { useDrawnTime } from './hydration';

export const SHOP_SETTINGS_QUERY_KEY = ['shop-settings'] as const;

/** The record as the API returns it (SELECTIONS.shopSettings; the settings screen's SELECTIONS.adminShopSettings adds the till feed's warning and Google's store code). */
export type ShopSettingsRecord = ShopHoursSource &
  Pick<ModelRecord<'ShopSettings'>, 'id'> &
  Partial<
    Pick<
      ModelRecord<'ShopSettings'>,
      | 'name'
      | 'address'
      | 'phone'
      | 'email'
      | 'mapUrl'
      | 'priceBoundaries'
      | 'tastingRules'
      | 'tillFeedWarnHours'
      | 'googleStoreCode'
      | 'reservationShareCap'
    >
  >;

/** The settings record, or null when there is none. */
export async function getShopSettings(): Promise<ShopSettingsRecord | null> {
  const { data, errors } = await client.models.ShopSettings.get({ id: SHOP_SETTINGS_ID }, { selectionSet: SELECTIONS.shopSettings });
  if (errors?.length && !data) throw new Error(errors.map((error) => error.message).join('; '));
  return data ?? null;
}

/** The settings record's query, as the footer and the menus read it (a page's first reads start it too). */
export const shopSettingsQuery = () => ({
  queryKey: SHOP_SETTINGS_QUERY_KEY,
  queryFn: getShopSettings,
  staleTime: CATALOGUE_STALE_MS,
  ...firstScreenData([firstScreenKeys.shopSettings], ([record]) => (record ?? null) as ShopSettingsRecord | null),
});

export function useShopSettings() {
  return useQuery(shopSettingsQuery());
}

/**
 * The settings record if some page already has it (the footer asks for it on every public
 * page), without fetching it: the page head reads it on sign-in and admin pages too, which
 * should not load it for a title.
 */
export function useLoadedShopSettings(): ShopSettingsRecord | null | undefined {
  // The same options (the inlined answer included, whichever observer comes first), never fetching.
  return useQuery({ ...shopSettingsQuery(), enabled: false }).data;
}

/** What the pages show of the shop: the record's values, each falling back to shared/shop.ts. */
export interface ShopDetails {
  name: string;
  addressLine: string;
  phone: string;
  /** tel: link target, digits only with the US country code. */
  phoneHref: string;
  email: string;
  /** The owner's map link (https only), or null: the page links its own map. */
  mapUrl: string | null;
  hours: ShopHoursSource | null;
}

const text = (value: string | null | undefined, fallback: string) => (value?.trim() ? value.trim() : fallback);

export function shopDetailsOf(record: ShopSettingsRecord | null | undefined): ShopDetails {
  const phone = text(record?.phone, shop.phone);
  const digits = phone.replace(/\D/g, '');
  return {
    name: text(record?.name, shop.name),
    addressLine: text(record?.address, shopAddressLine),
    phone,
    phoneHref: `tel:+${digits.length === 10 ? `1${digits}` : digits}`,
    email: text(record?.email, shop.email),
    mapUrl: isMapUrl(record?.mapUrl) ? record.mapUrl : null,
    hours: record ?? null,
  };
}

export function useShopDetails(): ShopDetails {
  const { data } = useShopSettings();
  return shopDetailsOf(data);
}

/**
 * The current time, renewed every minute (for "Open today" to turn into "Closed now"); the time
 * the page was drawn at while the server draws it or the browser hydrates it (lib/hydration.ts).
 */
export function useNow(intervalMs = 60_000): Date {
  const drawn = useDrawnTime();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return drawn ?? now;
}
