/** ReservationService on the SQLite store (a real data directory): the list, reserving whole, the actions, the expiry. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endOfSlotDay, expiresAt, pickupSlots } from '../../shared/pickup-slots';
import { PICKUP_MESSAGES } from '../../shared/pickup-messages';
import { confirmEmailFirstMessage } from '../../shared/messages';
import { isReservationNumber } from '../../shared/reservation-limits';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { SHOP_SETTINGS_ID } from '../../shared/shop-hours';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import type { ActivityFacts } from '../activity/activity-log';
import { AppError } from '../errors';
import { CustomerLimitReached, ReservationService, RESERVATION_MESSAGES, type ReservationCaller } from './reservation-service';
import { SqliteReservationStore } from './sqlite-reservation-store';

const OPEN_EVERY_DAY = Array.from({ length: 7 }, () => '09:00-21:00');
/** Tuesday 5 March 2030, 10 AM in New York (EST). */
const START = Date.UTC(2030, 2, 5, 15, 0);
const DEPARTMENT = 'wine';

let server: TestServer;
let service: ReservationService;
let store: SqliteReservationStore;
let now = START;
const logged: Array<ActivityFacts & { actor: string }> = [];

beforeAll(async () => {
  server = await startTestServer();
  store = new SqliteReservationStore(server.store);
  service = new ReservationService(
    store,
    { recordBy: (facts, actor) => void logged.push({ ...facts, actor: actor.name }) },
    null,
    () => now,
  );
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  now = START;
  // These tests hold whole shelves: no fair-share cap (decision 0374; customer-limits-api.test.ts tests it).
  const settings = server.store.get('ShopSettings', SHOP_SETTINGS_ID);
  if (settings) server.store.update('ShopSettings', { id: SHOP_SETTINGS_ID, weeklyHours: OPEN_EVERY_DAY, reservationShareCap: 100 });
  else
    server.store.create('ShopSettings', { id: SHOP_SETTINGS_ID, name: 'Test shop', weeklyHours: OPEN_EVERY_DAY, reservationShareCap: 100 });
});

let people = 0;
function customer(confirmed = true): ReservationCaller {
  const user = server.store.create('User', {
    email: `customer${++people}@example.com`,
    name: `Customer ${people}`,
    type: ROLE_USER,
    emailConfirmed: confirmed,
  });
  return { userId: user.id, name: String(user.name), type: ROLE_USER };
}
const admin: ReservationCaller = { userId: 'admin-1', name: 'Staff Person', type: ROLE_ADMIN };

const item = (name: string, stock: number | null, price = 10) => server.store.create('Item', { name, price, stock, tags: [DEPARTMENT] }).id;
const stockOf = (id: string) => server.store.get('Item', id)!.stock;
const firstSlot = () => pickupSlots({ weeklyHours: OPEN_EVERY_DAY }, new Date(now))[0]!.slots[0]!.start;

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error instanceof AppError ? `${error.errorType}: ${error.message}` : String(error)),
  );

async function reserveOne(who: ReservationCaller, lines: Array<[string, number]>) {
  for (const [itemId, quantity] of lines) await service.setPickupListLine(who, { itemId, quantity });
  return service.reserve(who, { slotStart: firstSlot(), note: 'Gift wrap, please', phone: '(845) 555-0142' });
}

describe('the pickup list', () => {
  it('keeps lines per customer, capped by the per-item most and the shelf, 0 removing one', async () => {
    const merlot = item('Merlot', 5);
    const rye = item('Rye', null, 30);
    const who = customer();
    expect(await failure(service.setPickupListLine(who, { itemId: merlot, quantity: 6 }))).toBe('ValidationError: Only 5 of Merlot left');
    expect(await failure(service.setPickupListLine(who, { itemId: rye, quantity: 13 }))).toBe('ValidationError: Choose from 0 to 12');
    expect(await failure(service.setPickupListLine(who, { itemId: rye, quantity: 1.5 }))).toBe('ValidationError: Choose from 0 to 12');
    await service.setPickupListLine(who, { itemId: merlot, quantity: 2 });
    const list = await service.setPickupListLine(who, { itemId: rye, quantity: 3 });
    expect(list).toMatchObject({ units: 5, total: 110 });
    expect(list.lines.map((line) => [line.name, line.quantity, line.stock])).toEqual([
      ['Merlot', 2, 5],
      ['Rye', 3, null],
    ]);
    // Another customer's list is their own.
    expect((await service.myPickupList(customer())).lines).toEqual([]);
    // The shelf empties: the line says so.
    server.store.update('Item', { id: merlot, stock: 1 });
    expect((await service.myPickupList(who)).lines[0]).toMatchObject({
      overStock: true,
      outOfStock: false,
      problem: 'Only 1 of Merlot left',
    });
    server.store.update('Item', { id: merlot, stock: 0 });
    expect((await service.myPickupList(who)).lines[0]).toMatchObject({ outOfStock: true, problem: 'Merlot is out of stock' });
    expect((await service.setPickupListLine(who, { itemId: merlot, quantity: 0 })).lines.map((line) => line.name)).toEqual(['Rye']);
  });

  it('is for signed-in customers only', async () => {
    expect(await failure(service.myPickupList(null))).toBe(`Unauthorized: ${RESERVATION_MESSAGES.signIn}`);
    expect(await failure(service.myPickupList(admin))).toBe(`Unauthorized: ${RESERVATION_MESSAGES.customersOnly}`);
    expect(await failure(service.setPickupListLine(customer(), { itemId: '../x', quantity: 1 }))).toBe(
      `ValidationError: ${PICKUP_MESSAGES.lineItem}`,
    );
  });
});

describe('reserving', () => {
  it('holds every line at once, records the prices, empties the list and logs it', async () => {
    const merlot = item('Merlot', 5, 12.5);
    const rye = item('Rye', null, 30);
    const who = customer();
    const reservation = await reserveOne(who, [
      [merlot, 2],
      [rye, 1],
    ]);
    expect(isReservationNumber(reservation.number)).toBe(true);
    expect(reservation).toMatchObject({ status: 'Requested', total: 55, note: 'Gift wrap, please', phone: '(845) 555-0142' });
    expect(reservation.slotStart).toBe('2030-03-05T16:00:00.000Z');
    expect(reservation.slotLabel).toBe('Tue, Mar 5, 11 AM - 11:30 AM');
    // Closing time of the day after the slot's.
    expect(reservation.expiresAt).toBe('2030-03-07T02:00:00.000Z');
    expect(stockOf(merlot)).toBe(3);
    expect(stockOf(rye)).toBeNull();
    expect((await service.myPickupList(who)).lines).toEqual([]);
    // A price changed later does not change the reservation.
    server.store.update('Item', { id: merlot, price: 99 });
    expect((await service.myReservations(who))[0]).toMatchObject({ id: reservation.id, total: 55 });
    expect(logged.at(-1)).toMatchObject({ kind: 'reservation', action: 'reserve', actor: 'Customer', targetId: reservation.id });
  });

  it('holds nothing when one line is short, and says which', async () => {
    const merlot = item('Merlot', 5);
    const cabernet = item('Cabernet', 2);
    const who = customer();
    await service.setPickupListLine(who, { itemId: merlot, quantity: 3 });
    await service.setPickupListLine(who, { itemId: cabernet, quantity: 2 });
    server.store.update('Item', { id: cabernet, stock: 1 });
    expect(await failure(service.reserve(who, { slotStart: firstSlot() }))).toBe('ValidationError: Only 1 of Cabernet left');
    expect([stockOf(merlot), stockOf(cabernet)]).toEqual([5, 1]);
    expect((await service.myPickupList(who)).lines).toHaveLength(2);
  });

  it('refuses an unconfirmed address, closed reserving, a slot not offered, bad texts and a fourth open reservation', async () => {
    const wine = item('House Red', 50);
    const unconfirmed = customer(false);
    await service.setPickupListLine(unconfirmed, { itemId: wine, quantity: 1 });
    expect(await failure(service.reserve(unconfirmed, { slotStart: firstSlot() }))).toBe(
      `ValidationError: ${confirmEmailFirstMessage(`customer${people}@example.com`)}`,
    );
    const who = customer();
    await service.setPickupListLine(who, { itemId: wine, quantity: 1 });
    expect(await failure(service.reserve(who, { slotStart: '2030-03-05T15:10:00.000Z' }))).toBe(
      `ValidationError: ${PICKUP_MESSAGES.slotUnavailable}`,
    );
    expect(await failure(service.reserve(who, { slotStart: firstSlot(), note: 'x'.repeat(501) }))).toBe(
      `ValidationError: ${PICKUP_MESSAGES.noteLength(500)}`,
    );
    expect(await failure(service.reserve(who, { slotStart: firstSlot(), phone: '12' }))).toBe(`ValidationError: ${PICKUP_MESSAGES.phone}`);
    expect(await failure(service.reserve(who, { slotStart: { toString: 1 } }))).toBe(`ValidationError: ${PICKUP_MESSAGES.slotUnavailable}`);
    server.store.update('ShopSettings', { id: SHOP_SETTINGS_ID, weeklyHours: null });
    expect(await failure(service.reserve(who, { slotStart: firstSlot() }))).toBe(`ValidationError: ${PICKUP_MESSAGES.noHours}`);
    server.store.update('ShopSettings', { id: SHOP_SETTINGS_ID, weeklyHours: OPEN_EVERY_DAY });
    for (let n = 0; n < 3; n++) await reserveOne(who, [[wine, 1]]);
    await service.setPickupListLine(who, { itemId: wine, quantity: 1 });
    expect(await failure(service.reserve(who, { slotStart: firstSlot() }))).toBe(`ValidationError: ${PICKUP_MESSAGES.openMax(3)}`);
  });

  it('makes one reservation of a list submitted five times at once, and never passes the open limit from two sessions (decision 0332)', async () => {
    const wine = item('Race Red', 100);
    const twice = customer();
    await service.setPickupListLine(twice, { itemId: wine, quantity: 2 });
    const submits = await Promise.allSettled(Array.from({ length: 5 }, () => service.reserve(twice, { slotStart: firstSlot() })));
    expect(submits.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(stockOf(wine)).toBe(98);

    const who = customer();
    for (let n = 0; n < 2; n++) await reserveOne(who, [[wine, 1]]);
    // Each session fills the list and reserves; the service's awaits let the four interleave.
    const sessions = await Promise.allSettled(
      Array.from({ length: 4 }, async () => {
        await service.setPickupListLine(who, { itemId: wine, quantity: 1 });
        return service.reserve(who, { slotStart: firstSlot() });
      }),
    );
    expect(sessions.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const open = (await service.myReservations(who)).filter((reservation) => reservation.status === 'Requested');
    expect(open).toHaveLength(3);
    expect(stockOf(wine)).toBe(95);
  });

  it("keeps a customer within an item's limit when sessions reserve at once, counted again in the write (decisions 0371, 0374)", async () => {
    const wine = server.store.create('Item', { name: 'Capped Red', price: 10, stock: null, limitPerCustomer: 2, tags: [DEPARTMENT] }).id;
    const who = customer();
    await reserveOne(who, [[wine, 1]]);
    // Each session fills the list and reserves; the service's awaits let the four interleave.
    const sessions = await Promise.allSettled(
      Array.from({ length: 4 }, async () => {
        await service.setPickupListLine(who, { itemId: wine, quantity: 1 });
        return service.reserve(who, { slotStart: firstSlot() });
      }),
    );
    expect(sessions.filter((outcome) => outcome.status === 'fulfilled').length).toBeLessThanOrEqual(1);
    const held = () =>
      service
        .myReservations(who)
        .then((mine) => mine.filter((reservation) => reservation.status === 'Requested').flatMap((reservation) => reservation.lines))
        .then((lines) => lines.reduce((sum, line) => sum + line.quantity, 0));
    expect(await held()).toBe(2);

    // The write counts what is held itself: a reservation that reaches it past the service's check
    // (another one landing in between) is refused there, and nothing is written.
    const store = new SqliteReservationStore(server.store);
    await store.setPickupList(who.userId, [{ itemId: wine, quantity: 1 }]);
    const listVersion = (await store.pickupList(who.userId)).version!;
    const [made] = await service.myReservations(who);
    const late = { ...made!, id: crypto.randomUUID(), number: 'ZZZZ2222', status: 'Requested' as const };
    const write = store.create(late, [{ itemId: wine, quantity: 1, counted: false }], {
      listVersion,
      maxOpen: 10,
      caps: new Map([[wine, 2]]),
    });
    await expect(write).rejects.toEqual(new CustomerLimitReached(wine, 2));
    await expect(write.catch((error: CustomerLimitReached) => error.held)).resolves.toBe(2);
    expect(await held()).toBe(2);
  });

  it('gives 50 customers reaching for the last 10 bottles exactly 10', async () => {
    const last = item('Last Bottles', 10);
    const crowd = Array.from({ length: 50 }, () => customer());
    for (const who of crowd) await service.setPickupListLine(who, { itemId: last, quantity: 1 });
    const outcomes = await Promise.allSettled(crowd.map((who) => service.reserve(who, { slotStart: firstSlot() })));
    const held = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(held).toHaveLength(10);
    expect(stockOf(last)).toBe(0);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as Error).message] : []));
    expect(new Set(refusals)).toEqual(new Set(['Last Bottles is out of stock']));
  });
});

describe('after reserving', () => {
  it('lets a customer see and cancel only their own, and staff list and search all', async () => {
    const wine = item('Pinot Noir', 10);
    const owner = customer();
    const other = customer();
    const reservation = await reserveOne(owner, [[wine, 4]]);
    expect(await service.myReservations(other)).toEqual([]);
    expect(await failure(service.cancelMyReservation(other, { id: reservation.id }))).toBe(`NotFound: ${RESERVATION_MESSAGES.notFound}`);
    expect(await failure(service.cancelMyReservation(null, { id: reservation.id }))).toContain('Unauthorized');
    expect(await failure(service.listReservations(owner, {}))).toContain('Unauthorized');
    expect(await failure(service.reservationAction(owner, { id: reservation.id, action: 'cancel', reason: 'x' }))).toContain(
      'Unauthorized',
    );
    expect(stockOf(wine)).toBe(6);

    const dashed = `${reservation.number.slice(0, 4)}-${reservation.number.slice(4)}`.toLowerCase();
    expect((await service.listReservations(admin, { search: dashed })).map((found) => found.id)).toEqual([reservation.id]);
    expect((await service.listReservations(admin, { search: 'customer' + people.toString() })).length).toBe(0);
    expect((await service.listReservations(admin, { search: `Customer ${people - 1}` }))[0]).toMatchObject({
      id: reservation.id,
      customerEmail: `customer${people - 1}@example.com`,
    });
    expect(await failure(service.listReservations(admin, { status: 'Lost' }))).toBe(
      `ValidationError: ${RESERVATION_MESSAGES.unknownStatus}`,
    );
    expect(await failure(service.listReservations(admin, { search: 'x'.repeat(101) }))).toBe(
      `ValidationError: ${RESERVATION_MESSAGES.search}`,
    );

    const cancelled = await service.cancelMyReservation(owner, { id: reservation.id, reason: 'Plans changed' });
    expect(cancelled).toMatchObject({ status: 'Cancelled', reason: 'Plans changed', cancelledBy: 'customer' });
    expect(stockOf(wine)).toBe(10);
    expect(await failure(service.cancelMyReservation(owner, { id: reservation.id }))).toBe(
      `ValidationError: ${PICKUP_MESSAGES.alreadyCancelled}`,
    );
    expect(stockOf(wine)).toBe(10);
    // A deleted account's reservation reads "Deleted account" to staff (decision 0304).
    server.store.delete('User', { id: owner.userId });
    expect((await service.listReservations(admin, { status: 'Cancelled' })).find((found) => found.id === reservation.id)).toMatchObject({
      customerName: 'Deleted account',
      customerEmail: null,
    });
  });

  it('returns stock exactly once when the customer and staff cancel at the same moment', async () => {
    const wine = item('Riesling', 8);
    const owner = customer();
    const reservation = await reserveOne(owner, [[wine, 5]]);
    const outcomes = await Promise.allSettled([
      service.cancelMyReservation(owner, { id: reservation.id }),
      service.reservationAction(admin, { id: reservation.id, action: 'cancel', reason: 'Customer called' }),
      service.reservationAction(admin, { id: reservation.id, action: 'cancel', reason: 'Customer called' }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(stockOf(wine)).toBe(8);
  });

  it('marks ready with a lowered line (its units back, with the note), hands over only with the ID checked', async () => {
    const wine = item('Chardonnay', 6, 20);
    const rye = item('Old Rye', 3, 40);
    const owner = customer();
    const reservation = await reserveOne(owner, [
      [wine, 4],
      [rye, 1],
    ]);
    expect(
      await failure(
        service.reservationAction(admin, { id: reservation.id, action: 'markReady', lowered: [{ itemId: wine, quantity: 2 }] }),
      ),
    ).toBe(`ValidationError: ${PICKUP_MESSAGES.staffNoteRequired}`);
    expect(await failure(service.reservationAction(admin, { id: reservation.id, action: 'pickUp', idChecked: true }))).toBe(
      `ValidationError: ${PICKUP_MESSAGES.notReadyYet}`,
    );
    const ready = await service.reservationAction(admin, {
      id: reservation.id,
      action: 'markReady',
      lowered: [{ itemId: wine, quantity: 2, note: 'Only 2 on the shelf' }],
    });
    expect(ready.status).toBe('Ready');
    expect(ready.lines.find((line) => line.itemId === wine)).toMatchObject({
      quantity: 2,
      reservedQuantity: 4,
      note: 'Only 2 on the shelf',
    });
    expect(ready.total).toBe(80);
    expect(stockOf(wine)).toBe(4);
    expect(await failure(service.reservationAction(admin, { id: reservation.id, action: 'pickUp' }))).toBe(
      `ValidationError: ${PICKUP_MESSAGES.idNotChecked}`,
    );
    expect(await failure(service.reservationAction(admin, { id: reservation.id, action: 'cancel' }))).toBe(
      `ValidationError: ${PICKUP_MESSAGES.reasonRequired}`,
    );
    const picked = await service.reservationAction(admin, { id: reservation.id, action: 'pickUp', idChecked: true });
    expect(picked.status).toBe('PickedUp');
    expect([stockOf(wine), stockOf(rye)]).toEqual([4, 2]);
    expect(await failure(service.reservationAction(admin, { id: reservation.id, action: 'cancel', reason: 'Oops' }))).toBe(
      `ValidationError: ${PICKUP_MESSAGES.alreadyPickedUp}`,
    );
    expect(logged.filter((entry) => entry.targetId === reservation.id).map((entry) => [entry.action, entry.actor])).toEqual([
      ['reserve', 'Customer'],
      ['markReady', 'Staff Person'],
      ['pickUp', 'Staff Person'],
    ]);
  });

  it('judges a far hold stored under the earlier rule by today’s: it ends with its slot’s day (decision 0375)', async () => {
    const wine = item('Old Rule Syrah', 4);
    const owner = customer();
    const slot = pickupSlots({ weeklyHours: OPEN_EVERY_DAY }, new Date(now))[5]!.slots[0]!;
    await service.setPickupListLine(owner, { itemId: wine, quantity: 2 });
    const made = await service.reserve(owner, { slotStart: slot.start });
    expect(made.expiresAt).toBe(endOfSlotDay(slot.start));
    // Stored as the earlier rule did: closing time of the day after the slot's.
    const before = expiresAt(slot, { weeklyHours: OPEN_EVERY_DAY });
    const doc = { ...(await store.get(made.id))!, expiresAt: before };
    server.store.db.prepare('UPDATE _reservations SET expiresAt = ?, doc = ? WHERE id = ?').run(before, JSON.stringify(doc), made.id);
    // Told the sooner time, and ended at it, not a day later.
    expect((await service.myReservations(owner))[0]!.expiresAt).toBe(endOfSlotDay(slot.start));
    // (Other tests' reservations in this file's shop expire too: this one is looked at.)
    await service.expireReservations(new Date(Date.parse(endOfSlotDay(slot.start)) - 1));
    expect((await store.get(made.id))!.status).toBe('Requested');
    await service.expireReservations(new Date(Date.parse(endOfSlotDay(slot.start))));
    const ended = (await store.get(made.id))!;
    expect([ended.status, ended.expiresAt, stockOf(wine)]).toEqual(['Expired', endOfSlotDay(slot.start), 4]);
  });

  it('expires what was not picked up once its time has passed, returning the units once', async () => {
    const wine = item('Malbec', 5);
    const owner = customer();
    const reservation = await reserveOne(owner, [[wine, 3]]);
    expect(await service.expireReservations(new Date(Date.parse(reservation.expiresAt) - 1))).toBe(0);
    expect(stockOf(wine)).toBe(2);
    const at = new Date(Date.parse(reservation.expiresAt));
    // Two runs at once (the timer and a slow previous run) expire each one once.
    const due = (await store.dueToExpire(at.toISOString())).map((found) => found.id);
    expect(due).toContain(reservation.id);
    const counts = await Promise.all([service.expireReservations(at), service.expireReservations(at)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(due.length);
    expect(stockOf(wine)).toBe(5);
    expect((await service.myReservations(owner))[0]!.status).toBe('Expired');
    expect(logged.at(-1)).toMatchObject({ action: 'expire', actor: 'The shop', targetId: reservation.id });
  });
});

describe('reservation e-mails that fail (decision 0327)', () => {
  it('keep the reservation and its changes, and log one line without what the customer typed', async () => {
    const secret = 'Leave it with my neighbour at 12 Elm St';
    const sent: string[] = [];
    const failing = new ReservationService(store, { recordBy: () => undefined }, null, () => now, undefined, {
      mailer: {
        send: async (message) => {
          sent.push(message.to);
          throw Object.assign(new Error(`550 rejected: ${message.text}`), { code: 'EMESSAGE', responseCode: 550 });
        },
      },
      fallbackShopAddress: 'shop@example.com',
    });
    const lines: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    try {
      const wine = item('Failing Mail Merlot', 3);
      const owner = customer();
      await failing.setPickupListLine(owner, { itemId: wine, quantity: 2 });
      const reservation = await failing.reserve(owner, { slotStart: firstSlot(), note: secret, phone: '(845) 555-0142' });
      expect(reservation.status).toBe('Requested');
      expect(stockOf(wine)).toBe(1);
      expect((await failing.reservationAction(admin, { id: reservation.id, action: 'cancel', reason: 'Closed today' })).status).toBe(
        'Cancelled',
      );
      expect(stockOf(wine)).toBe(3);
      expect((await failing.myReservations(owner))[0]!.status).toBe('Cancelled');
      expect(sent).toEqual([expect.stringContaining('@example.com'), 'shop@example.com', expect.stringContaining('@example.com')]);
    } finally {
      console.error = original;
    }
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatch(/^\[reservations\] the .* e-mail of reservation [A-Z0-9]{4}-[A-Z0-9]{4} was not sent: Error EMESSAGE 550$/);
      expect(line).not.toContain('Elm St');
    }
  });
});

describe("a customer's change between a read and a write of the expiry (decision 0372)", () => {
  /** The real store, where the expiry's write waits for `between` (the change) once it has read. */
  class ChangeBetween extends SqliteReservationStore {
    between: (() => Promise<unknown>) | null = null;
    override async transition(...args: Parameters<SqliteReservationStore['transition']>) {
      const between = this.between;
      this.between = null;
      if (between) await between();
      return super.transition(...args);
    }
  }

  it('the expiry that read 2 held releases the 4 the change holds by then, not the 2 it read', async () => {
    const paused = new ChangeBetween(server.store);
    const racing = new ReservationService(paused, { recordBy: () => undefined }, null, () => now);
    const merlot = item('Between Merlot', 6);
    const who = customer();
    await racing.setPickupListLine(who, { itemId: merlot, quantity: 2 });
    const reservation = await racing.reserve(who, { slotStart: firstSlot() });
    expect(server.store.get('Item', merlot)).toMatchObject({ stock: 4, heldStock: 2 });
    let changed: unknown = null;
    paused.between = async () => {
      changed = await racing.changeReservation(who, {
        id: reservation.id,
        lines: [{ itemId: merlot, quantity: 4 }],
        slotStart: reservation.slotStart,
      });
    };
    expect(await racing.expireReservations(new Date(Date.parse(reservation.expiresAt) + 1000))).toBe(1);
    expect(changed).toMatchObject({ status: 'Requested', lines: [{ quantity: 4 }] });
    expect((await store.get(reservation.id))!.status).toBe('Expired');
    expect(server.store.get('Item', merlot)).toMatchObject({ stock: 6, heldStock: 0 });
  });
});
