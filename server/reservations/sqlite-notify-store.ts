/**
 * "Notify me" requests in the local SQLite file (notify-me-service.ts defines the port): a table no
 * GraphQL resolver reaches, as the reservations' are (decision 0313). Taking a request is one
 * DELETE whose changed-row count says whether this caller removed it (decision 0328).
 */
import type { ModelStore } from '../db/model-store';
import type { NotifyRequest, NotifyStore } from './notify-me-service';
import type { ReservationStore } from './reservation-service';

export class SqliteNotifyStore implements NotifyStore {
  /** `reading`: the reservation store, whose reads of items and accounts these are too. */
  constructor(
    private readonly store: ModelStore,
    private readonly reading: Pick<ReservationStore, 'items' | 'accounts'>,
  ) {
    store.db.exec(`
      CREATE TABLE IF NOT EXISTS _notify_requests (
        itemId TEXT NOT NULL,
        userId TEXT NOT NULL,
        createdAt TEXT NOT NULL,
        PRIMARY KEY (itemId, userId)
      );
      CREATE INDEX IF NOT EXISTS idx__notify_requests_userId ON _notify_requests(userId);
    `);
  }

  items(ids: readonly string[]) {
    return this.reading.items(ids);
  }

  accounts(ids: readonly string[]) {
    return this.reading.accounts(ids);
  }

  async add(request: NotifyRequest): Promise<boolean> {
    const { changes } = this.store.db
      .prepare('INSERT INTO _notify_requests (itemId, userId, createdAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
      .run(request.itemId, request.userId, request.createdAt);
    return changes === 1;
  }

  async take(itemId: string, userId: string): Promise<boolean> {
    return this.store.db.prepare('DELETE FROM _notify_requests WHERE itemId = ? AND userId = ?').run(itemId, userId).changes === 1;
  }

  async ofUser(userId: string): Promise<NotifyRequest[]> {
    return this.store.db.prepare('SELECT itemId, userId, createdAt FROM _notify_requests WHERE userId = ?').all(userId) as NotifyRequest[];
  }

  async askers(itemId: string): Promise<NotifyRequest[]> {
    return this.store.db.prepare('SELECT itemId, userId, createdAt FROM _notify_requests WHERE itemId = ?').all(itemId) as NotifyRequest[];
  }

  async all(): Promise<NotifyRequest[]> {
    return this.store.db.prepare('SELECT itemId, userId, createdAt FROM _notify_requests').all() as NotifyRequest[];
  }
}
