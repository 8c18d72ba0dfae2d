/**
 * What the staff screen makes of the reservations the server lists (product §11, decision 0323),
 * pure: the status tabs and their counts, the order within a tab, and the lines staff lowered
 * when marking a reservation ready, checked by the shared rules before anything is sent.
 */
import { PICKUP_MESSAGES } from '../../../../shared/pickup-messages';
import { staffNoteProblem } from '../../../../shared/reservation-limits';
import { RESERVATION_STATUSES, type LineLowering, type ReservationStatus } from '../../../../shared/reservation-status';

export interface StaffReservationLine {
  itemId: string;
  /** The item's name with its size when reserved. */
  name: string;
  upc?: string | null;
  price?: number | null;
  quantity: number;
  reservedQuantity: number;
  note?: string | null;
}

export interface StaffReservation {
  id: string;
  number: string;
  status: string;
  slotStart: string;
  slotLabel: string;
  lines: StaffReservationLine[];
  total: number;
  note?: string | null;
  phone?: string | null;
  expiresAt: string;
  reason?: string | null;
  cancelledBy?: string | null;
  createdAt: string;
  updatedAt: string;
  customerName?: string | null;
  customerEmail?: string | null;
  /** Open ones: the items held over the till's count, each with its "Short: …" (decision 0378). */
  shortages?: ReadonlyArray<{ itemId: string; message: string }> | null;
}

/** Another open reservation with the same phone or sign-up address (decision 0378). */
export interface RelatedReservation {
  id: string;
  number: string;
  status: string;
  slotLabel: string;
  customerName: string;
  samePhone: boolean;
  sameSignUpAddress: boolean;
}

/** How a related reservation is related, as staff read it: "Same phone, same sign-up address". */
export function relatedBy(related: Pick<RelatedReservation, 'samePhone' | 'sameSignUpAddress'>): string {
  const ways = [related.samePhone ? 'same phone' : '', related.sameSignUpAddress ? 'same sign-up address' : ''].filter(Boolean).join(', ');
  return ways.charAt(0).toUpperCase() + ways.slice(1);
}

/** Whether the till counts fewer of an item this reservation holds than open reservations hold. */
export const isShort = (reservation: Pick<StaffReservation, 'shortages'>): boolean => (reservation.shortages?.length ?? 0) > 0;

/** A tab: one status, or every reservation. */
export type ReservationTab = ReservationStatus | 'All';

export const RESERVATION_TABS: readonly ReservationTab[] = [...RESERVATION_STATUSES, 'All'];

export const STATUS_LABELS: Readonly<Record<ReservationTab, string>> = {
  Requested: 'Requested',
  Ready: 'Ready',
  PickedUp: 'Picked up',
  Cancelled: 'Cancelled',
  Expired: 'Expired',
  All: 'All',
};

/** The tab a URL's `?status=` names (its label or its value, any case); Requested otherwise. */
export function tabFromParam(value: string | null): ReservationTab {
  const wanted = (value ?? '').replace(/[\s_-]/g, '').toLowerCase();
  return RESERVATION_TABS.find((tab) => tab.toLowerCase() === wanted) ?? 'Requested';
}

export const statusLabel = (status: string): string => STATUS_LABELS[status as ReservationTab] ?? status;

/** How many reservations each tab holds. */
export function tabCounts(reservations: readonly Pick<StaffReservation, 'status'>[]): Record<ReservationTab, number> {
  const counts = Object.fromEntries(RESERVATION_TABS.map((tab) => [tab, 0])) as Record<ReservationTab, number>;
  for (const { status } of reservations) {
    if (Object.hasOwn(counts, status) && status !== 'All') counts[status as ReservationStatus] += 1;
    counts.All += 1;
  }
  return counts;
}

/** The bottles a reservation holds now. */
export const bottlesOf = (reservation: Pick<StaffReservation, 'lines'>): number =>
  reservation.lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * One tab's reservations: open ones by pickup time, soonest first (the order staff pick and hand
 * over in); closed ones as the server sends them, newest first.
 */
export function reservationsOfTab<T extends Pick<StaffReservation, 'status' | 'slotStart'>>(
  reservations: readonly T[],
  tab: ReservationTab,
): T[] {
  const shown = tab === 'All' ? [...reservations] : reservations.filter((reservation) => reservation.status === tab);
  if (tab === 'Requested' || tab === 'Ready') shown.sort((a, b) => Date.parse(a.slotStart) - Date.parse(b.slotStart));
  return shown;
}

/** A line as the Mark ready form holds it: the units picked (as typed) and why fewer. */
export interface PickedLine {
  itemId: string;
  picked: string;
  note: string;
}

export const pickedLinesOf = (reservation: Pick<StaffReservation, 'lines'>): PickedLine[] =>
  reservation.lines.map((line) => ({ itemId: line.itemId, picked: String(line.quantity), note: '' }));

export type LoweringResult =
  { ok: true; lowered: LineLowering[] } | { ok: false; itemId: string; field: 'picked' | 'note'; message: string };

/**
 * The lines staff lowered, for `reservationAction(markReady)`, or the first problem (which line,
 * which field, what the shared rules say). A line left as reserved is not sent.
 */
export function loweredLines(reservation: Pick<StaffReservation, 'lines'>, picked: readonly PickedLine[]): LoweringResult {
  const lowered: LineLowering[] = [];
  for (const line of reservation.lines) {
    const entry = picked.find((candidate) => candidate.itemId === line.itemId);
    const text = entry?.picked.trim() ?? String(line.quantity);
    const quantity = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(quantity) || quantity > line.quantity)
      return { ok: false, itemId: line.itemId, field: 'picked', message: PICKUP_MESSAGES.lowerNotLower };
    if (quantity === line.quantity) continue;
    const problem = staffNoteProblem(entry?.note ?? '');
    if (problem) return { ok: false, itemId: line.itemId, field: 'note', message: problem };
    lowered.push({ itemId: line.itemId, quantity, note: (entry?.note ?? '').trim() });
  }
  const left = reservation.lines.reduce(
    (sum, line) => sum + (lowered.find((low) => low.itemId === line.itemId)?.quantity ?? line.quantity),
    0,
  );
  if (left === 0) return { ok: false, itemId: reservation.lines[0]?.itemId ?? '', field: 'picked', message: PICKUP_MESSAGES.lowerAllZero };
  return { ok: true, lowered };
}
