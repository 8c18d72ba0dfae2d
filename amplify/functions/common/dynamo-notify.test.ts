/** NotifyMeService on DynamoDB, against the in-memory fake: the contract the SQLite store meets too (tests/support/notify-me-contract.ts). */
import { describe, expect, it } from 'vitest';
import { ROLE_USER } from '../../../shared/roles';
import { NotifyMeService } from '../../../server/reservations/notify-me-service';
import { notifyMeContract } from '../../../tests/support/notify-me-contract';
import { fakeShopDynamo, TABLES } from '../../../tests/support/fake-dynamo/fake-tables';
import { DynamoNotifyStore } from './dynamo-notify';
import { DynamoReservationStore } from './dynamo-reservations';

const db = fakeShopDynamo();
const reservations = new DynamoReservationStore(db, {
  reservations: TABLES.reservations,
  items: TABLES.Item,
  users: TABLES.users,
  shopSettings: TABLES.ShopSettings,
});
let people = 0;

describe('NotifyMeService on DynamoDB', () => {
  notifyMeContract({
    service: async (mailer) =>
      new NotifyMeService(new DynamoNotifyStore(db, TABLES.reservations, reservations), mailer ? { mailer, siteOrigin: () => null } : null),
    customer: async (confirmed = true) => {
      const id = `notify-user-${++people}`;
      const email = `n${people}@example.com`;
      await db.put({
        TableName: TABLES.users,
        Item: { id, name: `Customer ${people}`, email, type: ROLE_USER, emailConfirmed: confirmed },
      });
      return { userId: id, name: `Customer ${people}`, type: ROLE_USER, email };
    },
    item: async (stock) => {
      const id = `notify-item-${++people}`;
      await db.put({ TableName: TABLES.Item, Item: { id, name: id, price: 10, stock } });
      return id;
    },
    setStock: async (id, stock) => {
      const item = await db.get({ TableName: TABLES.Item, Key: { id } });
      await db.put({ TableName: TABLES.Item, Item: { ...item, stock } });
    },
  });

  it("keeps a customer's requests out of their reservations (the user index holds both)", async () => {
    await db.put({ TableName: TABLES.Item, Item: { id: 'mixed-item', name: 'Mixed', price: 10, stock: 0 } });
    await db.put({
      TableName: TABLES.users,
      Item: { id: 'mixed-user', name: 'M', email: 'm@example.com', type: ROLE_USER, emailConfirmed: true },
    });
    const service = new NotifyMeService(new DynamoNotifyStore(db, TABLES.reservations, reservations), null);
    await service.notifyMeWhenBack({ userId: 'mixed-user', name: 'M', type: ROLE_USER }, { itemId: 'mixed-item' });
    expect(await reservations.ofUser('mixed-user')).toEqual([]);
  });
});
