/**
 * "Notify me" requests on DynamoDB (decision 0328): items of the reservations table, kind
 * "notify", id `notify#<itemId>#<userId>`, found per item through the status index (partition
 * `notify#<itemId>`) and per customer through the user index. Taking one is a delete on the
 * condition that it is still there: of two restocks at once, one takes it and mails.
 */
import { RateLimit } from '../../../server/accounts/throttle-store';
import {
  NOTIFY_RATE,
  NotifyMeService,
  type NotifyMail,
  type NotifyRequest,
  type NotifyStore,
} from '../../../server/reservations/notify-me-service';
import type { ReservationStore } from '../../../server/reservations/reservation-service';
import { allPages, isConditionFailure, type DynamoPort, type Item } from './dynamo-port';
import { DynamoReservationStore, RESERVATION_INDEXES } from './dynamo-reservations';
import { DynamoThrottleStore } from './dynamo-throttle';
import { ENV, required } from './env';

export const NOTIFY_KIND = 'notify';
const requestKey = (itemId: string, userId: string) => `notify#${itemId}#${userId}`;
const itemPartition = (itemId: string) => `notify#${itemId}`;
const asRequest = (item: Item): NotifyRequest => ({
  itemId: String(item.itemId),
  userId: String(item.userId),
  createdAt: String(item.expiresAt),
});

export class DynamoNotifyStore implements NotifyStore {
  constructor(
    private readonly db: DynamoPort,
    private readonly table: string,
    private readonly reading: Pick<ReservationStore, 'items' | 'accounts'>,
  ) {}

  items(ids: readonly string[]) {
    return this.reading.items(ids);
  }

  accounts(ids: readonly string[]) {
    return this.reading.accounts(ids);
  }

  async add(request: NotifyRequest): Promise<boolean> {
    try {
      await this.db.put({
        TableName: this.table,
        // The status index's sort key (expiresAt) holds when it was asked.
        Item: {
          id: requestKey(request.itemId, request.userId),
          kind: NOTIFY_KIND,
          itemId: request.itemId,
          userId: request.userId,
          status: itemPartition(request.itemId),
          expiresAt: request.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(#id)',
        ExpressionAttributeNames: { '#id': 'id' },
      });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async take(itemId: string, userId: string): Promise<boolean> {
    try {
      await this.db.delete({
        TableName: this.table,
        Key: { id: requestKey(itemId, userId) },
        ConditionExpression: 'attribute_exists(#id)',
        ExpressionAttributeNames: { '#id': 'id' },
      });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  private byIndex(index: string, field: string, value: string) {
    return allPages((startKey) =>
      this.db.query({
        TableName: this.table,
        IndexName: index,
        KeyConditionExpression: '#k = :k',
        ExpressionAttributeNames: { '#k': field },
        ExpressionAttributeValues: { ':k': value },
        ExclusiveStartKey: startKey,
      }),
    );
  }

  async ofUser(userId: string): Promise<NotifyRequest[]> {
    return (await this.byIndex(RESERVATION_INDEXES.byUser, 'userId', userId)).filter((item) => item.kind === NOTIFY_KIND).map(asRequest);
  }

  async askers(itemId: string): Promise<NotifyRequest[]> {
    return (await this.byIndex(RESERVATION_INDEXES.byStatus, 'status', itemPartition(itemId))).map(asRequest);
  }

  async all(): Promise<NotifyRequest[]> {
    const items = await allPages((startKey) =>
      this.db.scan({
        TableName: this.table,
        FilterExpression: '#kind = :kind',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':kind': NOTIFY_KIND },
        ExclusiveStartKey: startKey,
      }),
    );
    return items.map(asRequest);
  }
}

/**
 * The service as a function runs it, with the function's mail (dynamo-services.ts: SMTP or the
 * outbox, awaited, links on SHOP_SITE_ORIGIN). The composition has it answer the units
 * reservations put back (decision 0363).
 */
export function dynamoNotifyService(db: DynamoPort, mail: NotifyMail): NotifyMeService {
  const table = required(ENV.reservations);
  const reading = new DynamoReservationStore(db, {
    reservations: table,
    items: required(ENV.items),
    users: required(ENV.users),
    shopSettings: required(ENV.shopSettings),
  });
  return new NotifyMeService(
    new DynamoNotifyStore(db, table, reading),
    mail,
    new RateLimit(new DynamoThrottleStore(db, required(ENV.throttle)), 'notify', NOTIFY_RATE),
  );
}
