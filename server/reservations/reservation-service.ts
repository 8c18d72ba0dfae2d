/**
 * Reserve for pickup (product §11, decisions 0313-0317): the customer's pickup list kept on the
 * server, reserving it whole for a slot, the customer's and staff's actions on a reservation, and
 * the scheduled expiry. The rules are shared/ (pickup-slots.ts, reservation-status.ts,
 * reservation-limits.ts); this service reads, decides with them, and hands each change to a
 * ReservationStore that applies it in one step: one SQLite transaction locally
 * (sqlite-reservation-store.ts), one DynamoDB transaction in the cloud
 * (amplify/functions/common/dynamo-reservations.ts), as the catalogue does.
 *
 * Stock (design §7: the condition belongs in the write): reserving takes every counted line's
 * units off Item.stock in the same step as it stores the reservation, each on the condition that
 * the shelf still holds them, so of two customers reaching for the last bottle one gets it and the
 * other is told why. Every status change is written on the condition that the status is still the
 * one read, with the units nextStatus returns, so they go back exactly once.
 */
import { customerOf, staffOf } from '../auth/callers';
import { randomBytes, randomUUID } from 'node:crypto';
import { canReserve, customerMailAddress, requiresConfirmedEmail } from '../../shared/account-rules';
import { activityValue, type FieldChange } from '../../shared/activity';
import { nameWithSize } from '../../shared/bottle-size';
import { PICKUP_MESSAGES } from '../../shared/pickup-messages';
import { customerAllowance, customerCap, customerCapProblem, heldByItem, type CustomerCap } from '../../shared/customer-limits';
import { findPickupSlot, heldUntil, holdExpiresAt, pickupSlotProblem, type PickupSlot } from '../../shared/pickup-slots';
import { relatedMatch, type RelatedFacts, type RelatedMatch } from '../../shared/related-reservations';
import { heldOverCount, STOCK_MESSAGES } from '../../shared/stock';
import {
  customerNoteProblem,
  formatReservationNumber,
  lineStockProblem,
  newReservationNumber,
  openReservationsProblem,
  parseReservationNumber,
  phoneProblem,
  reservationLinesProblem,
  reservationSettingsOf,
  type RequestedLine,
  type ReservationSettings,
  type ReservationSettingsSource,
} from '../../shared/reservation-limits';
import {
  changeRefusal,
  isOpenStatus,
  nextStatus,
  RESERVATION_STATUSES,
  type LineLowering,
  type ReservationActor,
  type ReservationStatus,
  type StockReturn,
} from '../../shared/reservation-status';
import type { Role } from '../../shared/roles';
import { formatShortDate, type ShopHoursSource } from '../../shared/shop-hours';
import { PLAUSIBLE_ID } from '../../shared/catalogue';
import type { ActivityFacts } from '../activity/activity-log';
import { SHOP_ACTOR } from '../activity/activity-recorder';
import { AppError, unauthorized, validationError } from '../errors';
import { mailErrorText, type Mailer, type MailMessage } from '../accounts/mailer';
import { customerReservationMail, shopChangedMail, shopReservationMail, type CustomerMailKind } from './reservation-mails';
import type { StoredLine, StoredReservation } from './reservation-types';

export const RESERVATION_MESSAGES = {
  signIn: 'Sign in to reserve for pickup',
  customersOnly: "Reserving is for customers' accounts; staff reserve nothing for themselves",
  notFound: 'Reservation not found',
  unknownItem: 'This item is no longer in the shop',
  quantity: (max: number) => `Choose from 0 to ${max}`,
  listFull: (max: number) => `At most ${max} different items on the list`,
  unknownStatus: 'Unknown reservation status',
  search: 'Search with at most 100 characters',
  busy: 'Many customers are reserving these bottles right now. Please try again.',
  reserveRate: (wait: string) => `Too many reservations at once. Try again in ${wait}.`,
  deletedAccount: 'Deleted account',
  accountDeleted: 'The account was deleted',
} as const;

/** What the service reads of an item. */
export interface ItemStock {
  id: string;
  name: string;
  price: number | null;
  stock: number | null;
  /** Its size, which its lines are named with (nameWithSize), and the UPC the pick list shows. */
  sizeMl?: number | null;
  packCount?: number | null;
  upc?: string | null;
  /** Its limit per customer (decision 0371); its shelf's facts, which the share cap reads (decision 0374) and a short reservation names (decision 0378). */
  limitPerCustomer?: number | null;
  shelfStock?: number | null;
  heldStock?: number | null;
}

/** An item's fields the stores read for ItemStock, as stored (a SQLite row, a DynamoDB item). */
export const itemStockOf = (item: Record<string, unknown>): ItemStock => {
  const number = (field: string) => (item[field] as number | null | undefined) ?? null;
  return {
    id: String(item.id),
    name: String(item.name),
    price: number('price'),
    stock: number('stock'),
    sizeMl: number('sizeMl'),
    packCount: number('packCount'),
    upc: (item.upc as string | null | undefined) ?? null,
    limitPerCustomer: number('limitPerCustomer'),
    shelfStock: number('shelfStock'),
    heldStock: number('heldStock'),
  };
};

/** What the service reads of an account. */
export interface ReservingAccount {
  id: string;
  name: string;
  email: string;
  type: Role;
  emailConfirmed?: boolean | null;
  /** The last address the owner confirmed, where their mail goes (decision 0369). */
  confirmedEmail?: string | null;
  /** The account's own phone (decision 0302), compared for related reservations (decision 0378). */
  phone?: string | null;
  /** The address key it signed up from, server-only (decision 0378); null for an account made before it was kept, or by staff. */
  signUpAddress?: string | null;
}

/** A stored User (a SQLite row, a DynamoDB item) as the services read it; both stores use this. */
export const reservingAccountOf = (user: Record<string, unknown>): ReservingAccount => ({
  id: String(user.id),
  name: String(user.name),
  email: String(user.email),
  type: user.type as Role,
  emailConfirmed: (user.emailConfirmed as boolean | null | undefined) ?? null,
  confirmedEmail: (user.confirmedEmail as string | null | undefined) ?? null,
  phone: (user.phone as string | null | undefined) ?? null,
  signUpAddress: (user.signUpAddress as string | null | undefined) ?? null,
});

/** One line's units taken off the shelf when reserving; `counted` false: the item's stock is not counted and must still not be. */
export interface StockHold {
  itemId: string;
  quantity: number;
  counted: boolean;
}

/** Thrown by a store's `create` when an item no longer holds what a line takes (or began or stopped being counted). */
export class StockChanged extends Error {
  constructor(readonly itemId: string) {
    super(`the stock of ${itemId} changed`);
  }
}

/** Thrown by a store's `create` when the reservation number is taken. */
export class NumberTaken extends Error {}

/** Thrown by a store's `create` when the customer's list is no longer the one read (submitted twice, or changed meanwhile). */
export class ListChanged extends Error {}

/** Thrown by a store's `create` when the customer already has the most open reservations. */
export class OpenLimitReached extends Error {}

/** Thrown by a store's `create` when a line would put the customer over their cap on its item; `held` is what they held then. */
export class CustomerLimitReached extends Error {
  constructor(
    readonly itemId: string,
    readonly held: number,
  ) {
    super(`the customer's cap on ${itemId} is reached`);
  }
}

/** A customer's pickup list as stored, with a version that changes whenever the list is written (null: no list). */
export interface StoredPickupList {
  lines: RequestedLine[];
  version: string | null;
}

/**
 * What must still hold when a reservation is written (decision 0332): the list is the version the
 * service read, and the customer has fewer than `maxOpen` open reservations, checked in the write
 * itself so two requests of one customer at once cannot both pass a count read before either wrote.
 */
export interface ReserveGuard {
  listVersion: string;
  maxOpen: number;
  /**
   * The most the customer may hold in all, per capped item among the holds (decisions 0371, 0374;
   * assertWithinCustomerLimits): the write checks what their open reservations hold plus the line.
   */
  caps: ReadonlyMap<string, number>;
}

export interface ReservationStore {
  /** The ShopSettings record ('shop'), or null; `email` is the shop's own address. */
  shopSettings(): Promise<(ShopHoursSource & ReservationSettingsSource & { email?: string | null }) | null>;
  /** The items among `ids` that exist. */
  items(ids: readonly string[]): Promise<ItemStock[]>;
  /** Accounts by id (those that exist). */
  accounts(ids: readonly string[]): Promise<ReservingAccount[]>;
  pickupList(userId: string): Promise<StoredPickupList>;
  setPickupList(userId: string, lines: readonly RequestedLine[]): Promise<void>;
  get(id: string): Promise<StoredReservation | null>;
  ofUser(userId: string): Promise<StoredReservation[]>;
  /** Every reservation, or those of one status. */
  all(status?: ReservationStatus): Promise<StoredReservation[]>;
  /**
   * Open (Requested or Ready) reservations whose hold may have ended at `now`: those whose stored
   * expiresAt is at or before it, and those whose slot ended by it (a far hold stored under the
   * earlier rule, decision 0375); the service judges each with heldUntil.
   */
  dueToExpire(now: string): Promise<StoredReservation[]>;
  /**
   * In one step: takes each hold off its item (counted: only while stock >= quantity; not
   * counted: only while still not counted), stores the reservation (only when its id and number
   * are free) and empties the owner's pickup list, only while that list is still
   * `guard.listVersion`, the owner has fewer than `guard.maxOpen` open reservations and holds no
   * more than `guard.caps` allows of each capped item with the new lines. Throws StockChanged
   * naming an item whose condition failed, ListChanged, OpenLimitReached, CustomerLimitReached, or
   * NumberTaken when the number is in use; writes nothing then.
   */
  create(reservation: StoredReservation, holds: readonly StockHold[], guard: ReserveGuard): Promise<void>;
  /**
   * In one step: stores `next` only while the stored status is still `expected`, releases each
   * return's units from its item's holds, and takes each picked-up line's units off both its
   * holds and its shelf count (shared/stock.ts moveStock, decision 0367). False (nothing written)
   * when the status or an item was changed meanwhile: the caller reads again and decides again.
   */
  transition(
    next: StoredReservation,
    expected: ExpectedReservation,
    returns: readonly StockReturn[],
    pickedUp: readonly StockReturn[],
  ): Promise<boolean>;
  /**
   * A customer's change (decision 0372), in one step: stores `next` (its lines, slot and expiry)
   * only while the stored reservation is still `expected`, holds each hold's units more on the
   * conditions `create` holds them on, and releases each release's units. Throws StockChanged
   * naming an item whose hold failed; false when the reservation was changed meanwhile (the
   * caller reads again and decides again); writes nothing then.
   */
  change(
    next: StoredReservation,
    expected: ExpectedReservation,
    holds: readonly StockHold[],
    releases: readonly StockReturn[],
  ): Promise<boolean>;
}

/**
 * What a write of a reservation is conditioned on: the status and the updatedAt read. Every write
 * stamps a later updatedAt (stampAfter), so a change of the lines between a read and a write (a
 * customer's change racing the expiry or staff) fails the write rather than moving stock by lines
 * no longer stored (decision 0372).
 */
export type ExpectedReservation = Pick<StoredReservation, 'status' | 'updatedAt'>;

/** A line checked for a request (checkRequest): as it will be stored, and whether its item's stock is counted. */
type CheckedLine = StoredLine & { counted: boolean };

/** The pickup slot's fields of a reservation: when, its label, and when it expires if not picked up. */
/** A slot's fields on a reservation made at `madeAt`, its hold's end by decision 0375's rule. */
const slotFields = (slot: PickupSlot, shop: ShopHoursSource | null, madeAt: Date) => ({
  slotStart: slot.start,
  slotEnd: slot.end,
  slotLabel: `${formatShortDate(slot.date)}, ${slot.label}`,
  expiresAt: holdExpiresAt(slot, shop, madeAt),
});

/** Who calls: the session's principal (null for a guest). */
export interface ReservationCaller {
  userId: string;
  name: string;
  type: Role;
}

/** The activity log's part the service writes to (server/activity/activity-recorder.ts). */
export interface ReservationActivity {
  recordBy(facts: ActivityFacts, actor: { userId: string; name: string }): void | Promise<void>;
}

/**
 * The reservation e-mails (decision 0327): sent with the shop's SMTP set-up when it has one.
 * The shop's copy of a new request goes to ShopSettings.email, or to `fallbackShopAddress` (the
 * SMTP_FROM address, the shop's own) while that is blank.
 */
export interface ReservationMail {
  mailer: Mailer;
  fallbackShopAddress: string;
}

/** Per customer: a reservation takes a token; the throttle (server/accounts/throttle-store.ts RateLimit). */
export interface ReserveRate {
  take(key: string): Promise<number>;
}

export interface PickupListView {
  lines: Array<{
    itemId: string;
    quantity: number;
    name: string | null;
    price: number | null;
    stock: number | null;
    outOfStock: boolean;
    overStock: boolean;
    problem: string | null;
    customerMost: number | null;
  }>;
  units: number;
  total: number;
}

/** An item an open reservation holds, of which open reservations hold more than the shelf counts (decision 0378). */
export interface ReservationShortage {
  itemId: string;
  name: string;
  counted: number;
  held: number;
  /** "Short: the till counts 1 Pickup Merlot 750 ml, 3 held". */
  message: string;
}

export type ReservationView = StoredReservation & {
  total: number;
  customerName?: string | null;
  customerEmail?: string | null;
  /** Staff's list only: the items this open reservation holds that are short (decision 0378). */
  shortages?: ReservationShortage[];
};

/** Another open reservation related to one staff look at (decision 0378), with how. */
export interface RelatedReservation extends RelatedMatch {
  id: string;
  number: string;
  status: ReservationStatus;
  slotLabel: string;
  customerName: string;
}

/** Reservations one customer may make: 5 at once, then one a minute (the throttle of server/accounts/throttle.ts). */
export const RESERVE_RATE = { burst: 5, intervalMs: 60_000 };

/** Different items on one list: a reservation takes at most maxUnits lines anyway (one bottle each). */
export const MAX_LIST_LINES = 99;
/** How often reserving reads again and tries when the stock changed between the read and the write. */
const RESERVE_ATTEMPTS = 5;
/** How often a new number is drawn when the drawn one is taken (1 in a million million each). */
const NUMBER_ATTEMPTS = 5;
/** The activity log's name for a customer: no personal data kept beside the id (decision 0304). */
export const CUSTOMER_ACTOR_NAME = 'Customer';
const MAX_SEARCH = 100;

const cents = (value: number) => Math.round(value * 100) / 100;
const totalOf = (lines: readonly StoredLine[]) => cents(lines.reduce((sum, line) => sum + (line.price ?? 0) * line.quantity, 0));
/** As shown: its total, and when its hold ends by today's rule (decision 0375), however it was stored. */
const view = (reservation: StoredReservation): ReservationView => ({
  ...reservation,
  expiresAt: heldUntil(reservation),
  total: totalOf(reservation.lines),
});
const byNewest = (a: StoredReservation, b: StoredReservation) => b.createdAt.localeCompare(a.createdAt);

function stampAfter(now: number, previous: string): string {
  const prev = Date.parse(previous);
  return new Date(Number.isNaN(prev) || now > prev ? now : prev + 1).toISOString();
}

const optionalText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw validationError(PICKUP_MESSAGES.oneLine);
  return value;
};

export class ReservationService {
  constructor(
    private readonly store: ReservationStore,
    private readonly activity: ReservationActivity,
    private readonly rate: ReserveRate | null = null,
    private readonly now: () => number = Date.now,
    private readonly random: (count: number) => Uint8Array = randomBytes,
    private readonly mail: ReservationMail | null = null,
  ) {}

  private stockReturned: ((itemIds: string[]) => Promise<unknown>) | null = null;

  /** Who hears when a change put units back on the shelf ("notify me", decision 0328); it must not throw. */
  whenStockReturns(listener: (itemIds: string[]) => Promise<unknown>): void {
    this.stockReturned = listener;
  }

  private async returned(returns: readonly StockReturn[]): Promise<void> {
    const itemIds = returns.filter((entry) => entry.units > 0).map((entry) => entry.itemId);
    if (itemIds.length && this.stockReturned) await this.stockReturned(itemIds);
  }

  // --- The pickup list ----------------------------------------------------------------------

  async myPickupList(caller: ReservationCaller | null): Promise<PickupListView> {
    const { userId } = customerOf(caller, RESERVATION_MESSAGES);
    return this.listView(userId, (await this.store.pickupList(userId)).lines);
  }

  /** Sets one line (0 removes it), capped by the per-item most and by the shelf. */
  async setPickupListLine(caller: ReservationCaller | null, args: { itemId?: unknown; quantity?: unknown }): Promise<PickupListView> {
    const { userId } = customerOf(caller, RESERVATION_MESSAGES);
    const { itemId, quantity } = args;
    if (typeof itemId !== 'string' || !PLAUSIBLE_ID.test(itemId)) throw validationError(PICKUP_MESSAGES.lineItem);
    const settings = reservationSettingsOf(await this.store.shopSettings());
    if (!Number.isInteger(quantity) || (quantity as number) < 0 || (quantity as number) > settings.maxPerItem)
      throw validationError(RESERVATION_MESSAGES.quantity(settings.maxPerItem));
    const stored = (await this.store.pickupList(userId)).lines;
    const lines = stored.filter((line) => line.itemId !== itemId);
    if (quantity !== 0) {
      const [item] = await this.store.items([itemId]);
      if (!item) throw validationError(RESERVATION_MESSAGES.unknownItem);
      const problem = lineStockProblem(nameWithSize(item), quantity as number, item.stock);
      if (problem) throw validationError(problem);
      // Said when the bottles are put on the list; reserving checks again, in its write.
      await this.assertWithinCustomerLimits(
        userId,
        [{ itemId, quantity: quantity as number }],
        new Map([[item.id, item]]),
        settings.shareCap,
      );
      if (lines.length >= MAX_LIST_LINES) throw validationError(RESERVATION_MESSAGES.listFull(MAX_LIST_LINES));
      // A changed line keeps its place on the list; a new one goes last.
      const at = stored.findIndex((line) => line.itemId === itemId);
      lines.splice(at >= 0 ? at : lines.length, 0, { itemId, quantity: quantity as number });
    }
    await this.store.setPickupList(userId, lines);
    return this.listView(userId, lines);
  }

  private async listView(userId: string, lines: readonly RequestedLine[]): Promise<PickupListView> {
    const items = new Map((await this.store.items(lines.map((line) => line.itemId))).map((item) => [item.id, item]));
    const held = lines.length ? heldByItem(await this.store.ofUser(userId)) : new Map<string, number>();
    const { shareCap } = reservationSettingsOf(lines.length ? await this.store.shopSettings() : null);
    const shown = lines.map((line) => {
      const item = items.get(line.itemId);
      const stock = item?.stock ?? null;
      const cap = item ? customerCap(item, shareCap) : null;
      const holding = held.get(line.itemId) ?? 0;
      const capProblem = item ? customerCapProblem(nameWithSize(item), cap, holding, line.quantity) : null;
      return {
        itemId: line.itemId,
        quantity: line.quantity,
        name: item ? nameWithSize(item) : null,
        price: item?.price ?? null,
        stock,
        outOfStock: stock !== null && stock <= 0,
        overStock: stock !== null && stock > 0 && line.quantity > stock,
        problem: item ? (lineStockProblem(nameWithSize(item), line.quantity, stock) ?? capProblem) : RESERVATION_MESSAGES.unknownItem,
        customerMost: customerAllowance(cap, holding),
      };
    });
    return {
      lines: shown,
      units: shown.reduce((sum, line) => sum + line.quantity, 0),
      total: cents(shown.reduce((sum, line) => sum + (line.price ?? 0) * line.quantity, 0)),
    };
  }

  // --- Reserving ----------------------------------------------------------------------------

  /**
   * Reserves the caller's whole pickup list for `slotStart`: all lines held or none. Refused
   * without a confirmed e-mail (decision 0303), while reserving is closed or the slot is not
   * offered now, past the limits, or when a line is short; the message says which.
   */
  async reserve(
    caller: ReservationCaller | null,
    args: { slotStart?: unknown; note?: unknown; phone?: unknown },
  ): Promise<ReservationView> {
    const { userId } = customerOf(caller, RESERVATION_MESSAGES);
    const note = optionalText(args.note);
    const phone = optionalText(args.phone);
    const noteProblem = customerNoteProblem(note) ?? phoneProblem(phone);
    if (noteProblem) throw validationError(noteProblem);
    if (typeof args.slotStart !== 'string') throw validationError(PICKUP_MESSAGES.slotUnavailable);
    const slotStart = args.slotStart;
    const account = await this.reservingAccount(userId);
    await this.takeRate(userId);
    for (let attempt = 0; attempt < RESERVE_ATTEMPTS; attempt++) {
      const made = await this.tryReserve(userId, slotStart, note, phone);
      if (made) {
        await this.mailCustomer('requested', made, account);
        await this.mailShop(made, account);
        return view(made);
      }
    }
    throw new AppError('TooManyRequests', RESERVATION_MESSAGES.busy, { retryAfterSeconds: 1 });
  }

  /** The caller's account, which reserves and changes only with a confirmed e-mail (decision 0303). */
  private async reservingAccount(userId: string): Promise<ReservingAccount> {
    const [account] = await this.store.accounts([userId]);
    if (!account) throw unauthorized(RESERVATION_MESSAGES.signIn);
    if (!canReserve(account)) throw validationError(requiresConfirmedEmail(account)!);
    return account;
  }

  /** One token of the customer's reserving rate under `key` (RESERVE_RATE), or the refusal saying how long to wait. */
  private async takeRate(key: string): Promise<void> {
    if (!this.rate) return;
    const wait = await this.rate.take(key);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new AppError('TooManyRequests', RESERVATION_MESSAGES.reserveRate(seconds === 1 ? '1 second' : `${seconds} seconds`), {
        retryAfterSeconds: seconds,
      });
    }
  }

  /**
   * The checks of bottles asked for at a pickup slot, the one function reserving and a change
   * (changeReservation, decision 0372) both call, so every rule of reserving holds for a change
   * too: the slot is one offered now, the lines keep the limits (reservationLinesProblem), a new
   * reservation stays within the customer's open ones, and each line's item exists and offers the
   * units. A change (`replacing`) may keep its own slot, is not another open reservation, and
   * counts its own held units as offered to it: the shelf's offer excludes them, and a line it
   * does not raise takes nothing more. Throws the refusal; returns the slot (null: the
   * reservation's own, kept) and the lines as they will be stored.
   */
  private async checkRequest(request: {
    userId: string;
    lines: unknown;
    slotStart: string;
    shop: Awaited<ReturnType<ReservationStore['shopSettings']>>;
    settings: ReservationSettings;
    now: number;
    replacing: StoredReservation | null;
  }): Promise<{ slot: PickupSlot | null; lines: CheckedLine[]; caps: Map<string, CustomerCap> }> {
    const { userId, slotStart, shop, settings, now, replacing } = request;
    let slot: PickupSlot | null = null;
    // A change that keeps its slot keeps it though the preparation time has since run into it:
    // the slot was offered when chosen, and the shop holds it until the reservation expires.
    if (!replacing || slotStart !== replacing.slotStart) {
      const slotOptions = { preparationMinutes: settings.preparationMinutes };
      const slotProblem = pickupSlotProblem(slotStart, shop, new Date(now), slotOptions);
      if (slotProblem) throw validationError(slotProblem);
      slot = findPickupSlot(slotStart, shop, new Date(now), slotOptions)!;
    }
    const linesProblem = reservationLinesProblem(request.lines, settings);
    if (linesProblem) throw validationError(linesProblem);
    const list = request.lines as RequestedLine[];
    if (!replacing) {
      // Read first for the message; the write checks again (decision 0332).
      const open = (await this.store.ofUser(userId)).filter((reservation) => isOpenStatus(reservation.status)).length;
      const openProblem = openReservationsProblem(open, settings);
      if (openProblem) throw validationError(openProblem);
    }
    const own = new Map((replacing?.lines ?? []).map((line) => [line.itemId, line]));
    const items = new Map((await this.store.items(list.map((line) => line.itemId))).map((item) => [item.id, item]));
    const lines = list.map((line): CheckedLine => {
      const item = items.get(line.itemId);
      const held = own.get(line.itemId);
      const quantity = line.quantity;
      // A line a change lowers or keeps holds nothing more: it stands even if its item went since.
      if (held && quantity <= held.quantity) return { ...held, quantity, reservedQuantity: quantity, note: null, counted: false };
      if (!item) throw validationError(RESERVATION_MESSAGES.unknownItem);
      const offered = item.stock === null ? null : item.stock + (held?.quantity ?? 0);
      const problem = lineStockProblem(nameWithSize(item), quantity, offered);
      if (problem) throw validationError(problem);
      return {
        // A line already reserved keeps its name and price as shown when reserving.
        ...(held ?? { itemId: item.id, name: nameWithSize(item), upc: item.upc ?? null, price: item.price }),
        quantity,
        reservedQuantity: quantity,
        note: null,
        counted: item.stock !== null,
      };
    });
    // Then the customer's caps (decisions 0371, 0374) on the lines that hold more than before; a
    // line a change lowers or keeps stands, as it does for stock.
    const rising = list.filter((line) => line.quantity > (own.get(line.itemId)?.quantity ?? 0));
    const caps = await this.assertWithinCustomerLimits(userId, rising, items, settings.shareCap, replacing?.id);
    return { slot, lines, caps };
  }

  /** One read-decide-write; null when an item's stock changed between them (read again). */
  private async tryReserve(
    userId: string,
    slotStart: string,
    note: string | null,
    phone: string | null,
  ): Promise<StoredReservation | null> {
    const now = this.now();
    const shop = await this.store.shopSettings();
    const settings = reservationSettingsOf(shop);
    const { lines: list, version: listVersion } = await this.store.pickupList(userId);
    const { slot, lines, caps } = await this.checkRequest({ userId, lines: list, slotStart, shop, settings, now, replacing: null });
    const guard: ReserveGuard = {
      listVersion: listVersion ?? '',
      maxOpen: settings.maxOpenReservations,
      caps: new Map([...caps].map(([itemId, cap]) => [itemId, cap.most])),
    };
    const stamp = new Date(now).toISOString();
    const holds = lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity, counted: line.counted }));
    for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
      const reservation: StoredReservation = {
        id: randomUUID(),
        number: newReservationNumber(this.random),
        userId,
        status: 'Requested',
        ...slotFields(slot!, shop, new Date(now)),
        lines: lines.map(({ counted: _counted, ...line }) => line),
        note: note?.trim() || null,
        phone: phone?.trim() || null,
        reason: null,
        cancelledBy: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
      try {
        await this.store.create(reservation, holds, guard);
      } catch (error) {
        if (error instanceof NumberTaken) continue;
        if (error instanceof StockChanged || error instanceof ListChanged) return null;
        if (error instanceof OpenLimitReached) throw validationError(openReservationsProblem(guard.maxOpen, settings)!);
        if (error instanceof CustomerLimitReached) {
          // Another reservation of this customer's landed between the check and the write.
          const line = lines.find((each) => each.itemId === error.itemId)!;
          throw validationError(customerCapProblem(line.name, caps.get(error.itemId) ?? null, error.held, line.quantity)!);
        }
        throw error;
      }
      await this.log(reservation, 'reserve', { userId, name: CUSTOMER_ACTOR_NAME }, [
        { field: 'lines', before: null, after: linesText(reservation.lines) },
        { field: 'slot', before: null, after: reservation.slotLabel },
      ]);
      return reservation;
    }
    throw new AppError('InternalFailure', 'No reservation number could be drawn');
  }

  /**
   * The one check of a customer's caps on the items of `lines` (decisions 0371 and 0374, the rule
   * of shared/customer-limits.ts): what their open reservations hold of each item plus the line's
   * quantity may not pass the item's limit per customer nor `shareCap` percent of its counted
   * shelf, the smaller of the two. Reserving and the pickup list call it; so may a change of a
   * Requested reservation, with that reservation as `except` (its own lines are then not counted
   * as held). Throws the shared message for the first line over; returns the caps in force per
   * capped item, which a store's write checks again against what is held at the write
   * (ReserveGuard.caps), so two requests at once cannot both pass.
   */
  async assertWithinCustomerLimits(
    userId: string,
    lines: readonly RequestedLine[],
    items: ReadonlyMap<string, ItemStock>,
    shareCap: number,
    except?: string,
  ): Promise<Map<string, CustomerCap>> {
    const caps = new Map<string, CustomerCap>();
    for (const line of lines) {
      const item = items.get(line.itemId);
      const cap = item ? customerCap(item, shareCap) : null;
      if (cap) caps.set(line.itemId, cap);
    }
    if (caps.size === 0) return caps;
    const held = heldByItem(await this.store.ofUser(userId), except);
    for (const line of lines) {
      const item = items.get(line.itemId);
      const problem =
        item && customerCapProblem(nameWithSize(item), caps.get(line.itemId) ?? null, held.get(line.itemId) ?? 0, line.quantity);
      if (problem) throw validationError(problem);
    }
    return caps;
  }

  // --- Reading ------------------------------------------------------------------------------

  async myReservations(caller: ReservationCaller | null): Promise<ReservationView[]> {
    const { userId } = customerOf(caller, RESERVATION_MESSAGES);
    return (await this.store.ofUser(userId)).sort(byNewest).map(view);
  }

  /** Staff: one status (or all), searched by number (as typed), the customer's name or e-mail. */
  async listReservations(caller: ReservationCaller | null, args: { status?: unknown; search?: unknown }): Promise<ReservationView[]> {
    staffOf(caller);
    const { status, search } = args;
    if (status !== null && status !== undefined && !RESERVATION_STATUSES.includes(status as ReservationStatus))
      throw validationError(RESERVATION_MESSAGES.unknownStatus);
    if (search !== null && search !== undefined && (typeof search !== 'string' || search.length > MAX_SEARCH))
      throw validationError(RESERVATION_MESSAGES.search);
    const reservations = (await this.store.all((status as ReservationStatus | null) ?? undefined)).sort(byNewest);
    const accounts = new Map(
      (await this.store.accounts([...new Set(reservations.map((reservation) => reservation.userId))])).map((account) => [
        account.id,
        account,
      ]),
    );
    const short = await this.shortItems(reservations);
    const shown = reservations.map((reservation) => {
      const account = accounts.get(reservation.userId);
      return {
        ...view(reservation),
        customerName: account?.name ?? RESERVATION_MESSAGES.deletedAccount,
        customerEmail: account?.email ?? null,
        shortages: isOpenStatus(reservation.status)
          ? reservation.lines.flatMap((line) => {
              const found = line.quantity > 0 ? short.get(line.itemId) : undefined;
              return found
                ? [{ ...found, name: line.name, message: STOCK_MESSAGES.shortReservation(found.counted, line.name, found.held) }]
                : [];
            })
          : [],
      };
    });
    const query = typeof search === 'string' ? search.trim().toLowerCase() : '';
    if (!query) return shown;
    const number = parseReservationNumber(query);
    return shown.filter(
      (reservation) =>
        reservation.number === number ||
        reservation.customerName.toLowerCase().includes(query) ||
        (reservation.customerEmail ?? '').toLowerCase().includes(query),
    );
  }

  /** The items open reservations among `reservations` hold of which more are held than counted (shared/stock.ts heldOverCount). */
  private async shortItems(
    reservations: readonly StoredReservation[],
  ): Promise<Map<string, { itemId: string; counted: number; held: number }>> {
    const ids = new Set(
      reservations
        .filter((reservation) => isOpenStatus(reservation.status))
        .flatMap((reservation) => reservation.lines.map((line) => line.itemId)),
    );
    const short = new Map<string, { itemId: string; counted: number; held: number }>();
    for (const item of await this.store.items([...ids])) {
      const over = heldOverCount(item);
      if (over) short.set(item.id, { itemId: item.id, ...over });
    }
    return short;
  }

  /**
   * Staff: the other open reservations sharing a phone number or a sign-up address with this one
   * (shared/related-reservations.ts, decision 0378), soonest pickup first. Read from the open
   * reservations (each store's status index) and their accounts: bounded by what is open, never
   * every reservation ever made.
   */
  async relatedReservations(caller: ReservationCaller | null, args: { id?: unknown }): Promise<RelatedReservation[]> {
    staffOf(caller);
    const reservation = await this.find(args.id);
    if (!reservation) throw new AppError('NotFound', RESERVATION_MESSAGES.notFound);
    const open = (await Promise.all([this.store.all('Requested'), this.store.all('Ready')])).flat();
    const accounts = new Map(
      (await this.store.accounts([...new Set([reservation.userId, ...open.map((other) => other.userId)])])).map((account) => [
        account.id,
        account,
      ]),
    );
    const factsOf = (of: StoredReservation): RelatedFacts => {
      const account = accounts.get(of.userId);
      return { id: of.id, phones: [of.phone, account?.phone], signUpAddress: account?.signUpAddress ?? null };
    };
    const mine = factsOf(reservation);
    return open
      .sort((a, b) => Date.parse(a.slotStart) - Date.parse(b.slotStart))
      .flatMap((other) => {
        const match = relatedMatch(mine, factsOf(other));
        if (!match) return [];
        const { id, number, status, slotLabel } = other;
        return [
          {
            id,
            number,
            status,
            slotLabel,
            customerName: accounts.get(other.userId)?.name ?? RESERVATION_MESSAGES.deletedAccount,
            ...match,
          },
        ];
      });
  }

  // --- Changes ------------------------------------------------------------------------------

  async cancelMyReservation(caller: ReservationCaller | null, args: { id?: unknown; reason?: unknown }): Promise<ReservationView> {
    const { userId } = customerOf(caller, RESERVATION_MESSAGES);
    const reservation = await this.find(args.id);
    // Another customer's reservation is answered as no reservation: an id tells nobody anything.
    if (!reservation || reservation.userId !== userId) throw new AppError('NotFound', RESERVATION_MESSAGES.notFound);
    return view(
      await this.apply(reservation, 'cancel', 'customer', { reason: args.reason as string | null }, { userId, name: CUSTOMER_ACTOR_NAME }),
    );
  }

  /**
   * The customer changes their own reservation while it is Requested (decision 0372): other
   * quantities, lines removed (not every line: that is a cancel), lines added, another slot. The
   * request goes through checkRequest as reserving does; the stock held moves by the difference
   * only, in one write with the reservation, conditioned on the reservation as read. The shop is
   * mailed what changed, and the activity log keeps it. A change that changes nothing writes nothing.
   */
  async changeReservation(
    caller: ReservationCaller | null,
    args: { id?: unknown; lines?: unknown; slotStart?: unknown },
  ): Promise<ReservationView> {
    const { userId } = customerOf(caller, RESERVATION_MESSAGES);
    let current = await this.find(args.id);
    // Another customer's reservation is answered as no reservation, as cancelling it is.
    if (!current || current.userId !== userId) throw new AppError('NotFound', RESERVATION_MESSAGES.notFound);
    if (Array.isArray(args.lines) && args.lines.length === 0) throw validationError(PICKUP_MESSAGES.changeNoLines);
    if (typeof args.slotStart !== 'string') throw validationError(PICKUP_MESSAGES.slotUnavailable);
    const account = await this.reservingAccount(userId);
    let rated = false;
    for (let attempt = 0; attempt < RESERVE_ATTEMPTS; attempt++) {
      const refusal = changeRefusal(current.status);
      if (refusal) throw validationError(refusal);
      const now = this.now();
      // Past its expiry the scheduled check expires it; a change cannot keep it alive.
      if (Date.parse(current.expiresAt) <= now) throw validationError(PICKUP_MESSAGES.alreadyExpired);
      const shop = await this.store.shopSettings();
      const settings = reservationSettingsOf(shop);
      const { slot, lines } = await this.checkRequest({
        userId,
        lines: args.lines,
        slotStart: args.slotStart,
        shop,
        settings,
        now,
        replacing: current,
      });
      const before = new Map(current.lines.map((line) => [line.itemId, line.quantity]));
      const after = new Map(lines.map((line) => [line.itemId, line.quantity]));
      const holds: StockHold[] = lines
        .filter((line) => line.quantity > (before.get(line.itemId) ?? 0))
        .map((line) => ({ itemId: line.itemId, quantity: line.quantity - (before.get(line.itemId) ?? 0), counted: line.counted }));
      const releases: StockReturn[] = current.lines
        .filter((line) => line.quantity > (after.get(line.itemId) ?? 0))
        .map((line) => ({ itemId: line.itemId, units: line.quantity - (after.get(line.itemId) ?? 0) }));
      const stored = lines.map(({ counted: _counted, ...line }) => line);
      const sameLines = linesText(stored) === linesText(current.lines) && !holds.length && !releases.length;
      if (sameLines && (!slot || slot.start === current.slotStart)) return view(current);
      if (!rated) {
        await this.takeRate(`change#${userId}`);
        rated = true;
      }
      const next: StoredReservation = {
        ...current,
        ...(slot ? slotFields(slot, shop, new Date(Date.parse(current.createdAt))) : {}),
        lines: stored,
        updatedAt: stampAfter(now, current.updatedAt),
      };
      let written: boolean;
      try {
        written = await this.store.change(next, current, holds, releases);
      } catch (error) {
        // A line's units went meanwhile: read again, and the check says how many are left.
        if (!(error instanceof StockChanged)) throw error;
        written = false;
      }
      if (written) {
        const changes: FieldChange[] = [];
        if (!sameLines) changes.push({ field: 'lines', before: linesText(current.lines), after: linesText(next.lines) });
        if (next.slotLabel !== current.slotLabel) changes.push({ field: 'slot', before: current.slotLabel, after: next.slotLabel });
        await this.log(next, 'change', { userId, name: CUSTOMER_ACTOR_NAME }, changes);
        await this.returned(releases);
        const previous = current;
        await this.mailTheShop(`the shop's e-mail of the change of reservation ${formatReservationNumber(next.number)}`, (to) =>
          shopChangedMail(previous, next, to, account),
        );
        return view(next);
      }
      const fresh = await this.store.get(current.id);
      if (!fresh) throw new AppError('NotFound', RESERVATION_MESSAGES.notFound);
      current = fresh;
    }
    throw new AppError('TooManyRequests', RESERVATION_MESSAGES.busy, { retryAfterSeconds: 1 });
  }

  /** Staff: markReady (lowered lines with notes), pickUp (idChecked) or cancel (reason required); the first and the last are e-mailed. */
  async reservationAction(
    caller: ReservationCaller | null,
    args: { id?: unknown; action?: unknown; lowered?: unknown; idChecked?: unknown; reason?: unknown },
  ): Promise<ReservationView> {
    const admin = staffOf(caller);
    if (args.action !== 'markReady' && args.action !== 'pickUp' && args.action !== 'cancel')
      throw validationError(PICKUP_MESSAGES.unknownAction);
    if (args.lowered !== null && args.lowered !== undefined && (!Array.isArray(args.lowered) || args.lowered.length > MAX_LIST_LINES))
      throw validationError(PICKUP_MESSAGES.lowerUnknownLine);
    const reservation = await this.find(args.id);
    if (!reservation) throw new AppError('NotFound', RESERVATION_MESSAGES.notFound);
    const next = await this.apply(
      reservation,
      args.action,
      'admin',
      {
        lowered: (args.lowered as LineLowering[] | null) ?? [],
        idChecked: args.idChecked === true,
        reason: args.reason as string | null,
      },
      { userId: admin.userId, name: admin.name },
    );
    // apply returns only after its own conditional write landed, so each change mails once.
    if (args.action === 'markReady') await this.mailCustomer('ready', next);
    if (args.action === 'cancel') await this.mailCustomer('cancelled', next);
    return view(next);
  }

  // --- E-mail (decision 0327) -----------------------------------------------------------------

  /**
   * Mails the customer about `reservation`, when the shop sends mail and the account still
   * exists. A mail that fails is logged (the number and the error, no text the customer typed)
   * and never fails the change, which has already landed and shows on the site.
   */
  private async mailCustomer(kind: CustomerMailKind, reservation: StoredReservation, account?: ReservingAccount): Promise<void> {
    if (!this.mail) return;
    await this.send(`the ${kind} e-mail of reservation ${formatReservationNumber(reservation.number)}`, async () => {
      const to = account ?? (await this.store.accounts([reservation.userId]))[0];
      // Only to an address the owner confirmed, never one typed since (decision 0369).
      const address = to && customerMailAddress(to);
      return address ? customerReservationMail(kind, reservation, address) : null;
    });
  }

  /** The shop's own mail about a new request (the one mail with the customer's note). */
  private async mailShop(reservation: StoredReservation, account: ReservingAccount): Promise<void> {
    await this.mailTheShop(`the shop's e-mail of reservation ${formatReservationNumber(reservation.number)}`, (to) =>
      shopReservationMail(reservation, to, account),
    );
  }

  /**
   * A mail to the shop's own mailbox (ShopSettings.email, else the SMTP From address): a new
   * request's, and an admin account's slowed sign-ins (decision 0370). Never throws.
   */
  async mailTheShop(what: string, build: (shopAddress: string) => MailMessage): Promise<void> {
    if (!this.mail) return;
    const { fallbackShopAddress } = this.mail;
    await this.send(what, async () => build((await this.store.shopSettings())?.email?.trim() || fallbackShopAddress));
  }

  private async send(what: string, build: () => Promise<Parameters<Mailer['send']>[0] | null>): Promise<void> {
    try {
      const message = await build();
      if (message) await this.mail!.mailer.send(message);
    } catch (error) {
      console.error(`[reservations] ${what} was not sent: ${mailErrorText(error)}`);
    }
  }

  /**
   * Expires every open reservation whose time has passed at `now`, returning its units: the
   * local server runs it on a timer, the cloud from a schedule. One that staff or the customer
   * changed meanwhile is left to them. Returns how many it expired.
   */
  async expireReservations(now: Date = new Date(this.now())): Promise<number> {
    let expired = 0;
    for (const reservation of await this.store.dueToExpire(now.toISOString())) {
      // Judged by today's rule however it was stored (decision 0375): a far hold stored with a day's grace ends with its slot's day.
      if (Date.parse(heldUntil(reservation)) > now.getTime()) continue;
      const done = await this.apply(reservation, 'expire', 'system', { now }, null).then(
        (next) => next,
        (error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        },
      );
      if (done) {
        expired += 1;
        await this.mailCustomer('expired', done);
      }
    }
    return expired;
  }

  /**
   * Cancels the open reservations of an account being deleted (decision 0304), returning their
   * units, and blanks what the customer typed on every one of theirs; the deletion runs it before
   * it removes the account.
   */
  async cancelForDeletedAccount(userId: string): Promise<void> {
    for (const reservation of await this.store.ofUser(userId)) {
      // What the customer typed goes with the account (their phone, their note, their reason for
      // cancelling), as their name and e-mail do; the lines and the staff's notes stay for the books.
      const forgotten = {
        ...reservation,
        note: null,
        phone: null,
        reason: reservation.cancelledBy === 'customer' ? null : reservation.reason,
        updatedAt: stampAfter(this.now(), reservation.updatedAt),
      };
      if (!isOpenStatus(reservation.status)) {
        await this.store.transition(forgotten, reservation, [], []);
        continue;
      }
      const decided = nextStatus(reservation, 'cancel', 'admin', { reason: RESERVATION_MESSAGES.accountDeleted });
      if (!decided.ok) continue;
      const next = { ...forgotten, status: decided.status, reason: decided.reason, cancelledBy: 'shop' as const };
      if (await this.store.transition(next, reservation, decided.stockReturns, decided.pickedUp)) {
        await this.log(next, 'cancel', null, [{ field: 'status', before: reservation.status, after: next.status }]);
        await this.returned(decided.stockReturns);
      }
    }
    await this.store.setPickupList(userId, []);
  }

  private async find(id: unknown): Promise<StoredReservation | null> {
    if (typeof id !== 'string' || !PLAUSIBLE_ID.test(id)) return null;
    return this.store.get(id);
  }

  /**
   * Decides with nextStatus and writes the answer on the condition that the status is still the
   * one read; when it is not, reads again and decides again (the answer then says what happened:
   * 'This reservation was already cancelled').
   */
  private async apply(
    reservation: StoredReservation,
    action: 'markReady' | 'pickUp' | 'cancel' | 'expire',
    actor: ReservationActor,
    input: Parameters<typeof nextStatus>[3],
    by: { userId: string; name: string } | null,
  ): Promise<StoredReservation> {
    // The expiry judges the hold by today's rule (decision 0375) and stores the time it ended at.
    const judged = (read: StoredReservation) => (action === 'expire' ? { ...read, expiresAt: heldUntil(read) } : read);
    let current = judged(reservation);
    for (let attempt = 0; attempt < RESERVE_ATTEMPTS; attempt++) {
      const decided = nextStatus(current, action, actor, input);
      if (!decided.ok) throw validationError(decided.message);
      const notes = new Map(decided.lineNotes.map((entry) => [entry.itemId, entry.note]));
      const quantities = new Map(decided.lines.map((line) => [line.itemId, line.quantity]));
      const next: StoredReservation = {
        ...current,
        status: decided.status,
        lines: current.lines.map((line) => ({
          ...line,
          quantity: quantities.get(line.itemId) ?? line.quantity,
          note: notes.get(line.itemId) ?? line.note,
        })),
        reason: decided.status === 'Cancelled' ? decided.reason : current.reason,
        cancelledBy: decided.status === 'Cancelled' ? (actor === 'customer' ? 'customer' : 'staff') : current.cancelledBy,
        updatedAt: stampAfter(this.now(), current.updatedAt),
      };
      if (await this.store.transition(next, current, decided.stockReturns, decided.pickedUp)) {
        const changes: FieldChange[] = [{ field: 'status', before: current.status, after: next.status }];
        if (decided.lineNotes.length) changes.push({ field: 'lines', before: linesText(current.lines), after: linesText(next.lines) });
        if (next.reason && next.reason !== current.reason) changes.push({ field: 'reason', before: null, after: next.reason });
        await this.log(next, action, by, changes);
        await this.returned(decided.stockReturns);
        return next;
      }
      const fresh = await this.store.get(current.id);
      if (!fresh) throw new AppError('NotFound', RESERVATION_MESSAGES.notFound);
      current = judged(fresh);
    }
    throw new AppError('TooManyRequests', RESERVATION_MESSAGES.busy, { retryAfterSeconds: 1 });
  }

  /** Every transition in the activity log (kind reservation), by the customer, staff or the shop. */
  private async log(
    reservation: StoredReservation,
    action: string,
    by: { userId: string; name: string } | null,
    changes: FieldChange[],
  ): Promise<void> {
    try {
      await this.activity.recordBy(
        { kind: 'reservation', action, targetId: reservation.id, targetName: formatReservationNumber(reservation.number), changes },
        by ?? SHOP_ACTOR,
      );
    } catch (error) {
      // The change itself landed; saying it failed would be false. The operator sees the gap.
      console.error(`[activity] reservation ${action} was not recorded`, error);
    }
  }
}

/** "2 × Merlot; 1 × Rye" as the log shows a reservation's lines. */
const linesText = (lines: readonly StoredLine[]) => activityValue(lines.map((line) => `${line.quantity} × ${line.name}`));
