/** ReservationService (the local server's) on DynamoDB: against the in-memory fake, as no real DynamoDB runs here. */
import { describe, expect, it } from 'vitest';
import { pickupSlots } from '../../../shared/pickup-slots';
import { ROLE_ADMIN, ROLE_USER } from '../../../shared/roles';
import { CustomerLimitReached, ReservationService, type ReservationCaller } from '../../../server/reservations/reservation-service';
import { fakeShopDynamo, TABLES } from '../../../tests/support/fake-dynamo/fake-tables';
import { PICKUP_MESSAGES } from '../../../shared/pickup-messages';
import { DynamoReservationStore } from './dynamo-reservations';

const HOURS = Array.from({ length: 7 }, () => '09:00-21:00');
const NOW = Date.UTC(2030, 2, 5, 15, 0);
const admin: ReservationCaller = { userId: 'admin', name: 'Staff', type: ROLE_ADMIN };

async function setup() {
  const db = fakeShopDynamo();
  const store = new DynamoReservationStore(
    db,
    { reservations: TABLES.reservations, items: TABLES.Item, users: TABLES.users, shopSettings: TABLES.ShopSettings },
    () => NOW,
  );
  const service = new ReservationService(store, { recordBy: () => undefined }, null, () => NOW);
  // These tests hold whole shelves: no fair-share cap (decision 0374; tested below).
  await db.put({ TableName: TABLES.ShopSettings, Item: { id: 'shop', weeklyHours: HOURS, reservationShareCap: 100 } });
  let people = 0;
  const customer = async (): Promise<ReservationCaller> => {
    const id = `user-${++people}`;
    await db.put({
      TableName: TABLES.users,
      Item: { id, name: `Customer ${people}`, email: `c${people}@example.com`, type: ROLE_USER, emailConfirmed: true },
    });
    return { userId: id, name: `Customer ${people}`, type: ROLE_USER };
  };
  const item = async (id: string, stock: number | null) => {
    await db.put({ TableName: TABLES.Item, Item: { id, name: id, price: 10, stock, updatedAt: '2030-01-01T00:00:00.000Z' } });
    return id;
  };
  const stockOf = async (id: string) => (await db.get({ TableName: TABLES.Item, Key: { id } }))!.stock;
  const slotStart = pickupSlots({ weeklyHours: HOURS }, new Date(NOW))[0]!.slots[0]!.start;
  return { db, service, customer, item, stockOf, slotStart };
}

describe('ReservationService on DynamoDB', () => {
  it('holds every line in one transaction, or none, and names the short item', async () => {
    const { service, customer, item, stockOf, slotStart } = await setup();
    const who = await customer();
    const merlot = await item('Merlot', 5);
    const rye = await item('Rye', null);
    const cabernet = await item('Cabernet', 2);
    await service.setPickupListLine(who, { itemId: merlot, quantity: 2 });
    await service.setPickupListLine(who, { itemId: rye, quantity: 1 });
    await service.setPickupListLine(who, { itemId: cabernet, quantity: 2 });
    const reservation = await service.reserve(who, { slotStart });
    expect(reservation).toMatchObject({ status: 'Requested', total: 50 });
    expect([await stockOf(merlot), await stockOf(rye), await stockOf(cabernet)]).toEqual([3, null, 0]);
    expect((await service.myPickupList(who)).lines).toEqual([]);

    // One short line: nothing is held, and the message names it.
    const other = await customer();
    await service.setPickupListLine(other, { itemId: merlot, quantity: 3 });
    await service.setPickupListLine(other, { itemId: rye, quantity: 1 });
    const store = (service as unknown as { store: DynamoReservationStore }).store;
    await store.setPickupList(other.userId, [
      { itemId: merlot, quantity: 3 },
      { itemId: cabernet, quantity: 1 },
    ]);
    await expect(service.reserve(other, { slotStart })).rejects.toThrow('Cabernet is out of stock');
    expect(await stockOf(merlot)).toBe(3);
  });

  it('gives 50 customers reaching for the last 10 bottles exactly 10', async () => {
    const { service, customer, item, stockOf, slotStart } = await setup();
    const last = await item('Last', 10);
    const crowd = await Promise.all(Array.from({ length: 50 }, () => customer()));
    for (const who of crowd) await service.setPickupListLine(who, { itemId: last, quantity: 1 });
    const outcomes = await Promise.allSettled(crowd.map((who) => service.reserve(who, { slotStart })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    expect(await stockOf(last)).toBe(0);
  });

  it('makes one reservation of a list submitted at once, keeps the open limit in the write, and frees a place on cancelling (decision 0332)', async () => {
    const { db, service, customer, item, stockOf, slotStart } = await setup();
    const wine = await item('RaceRed', 100);
    const who = await customer();
    await service.setPickupListLine(who, { itemId: wine, quantity: 2 });
    const submits = await Promise.allSettled(Array.from({ length: 5 }, () => service.reserve(who, { slotStart })));
    expect(submits.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await stockOf(wine)).toBe(98);

    await service.setPickupListLine(who, { itemId: wine, quantity: 1 });
    await service.reserve(who, { slotStart });
    const sessions = await Promise.allSettled(
      Array.from({ length: 4 }, async () => {
        await service.setPickupListLine(who, { itemId: wine, quantity: 1 });
        return service.reserve(who, { slotStart });
      }),
    );
    expect(sessions.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const mine = await service.myReservations(who);
    expect(mine.filter((reservation) => reservation.status === 'Requested')).toHaveLength(3);
    expect(await stockOf(wine)).toBe(96);
    expect((await db.get({ TableName: TABLES.reservations, Key: { id: `open#${who.userId}` } }))?.open).toBe(3);

    // A count that says 3 refuses in the write even when the read missed one (an index lagging behind).
    await service.setPickupListLine(who, { itemId: wine, quantity: 1 });
    const store = (service as unknown as { store: DynamoReservationStore }).store;
    const ofUser = store.ofUser.bind(store);
    store.ofUser = async () => [];
    await expect(service.reserve(who, { slotStart })).rejects.toThrow(/already have 3 open reservations/);
    store.ofUser = ofUser;

    await service.cancelMyReservation(who, { id: mine[0]!.id });
    await service.reservationAction(admin, { id: mine[1]!.id, action: 'markReady' });
    expect((await db.get({ TableName: TABLES.reservations, Key: { id: `open#${who.userId}` } }))?.open).toBe(2);
    await service.reserve(who, { slotStart });
    expect((await db.get({ TableName: TABLES.reservations, Key: { id: `open#${who.userId}` } }))?.open).toBe(3);
  });

  it("keeps a customer within an item's limit in the write: hold counters, conditioned, and freed by a lowered line, a cancel and a pick-up (decisions 0371, 0374)", async () => {
    const { db, service, customer, stockOf, slotStart } = await setup();
    await db.put({
      TableName: TABLES.Item,
      Item: { id: 'Capped', name: 'Capped', price: 10, stock: 20, limitPerCustomer: 3, updatedAt: '2030-01-01T00:00:00.000Z' },
    });
    const who = await customer();
    const counter = async () => (await db.get({ TableName: TABLES.reservations, Key: { id: `open#${who.userId}` } }))?.['held:Capped'];
    await service.setPickupListLine(who, { itemId: 'Capped', quantity: 3 });
    const first = await service.reserve(who, { slotStart });
    expect(await counter()).toBe(3);
    await expect(service.setPickupListLine(who, { itemId: 'Capped', quantity: 1 })).rejects.toThrow(
      PICKUP_MESSAGES.limitPerCustomer('Capped', 3, 3),
    );

    // Past the service's check (a reservation landing in between), the counter's condition refuses it.
    const store = (service as unknown as { store: DynamoReservationStore }).store;
    await store.setPickupList(who.userId, [{ itemId: 'Capped', quantity: 1 }]);
    const listVersion = (await store.pickupList(who.userId)).version!;
    const late = { ...first, id: 'late-one', number: 'ZZZZ2222' };
    await expect(
      store.create(late, [{ itemId: 'Capped', quantity: 1, counted: true }], { listVersion, maxOpen: 10, caps: new Map([['Capped', 3]]) }),
    ).rejects.toEqual(new CustomerLimitReached('Capped', 3));
    expect([await counter(), await stockOf('Capped')]).toEqual([3, 17]);

    // Lowered to 1 when ready: 2 freed; picked up: the last one.
    await service.reservationAction(admin, {
      id: first.id,
      action: 'markReady',
      lowered: [{ itemId: 'Capped', quantity: 1, note: 'Broken' }],
    });
    expect(await counter()).toBe(1);
    await store.setPickupList(who.userId, []);
    await service.setPickupListLine(who, { itemId: 'Capped', quantity: 2 });
    const second = await service.reserve(who, { slotStart });
    expect(await counter()).toBe(3);
    await service.reservationAction(admin, { id: first.id, action: 'pickUp', idChecked: true });
    expect(await counter()).toBe(2);
    await service.cancelMyReservation(who, { id: second.id });
    expect(await counter()).toBe(0);

    // A reservation stored before the counters (no holdsCounted) never counts down what it never counted.
    await service.setPickupListLine(who, { itemId: 'Capped', quantity: 1 });
    const third = await service.reserve(who, { slotStart });
    await db.update({
      TableName: TABLES.reservations,
      Key: { id: third.id },
      UpdateExpression: 'SET #c = :no',
      ExpressionAttributeNames: { '#c': 'holdsCounted' },
      ExpressionAttributeValues: { ':no': false },
    });
    await service.cancelMyReservation(who, { id: third.id });
    expect(await counter()).toBe(1);
  });

  it('returns stock exactly once: a lowered line, two cancels at once, an expiry after a cancel', async () => {
    const { service, customer, item, stockOf, slotStart } = await setup();
    const who = await customer();
    const wine = await item('Wine', 8);
    await service.setPickupListLine(who, { itemId: wine, quantity: 5 });
    const reservation = await service.reserve(who, { slotStart });
    expect(await stockOf(wine)).toBe(3);
    await service.reservationAction(admin, {
      id: reservation.id,
      action: 'markReady',
      lowered: [{ itemId: wine, quantity: 4, note: 'Broken' }],
    });
    expect(await stockOf(wine)).toBe(4);
    const outcomes = await Promise.allSettled([
      service.cancelMyReservation(who, { id: reservation.id }),
      service.reservationAction(admin, { id: reservation.id, action: 'cancel', reason: 'Called' }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await stockOf(wine)).toBe(8);
    expect(await service.expireReservations(new Date(Date.parse(reservation.expiresAt)))).toBe(0);
    expect(await stockOf(wine)).toBe(8);

    await service.setPickupListLine(who, { itemId: wine, quantity: 2 });
    const second = await service.reserve(who, { slotStart });
    expect(await service.expireReservations(new Date(Date.parse(second.expiresAt)))).toBe(1);
    expect(await stockOf(wine)).toBe(8);
    expect((await service.listReservations(admin, { status: 'Expired' })).map((found) => found.id)).toEqual([second.id]);
  });
});
