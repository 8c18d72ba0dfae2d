/**
 * One customer's caps on an item when reserving for pickup (product §11): the item's own "Limit N
 * per customer" (decision 0371) and the shop's fair share of a counted shelf (decision 0374). The
 * one rule the local server and the cloud apply when reserving (server/reservations/
 * reservation-service.ts assertWithinCustomerLimits, checked again in each store's write), and the
 * item page and the pickup list use to offer no more. Pure; tested in customer-limits.test.ts.
 *
 * What a customer holds of an item is the sum of its lines on their open (Requested and Ready)
 * reservations, as they stand (a line staff lowered holds its lowered quantity). When both caps
 * apply, the smaller wins; on a tie the message names the item's limit, the one staff set by hand.
 */
import { PICKUP_MESSAGES } from './pickup-messages';
import { isOpenStatus, type ReservationStatus } from './reservation-status';
import { shelfCount, type StockFacts } from './stock';

/** The most an item's limit per customer may be: as many as one reservation of one item may take at most (pickupMaxPerItem's range). */
export const MAX_LIMIT_PER_CUSTOMER = 99;

/** A share cap of 100% caps nothing: the shelf's count is already the most anyone can hold. */
export const NO_SHARE_CAP = 100;

/** Why a stored limit per customer is not one (the Item Editor, the item import, both backends' model guards); null when it is, null included. */
export function limitPerCustomerProblem(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_LIMIT_PER_CUSTOMER
    ? null
    : PICKUP_MESSAGES.itemLimit(MAX_LIMIT_PER_CUSTOMER);
}

/** The limit as typed in the Item Editor: a whole number, null when empty (no limit), NaN when it is not a limit. */
export function parseLimitPerCustomer(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,3}$/.test(trimmed)) return Number.NaN;
  const value = Number(trimmed);
  return limitPerCustomerProblem(value) === null ? value : Number.NaN;
}

/** What the caps read of an item: its limit and its stock facts (the shelf's count). */
export interface CappedItem extends StockFacts {
  limitPerCustomer?: number | null;
}

/** The most one customer may hold of an item in all their open reservations, and which cap says so. */
export interface CustomerCap {
  most: number;
  by: 'limit' | 'share';
}

/**
 * The cap in force on one customer for `item`, or null when nothing caps them (no limit, and the
 * item's stock is not counted or the share is 100%). The share of a counted shelf is rounded up
 * and at least 1, so a single bottle (or a shelf counted 0 that is restocked) can still be held.
 */
export function customerCap(item: CappedItem, sharePercent: number): CustomerCap | null {
  const limit = limitPerCustomerProblem(item.limitPerCustomer) === null ? (item.limitPerCustomer ?? null) : null;
  const shelf = shelfCount(item);
  // shelf x percent is a whole number, so the division is exact whenever the share is whole.
  const share =
    shelf !== null && sharePercent < NO_SHARE_CAP ? Math.max(1, Math.ceil((Math.max(0, shelf) * Math.max(1, sharePercent)) / 100)) : null;
  if (limit !== null && (share === null || limit <= share)) return { most: limit, by: 'limit' };
  return share === null ? null : { most: share, by: 'share' };
}

/** How many more a customer holding `held` may reserve; null when uncapped. */
export const customerAllowance = (cap: CustomerCap | null, held: number): number | null =>
  cap === null ? null : Math.max(0, cap.most - held);

/** Why `quantity` more of `item` would put the customer over `cap`, holding `held` now; null when it would not. */
export function customerCapProblem(name: string, cap: CustomerCap | null, held: number, quantity: number): string | null {
  if (cap === null || held + quantity <= cap.most) return null;
  return cap.by === 'limit' ? PICKUP_MESSAGES.limitPerCustomer(name, cap.most, held) : PICKUP_MESSAGES.shareCap(name, cap.most, held);
}

/** What the sum reads of a reservation. */
export interface HoldingReservation {
  id: string;
  status: ReservationStatus;
  lines: ReadonlyArray<{ itemId: string; quantity: number }>;
}

/** Units per item one customer's open reservations hold; `except` (a reservation being changed) is left out. */
export function heldByItem(reservations: readonly HoldingReservation[], except?: string): Map<string, number> {
  const held = new Map<string, number>();
  for (const reservation of reservations) {
    if (reservation.id === except || !isOpenStatus(reservation.status)) continue;
    for (const line of reservation.lines) held.set(line.itemId, (held.get(line.itemId) ?? 0) + Math.max(0, line.quantity));
  }
  return held;
}
