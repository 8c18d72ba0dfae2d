/**
 * One customer's caps when reserving for pickup, through the API (decisions 0371 and 0374): an
 * item's "Limit N per customer" and the shop's fair share of a counted shelf. The battery both
 * backends run: the local server (server/reservations/customer-limits-api.test.ts) and the
 * emulated cloud (tests/cloud/customer-limits.test.ts). Who may set them (staff only), what they
 * may be, the limit across reservations and freed by a cancel, the share of 10 counted, a settings
 * change taking effect at once, and requests at once never passing a cap.
 */
import { expect, it } from 'vitest';
import { MAX_LIMIT_PER_CUSTOMER } from '../../shared/customer-limits';
import { ERROR_TYPES } from '../../shared/error-types';
import { PICKUP_MESSAGES } from '../../shared/pickup-messages';
import { pickupSlots } from '../../shared/pickup-slots';
import { ok, refusal, type Caller } from './reservation-battery';

export interface CustomerLimitsTarget {
  admin: Caller;
  guest: Caller;
  /** A new signed-in customer with a confirmed address. */
  customer(): Promise<Caller>;
}

const HOURS = Array.from({ length: 7 }, () => '10:00-21:00');
const SET_LINE = `mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { lines { itemId quantity problem customerMost } } }`;
const LIST = 'query { myPickupList { lines { itemId quantity problem customerMost } } }';
const RESERVE = `mutation ($slotStart: String!) { reserve(slotStart: $slotStart) { id status lines { itemId quantity } } }`;
const CANCEL_MINE = `mutation ($id: ID!) { cancelMyReservation(id: $id) { id status } }`;
const GET_SETTINGS = 'query { getShopSettings(id: "shop") { id } }';
const CREATE_SETTINGS = `mutation ($input: CreateShopSettingsInput!) { createShopSettings(input: $input) { id } }`;
const UPDATE_SETTINGS = `mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id reservationShareCap } }`;
const CREATE_ITEM = `mutation ($input: CreateItemInput!) { createItem(input: $input) { id limitPerCustomer } }`;
const UPDATE_ITEM = `mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id limitPerCustomer } }`;
const GET_ITEM = `query ($id: ID!) { getItem(id: $id) { id stock limitPerCustomer } }`;

export function customerLimitsBattery(target: CustomerLimitsTarget): void {
  const prefix = `CAP-${Date.now()}-`;
  let made = 0;

  const item = async (label: string, stock: number | null, limitPerCustomer: number | null = null) => {
    const name = `${label} ${prefix}${++made}`;
    const created = (await ok(target.admin(CREATE_ITEM, { input: { name, price: 10, stock, limitPerCustomer, tags: ['wine'] } })))
      .createItem as { id: string };
    return { id: created.id, name };
  };
  const settings = (input: Record<string, unknown>) => ok(target.admin(UPDATE_SETTINGS, { input: { id: 'shop', ...input } }));
  const slot = () => pickupSlots({ weeklyHours: HOURS }, new Date(), { preparationMinutes: 0 })[0]!.slots[0]!.start;
  const reserve = async (who: Caller, itemId: string, quantity: number) => {
    await ok(who(SET_LINE, { itemId, quantity }));
    return (await ok(who(RESERVE, { slotStart: slot() }))).reserve as { id: string; status: string };
  };
  const stockOf = async (id: string) => ((await ok(target.admin(GET_ITEM, { id }))).getItem as { stock: number | null }).stock;

  it('staff set an item limit and the share cap, in their ranges; the default share is 50%', async () => {
    const existing = (await ok(target.admin(GET_SETTINGS))).getShopSettings;
    if (!existing) await ok(target.admin(CREATE_SETTINGS, { input: { id: 'shop', name: 'Patterson Wine & Liquor' } }));
    // Reserving open around the clock, now; the share cap unset (its default).
    expect(
      (await settings({ weeklyHours: HOURS, pickupPreparationMinutes: 0, reservationShareCap: null })).updateShopSettings,
    ).toMatchObject({ reservationShareCap: null });
    for (const bad of [0, -5, 101]) {
      expect(await refusal(target.admin(UPDATE_SETTINGS, { input: { id: 'shop', reservationShareCap: bad } }))).toMatchObject({
        errorType: ERROR_TYPES.validation,
        message: PICKUP_MESSAGES.setting("One customer's share of an item's shelf (%)", 1, 100),
      });
    }

    const wine = await item('Limited Wine', 10, 2);
    for (const bad of [0, -1, MAX_LIMIT_PER_CUSTOMER + 1, 1_000_000]) {
      expect(await refusal(target.admin(UPDATE_ITEM, { input: { id: wine.id, limitPerCustomer: bad } }))).toMatchObject({
        errorType: ERROR_TYPES.validation,
        message: PICKUP_MESSAGES.itemLimit(MAX_LIMIT_PER_CUSTOMER),
      });
    }
    // A fraction is not an Int: the API's own type check refuses it before any resolver.
    expect(await refusal(target.admin(UPDATE_ITEM, { input: { id: wine.id, limitPerCustomer: 1.5 } }))).toBeDefined();
    expect((await ok(target.admin(GET_ITEM, { id: wine.id }))).getItem).toMatchObject({ limitPerCustomer: 2 });
    expect((await ok(target.admin(UPDATE_ITEM, { input: { id: wine.id, limitPerCustomer: null } }))).updateItem).toMatchObject({
      limitPerCustomer: null,
    });
  });

  it('an attacker with the public API key, or a customer, can set neither the limit nor the share cap', async () => {
    const wine = await item('Guarded Wine', 10, 2);
    const customer = await target.customer();
    for (const caller of [target.guest, customer]) {
      const write = await caller(UPDATE_ITEM, { input: { id: wine.id, limitPerCustomer: 99 } });
      expect(write.errors?.length).toBeGreaterThan(0);
      const name = `Rogue ${prefix}`;
      const created = await caller(CREATE_ITEM, { input: { name, price: 1, limitPerCustomer: 99, tags: ['wine'] } });
      expect(created.errors?.length).toBeGreaterThan(0);
      const cap = await caller(UPDATE_SETTINGS, { input: { id: 'shop', reservationShareCap: 100 } });
      expect(cap.errors?.length).toBeGreaterThan(0);
      expect(cap.data?.updateShopSettings ?? null).toBeNull();
    }
    // Nothing was written: the limit stands, and no rogue item exists.
    expect((await ok(target.admin(GET_ITEM, { id: wine.id }))).getItem).toMatchObject({ limitPerCustomer: 2 });
    const rogue = await ok(
      target.admin('query ($name: String!) { listItems(filter: { name: { eq: $name } }) { items { id } } }', { name: `Rogue ${prefix}` }),
    );
    expect((rogue.listItems as { items: unknown[] }).items).toEqual([]);
    // Still the default: a customer may hold 5 of 10.
    const shelf = await item('Guarded Shelf', 10);
    expect(await refusal(customer(SET_LINE, { itemId: shelf.id, quantity: 6 }))).toMatchObject({
      message: PICKUP_MESSAGES.shareCap(shelf.name, 5, 0),
    });
  });

  it('a limit of 2 refuses a third bottle across two reservations; cancelling one frees it', async () => {
    const wine = await item('Two Per Customer', null, 2);
    const who = await target.customer();
    const first = await reserve(who, wine.id, 1);
    const list = (await ok(who(SET_LINE, { itemId: wine.id, quantity: 1 }))).setPickupListLine as {
      lines: Array<{ customerMost: number | null }>;
    };
    expect(list.lines[0]!.customerMost).toBe(1);
    expect(await refusal(who(SET_LINE, { itemId: wine.id, quantity: 2 }))).toMatchObject({
      errorType: ERROR_TYPES.validation,
      message: PICKUP_MESSAGES.limitPerCustomer(wine.name, 2, 1),
    });
    await ok(who(RESERVE, { slotStart: slot() }));
    expect(await refusal(who(SET_LINE, { itemId: wine.id, quantity: 1 }))).toMatchObject({
      message: `${wine.name} is limited to 2 per customer. You already hold 2 in open reservations.`,
    });
    // Another customer's holds are theirs alone.
    await reserve(await target.customer(), wine.id, 2);

    await ok(who(CANCEL_MINE, { id: first.id }));
    expect((await reserve(who, wine.id, 1)).status).toBe('Requested');
  });

  it('the share cap: 50% of 10 counted is 5 for one customer, the shelf not what is left; items not counted are not capped by it', async () => {
    const shelf = await item('Half The Shelf', 10);
    const who = await target.customer();
    await reserve(who, shelf.id, 3);
    expect(await refusal(who(SET_LINE, { itemId: shelf.id, quantity: 3 }))).toMatchObject({
      message: PICKUP_MESSAGES.shareCap(shelf.name, 5, 3),
    });
    await reserve(who, shelf.id, 2);
    expect(await stockOf(shelf.id)).toBe(5);
    // Another customer may take the other half: 5 of the 10 counted, though only 5 are left.
    const other = await target.customer();
    await reserve(other, shelf.id, 5);
    expect(await stockOf(shelf.id)).toBe(0);

    const single = await item('Single Bottle', 1);
    await reserve(await target.customer(), single.id, 1);
    expect(await stockOf(single.id)).toBe(0);

    const uncounted = await item('Not Counted', null);
    await reserve(await target.customer(), uncounted.id, 12);
  });

  it('a change of the limit or the share takes effect on the next reserve, even for a list already made', async () => {
    const wine = await item('Limit Lowered', null, 2);
    const who = await target.customer();
    await reserve(who, wine.id, 1);
    await ok(who(SET_LINE, { itemId: wine.id, quantity: 1 }));
    await ok(target.admin(UPDATE_ITEM, { input: { id: wine.id, limitPerCustomer: 1 } }));
    expect(await refusal(who(RESERVE, { slotStart: slot() }))).toMatchObject({
      errorType: ERROR_TYPES.validation,
      message: PICKUP_MESSAGES.limitPerCustomer(wine.name, 1, 1),
    });
    const list = ((await ok(who(LIST))).myPickupList as { lines: Array<{ problem: string | null; customerMost: number | null }> }).lines;
    expect(list[0]).toMatchObject({ problem: PICKUP_MESSAGES.limitPerCustomer(wine.name, 1, 1), customerMost: 0 });

    const shelf = await item('Share Changed', 10);
    const buyer = await target.customer();
    try {
      await settings({ reservationShareCap: 20 });
      expect(await refusal(buyer(SET_LINE, { itemId: shelf.id, quantity: 3 }))).toMatchObject({
        message: PICKUP_MESSAGES.shareCap(shelf.name, 2, 0),
      });
      await ok(buyer(SET_LINE, { itemId: shelf.id, quantity: 2 }));
      await settings({ reservationShareCap: 10 });
      expect(await refusal(buyer(RESERVE, { slotStart: slot() }))).toMatchObject({
        message: PICKUP_MESSAGES.shareCap(shelf.name, 1, 0),
      });
      // 100%: no share cap; the shelf is the most.
      await settings({ reservationShareCap: 100 });
      await reserve(buyer, shelf.id, 10);
      expect(await stockOf(shelf.id)).toBe(0);
    } finally {
      await settings({ reservationShareCap: null });
    }
  });

  it('reserves sent at once never pass the limit together', async () => {
    const wine = await item('Raced Limit', null, 2);
    const who = await target.customer();
    await reserve(who, wine.id, 1);
    const attempts = await Promise.allSettled(
      Array.from({ length: 4 }, async () => {
        const line = await who(SET_LINE, { itemId: wine.id, quantity: 1 });
        if (line.errors) return line;
        return who(RESERVE, { slotStart: slot() });
      }),
    );
    const reserved = attempts.filter(
      (attempt) => attempt.status === 'fulfilled' && !attempt.value.errors && 'reserve' in (attempt.value.data ?? {}),
    );
    expect(reserved.length).toBeLessThanOrEqual(1);
    const mine = (await ok(who('query { myReservations { status lines { itemId quantity } } }'))).myReservations as Array<{
      status: string;
      lines: Array<{ itemId: string; quantity: number }>;
    }>;
    const held = mine
      .filter((reservation) => reservation.status === 'Requested')
      .flatMap((reservation) => reservation.lines)
      .filter((line) => line.itemId === wine.id)
      .reduce((sum, line) => sum + line.quantity, 0);
    expect(held).toBeGreaterThanOrEqual(1);
    expect(held).toBeLessThanOrEqual(2);
  });
}
