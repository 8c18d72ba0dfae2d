/**
 * Reserve for pickup through the API (product §11, decisions 0313-0317), the battery both backends
 * run: the local server (server/reservations/reservations-api.test.ts) and the emulated cloud
 * (tests/cloud/reservations.test.ts). Who may do what (a customer on their own only, guests
 * nothing, staff all), the list's caps, reserving whole or not at all with the stock taken in the
 * same step, staff's actions returning stock exactly once, and a crowd reaching for the last bottles.
 */
import { expect, it } from 'vitest';
import { ERROR_TYPES } from '../../shared/error-types';
import { PICKUP_MESSAGES } from '../../shared/pickup-messages';
import { pickupSlots } from '../../shared/pickup-slots';
import { isReservationNumber } from '../../shared/reservation-limits';

export interface ReservationAnswer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}

export type Caller = (query: string, variables?: Record<string, unknown>) => Promise<ReservationAnswer>;

export interface ReservationTarget {
  admin: Caller;
  guest: Caller;
  /** A new signed-in customer; `confirmed` false leaves the e-mail unconfirmed. */
  customer(confirmed?: boolean): Promise<Caller>;
  /** How many customers reach for how many last bottles at once. */
  crowd: { customers: number; bottles: number };
}

const HOURS = Array.from({ length: 7 }, () => '10:00-21:00');
const LINE = 'itemId quantity name price stock outOfStock overStock problem';
const RESERVATION =
  'id number userId status slotStart slotLabel expiresAt total note phone reason cancelledBy lines { itemId name upc price quantity reservedQuantity note }';
const LIST = `query { myPickupList { units total lines { ${LINE} } } }`;
const SET_LINE = `mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units total lines { ${LINE} } } }`;
const RESERVE = `mutation ($slotStart: String!, $note: String, $phone: String) { reserve(slotStart: $slotStart, note: $note, phone: $phone) { ${RESERVATION} } }`;
const MINE = `query { myReservations { ${RESERVATION} } }`;
const CANCEL_MINE = `mutation ($id: ID!, $reason: String) { cancelMyReservation(id: $id, reason: $reason) { ${RESERVATION} } }`;
const LIST_ALL = `query ($status: String, $search: String) { listReservations(status: $status, search: $search) { ${RESERVATION} customerName customerEmail } }`;
const ACTION = `mutation ($id: ID!, $action: String!, $lowered: [LineLoweringInput!], $idChecked: Boolean, $reason: String) {
  reservationAction(id: $id, action: $action, lowered: $lowered, idChecked: $idChecked, reason: $reason) { ${RESERVATION} } }`;
const GET_SETTINGS = 'query { getShopSettings(id: "shop") { id } }';
const CREATE_SETTINGS = `mutation ($input: CreateShopSettingsInput!) { createShopSettings(input: $input) { id } }`;
const UPDATE_SETTINGS = `mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id pickupPreparationMinutes } }`;
const CREATE_ITEM = `mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }`;
const GET_ITEM = `query ($id: ID!) { getItem(id: $id) { id stock } }`;

/** A reservation as the battery reads it (also tests/e2e/admin-reservations.spec.ts). */
export interface Reservation {
  id: string;
  number: string;
  status: string;
  total: number;
  lines: Array<{ itemId: string; name: string; upc: string | null; quantity: number; reservedQuantity: number; note: string | null }>;
  reason: string | null;
}

/** The answer's data, expecting no error (also tests/support/customer-limits-battery.ts). */
export const ok = async (answer: Promise<ReservationAnswer>) => {
  const body = await answer;
  expect(body.errors).toBeUndefined();
  return body.data!;
};

/** The answer's first error, if any. */
export const refusal = async (answer: Promise<ReservationAnswer>) => (await answer).errors?.[0];

export function reservationBattery(target: ReservationTarget): void {
  const prefix = `RES-${Date.now()}-`;
  let made = 0;

  const item = async (name: string, stock: number | null, price = 10) =>
    (
      (await ok(target.admin(CREATE_ITEM, { input: { name: `${name} ${prefix}${++made}`, price, stock, tags: ['wine'] } }))).createItem as {
        id: string;
      }
    ).id;
  const stockOf = async (id: string) => ((await ok(target.admin(GET_ITEM, { id }))).getItem as { stock: number | null }).stock;
  /** The first slot offered now (preparation set to 0 below), as the reserve screen shows it. */
  const slot = () => pickupSlots({ weeklyHours: HOURS }, new Date(), { preparationMinutes: 0 })[0]!.slots[0]!.start;
  const reserve = async (who: Caller, lines: Array<[string, number]>) => {
    for (const [itemId, quantity] of lines) await ok(who(SET_LINE, { itemId, quantity }));
    return (await ok(who(RESERVE, { slotStart: slot(), phone: '(845) 555-0142' }))).reserve as Reservation;
  };

  it('an admin sets the hours and the pickup limits; a limit out of range is refused', async () => {
    const existing = (await ok(target.admin(GET_SETTINGS))).getShopSettings;
    if (!existing) await ok(target.admin(CREATE_SETTINGS, { input: { id: 'shop', name: 'Patterson Wine & Liquor' } }));
    expect(await refusal(target.admin(UPDATE_SETTINGS, { input: { id: 'shop', pickupMaxUnits: 500 } }))).toMatchObject({
      errorType: ERROR_TYPES.validation,
      message: PICKUP_MESSAGES.setting('Most bottles in one reservation', 1, 99),
    });
    // These tests hold whole shelves: no fair-share cap (decision 0374; customer-limits-battery.ts tests it).
    const saved = await ok(
      target.admin(UPDATE_SETTINGS, { input: { id: 'shop', weeklyHours: HOURS, pickupPreparationMinutes: 0, reservationShareCap: 100 } }),
    );
    expect(saved.updateShopSettings).toMatchObject({ pickupPreparationMinutes: 0 });
  });

  it('guests reach nothing; a customer reaches no staff call; staff keep no list', async () => {
    for (const query of [LIST, MINE, LIST_ALL]) expect((await refusal(target.guest(query)))?.errorType).toBe('Unauthorized');
    expect((await refusal(target.guest(RESERVE, { slotStart: slot() })))?.errorType).toBe('Unauthorized');
    const who = await target.customer();
    expect((await refusal(who(LIST_ALL)))?.errorType).toBe('Unauthorized');
    expect((await refusal(who(ACTION, { id: '00000000-0000-4000-8000-000000000000', action: 'cancel', reason: 'x' })))?.errorType).toBe(
      'Unauthorized',
    );
    expect((await refusal(target.admin(LIST)))?.errorType).toBe('Unauthorized');
  });

  it('keeps the pickup list on the server, capped by the shelf and the per-item most', async () => {
    const merlot = await item('Merlot', 5, 12.5);
    const who = await target.customer();
    expect(await refusal(who(SET_LINE, { itemId: merlot, quantity: 6 }))).toMatchObject({
      message: expect.stringMatching(/^Only 5 of Merlot/),
    });
    expect(await refusal(who(SET_LINE, { itemId: merlot, quantity: 13 }))).toMatchObject({ message: 'Choose from 0 to 12' });
    const list = (await ok(who(SET_LINE, { itemId: merlot, quantity: 2 }))).setPickupListLine as { units: number; total: number };
    expect(list).toMatchObject({ units: 2, total: 25 });
    expect(((await ok((await target.customer())(LIST))).myPickupList as { lines: unknown[] }).lines).toEqual([]);
    expect(((await ok(who(SET_LINE, { itemId: merlot, quantity: 0 }))).setPickupListLine as { lines: unknown[] }).lines).toEqual([]);
  });

  it('reserves only with a confirmed e-mail, and then every line at once', async () => {
    const merlot = await item('Merlot', 5, 12.5);
    const rye = await item('Rye', null, 30);
    const unconfirmed = await target.customer(false);
    await ok(unconfirmed(SET_LINE, { itemId: merlot, quantity: 1 }));
    expect(await refusal(unconfirmed(RESERVE, { slotStart: slot() }))).toMatchObject({
      message: expect.stringMatching(/^Confirm your email address first/),
    });
    expect(await stockOf(merlot)).toBe(5);

    const who = await target.customer();
    expect(await refusal(who(RESERVE, { slotStart: slot(), note: 'x'.repeat(501) }))).toMatchObject({
      message: PICKUP_MESSAGES.noteLength(500),
    });
    const reservation = await reserve(who, [
      [merlot, 2],
      [rye, 1],
    ]);
    expect(isReservationNumber(reservation.number)).toBe(true);
    expect(reservation).toMatchObject({ status: 'Requested', total: 55 });
    expect([await stockOf(merlot), await stockOf(rye)]).toEqual([3, null]);
    expect(((await ok(who(LIST))).myPickupList as { lines: unknown[] }).lines).toEqual([]);

    // One short line: nothing is held.
    const cabernet = await item('Cabernet', 1);
    await ok(who(SET_LINE, { itemId: merlot, quantity: 2 }));
    await ok(who(SET_LINE, { itemId: cabernet, quantity: 1 }));
    await target.admin('mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id } }', { input: { id: cabernet, stock: 0 } });
    expect(await refusal(who(RESERVE, { slotStart: slot() }))).toMatchObject({
      message: expect.stringMatching(/^Cabernet .* is out of stock$/),
    });
    expect(await stockOf(merlot)).toBe(3);
  });

  it('names each line with its size, three sizes of one name apart, and keeps the UPC for the pick list (decision 0361)', async () => {
    const name = `Clear Lake Vodka ${prefix}${++made}`;
    const size = async (sizeMl: number, upc: string | null) =>
      (
        (await ok(target.admin(CREATE_ITEM, { input: { name, price: 20, stock: 5, sizeMl, upc, tags: ['liquor'] } }))).createItem as {
          id: string;
        }
      ).id;
    const [small, large] = [await size(750, '080432400432'), await size(1750, null)];
    await size(1000, '080432400449');
    const who = await target.customer();
    await ok(who(SET_LINE, { itemId: small, quantity: 1 }));
    const list = (await ok(who(SET_LINE, { itemId: large, quantity: 2 }))).setPickupListLine as { lines: Array<{ name: string }> };
    expect(list.lines.map((line) => line.name).sort()).toEqual([`${name}, 1.75 L`, `${name}, 750 mL`]);
    const reservation = (await ok(who(RESERVE, { slotStart: slot(), phone: '(845) 555-0142' }))).reserve as Reservation;
    const byItem = new Map(reservation.lines.map((line) => [line.itemId, line]));
    expect(byItem.get(small)).toMatchObject({ name: `${name}, 750 mL`, upc: '080432400432' });
    expect(byItem.get(large)).toMatchObject({ name: `${name}, 1.75 L`, upc: null });
    const staffView = ((await ok(target.admin(LIST_ALL, { search: reservation.number }))).listReservations as (typeof reservation)[])[0]!;
    expect(staffView.lines.map((line) => [line.name, line.upc]).sort()).toEqual([
      [`${name}, 1.75 L`, null],
      [`${name}, 750 mL`, '080432400432'],
    ]);
  });

  it("lets one customer neither see nor cancel another's reservation; staff find it by number", async () => {
    const wine = await item('Pinot', 10);
    const owner = await target.customer();
    const other = await target.customer();
    const reservation = await reserve(owner, [[wine, 4]]);
    expect((await ok(other(MINE))).myReservations).toEqual([]);
    expect((await refusal(other(CANCEL_MINE, { id: reservation.id })))?.errorType).toBe('NotFound');
    expect(await stockOf(wine)).toBe(6);
    const found = (await ok(target.admin(LIST_ALL, { search: `${reservation.number.slice(0, 4)}-${reservation.number.slice(4)}` })))
      .listReservations as Array<{ id: string; customerEmail: string | null }>;
    expect(found.map((entry) => entry.id)).toEqual([reservation.id]);
    expect(found[0]!.customerEmail).toMatch(/@example\.com$/);
    const cancelled = (await ok(owner(CANCEL_MINE, { id: reservation.id, reason: 'Plans changed' }))).cancelMyReservation as Reservation;
    expect(cancelled).toMatchObject({ status: 'Cancelled', reason: 'Plans changed' });
    expect(await stockOf(wine)).toBe(10);
  });

  it('staff lower a line (its units back), hand over with the ID checked; two cancels return stock once', async () => {
    const wine = await item('Chardonnay', 6, 20);
    const owner = await target.customer();
    const reservation = await reserve(owner, [[wine, 4]]);
    expect(await refusal(target.admin(ACTION, { id: reservation.id, action: 'pickUp', idChecked: true }))).toMatchObject({
      message: PICKUP_MESSAGES.notReadyYet,
    });
    const ready = (
      await ok(
        target.admin(ACTION, { id: reservation.id, action: 'markReady', lowered: [{ itemId: wine, quantity: 3, note: 'One was broken' }] }),
      )
    ).reservationAction as Reservation;
    expect(ready.lines[0]).toMatchObject({ quantity: 3, reservedQuantity: 4, note: 'One was broken' });
    expect(await stockOf(wine)).toBe(3);
    expect(await refusal(target.admin(ACTION, { id: reservation.id, action: 'pickUp' }))).toMatchObject({
      message: PICKUP_MESSAGES.idNotChecked,
    });
    expect(await refusal(target.admin(ACTION, { id: reservation.id, action: 'cancel' }))).toMatchObject({
      message: PICKUP_MESSAGES.reasonRequired,
    });
    const answers = await Promise.all([
      target.admin(ACTION, { id: reservation.id, action: 'cancel', reason: 'Customer called' }),
      owner(CANCEL_MINE, { id: reservation.id }),
    ]);
    expect(answers.filter((answer) => !answer.errors).length).toBe(1);
    expect(await stockOf(wine)).toBe(6);
  });

  it('two customers reaching for the last bottle at once: one holds it, the other is told it is out of stock, five times over', async () => {
    // On the cloud the two calls run in two function instances (decision 0288), so their
    // transactions can conflict; a conflict is retried (decision 0301) and never reaches the customer.
    for (let round = 0; round < 5; round++) {
      const last = await item('Last Bottle', 1);
      const pair = [await target.customer(), await target.customer()];
      for (const who of pair) await ok(who(SET_LINE, { itemId: last, quantity: 1 }));
      const answers = await Promise.all(pair.map((who) => who(RESERVE, { slotStart: slot() })));
      expect(answers.filter((answer) => !answer.errors)).toHaveLength(1);
      const refused = answers.find((answer) => answer.errors)!;
      expect(refused.errors).toHaveLength(1);
      expect(refused.errors![0]!.message).toMatch(/^Last Bottle .* is out of stock$/);
      expect(await stockOf(last)).toBe(0);
    }
  });

  it('reserves a list sent five times at once once, and keeps the open limit from two sessions at once (decision 0332)', async () => {
    const wine = await item('Riesling', 40);
    const twice = await target.customer();
    await ok(twice(SET_LINE, { itemId: wine, quantity: 2 }));
    const submits = await Promise.all(Array.from({ length: 5 }, () => twice(RESERVE, { slotStart: slot() })));
    expect(submits.filter((answer) => !answer.errors)).toHaveLength(1);
    for (const answer of submits.filter((submit) => submit.errors)) expect(answer.errors![0]!.message).toBe(PICKUP_MESSAGES.noLines);
    expect(await stockOf(wine)).toBe(38);

    // Two open, then two sessions each fill the list and reserve at once: 4 of the 5 a customer may send at once.
    const who = await target.customer();
    for (let n = 0; n < 2; n++) await reserve(who, [[wine, 1]]);
    await Promise.all(
      [0, 1].map(async () => {
        await who(SET_LINE, { itemId: wine, quantity: 1 });
        return who(RESERVE, { slotStart: slot() });
      }),
    );
    const mine = (await ok(who(MINE))).myReservations as Reservation[];
    expect(mine.filter((reservation) => reservation.status === 'Requested')).toHaveLength(3);
    expect(await stockOf(wine)).toBe(35);
    // Cancelling one frees its place.
    await ok(who(CANCEL_MINE, { id: mine[0]!.id }));
    await ok(who(SET_LINE, { itemId: wine, quantity: 1 }));
    await ok(who(RESERVE, { slotStart: slot() }));
    expect(await stockOf(wine)).toBe(35);
  });

  it(`gives ${target.crowd.customers} customers reaching for the last ${target.crowd.bottles} bottles exactly ${target.crowd.bottles}`, async () => {
    const last = await item('Last Bottles', target.crowd.bottles);
    const crowd: Caller[] = [];
    for (let n = 0; n < target.crowd.customers; n++) crowd.push(await target.customer());
    for (const who of crowd) await ok(who(SET_LINE, { itemId: last, quantity: 1 }));
    const answers = await Promise.all(crowd.map((who) => who(RESERVE, { slotStart: slot() })));
    expect(answers.filter((answer) => !answer.errors).length).toBe(target.crowd.bottles);
    const messages = new Set(answers.flatMap((answer) => answer.errors?.map((error) => error.message) ?? []));
    expect([...messages].every((message) => /is out of stock$/.test(message))).toBe(true);
    expect(await stockOf(last)).toBe(0);
  });
}
