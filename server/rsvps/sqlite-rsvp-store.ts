/**
 * RSVPs in the local SQLite file (rsvp-service.ts defines the port): a table no GraphQL resolver
 * reaches, `_rsvps` (the record as JSON, with the columns it is found by), as the reservations'
 * are (decision 0313). Each write is one transaction of the model store, so an RSVP and its
 * event's places (Event.rsvpTaken) change together, the conditions are read inside it (no other
 * write interleaves), and the response cache sees a write.
 */
import { quoteIdent } from '../db/database';
import type { ModelStore } from '../db/model-store';
import { SHOP_SETTINGS_ID } from '../../shared/shop-hours';
import type { ReservationStore } from '../reservations/reservation-service';
import type { PlaceChange, RsvpStore } from './rsvp-service';
import type { RsvpEventRecord, StoredRsvp } from './rsvp-types';

const EVENT = quoteIdent('Event');

interface Row {
  doc: string;
}

const parse = (row: Row | undefined): StoredRsvp | null => (row ? (JSON.parse(row.doc) as StoredRsvp) : null);

export class SqliteRsvpStore implements RsvpStore {
  /** `reading`: the reservation store, whose reads of accounts these are too. */
  constructor(
    private readonly store: ModelStore,
    private readonly reading: Pick<ReservationStore, 'accounts'>,
  ) {
    store.db.exec(`
      CREATE TABLE IF NOT EXISTS _rsvps (
        id TEXT PRIMARY KEY,
        eventId TEXT NOT NULL,
        userId TEXT NOT NULL,
        status TEXT NOT NULL,
        reminded INTEGER NOT NULL DEFAULT 0,
        updatedAt TEXT NOT NULL,
        doc TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS idx__rsvps_eventId ON _rsvps(eventId);
      CREATE INDEX IF NOT EXISTS idx__rsvps_userId ON _rsvps(userId);
      CREATE INDEX IF NOT EXISTS idx__rsvps_due ON _rsvps(status, reminded);
    `);
  }

  private get db() {
    return this.store.db;
  }

  async shopSettings() {
    const settings = this.store.get('ShopSettings', SHOP_SETTINGS_ID);
    return settings ? { name: (settings.name as string | null) ?? null, address: (settings.address as string | null) ?? null } : null;
  }

  async events(ids: readonly string[]): Promise<RsvpEventRecord[]> {
    return ids.flatMap((id) => {
      const event = this.store.get('Event', id);
      return event ? [event as unknown as RsvpEventRecord] : [];
    });
  }

  accounts(ids: readonly string[]) {
    return this.reading.accounts(ids);
  }

  async get(id: string) {
    return parse(this.db.prepare('SELECT doc FROM _rsvps WHERE id = ?').get(id) as Row | undefined);
  }

  async ofUser(userId: string) {
    return (this.db.prepare('SELECT doc FROM _rsvps WHERE userId = ?').all(userId) as Row[]).map((row) => parse(row)!);
  }

  async ofEvent(eventId: string) {
    return (this.db.prepare('SELECT doc FROM _rsvps WHERE eventId = ?').all(eventId) as Row[]).map((row) => parse(row)!);
  }

  async unreminded(dates: readonly string[]) {
    const rows = this.db
      .prepare(
        `SELECT r.doc FROM _rsvps r JOIN ${EVENT} e ON e.id = r.eventId
         WHERE r.status = 'Going' AND r.reminded = 0 AND e.date IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(dates)) as Row[];
    return rows.map((row) => parse(row)!);
  }

  async write(next: StoredRsvp, expected: string | null, change: PlaceChange): Promise<boolean> {
    return this.store.transaction(() => {
      const stored = this.db.prepare('SELECT updatedAt FROM _rsvps WHERE id = ?').get(next.id) as { updatedAt: string } | undefined;
      if ((stored?.updatedAt ?? null) !== expected) return false;
      if (!this.placesAllow(next.eventId, change)) return false;
      if (change.kind === 'take')
        this.db.prepare(`UPDATE ${EVENT} SET rsvpTaken = COALESCE(rsvpTaken, 0) + ? WHERE id = ?`).run(change.places, next.eventId);
      // An event deleted meanwhile frees nothing (no row is changed).
      if (change.kind === 'free')
        this.db.prepare(`UPDATE ${EVENT} SET rsvpTaken = MAX(0, COALESCE(rsvpTaken, 0) - ?) WHERE id = ?`).run(change.places, next.eventId);
      this.db
        .prepare(
          `INSERT INTO _rsvps (id, eventId, userId, status, reminded, updatedAt, doc) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET status = excluded.status, reminded = excluded.reminded, updatedAt = excluded.updatedAt, doc = excluded.doc`,
        )
        .run(next.id, next.eventId, next.userId, next.status, next.remindedAt ? 1 : 0, next.updatedAt, JSON.stringify(next));
      return true;
    });
  }

  /** The conditions of a take or a wait, read inside the transaction. */
  private placesAllow(eventId: string, change: PlaceChange): boolean {
    if (change.kind !== 'take' && change.kind !== 'wait') return true;
    const event = this.store.get('Event', eventId) as unknown as RsvpEventRecord | null;
    if (!event || event.cancelledAt || !event.takesRsvp || event.rsvpCapacity !== change.capacity) return false;
    const taken = event.rsvpTaken ?? 0;
    return change.kind === 'take' ? taken + change.places <= change.capacity : taken + change.partySize > change.capacity;
  }

  async cancelEvent(eventId: string, cancelledAt: string): Promise<boolean> {
    return this.store.transaction(
      () =>
        this.db.prepare(`UPDATE ${EVENT} SET cancelledAt = ? WHERE id = ? AND cancelledAt IS NULL`).run(cancelledAt, eventId).changes === 1,
    );
  }
}
