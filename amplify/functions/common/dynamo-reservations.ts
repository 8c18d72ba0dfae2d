/**
 * The reservations in DynamoDB (server/reservations/reservation-service.ts defines the port), in
 * one table of our own that no resolver reaches (amplify/backend.ts ShopReservations):
 * - a reservation under its id, with `userId` (index byUser) and `status` + `expiresAt` (index
 *   byStatus, for staff's lists and the expiry);
 * - `number#<number>`: the number's claim, so two reservations never share one;
 * - `list#<userId>`: a customer's pickup list, with a `version` drawn anew at every write;
 * - `open#<userId>`: how many open reservations the customer has (`open`), counted up by reserving
 *   and down by a change from an open status to a final one (decision 0332); and, one attribute
 *   `held:<itemId>` per item, the units their open reservations hold of it, counted up by reserving
 *   and down by each release and pick-up (decisions 0371, 0374). A reservation whose holds were
 *   counted so carries `holdsCounted`; one stored before never counts down what it never counted.
 * Reserving is one TransactWriteItems (decision 0314): each counted line `stock >= :q` on its item,
 * each uncounted one a check that it is still not counted, the reservation and the number put only
 * where none is, the list deleted only while it is the version read, and the open count raised only
 * while under the most and each capped item's holds stay within the customer's cap (the same
 * update). A cancellation names the failed step by its position. Every
 * transaction goes through dynamo-retry.ts (sdkDynamoPort): a conflict between two customers is
 * tried again there and never reported as a stale edit (decision 0301).
 */
import type { RequestedLine } from '../../../shared/reservation-limits';
import { randomUUID } from 'node:crypto';
import { isOpenStatus, stockMovesOf, type ReservationStatus, type StockReturn } from '../../../shared/reservation-status';
import { SHOP_SETTINGS_ID } from '../../../shared/shop-hours';
import { moveStock } from '../../../shared/stock';
import { RateLimit } from '../../../server/accounts/throttle-store';
import {
  CustomerLimitReached,
  itemStockOf,
  RESERVE_RATE,
  ReservationService,
  type ReservationActivity,
  ListChanged,
  NumberTaken,
  OpenLimitReached,
  StockChanged,
  type ExpectedReservation,
  type ItemStock,
  type ReservationMail,
  type ReserveGuard,
  type StoredPickupList,
  type ReservationStore,
  reservingAccountOf,
  type ReservingAccount,
  type StockHold,
} from '../../../server/reservations/reservation-service';
import type { StoredReservation } from '../../../server/reservations/reservation-types';
import { allPages, cancellationReasons, type DynamoPort, type Item, type TransactItem } from './dynamo-port';
import { DynamoThrottleStore } from './dynamo-throttle';
import { ENV, required } from './env';

export const RESERVATION_INDEXES = { byUser: 'byUser', byStatus: 'byStatus' } as const;

export interface ReservationTables {
  reservations: string;
  items: string;
  users: string;
  shopSettings: string;
}

const KIND = 'reservation';
const listKey = (userId: string) => `list#${userId}`;
const numberKey = (number: string) => `number#${number}`;
const openKey = (userId: string) => `open#${userId}`;
/** The attribute of `open#<userId>` counting what the customer's open reservations hold of one item. */
const heldAttribute = (itemId: string) => `held:${itemId}`;
/** Set on a reservation whose holds were counted in `open#<userId>` when it was made. */
const HOLDS_COUNTED = 'holdsCounted';
const FAILED = 'ConditionalCheckFailed';

const asReservation = (item: Item): StoredReservation => {
  const { kind: _kind, [HOLDS_COUNTED]: _counted, ...fields } = item;
  return fields as unknown as StoredReservation;
};

/**
 * One line's units held (decision 0367), a step of a transaction: taken off what is offered, the
 * shelf's count unchanged; a counted item only while `stock >= :q`, an uncounted one only while
 * it is still not counted.
 */
const holdOperation = (TableName: string, hold: StockHold, stamp: string): TransactItem =>
  hold.counted
    ? {
        Update: {
          TableName,
          Key: { id: hold.itemId },
          UpdateExpression: 'SET #stock = #stock - :q, #updatedAt = :now ADD #held :q',
          ConditionExpression: 'attribute_exists(#id) AND #stock >= :q',
          ExpressionAttributeNames: { '#id': 'id', '#stock': 'stock', '#held': 'heldStock', '#updatedAt': 'updatedAt' },
          ExpressionAttributeValues: { ':q': hold.quantity, ':now': stamp },
        },
      }
    : {
        Update: {
          TableName,
          Key: { id: hold.itemId },
          UpdateExpression: 'SET #updatedAt = :now ADD #held :q',
          // (a AND b) OR (a AND c), written without parentheses: AND binds tighter.
          ConditionExpression:
            'attribute_exists(#id) AND attribute_not_exists(#stock) OR attribute_exists(#id) AND attribute_type(#stock, :null)',
          ExpressionAttributeNames: { '#id': 'id', '#stock': 'stock', '#held': 'heldStock', '#updatedAt': 'updatedAt' },
          ExpressionAttributeValues: { ':null': 'NULL', ':q': hold.quantity, ':now': stamp },
        },
      };

export class DynamoReservationStore implements ReservationStore {
  constructor(
    private readonly db: DynamoPort,
    private readonly tables: ReservationTables,
    private readonly now: () => number = Date.now,
  ) {}

  async shopSettings() {
    return ((await this.db.get({ TableName: this.tables.shopSettings, Key: { id: SHOP_SETTINGS_ID } })) ?? null) as Awaited<
      ReturnType<ReservationStore['shopSettings']>
    >;
  }

  async items(ids: readonly string[]): Promise<ItemStock[]> {
    const found = await Promise.all(ids.map((id) => this.db.get({ TableName: this.tables.items, Key: { id } })));
    return found.flatMap((item) => (item ? [itemStockOf(item)] : []));
  }

  async accounts(ids: readonly string[]): Promise<ReservingAccount[]> {
    const found = await Promise.all(ids.map((id) => this.db.get({ TableName: this.tables.users, Key: { id } })));
    return found.flatMap((user) => (user ? [reservingAccountOf(user)] : []));
  }

  async pickupList(userId: string): Promise<StoredPickupList> {
    const item = await this.db.get({ TableName: this.tables.reservations, Key: { id: listKey(userId) } });
    // A list stored before lists had versions: '' (the write then checks that it still has none).
    return item
      ? { lines: (item.lines as RequestedLine[] | undefined) ?? [], version: (item.version as string | undefined) ?? '' }
      : { lines: [], version: null };
  }

  async setPickupList(userId: string, lines: readonly RequestedLine[]): Promise<void> {
    if (lines.length === 0) await this.db.delete({ TableName: this.tables.reservations, Key: { id: listKey(userId) } });
    else await this.db.put({ TableName: this.tables.reservations, Item: { id: listKey(userId), lines, version: randomUUID() } });
  }

  async get(id: string) {
    const item = await this.db.get({ TableName: this.tables.reservations, Key: { id } });
    return item?.kind === KIND ? asReservation(item) : null;
  }

  async ofUser(userId: string) {
    const items = await allPages((startKey) =>
      this.db.query({
        TableName: this.tables.reservations,
        IndexName: RESERVATION_INDEXES.byUser,
        KeyConditionExpression: '#u = :u',
        ExpressionAttributeNames: { '#u': 'userId' },
        ExpressionAttributeValues: { ':u': userId },
        ExclusiveStartKey: startKey,
      }),
    );
    // The user index also holds the customer's "notify me" requests (dynamo-notify.ts).
    return items.filter((item) => item.kind === KIND).map(asReservation);
  }

  private byStatus(status: ReservationStatus) {
    return allPages((startKey) =>
      this.db.query({
        TableName: this.tables.reservations,
        IndexName: RESERVATION_INDEXES.byStatus,
        KeyConditionExpression: '#s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': status },
        ExclusiveStartKey: startKey,
      }),
    );
  }

  async all(status?: ReservationStatus) {
    if (status) return (await this.byStatus(status)).map(asReservation);
    const items = await allPages((startKey) =>
      this.db.scan({
        TableName: this.tables.reservations,
        FilterExpression: '#k = :k',
        ExpressionAttributeNames: { '#k': 'kind' },
        ExpressionAttributeValues: { ':k': KIND },
        ExclusiveStartKey: startKey,
      }),
    );
    return items.map(asReservation);
  }

  /**
   * Both open statuses from the status index, those whose stored expiresAt has come and those
   * whose slot has ended (a far hold stored with the earlier rule's day of grace, decision 0375):
   * the index's key cannot say the second, so this reads every open reservation of the status,
   * which is bounded: each customer has at most maxOpenReservations, and each ends within the
   * horizon and a day. Never the reservations that are over.
   */
  async dueToExpire(now: string) {
    const [requested, ready] = await Promise.all([this.byStatus('Requested'), this.byStatus('Ready')]);
    return [...requested, ...ready].filter((item) => String(item.expiresAt) <= now || String(item.slotEnd) <= now).map(asReservation);
  }

  async create(reservation: StoredReservation, holds: readonly StockHold[], guard: ReserveGuard): Promise<void> {
    const stamp = new Date(this.now()).toISOString();
    const TableName = this.tables.items;
    const operations: TransactItem[] = [
      ...holds.map((hold) => holdOperation(TableName, hold, stamp)),
      {
        Put: {
          TableName: this.tables.reservations,
          Item: { ...reservation, kind: KIND, [HOLDS_COUNTED]: true },
          ConditionExpression: 'attribute_not_exists(#id)',
          ExpressionAttributeNames: { '#id': 'id' },
        },
      },
      {
        Put: {
          TableName: this.tables.reservations,
          Item: { id: numberKey(reservation.number), reservationId: reservation.id },
          ConditionExpression: 'attribute_not_exists(#id)',
          ExpressionAttributeNames: { '#id': 'id' },
        },
      },
      {
        Delete: {
          TableName: this.tables.reservations,
          Key: { id: listKey(reservation.userId) },
          ...(guard.listVersion
            ? {
                ConditionExpression: '#v = :v',
                ExpressionAttributeNames: { '#v': 'version' },
                ExpressionAttributeValues: { ':v': guard.listVersion },
              }
            : {
                ConditionExpression: 'attribute_exists(#id) AND attribute_not_exists(#v)',
                ExpressionAttributeNames: { '#id': 'id', '#v': 'version' },
              }),
        },
      },
      this.openCount(reservation.userId, holds, guard),
    ];
    const at = { list: holds.length + 2, open: holds.length + 3 };
    try {
      await this.db.transactWrite({ TransactItems: operations });
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw error;
      const short = reasons.findIndex((reason, position) => reason === FAILED && position < holds.length);
      if (short >= 0) throw new StockChanged(holds[short]!.itemId);
      if (reasons[at.list] === FAILED) throw new ListChanged();
      if (reasons[at.open] === FAILED) throw await this.overWhich(reservation.userId, holds, guard);
      if (reasons.includes(FAILED)) throw new NumberTaken();
      throw error;
    }
  }

  /**
   * One more open reservation and its holds, on the condition that the customer had fewer than
   * the most open and that each capped item's holds plus the line stay within its cap.
   */
  private openCount(userId: string, holds: readonly StockHold[], guard: ReserveGuard): TransactItem {
    const names: Record<string, string> = { '#n': 'open' };
    const values: Record<string, unknown> = { ':one': 1, ':max': guard.maxOpen };
    const conditions = ['(attribute_not_exists(#n) OR #n < :max)'];
    holds.forEach((hold, i) => {
      names[`#h${i}`] = heldAttribute(hold.itemId);
      values[`:q${i}`] = hold.quantity;
      const most = guard.caps.get(hold.itemId);
      if (most === undefined) return;
      // held + q <= most, written as held <= most - q (which the service made sure is not negative).
      values[`:room${i}`] = most - hold.quantity;
      conditions.push(`(attribute_not_exists(#h${i}) OR #h${i} <= :room${i})`);
    });
    return {
      Update: {
        TableName: this.tables.reservations,
        Key: { id: openKey(userId) },
        UpdateExpression: `ADD #n :one, ${holds.map((_, i) => `#h${i} :q${i}`).join(', ')}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  }

  /** Which of the counter's conditions failed, read from the counter as it is now. */
  private async overWhich(userId: string, holds: readonly StockHold[], guard: ReserveGuard): Promise<Error> {
    const counter = (await this.db.get({ TableName: this.tables.reservations, Key: { id: openKey(userId) } })) ?? {};
    if (((counter.open as number | undefined) ?? 0) >= guard.maxOpen) return new OpenLimitReached();
    for (const hold of holds) {
      const most = guard.caps.get(hold.itemId);
      const held = (counter[heldAttribute(hold.itemId)] as number | undefined) ?? 0;
      if (most !== undefined && held + hold.quantity > most) return new CustomerLimitReached(hold.itemId, held);
    }
    // Over when written, no longer now (a cancel in between): the service reads again and tries again.
    return new StockChanged(holds[0]?.itemId ?? '');
  }

  async transition(
    next: StoredReservation,
    expected: ExpectedReservation,
    returns: readonly StockReturn[],
    pickedUp: readonly StockReturn[],
  ): Promise<boolean> {
    return this.rewrite(next, expected, [], stockMovesOf(returns, pickedUp), unitDeltas([], [...returns, ...pickedUp]));
  }

  async change(
    next: StoredReservation,
    expected: ExpectedReservation,
    holds: readonly StockHold[],
    releases: readonly StockReturn[],
  ): Promise<boolean> {
    return this.rewrite(next, expected, holds, stockMovesOf(releases, []), unitDeltas(holds, releases));
  }

  /**
   * One TransactWriteItems: the reservation written only while its status and updatedAt are the
   * ones read (decision 0372), each hold as reserving takes one (holdOperation), each move of
   * an item's two facts by shared/stock.ts (decision 0367) from the item as read now, conditioned
   * on that read (a reservation or a count in between fails the step, which is read and tried
   * again), and on `open#<userId>` the open place it frees and the units its customer's caps
   * count (decisions 0371, 0374), for a reservation whose holds were counted when it was made.
   * An item deleted meanwhile has nothing to move. False when the reservation was changed
   * meanwhile; StockChanged when a hold's condition failed.
   */
  private async rewrite(
    next: StoredReservation,
    expected: ExpectedReservation,
    holds: readonly StockHold[],
    moves: ReturnType<typeof stockMovesOf>,
    deltas: ReadonlyMap<string, number>,
  ): Promise<boolean> {
    const leavesOpen = isOpenStatus(expected.status) && !isOpenStatus(next.status);
    const counted =
      deltas.size > 0 && (await this.db.get({ TableName: this.tables.reservations, Key: { id: next.id } }))?.[HOLDS_COUNTED] === true;
    const counterUpdate = openCounterUpdate(this.tables.reservations, next.userId, leavesOpen, counted ? deltas : new Map());
    for (let attempt = 0; attempt < 5; attempt++) {
      const read = await Promise.all(moves.map(({ itemId }) => this.db.get({ TableName: this.tables.items, Key: { id: itemId } })));
      const stamp = new Date(this.now()).toISOString();
      const { id, ...fields } = next;
      const names = Object.keys(fields);
      const operations: TransactItem[] = [
        {
          Update: {
            TableName: this.tables.reservations,
            Key: { id },
            UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
            ConditionExpression: '#status = :expected AND #updatedAt = :seenAt',
            ExpressionAttributeNames: {
              ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
              '#status': 'status',
              '#updatedAt': 'updatedAt',
            },
            ExpressionAttributeValues: {
              ...Object.fromEntries(names.map((name, i) => [`:f${i}`, (fields as Record<string, unknown>)[name]])),
              ':expected': expected.status,
              ':seenAt': expected.updatedAt,
            },
          },
        },
        ...holds.map((hold) => holdOperation(this.tables.items, hold, stamp)),
        // Leaving the open statuses frees one of the customer's open places (decision 0332), and
        // what it holds counts for their caps by the change (decisions 0371, 0374).
        ...(counterUpdate ? [counterUpdate] : []),
        ...moves.flatMap(({ itemId, move }, index) => {
          const item = read[index];
          if (!item) return [];
          const after = moveStock(item, move);
          return [
            {
              Update: {
                TableName: this.tables.items,
                Key: { id: itemId },
                UpdateExpression: 'SET #stock = :stock, #shelf = :shelf, #held = :held, #updatedAt = :now',
                ConditionExpression: 'attribute_exists(#id) AND #updatedAt = :seen',
                ExpressionAttributeNames: {
                  '#id': 'id',
                  '#stock': 'stock',
                  '#shelf': 'shelfStock',
                  '#held': 'heldStock',
                  '#updatedAt': 'updatedAt',
                },
                ExpressionAttributeValues: {
                  ':stock': after.stock,
                  ':shelf': after.shelfStock,
                  ':held': after.heldStock,
                  ':now': stamp,
                  ':seen': item.updatedAt,
                },
              },
            },
          ];
        }),
      ];
      try {
        await this.db.transactWrite({ TransactItems: operations });
        return true;
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (!reasons) throw error;
        if (reasons[0] === FAILED) return false;
        const short = reasons.findIndex((reason, position) => reason === FAILED && position >= 1 && position <= holds.length);
        if (short >= 0) throw new StockChanged(holds[short - 1]!.itemId);
        if (!reasons.includes(FAILED)) throw error;
        // An item was changed meanwhile (a reservation, a count, an edit): read again.
      }
    }
    return false;
  }
}

/** Each item's units a write holds (+) and lets go of (-), summed: one update may name an attribute once. */
function unitDeltas(holds: readonly StockHold[], released: readonly StockReturn[]): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const hold of holds) deltas.set(hold.itemId, (deltas.get(hold.itemId) ?? 0) + hold.quantity);
  for (const entry of released) deltas.set(entry.itemId, (deltas.get(entry.itemId) ?? 0) - entry.units);
  for (const [itemId, units] of deltas) if (units === 0) deltas.delete(itemId);
  return deltas;
}

/** What a write moves on `open#<userId>`, as one update: the open place it frees, and each item's units; null when nothing. */
function openCounterUpdate(table: string, userId: string, leavesOpen: boolean, deltas: ReadonlyMap<string, number>): TransactItem | null {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (leavesOpen) {
    parts.push('#n :minus');
    names['#n'] = 'open';
    values[':minus'] = -1;
  }
  [...deltas].forEach(([itemId, units], i) => {
    parts.push(`#h${i} :h${i}`);
    names[`#h${i}`] = heldAttribute(itemId);
    values[`:h${i}`] = units;
  });
  if (!parts.length) return null;
  return {
    Update: {
      TableName: table,
      Key: { id: openKey(userId) },
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The service on DynamoDB with the tables amplify/backend.ts names: the catalogue function serves
 * Reserve for pickup and its expiry; the accounts function cancels a deleted account's (decision 0304).
 */
export function dynamoReservationService(db: DynamoPort, activity: ReservationActivity, mail: ReservationMail): ReservationService {
  return new ReservationService(
    new DynamoReservationStore(db, {
      reservations: required(ENV.reservations),
      items: required(ENV.items),
      users: required(ENV.users),
      shopSettings: required(ENV.shopSettings),
    }),
    activity,
    new RateLimit(new DynamoThrottleStore(db, required(ENV.throttle)), 'reserve', RESERVE_RATE),
    undefined,
    undefined,
    mail,
  );
}
