/**
 * RSVPs on DynamoDB (server/rsvps/rsvp-service.ts defines the port; decision 0344): items of the
 * reservations table no resolver reaches, kind "rsvp", id `rsvp#<rsvp id>`, found per event
 * through the status index (partition `rsvp#<eventId>`, as "notify me" requests are per item) and
 * per customer through the user index. The RSVP's own status is `rsvpStatus` (the index's `status`
 * is its partition). The places taken are the Event record's `rsvpTaken`.
 *
 * Each write is one TransactWriteItems: the RSVP put on the condition that it is still the version
 * read (its updatedAt; none for a new one), and the Event updated on the conditions of the place
 * change (taking: the capacity as read, not cancelled, `rsvpTaken <= capacity - places`; a wait: the
 * party still does not fit). Conflicts between a crowd's transactions are retried by dynamo-retry.ts
 * (sdkDynamoPort); a failed condition is answered false, and the service decides again.
 */
import { RateLimit } from '../../../server/accounts/throttle-store';
import type { ReservationActivity, ReservingAccount } from '../../../server/reservations/reservation-service';
import { RSVP_RATE, RsvpService, type PlaceChange, type RsvpMail, type RsvpStore } from '../../../server/rsvps/rsvp-service';
import type { RsvpEventRecord, StoredRsvp } from '../../../server/rsvps/rsvp-types';
import { SHOP_SETTINGS_ID } from '../../../shared/shop-hours';
import { allPages, cancellationReasons, isConditionFailure, type DynamoPort, type Item, type TransactItem } from './dynamo-port';
import { DynamoReservationStore, RESERVATION_INDEXES } from './dynamo-reservations';
import { DynamoThrottleStore } from './dynamo-throttle';
import { ENV, required } from './env';

export const RSVP_KIND = 'rsvp';
const rsvpKey = (id: string) => `rsvp#${id}`;
const eventPartition = (eventId: string) => `rsvp#${eventId}`;
const FAILED = 'ConditionalCheckFailed';

export interface RsvpTables {
  reservations: string;
  events: string;
  users: string;
  shopSettings: string;
  items: string;
}

const asRsvp = (item: Item): StoredRsvp => ({
  id: String(item.rsvpId),
  eventId: String(item.eventId),
  userId: String(item.userId),
  partySize: Number(item.partySize),
  status: item.rsvpStatus as StoredRsvp['status'],
  waitingSince: (item.waitingSince as string | null | undefined) ?? null,
  checkedInAt: (item.checkedInAt as string | null | undefined) ?? null,
  remindedAt: (item.remindedAt as string | null | undefined) ?? null,
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
});

/** The item of an RSVP: the index's partition and sort key (when it was first answered) beside its fields. */
const itemOf = (rsvp: StoredRsvp): Item => ({
  id: rsvpKey(rsvp.id),
  kind: RSVP_KIND,
  rsvpId: rsvp.id,
  eventId: rsvp.eventId,
  userId: rsvp.userId,
  partySize: rsvp.partySize,
  rsvpStatus: rsvp.status,
  waitingSince: rsvp.waitingSince,
  checkedInAt: rsvp.checkedInAt,
  remindedAt: rsvp.remindedAt,
  createdAt: rsvp.createdAt,
  updatedAt: rsvp.updatedAt,
  status: eventPartition(rsvp.eventId),
  expiresAt: rsvp.createdAt,
});

/** Not cancelled, and RSVPs taken: what taking places or waiting needs of the event besides its capacity. */
const OPEN_EVENT = 'attribute_exists(#id) AND #cap = :cap AND #takes = :true AND (attribute_not_exists(#c) OR attribute_type(#c, :null))';
const OPEN_NAMES = { '#id': 'id', '#cap': 'rsvpCapacity', '#takes': 'takesRsvp', '#c': 'cancelledAt', '#t': 'rsvpTaken' };

export class DynamoRsvpStore implements RsvpStore {
  private readonly reading: DynamoReservationStore;

  constructor(
    private readonly db: DynamoPort,
    private readonly tables: RsvpTables,
  ) {
    this.reading = new DynamoReservationStore(db, tables);
  }

  async shopSettings() {
    const settings = await this.db.get({ TableName: this.tables.shopSettings, Key: { id: SHOP_SETTINGS_ID } });
    return settings ? { name: (settings.name as string | null) ?? null, address: (settings.address as string | null) ?? null } : null;
  }

  async events(ids: readonly string[]): Promise<RsvpEventRecord[]> {
    const found = await Promise.all(ids.map((id) => this.db.get({ TableName: this.tables.events, Key: { id }, ConsistentRead: true })));
    return found.filter((event): event is Item => event !== undefined) as unknown as RsvpEventRecord[];
  }

  accounts(ids: readonly string[]): Promise<ReservingAccount[]> {
    return this.reading.accounts(ids);
  }

  async get(id: string) {
    const item = await this.db.get({ TableName: this.tables.reservations, Key: { id: rsvpKey(id) }, ConsistentRead: true });
    return item?.kind === RSVP_KIND ? asRsvp(item) : null;
  }

  private byIndex(index: string, name: string, value: string) {
    return allPages((startKey) =>
      this.db.query({
        TableName: this.tables.reservations,
        IndexName: index,
        KeyConditionExpression: '#k = :v',
        ExpressionAttributeNames: { '#k': name },
        ExpressionAttributeValues: { ':v': value },
        ExclusiveStartKey: startKey,
      }),
    );
  }

  /**
   * The index answers what it holds now (an index read is never strongly consistent): each RSVP
   * found is read again by its key, so a decision is made on the versions the writes check.
   */
  private async fresh(items: readonly Item[]): Promise<StoredRsvp[]> {
    const found = await Promise.all(items.filter((item) => item.kind === RSVP_KIND).map((item) => this.get(String(item.rsvpId))));
    return found.filter((rsvp): rsvp is StoredRsvp => rsvp !== null);
  }

  async ofUser(userId: string) {
    return this.fresh(await this.byIndex(RESERVATION_INDEXES.byUser, 'userId', userId));
  }

  async ofEvent(eventId: string) {
    return this.fresh(await this.byIndex(RESERVATION_INDEXES.byStatus, 'status', eventPartition(eventId)));
  }

  /** The events on those dates (a shop's events are few: one filtered scan), then each one's RSVPs. */
  async unreminded(dates: readonly string[]) {
    const values = Object.fromEntries(dates.map((date, i) => [`:d${i}`, date]));
    const events = await allPages(async (startKey) =>
      this.db.scan({
        TableName: this.tables.events,
        FilterExpression: `#d IN (${Object.keys(values).join(', ')}) AND #takes = :true`,
        ExpressionAttributeNames: { '#d': 'date', '#takes': 'takesRsvp' },
        ExpressionAttributeValues: { ...values, ':true': true },
        ExclusiveStartKey: startKey,
      }),
    );
    const all = await Promise.all(events.map((event) => this.ofEvent(String(event.id))));
    return all.flat().filter((rsvp) => rsvp.status === 'Going' && !rsvp.remindedAt);
  }

  async write(next: StoredRsvp, expected: string | null, change: PlaceChange): Promise<boolean> {
    const put: TransactItem = {
      Put: {
        TableName: this.tables.reservations,
        Item: itemOf(next),
        ...(expected === null
          ? { ConditionExpression: 'attribute_not_exists(#id)', ExpressionAttributeNames: { '#id': 'id' } }
          : {
              ConditionExpression: '#u = :u',
              ExpressionAttributeNames: { '#u': 'updatedAt' },
              ExpressionAttributeValues: { ':u': expected },
            }),
      },
    };
    const event = this.placeStep(next.eventId, change);
    try {
      await this.db.transactWrite({ TransactItems: event ? [put, event] : [put] });
      return true;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons?.includes(FAILED)) return false;
      throw error;
    }
  }

  private placeStep(eventId: string, change: PlaceChange): TransactItem | null {
    const Key = { id: eventId };
    const TableName = this.tables.events;
    switch (change.kind) {
      case 'none':
        return null;
      case 'take':
        return {
          Update: {
            TableName,
            Key,
            UpdateExpression: 'SET #t = if_not_exists(#t, :zero) + :n',
            ConditionExpression: `${OPEN_EVENT} AND (attribute_not_exists(#t) OR #t <= :max)`,
            ExpressionAttributeNames: OPEN_NAMES,
            ExpressionAttributeValues: {
              ':zero': 0,
              ':n': change.places,
              ':cap': change.capacity,
              ':max': change.capacity - change.places,
              ':true': true,
              ':null': 'NULL',
            },
          },
        };
      case 'wait': {
        // Still full for this party: taken > capacity - size (nothing taken is 0).
        const max = change.capacity - change.partySize;
        return {
          ConditionCheck: {
            TableName,
            Key,
            ConditionExpression: `${OPEN_EVENT} AND ${max < 0 ? '(attribute_not_exists(#t) OR #t > :max)' : '#t > :max'}`,
            ExpressionAttributeNames: OPEN_NAMES,
            ExpressionAttributeValues: { ':cap': change.capacity, ':max': max, ':true': true, ':null': 'NULL' },
          },
        };
      }
      case 'free':
        return {
          Update: {
            TableName,
            Key,
            UpdateExpression: 'SET #t = #t - :n',
            ConditionExpression: 'attribute_exists(#id) AND #t >= :n',
            ExpressionAttributeNames: { '#id': 'id', '#t': 'rsvpTaken' },
            ExpressionAttributeValues: { ':n': change.places },
          },
        };
    }
  }

  async cancelEvent(eventId: string, cancelledAt: string): Promise<boolean> {
    try {
      await this.db.update({
        TableName: this.tables.events,
        Key: { id: eventId },
        UpdateExpression: 'SET #c = :c',
        ConditionExpression: 'attribute_exists(#id) AND (attribute_not_exists(#c) OR attribute_type(#c, :null))',
        ExpressionAttributeNames: { '#id': 'id', '#c': 'cancelledAt' },
        ExpressionAttributeValues: { ':c': cancelledAt, ':null': 'NULL' },
      });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}

/**
 * The service on DynamoDB with the tables amplify/backend.ts names: the catalogue function serves
 * the RSVP operations and the reminders' schedule; the accounts function cancels a deleted
 * account's RSVPs.
 */
export function dynamoRsvpService(db: DynamoPort, activity: ReservationActivity | null, mail: RsvpMail): RsvpService {
  return new RsvpService(
    new DynamoRsvpStore(db, {
      reservations: required(ENV.reservations),
      events: required(ENV.events),
      users: required(ENV.users),
      shopSettings: required(ENV.shopSettings),
      items: required(ENV.items),
    }),
    activity,
    new RateLimit(new DynamoThrottleStore(db, required(ENV.throttle)), 'rsvp', RSVP_RATE),
    undefined,
    mail,
  );
}
