/**
 * The reservations in the local SQLite file (reservation-service.ts defines the port): tables no
 * GraphQL resolver reaches, `_reservations` (the record as JSON, with the columns it is found by)
 * and `_pickup_lists` (one customer's list as JSON). Each change is one transaction of the model
 * store, so the item's stock and the reservation change together and the response cache sees a write.
 */
import type { ModelStore } from '../db/model-store';
import { quoteIdent } from '../db/database';
import type { RequestedLine } from '../../shared/reservation-limits';
import { stockMovesOf, type ReservationStatus, type StockReturn } from '../../shared/reservation-status';
import { SHOP_SETTINGS_ID } from '../../shared/shop-hours';
import { moveStock, type StockFacts } from '../../shared/stock';
import { heldByItem } from '../../shared/customer-limits';
import {
  CustomerLimitReached,
  itemStockOf,
  ListChanged,
  NumberTaken,
  OpenLimitReached,
  StockChanged,
  type ExpectedReservation,
  type ItemStock,
  type ReserveGuard,
  type StoredPickupList,
  type ReservationStore,
  reservingAccountOf,
  type ReservingAccount,
  type StockHold,
} from './reservation-service';
import type { StoredReservation } from './reservation-types';

const ITEM = quoteIdent('Item');

interface Row {
  doc: string;
}

const parse = (row: Row | undefined): StoredReservation | null => (row ? (JSON.parse(row.doc) as StoredReservation) : null);

export class SqliteReservationStore implements ReservationStore {
  constructor(private readonly store: ModelStore) {
    store.db.exec(`
      CREATE TABLE IF NOT EXISTS _reservations (
        id TEXT PRIMARY KEY,
        number TEXT NOT NULL UNIQUE,
        userId TEXT NOT NULL,
        status TEXT NOT NULL,
        expiresAt TEXT NOT NULL,
        doc TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS idx__reservations_userId ON _reservations(userId);
      CREATE INDEX IF NOT EXISTS idx__reservations_status ON _reservations(status, expiresAt);
      CREATE TABLE IF NOT EXISTS _pickup_lists (userId TEXT PRIMARY KEY, lines TEXT NOT NULL);
    `);
  }

  private get db() {
    return this.store.db;
  }

  async shopSettings() {
    return this.store.get('ShopSettings', SHOP_SETTINGS_ID) as Awaited<ReturnType<ReservationStore['shopSettings']>>;
  }

  async items(ids: readonly string[]): Promise<ItemStock[]> {
    return ids.flatMap((id) => {
      const item = this.store.get('Item', id);
      return item ? [itemStockOf(item)] : [];
    });
  }

  async accounts(ids: readonly string[]): Promise<ReservingAccount[]> {
    return ids.flatMap((id) => {
      const user = this.store.get('User', id);
      if (!user) return [];
      // Beside the password hash, where no resolver reaches (decision 0378).
      const credential = this.db.prepare('SELECT signUpAddress FROM _credentials WHERE userId = ?').get(id) as
        { signUpAddress: string | null } | undefined;
      return [reservingAccountOf({ ...user, signUpAddress: credential?.signUpAddress ?? null })];
    });
  }

  /** The list's version is its stored text: any write of other lines changes it. */
  async pickupList(userId: string): Promise<StoredPickupList> {
    const text = this.listText(userId);
    return text === null ? { lines: [], version: null } : { lines: JSON.parse(text) as RequestedLine[], version: text };
  }

  private listText(userId: string): string | null {
    const row = this.db.prepare('SELECT lines FROM _pickup_lists WHERE userId = ?').get(userId) as { lines: string } | undefined;
    return row?.lines ?? null;
  }

  async setPickupList(userId: string, lines: readonly RequestedLine[]): Promise<void> {
    this.store.transaction(() => this.writeList(userId, lines));
  }

  private writeList(userId: string, lines: readonly RequestedLine[]) {
    if (lines.length === 0) this.db.prepare('DELETE FROM _pickup_lists WHERE userId = ?').run(userId);
    else
      this.db
        .prepare('INSERT INTO _pickup_lists (userId, lines) VALUES (?, ?) ON CONFLICT(userId) DO UPDATE SET lines = excluded.lines')
        .run(userId, JSON.stringify(lines));
  }

  async get(id: string) {
    return parse(this.db.prepare('SELECT doc FROM _reservations WHERE id = ?').get(id) as Row | undefined);
  }

  async ofUser(userId: string) {
    return (this.db.prepare('SELECT doc FROM _reservations WHERE userId = ?').all(userId) as Row[]).map((row) => parse(row)!);
  }

  async all(status?: ReservationStatus) {
    const rows = status
      ? this.db.prepare('SELECT doc FROM _reservations WHERE status = ?').all(status)
      : this.db.prepare('SELECT doc FROM _reservations').all();
    return (rows as Row[]).map((row) => parse(row)!);
  }

  async dueToExpire(now: string) {
    const rows = this.db
      .prepare(
        "SELECT doc FROM _reservations WHERE status IN ('Requested', 'Ready') AND (expiresAt <= ? OR json_extract(doc, '$.slotEnd') <= ?)",
      )
      .all(now, now) as Row[];
    return rows.map((row) => parse(row)!);
  }

  async create(reservation: StoredReservation, holds: readonly StockHold[], guard: ReserveGuard): Promise<void> {
    const stamp = reservation.createdAt;
    this.store.transaction(() => {
      // Read inside the transaction, which no other write interleaves with (decision 0332).
      if (this.listText(reservation.userId) !== guard.listVersion) throw new ListChanged();
      const open = (
        this.db
          .prepare("SELECT doc FROM _reservations WHERE userId = ? AND status IN ('Requested', 'Ready')")
          .all(reservation.userId) as Row[]
      ).map((row) => parse(row)!);
      if (open.length >= guard.maxOpen) throw new OpenLimitReached();
      // What the customer holds of each capped item, counted here too (decisions 0371, 0374).
      const held = heldByItem(open);
      for (const hold of holds) {
        const most = guard.caps.get(hold.itemId);
        if (most !== undefined && (held.get(hold.itemId) ?? 0) + hold.quantity > most)
          throw new CustomerLimitReached(hold.itemId, held.get(hold.itemId) ?? 0);
      }
      // Each line's units are held (decision 0367): taken off what is offered, the shelf's count unchanged.
      for (const hold of holds) this.hold(hold, stamp);
      const taken = this.db.prepare('SELECT 1 FROM _reservations WHERE number = ? OR id = ?').get(reservation.number, reservation.id);
      if (taken) throw new NumberTaken();
      this.db
        .prepare('INSERT INTO _reservations (id, number, userId, status, expiresAt, doc) VALUES (?, ?, ?, ?, ?, ?)')
        .run(
          reservation.id,
          reservation.number,
          reservation.userId,
          reservation.status,
          reservation.expiresAt,
          JSON.stringify(reservation),
        );
      this.writeList(reservation.userId, []);
    });
  }

  /**
   * One line's units held (decision 0367): taken off what is offered, the shelf's count unchanged;
   * a counted item only while it offers them, an uncounted one only while still not counted.
   */
  private hold(hold: StockHold, stamp: string): void {
    const changed = hold.counted
      ? this.db
          .prepare(
            `UPDATE ${ITEM} SET stock = stock - ?, heldStock = coalesce(heldStock, 0) + ?, updatedAt = ? WHERE id = ? AND stock IS NOT NULL AND stock >= ?`,
          )
          .run(hold.quantity, hold.quantity, stamp, hold.itemId, hold.quantity).changes
      : this.db
          .prepare(`UPDATE ${ITEM} SET heldStock = coalesce(heldStock, 0) + ?, updatedAt = ? WHERE id = ? AND stock IS NULL`)
          .run(hold.quantity, stamp, hold.itemId).changes;
    if (changed !== 1) throw new StockChanged(hold.itemId);
  }

  /** Stores `next` while the stored record is still `expected` (its status and updatedAt); false when it is not. */
  private rewrite(next: StoredReservation, expected: ExpectedReservation): boolean {
    return (
      this.db
        .prepare(
          "UPDATE _reservations SET status = ?, expiresAt = ?, doc = ? WHERE id = ? AND status = ? AND json_extract(doc, '$.updatedAt') = ?",
        )
        .run(next.status, next.expiresAt, JSON.stringify(next), next.id, expected.status, expected.updatedAt).changes === 1
    );
  }

  /** Each move applied to its item as it is (read and written inside the caller's transaction); an item deleted meanwhile has nothing to move. */
  private move(moves: ReturnType<typeof stockMovesOf>, stamp: string): void {
    for (const { itemId, move } of moves) {
      const facts = this.db.prepare(`SELECT stock, shelfStock, heldStock FROM ${ITEM} WHERE id = ?`).get(itemId) as StockFacts | undefined;
      if (!facts) continue;
      const after = moveStock(facts, move);
      this.db
        .prepare(`UPDATE ${ITEM} SET stock = ?, shelfStock = ?, heldStock = ?, updatedAt = ? WHERE id = ?`)
        .run(after.stock, after.shelfStock, after.heldStock, stamp, itemId);
    }
  }

  async transition(
    next: StoredReservation,
    expected: ExpectedReservation,
    returns: readonly StockReturn[],
    pickedUp: readonly StockReturn[],
  ): Promise<boolean> {
    return this.store.transaction(() => {
      if (!this.rewrite(next, expected)) return false;
      this.move(stockMovesOf(returns, pickedUp), next.updatedAt);
      return true;
    });
  }

  async change(
    next: StoredReservation,
    expected: ExpectedReservation,
    holds: readonly StockHold[],
    releases: readonly StockReturn[],
  ): Promise<boolean> {
    // One transaction, which no other write interleaves with: a failed hold rolls back the rest.
    return this.store.transaction(() => {
      if (!this.rewrite(next, expected)) return false;
      for (const hold of holds) this.hold(hold, next.updatedAt);
      this.move(stockMovesOf(releases, []), next.updatedAt);
      return true;
    });
  }
}
