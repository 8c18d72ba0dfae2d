/**
 * The demo shop's settings record (decision 0190): its details as shared/shop.ts has them (the
 * storefront's fallback) and plausible hours New York allows (shared/shop-hours.ts).
 */
import { demoShopHours, SHOP_SETTINGS_ID } from '../shared/shop-hours';

export function demoShopSettings(today: Date) {
  return {
    id: SHOP_SETTINGS_ID,
    name: 'Patterson Wine & Liquor',
    address: '3140 Route 22, Patterson, NY 12563',
    phone: '(845) 555-0142',
    email: 'hello@pattersonwine.example',
    mapUrl: 'https://www.openstreetmap.org/?mlat=41.51260&mlon=-73.60290#map=17/41.51260/-73.60290',
    ...demoShopHours(today),
  };
}
