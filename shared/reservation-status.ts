/**
 * A reservation's life (product §11, decision 0311), as one pure function both backends apply:
 *
 *   Requested --markReady (staff; may lower lines, each with a note)--> Ready
 *   Ready --pickUp (staff, "Photo ID checked, 21+")--> PickedUp
 *   Requested | Ready --cancel (the customer; staff with a reason)--> Cancelled
 *   Requested | Ready --expire (the scheduled job, at or after expiresAt)--> Expired
 *
 * PickedUp, Cancelled and Expired are final: every action on them is refused. A reservation holds
 * its units from the shelf from the moment it is made; `nextStatus` says how many of each go back:
 * what a line was lowered by, and on cancelling or expiring what the lines still hold. Lines are
 * lowered only in Requested, and every way out of Requested and Ready is final, so each unit goes
 * back at most once and a picked-up unit never does.
 *
 * The server applies the answer in one write conditional on the status it read (design §7: the
 * condition belongs in the write), so two staff, or staff and the job, cannot both return the
 * stock; it also checks that a customer acts only on their own reservation.
 */
import type { StockMove } from './stock';
import { PICKUP_MESSAGES } from './pickup-messages';
import { reasonProblem, staffNoteProblem } from './reservation-limits';

export const RESERVATION_STATUSES = ['Requested', 'Ready', 'PickedUp', 'Cancelled', 'Expired'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const RESERVATION_ACTIONS = ['markReady', 'pickUp', 'cancel', 'expire'] as const;
export type ReservationAction = (typeof RESERVATION_ACTIONS)[number];

/** Who acts: the signed-in customer whose reservation it is, the shop's staff (admin role), or the scheduled job. */
export type ReservationActor = 'customer' | 'admin' | 'system';

/** Open reservations hold stock and count toward a customer's most (reservation-limits.ts). */
export const isOpenStatus = (status: ReservationStatus): boolean => status === 'Requested' || status === 'Ready';

/** Which actor may take which action, from which statuses (decision 0311). */
export const RESERVATION_PERMISSIONS: Readonly<Record<ReservationAction, Partial<Record<ReservationActor, readonly ReservationStatus[]>>>> =
  {
    markReady: { admin: ['Requested'] },
    pickUp: { admin: ['Ready'] },
    cancel: { customer: ['Requested', 'Ready'], admin: ['Requested', 'Ready'] },
    expire: { system: ['Requested', 'Ready'] },
  };

/**
 * Why a customer may not change their reservation's lines or slot now (decision 0372); null while
 * it is Requested, before staff pick its bottles. A final status says what happened.
 */
export const changeRefusal = (status: ReservationStatus): string | null =>
  status === 'Requested' ? null : (FINAL_MESSAGES[status] ?? PICKUP_MESSAGES.changeNotRequested);

export interface ReservationLine {
  itemId: string;
  /** Units held; a line lowered to 0 stays, with staff's note, so the customer sees why. */
  quantity: number;
}

/** What the machine reads of a reservation. */
export interface ReservationState {
  status: ReservationStatus;
  lines: readonly ReservationLine[];
  /** ISO 8601 (pickup-slots.ts `expiresAt`). */
  expiresAt: string;
}

export interface LineLowering {
  itemId: string;
  /** The new quantity: a whole number from 0 to one less than the line holds. */
  quantity: number;
  /** Why ("Only 2 on the shelf"): required. */
  note: string;
}

export interface TransitionInput {
  /** markReady: the lines staff lowered (none: all picked as reserved). */
  lowered?: readonly LineLowering[];
  /** pickUp: staff confirmed "Photo ID checked, 21+". */
  idChecked?: boolean;
  /** cancel: required of staff, optional for the customer. */
  reason?: string | null;
  /** expire: the job's clock. */
  now?: Date;
}

export interface StockReturn {
  itemId: string;
  /** Units no longer held (offered again, or picked up); always above 0. */
  units: number;
}

/** How a transition moves each item's stock (shared/stock.ts moveStock): returns are released, picked-up lines leave the shelf. */
export const stockMovesOf = (
  returns: readonly StockReturn[],
  pickedUp: readonly StockReturn[],
): Array<{ itemId: string; move: StockMove }> => [
  ...returns.map((back) => ({ itemId: back.itemId, move: { kind: 'release', units: back.units } as const })),
  ...pickedUp.map((gone) => ({ itemId: gone.itemId, move: { kind: 'pickUp', units: gone.units } as const })),
];

export type Transition =
  | {
      ok: true;
      status: ReservationStatus;
      /** The lines after the action (lowered ones changed; otherwise as they were). */
      lines: ReservationLine[];
      stockReturns: StockReturn[];
      /** pickUp: the bottles that left the shelf with the customer (off the count and the holds, decision 0367). */
      pickedUp: StockReturn[];
      /** markReady: staff's note for each lowered line, to store with it. */
      lineNotes: Array<{ itemId: string; note: string }>;
      /** cancel: the reason given, trimmed; null when none. */
      reason: string | null;
    }
  | { ok: false; message: string };

const refuse = (message: string): Transition => ({ ok: false, message });

const FINAL_MESSAGES: Partial<Record<ReservationStatus, string>> = {
  PickedUp: PICKUP_MESSAGES.alreadyPickedUp,
  Cancelled: PICKUP_MESSAGES.alreadyCancelled,
  Expired: PICKUP_MESSAGES.alreadyExpired,
};

/** Why this actor may never take this action (whatever the status). */
function actorRefusal(action: ReservationAction, actor: ReservationActor): string {
  if (action === 'markReady') return PICKUP_MESSAGES.staffOnlyReady;
  if (action === 'pickUp') return PICKUP_MESSAGES.staffOnlyPickUp;
  if (action === 'expire') return PICKUP_MESSAGES.systemOnlyExpire;
  return actor === 'system' ? PICKUP_MESSAGES.systemCannotCancel : PICKUP_MESSAGES.notYours;
}

const returnsOf = (lines: readonly ReservationLine[]): StockReturn[] =>
  lines.filter((line) => line.quantity > 0).map((line) => ({ itemId: line.itemId, units: line.quantity }));

const copy = (lines: readonly ReservationLine[]): ReservationLine[] => lines.map((line) => ({ ...line }));

function markReady(current: ReservationState, lowered: readonly LineLowering[]): Transition {
  // A list from the wire may be anything; checked as unknown so `lowered` keeps its element type.
  const list: unknown = lowered;
  if (!Array.isArray(list)) return refuse(PICKUP_MESSAGES.lowerUnknownLine);
  const lines = copy(current.lines);
  const stockReturns: StockReturn[] = [];
  const lineNotes: Array<{ itemId: string; note: string }> = [];
  const seen = new Set<string>();
  for (const change of lowered) {
    const line = lines.find((entry) => entry.itemId === change?.itemId);
    if (!line) return refuse(PICKUP_MESSAGES.lowerUnknownLine);
    if (seen.has(line.itemId)) return refuse(PICKUP_MESSAGES.lowerTwice);
    seen.add(line.itemId);
    if (!Number.isInteger(change.quantity) || change.quantity < 0 || change.quantity >= line.quantity)
      return refuse(PICKUP_MESSAGES.lowerNotLower);
    const noteProblem = staffNoteProblem(change.note);
    if (noteProblem) return refuse(noteProblem);
    stockReturns.push({ itemId: line.itemId, units: line.quantity - change.quantity });
    lineNotes.push({ itemId: line.itemId, note: change.note.trim() });
    line.quantity = change.quantity;
  }
  if (lines.every((line) => line.quantity === 0)) return refuse(PICKUP_MESSAGES.lowerAllZero);
  return { ok: true, status: 'Ready', lines, stockReturns, pickedUp: [], lineNotes, reason: null };
}

/**
 * What `actor` taking `action` does to a reservation in `current`: the new status, its lines and
 * the stock to put back, or a refusal with the message to show. Order of checks: a final status
 * first (what happened is the answer), then who may act, then the status, then the input.
 */
export function nextStatus(
  current: ReservationState,
  action: ReservationAction,
  actor: ReservationActor,
  input: TransitionInput = {},
): Transition {
  const final = FINAL_MESSAGES[current.status];
  if (final) return refuse(final);
  // Own keys only: an action or actor from the wire ("__proto__") names nothing here.
  if (!Object.hasOwn(RESERVATION_PERMISSIONS, action)) return refuse(PICKUP_MESSAGES.unknownAction);
  const permitted = RESERVATION_PERMISSIONS[action];
  const allowed = Object.hasOwn(permitted, actor) ? permitted[actor] : undefined;
  if (!allowed) return refuse(actorRefusal(action, actor));
  if (!allowed.includes(current.status)) {
    // Only markReady from Ready and pickUp from Requested get here: the open statuses are the only others.
    return refuse(action === 'markReady' ? PICKUP_MESSAGES.alreadyReady : PICKUP_MESSAGES.notReadyYet);
  }
  switch (action) {
    case 'markReady':
      return markReady(current, input.lowered ?? []);
    case 'pickUp':
      if (input.idChecked !== true) return refuse(PICKUP_MESSAGES.idNotChecked);
      return {
        ok: true,
        status: 'PickedUp',
        lines: copy(current.lines),
        stockReturns: [],
        pickedUp: returnsOf(current.lines),
        lineNotes: [],
        reason: null,
      };
    case 'cancel': {
      const problem = reasonProblem(input.reason, actor === 'admin');
      if (problem) return refuse(problem);
      const reason = input.reason?.trim() || null;
      return {
        ok: true,
        status: 'Cancelled',
        lines: copy(current.lines),
        stockReturns: returnsOf(current.lines),
        pickedUp: [],
        lineNotes: [],
        reason,
      };
    }
    case 'expire': {
      const now = input.now?.getTime();
      const expires = Date.parse(current.expiresAt);
      if (now === undefined || !Number.isFinite(now) || !Number.isFinite(expires) || now < expires)
        return refuse(PICKUP_MESSAGES.notExpiredYet);
      return {
        ok: true,
        status: 'Expired',
        lines: copy(current.lines),
        stockReturns: returnsOf(current.lines),
        pickedUp: [],
        lineNotes: [],
        reason: null,
      };
    }
  }
}
