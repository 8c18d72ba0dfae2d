/** Table and bucket names, set on each function by amplify/backend.ts. */
export const ENV = {
  users: 'SHOP_USER_TABLE',
  credentials: 'SHOP_CREDENTIALS_TABLE',
  sessions: 'SHOP_SESSIONS_TABLE',
  throttle: 'SHOP_THROTTLE_TABLE',
  items: 'SHOP_ITEM_TABLE',
  banners: 'SHOP_BANNER_TABLE',
  categories: 'SHOP_CATEGORY_TABLE',
  tags: 'SHOP_TAG_TABLE',
  mediaBucket: 'SHOP_MEDIA_BUCKET',
  activity: 'SHOP_ACTIVITY_TABLE',
  /** Reservations, their numbers and the customers' pickup lists (dynamo-reservations.ts). */
  reservations: 'SHOP_RESERVATIONS_TABLE',
  shopSettings: 'SHOP_SHOPSETTINGS_TABLE',
  /** Events: their RSVP places (rsvpTaken) and cancelling (dynamo-rsvps.ts). */
  events: 'SHOP_EVENT_TABLE',
  /** Optional: the site's origin for links in password reset e-mails (with SMTP_*). */
  siteOrigin: 'SHOP_SITE_ORIGIN',
} as const;

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
