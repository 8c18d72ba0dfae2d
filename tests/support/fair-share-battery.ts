/**
 * Holding fairly (decisions 0375, 0378), the battery both backends run: the local server
 * (server/reservations/fair-share-api.test.ts) and the emulated cloud (tests/cloud/fair-share.test.ts).
 * - A hold for a slot 5 days ahead ends at midnight ending the slot's New York day, and its bottles
 *   go back then; one for tomorrow keeps the closing time of the next open day after its slot.
 * - Staff see the other open reservations sharing a phone number or a sign-up address; a customer
 *   and a visitor with the public API key get nothing.
 * - After the till counts fewer than open reservations hold of an item, staff's list names every
 *   open reservation holding it ("Short: the till counts 1 …, 3 held"); customers are not told.
 */
import { expect, it } from 'vitest';
import { nameWithSize } from '../../shared/bottle-size';
import { newImportId } from '../../shared/import-chunks';
import { endOfSlotDay, expiresAt, pickupSlots, type PickupSlot } from '../../shared/pickup-slots';
import { addDays, newYorkTime } from '../../shared/shop-hours';

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}

type Caller = (query: string, variables?: Record<string, unknown>) => Promise<Answer>;

export interface FairShareTarget {
  admin: Caller;
  /** A visitor with the public API key. */
  guest: Caller;
  /**
   * A new customer signed up through the API from this loopback address (127.0.0.x, another
   * client as the server sees it), the e-mail confirmed.
   */
  signUpFrom(address: string): Promise<Caller>;
  /** Runs the expiry as the schedule does, at `now`. */
  expire(now: Date): Promise<void>;
}

const HOURS = Array.from({ length: 7 }, () => '10:00-21:00');
const SETTINGS = { id: 'shop', weeklyHours: HOURS, pickupPreparationMinutes: 0 };
const GET_SETTINGS = 'query { getShopSettings(id: "shop") { id } }';
const CREATE_SETTINGS = `mutation ($input: CreateShopSettingsInput!) { createShopSettings(input: $input) { id } }`;
const UPDATE_SETTINGS = `mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id } }`;
const CREATE_ITEM = `mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }`;
const GET_ITEM = `query ($id: ID!) { getItem(id: $id) { stock shelfStock heldStock } }`;
const SET_LINE = `mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }`;
const RESERVE = `mutation ($slotStart: String!, $phone: String) { reserve(slotStart: $slotStart, phone: $phone) { id number status expiresAt } }`;
const MINE = `query { myReservations { id status expiresAt shortages { message } } }`;
const CANCEL_MINE = `mutation ($id: ID!) { cancelMyReservation(id: $id) { id status } }`;
const LIST = `query ($status: String) { listReservations(status: $status) { id status expiresAt shortages { itemId name counted held message } } }`;
const RELATED = `query ($id: ID!) { relatedReservations(id: $id) { id number status slotLabel customerName samePhone sameSignUpAddress } }`;
const IMPORT = `mutation ($importId: String!, $offset: Int!, $rows: [ItemImportRowInput!]!, $apply: Boolean, $stockOnly: Boolean) {
  importItems(importId: $importId, offset: $offset, rows: $rows, apply: $apply, stockOnly: $stockOnly) { applied warnings { message } } }`;

const ok = async (answer: Promise<Answer>) => {
  const body = await answer;
  expect(body.errors).toBeUndefined();
  return body.data!;
};

interface Made {
  id: string;
  number: string;
  status: string;
  expiresAt: string;
}

export function fairShareBattery(target: FairShareTarget): void {
  const { admin } = target;
  const tag = `FAIR-${Date.now()}`;
  let items = 0;

  async function prepare() {
    const settings = (await ok(admin(GET_SETTINGS))).getShopSettings ? UPDATE_SETTINGS : CREATE_SETTINGS;
    await ok(admin(settings, { input: SETTINGS }));
  }

  async function newItem(stock: number) {
    const upc = `${tag}-${++items}`;
    const name = `Fair Merlot ${upc}`;
    const { id } = (await ok(admin(CREATE_ITEM, { input: { name, price: 12, upc, stock, sizeMl: 750, tags: ['wine'] } }))).createItem as {
      id: string;
    };
    return { id, upc, name: nameWithSize({ name, sizeMl: 750 }) };
  }

  const facts = async (id: string) =>
    (await ok(admin(GET_ITEM, { id }))).getItem as { stock: number; shelfStock: number; heldStock: number };

  /** The first slot on the New York day `ahead` days from today. */
  function slotAhead(ahead: number): PickupSlot {
    const date = addDays(newYorkTime(new Date()).date, ahead);
    const day = pickupSlots({ weeklyHours: HOURS }, new Date(), { preparationMinutes: 0 }).find((entry) => entry.date === date);
    expect(day, `a pickup day ${ahead} days ahead`).toBeDefined();
    return day!.slots[0]!;
  }

  async function reserve(customer: Caller, itemId: string, quantity: number, slot: PickupSlot, phone?: string): Promise<Made> {
    await ok(customer(SET_LINE, { itemId, quantity }));
    return (await ok(customer(RESERVE, { slotStart: slot.start, phone }))).reserve as Made;
  }

  const statusOf = async (id: string) =>
    ((await ok(admin(LIST))).listReservations as Array<{ id: string; status: string }>).find((entry) => entry.id === id)?.status;

  let address = 0;
  /** Loopback addresses of this battery's own: no other test's customers signed up from them. */
  const nextAddress = () => `127.0.0.${80 + ++address}`;

  it('ends a hold 5 days ahead with its slot’s day and returns its bottles; a hold for tomorrow keeps the day after', async () => {
    await prepare();
    const item = await newItem(10);
    const far = slotAhead(5);
    const near = slotAhead(1);
    const farCustomer = await target.signUpFrom(nextAddress());
    const nearCustomer = await target.signUpFrom(nextAddress());
    const farHold = await reserve(farCustomer, item.id, 2, far);
    const nearHold = await reserve(nearCustomer, item.id, 1, near);

    // Far: midnight ending the slot's day, sooner than the day after's closing it had before.
    expect(farHold.expiresAt).toBe(endOfSlotDay(far.start));
    expect(Date.parse(farHold.expiresAt)).toBeLessThan(Date.parse(expiresAt(far, { weeklyHours: HOURS })));
    // Near: as before, closing time (9 PM) of the day after the slot's.
    expect(nearHold.expiresAt).toBe(expiresAt(near, { weeklyHours: HOURS }));
    // The customer and staff are told the same time.
    const mine = (await ok(farCustomer(MINE))).myReservations as Made[];
    expect(mine.find((entry) => entry.id === farHold.id)?.expiresAt).toBe(farHold.expiresAt);
    const listed = (await ok(admin(LIST))).listReservations as Made[];
    expect(listed.find((entry) => entry.id === farHold.id)?.expiresAt).toBe(farHold.expiresAt);
    expect(await facts(item.id)).toMatchObject({ shelfStock: 10, heldStock: 3, stock: 7 });

    // The near hold ends first, at its time and not a millisecond before.
    await target.expire(new Date(Date.parse(nearHold.expiresAt) - 1));
    expect(await statusOf(nearHold.id)).toBe('Requested');
    await target.expire(new Date(Date.parse(nearHold.expiresAt)));
    expect(await statusOf(nearHold.id)).toBe('Expired');
    expect(await statusOf(farHold.id)).toBe('Requested');
    expect(await facts(item.id)).toMatchObject({ shelfStock: 10, heldStock: 2, stock: 8 });

    // The far hold: still held until midnight ends the slot's day, then its 2 bottles are offered again.
    await target.expire(new Date(Date.parse(farHold.expiresAt) - 1));
    expect(await statusOf(farHold.id)).toBe('Requested');
    await target.expire(new Date(Date.parse(farHold.expiresAt)));
    expect(await statusOf(farHold.id)).toBe('Expired');
    expect(await facts(item.id)).toMatchObject({ shelfStock: 10, heldStock: 0, stock: 10 });
  });

  it('lists to staff the open reservations sharing a phone or a sign-up address, and to nobody else', async () => {
    await prepare();
    const item = await newItem(20);
    const slot = slotAhead(1);
    const home = nextAddress();
    const first = await target.signUpFrom(home);
    const sameAddress = await target.signUpFrom(home);
    const samePhone = await target.signUpFrom(nextAddress());
    const stranger = await target.signUpFrom(nextAddress());
    const mine = await reserve(first, item.id, 1, slot, '(845) 555-0142');
    const byAddress = await reserve(sameAddress, item.id, 1, slot);
    const byPhone = await reserve(samePhone, item.id, 1, slot, '+1 845.555.0142');
    const unrelated = await reserve(stranger, item.id, 1, slot, '845-555-0143');
    // The same customer's other open reservation shares its sign-up address too.
    const mySecond = await reserve(first, item.id, 1, slotAhead(2));

    const related = async (id: string) =>
      (
        (await ok(admin(RELATED, { id }))).relatedReservations as Array<{
          id: string;
          number: string;
          samePhone: boolean;
          sameSignUpAddress: boolean;
        }>
      )
        .map(({ id: relatedId, samePhone: phone, sameSignUpAddress: signUp }) => ({ id: relatedId, phone, signUp }))
        .sort((a, b) => a.id.localeCompare(b.id));
    const expected = [
      { id: byAddress.id, phone: false, signUp: true },
      { id: byPhone.id, phone: true, signUp: false },
      { id: mySecond.id, phone: false, signUp: true },
    ].sort((a, b) => a.id.localeCompare(b.id));
    expect(await related(mine.id)).toEqual(expected);
    expect((await related(mine.id)).map((entry) => entry.id)).not.toContain(unrelated.id);
    // Seen from the other side, too.
    expect((await related(byPhone.id)).map((entry) => entry.id)).toEqual([mine.id]);
    expect(await related(unrelated.id)).toEqual([]);

    // A customer (even about their own reservation) and a visitor with the public API key get nothing.
    for (const [who, call] of [
      ['the customer', first],
      ['another customer', stranger],
      ['a visitor with the API key', target.guest],
    ] as const) {
      const answer = await call(RELATED, { id: mine.id });
      expect(answer.data?.relatedReservations ?? null, who).toBeNull();
      expect(answer.errors?.[0]?.errorType, who).toBe('Unauthorized');
    }
    // An unknown id is no reservation.
    const unknown = await admin(RELATED, { id: '00000000-0000-4000-8000-000000000000' });
    expect(
      unknown.errors?.map((error) => [error.errorType, error.message]),
      JSON.stringify(unknown),
    ).toEqual([['NotFound', 'Reservation not found']]);

    // A reservation no longer open is no longer listed.
    await ok(sameAddress(CANCEL_MINE, { id: byAddress.id }));
    expect((await related(mine.id)).map((entry) => entry.id)).not.toContain(byAddress.id);
  });

  it('names to staff each open reservation holding an item the till counts fewer of than are held', async () => {
    await prepare();
    const item = await newItem(3);
    const other = await newItem(5);
    const slot = slotAhead(1);
    const one = await target.signUpFrom(nextAddress());
    const two = await target.signUpFrom(nextAddress());
    const a = await reserve(one, item.id, 2, slot);
    await ok(two(SET_LINE, { itemId: item.id, quantity: 1 }));
    await ok(two(SET_LINE, { itemId: other.id, quantity: 1 }));
    const b = (await ok(two(RESERVE, { slotStart: slot.start }))).reserve as Made;
    const listed = async () =>
      new Map(
        ((await ok(admin(LIST))).listReservations as Array<{ id: string; shortages: Array<Record<string, unknown>> }>).map((entry) => [
          entry.id,
          entry.shortages,
        ]),
      );
    expect((await listed()).get(a.id)).toEqual([]);

    // The till counts 1 of the 3 held.
    const rows = [{ row: 2, upc: item.upc, quantity: '1' }];
    const imported = (await ok(admin(IMPORT, { importId: newImportId(), offset: 0, rows, apply: true, stockOnly: true }))).importItems as {
      applied: boolean;
      warnings: Array<{ message: string }>;
    };
    expect(imported.applied).toBe(true);
    expect(imported.warnings.map((warning) => warning.message).join()).toMatch(/counts 1 but open reservations hold 3/);

    const short = { itemId: item.id, name: item.name, counted: 1, held: 3, message: `Short: the till counts 1 ${item.name}, 3 held` };
    const after = await listed();
    expect(after.get(a.id)).toEqual([short]);
    // Only the short line of a reservation holding two items.
    expect(after.get(b.id)).toEqual([short]);
    // The customer is not told.
    const theirs = ((await ok(one(MINE))).myReservations as Array<{ id: string; shortages: unknown }>).find((entry) => entry.id === a.id);
    expect(theirs?.shortages ?? null).toBeNull();

    // Once a hold ends and the rest fit the count, nobody is short; a closed reservation never is.
    await ok(one(CANCEL_MINE, { id: a.id }));
    const fits = await listed();
    expect(fits.get(b.id)).toEqual([]);
    expect(fits.get(a.id)).toEqual([]);
  });
}
