/**
 * The admin screens' query keys, in one factory (TanStack Query's convention): a screen reads
 * `adminKeys.items()`, a write invalidates by prefix (`adminKeys.all` is every admin query).
 */
import type { Role } from '../../../../shared/roles';

export const adminKeys = {
  all: ['admin'] as const,
  items: () => [...adminKeys.all, 'items'] as const,
  promotedItems: () => [...adminKeys.items(), 'promoted'] as const,
  item: (id: string) => [...adminKeys.all, 'item', id] as const,
  categories: () => [...adminKeys.all, 'categories'] as const,
  /** The categories with their tags, as the Item Editor's tag groups show them. */
  tagGroups: () => [...adminKeys.categories(), 'with-tags'] as const,
  banners: () => [...adminKeys.all, 'banners'] as const,
  events: () => [...adminKeys.all, 'events'] as const,
  /** Who is coming to an event and who waits (decision 0352). */
  eventRsvps: (eventId: string) => [...adminKeys.events(), 'rsvps', eventId] as const,
  settings: () => [...adminKeys.all, 'shop-settings'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userPages: (role: Role, search: string) => [...adminKeys.users(), role, search] as const,
  /** The admins' names and ids, for the activity log's person filter. */
  admins: () => [...adminKeys.users(), 'admin-names'] as const,
  tagNames: () => [...adminKeys.all, 'tag-names'] as const,
  activity: (actorId: string, kind: string) => [...adminKeys.all, 'activity', actorId, kind] as const,
  /** The till feed's last file (decision 0377). */
  tillFeed: () => [...adminKeys.all, 'till-feed'] as const,
  /** The mails kept without a mail server (decision 0366). */
  outbox: () => [...adminKeys.all, 'outbox'] as const,
  /** Reservations (product §11): every one, as searched; the Requested ones (the sidebar's badge, the pick list). */
  reservations: () => [...adminKeys.all, 'reservations'] as const,
  reservationList: (search: string) => [...adminKeys.reservations(), 'list', search] as const,
  requestedReservations: () => [...adminKeys.reservations(), 'requested'] as const,
  readyReservations: () => [...adminKeys.reservations(), 'ready'] as const,
  relatedReservations: (id: string) => [...adminKeys.reservations(), 'related', id] as const,
  notifyDemand: () => [...adminKeys.all, 'notify-demand'] as const,
};
