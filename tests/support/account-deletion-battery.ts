/**
 * What follows a customer deleting their account (decision 0363: the features' `accountDeleted`
 * reactions, joined once by the composition), the battery both backends run: the local server
 * (server/composition/account-deletion-api.test.ts) and the emulated cloud, where the accounts
 * function runs the reactions on DynamoDB (tests/cloud/account-deletion.test.ts). Their open
 * reservation is cancelled and its bottles go back on the shelf, their "notify me" request is gone
 * from staff's demand list, and their RSVP is cancelled and its places freed; another customer's
 * are untouched. What the customer typed on their reservations (note, phone) is blanked.
 */
import { expect, it } from 'vitest';
import { pickupSlots } from '../../shared/pickup-slots';
import { addDays, newYorkTime } from '../../shared/shop-hours';

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}

type Caller = (query: string, variables?: Record<string, unknown>) => Promise<Answer>;

export interface AccountDeletionTarget {
  admin: Caller;
  /** A new signed-in customer with a confirmed address, and the password that deletes the account. */
  customer(): Promise<{ call: Caller; password: string }>;
}

const HOURS = Array.from({ length: 7 }, () => '10:00-21:00');
const CREATE_ITEM = `mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }`;
const GET_ITEM = `query ($id: ID!) { getItem(id: $id) { stock } }`;
const CREATE_EVENT = `mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }`;
const GET_EVENT = `query ($id: ID!) { getEvent(id: $id) { rsvpTaken } }`;
const GET_SETTINGS = 'query { getShopSettings(id: "shop") { id } }';
const CREATE_SETTINGS = `mutation ($input: CreateShopSettingsInput!) { createShopSettings(input: $input) { id } }`;
const UPDATE_SETTINGS = `mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id } }`;
const SET_LINE = `mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }`;
const RESERVE = `mutation ($slotStart: String!, $note: String, $phone: String) { reserve(slotStart: $slotStart, note: $note, phone: $phone) { id number status } }`;
const ASK = 'mutation ($itemId: ID!) { notifyMeWhenBack(itemId: $itemId) }';
const DEMAND = 'query { notifyDemand { itemId count } }';
const RSVP = `mutation ($eventId: ID!, $partySize: Int!) { rsvp(eventId: $eventId, partySize: $partySize) { id status } }`;
const GUESTS = `query ($eventId: ID!) { eventRsvps(eventId: $eventId) { id status partySize } }`;
const STAFF_LIST = `query ($search: String) { listReservations(search: $search) { id number status note phone } }`;
const DELETE = 'mutation ($currentPassword: String) { deleteMyAccount(currentPassword: $currentPassword) }';

const ok = async (answer: Promise<Answer>) => {
  const body = await answer;
  expect(body.errors).toBeUndefined();
  return body.data!;
};

export function accountDeletionBattery(target: AccountDeletionTarget): void {
  const { admin } = target;
  const tag = `DEL-${Date.now()}`;

  const item = async (name: string, stock: number) =>
    ((await ok(admin(CREATE_ITEM, { input: { name: `${name} ${tag}`, price: 20, stock, tags: ['wine'] } }))).createItem as { id: string })
      .id;
  const stockOf = async (id: string) => ((await ok(admin(GET_ITEM, { id }))).getItem as { stock: number }).stock;
  const placesTaken = async (id: string) => ((await ok(admin(GET_EVENT, { id }))).getEvent as { rsvpTaken: number | null }).rsvpTaken ?? 0;
  const demandFor = async (itemId: string) =>
    ((await ok(admin(DEMAND))).notifyDemand as Array<{ itemId: string; count: number }>).find((entry) => entry.itemId === itemId)?.count ??
    0;
  /** The reservation as staff find it by its number. */
  const staffView = async (number: string) =>
    (
      (await ok(admin(STAFF_LIST, { search: number }))).listReservations as Array<{
        number: string;
        status: string;
        note: string | null;
        phone: string | null;
      }>
    ).find((reservation) => reservation.number === number);

  /** Reserves, asks to be told and answers an RSVP, as a regular customer would. */
  async function engage(who: Caller, shelf: string, awaited: string, eventId: string) {
    await ok(who(SET_LINE, { itemId: shelf, quantity: 2 }));
    const slotStart = pickupSlots({ weeklyHours: HOURS }, new Date(), { preparationMinutes: 0 })[0]!.slots[0]!.start;
    const reservation = (await ok(who(RESERVE, { slotStart, note: 'Gift wrap, please', phone: '(845) 555-0142' }))).reserve as {
      number: string;
      status: string;
    };
    expect((await ok(who(ASK, { itemId: awaited }))).notifyMeWhenBack).toBe(true);
    expect(((await ok(who(RSVP, { eventId, partySize: 2 }))).rsvp as { status: string }).status).toBe('Going');
    return reservation;
  }

  it('takes the reservations, "notify me" requests and RSVPs of a deleted account with it, and only those', async () => {
    const settings = (await ok(admin(GET_SETTINGS))).getShopSettings ? UPDATE_SETTINGS : CREATE_SETTINGS;
    await ok(admin(settings, { input: { id: 'shop', weeklyHours: HOURS, pickupPreparationMinutes: 0 } }));
    const shelf = await item('Deleted Account Merlot', 6);
    const awaited = await item('Deleted Account Rye', 0);
    const date = addDays(newYorkTime(new Date()).date, 20);
    const eventId = (
      (
        await ok(
          admin(CREATE_EVENT, {
            input: { name: `Tasting ${tag}`, date, time: '19:00', description: 'Four wines.', takesRsvp: true, rsvpCapacity: 10 },
          }),
        )
      ).createEvent as {
        id: string;
      }
    ).id;

    const leaving = await target.customer();
    const staying = await target.customer();
    const gone = await engage(leaving.call, shelf, awaited, eventId);
    const kept = await engage(staying.call, shelf, awaited, eventId);
    expect(await stockOf(shelf)).toBe(2);
    expect(await demandFor(awaited)).toBe(2);
    expect(await placesTaken(eventId)).toBe(4);

    expect((await ok(leaving.call(DELETE, { currentPassword: leaving.password }))).deleteMyAccount).toBe(true);

    // Cancelled, and what the customer typed is gone with the account, as their name and e-mail are.
    expect(await staffView(gone.number)).toMatchObject({ status: 'Cancelled', note: null, phone: null });
    expect(await stockOf(shelf)).toBe(4);
    expect(await demandFor(awaited)).toBe(1);
    expect(await placesTaken(eventId)).toBe(2);
    const guests = (await ok(admin(GUESTS, { eventId }))).eventRsvps as Array<{ status: string; partySize: number }>;
    expect(guests.filter((guest) => guest.status === 'Going')).toEqual([expect.objectContaining({ partySize: 2 })]);
    expect(await staffView(kept.number)).toMatchObject({ status: kept.status, note: 'Gift wrap, please', phone: '(845) 555-0142' });
  });
}
