/**
 * A customer's change of their own reservation through the API (decision 0372), the battery both
 * backends run: the local server (server/reservations/reservation-change-api.test.ts) and the
 * emulated cloud (tests/cloud/reservation-change.test.ts). The owner changes quantities, removes
 * a line, adds one and moves the slot, the stock held moving by the difference exactly; staff see
 * the new lines; the shop is mailed what changed and the activity log keeps it. Nobody else (another
 * customer, staff, the public API key) changes it; a Ready or Cancelled one is not changed; more
 * than offered, no line at all or a slot not offered is refused with nothing changed; and a change
 * reaching for the last bottles as another customer reserves them leaves the stock exact.
 */
import { beforeAll, expect, it } from 'vitest';
import type { ActivityEntry } from '../../shared/activity';
import { ERROR_TYPES } from '../../shared/error-types';
import { PICKUP_MESSAGES } from '../../shared/pickup-messages';
import { pickupSlots } from '../../shared/pickup-slots';
import { formatReservationNumber } from '../../shared/reservation-limits';
import { mailsTo } from './confirmation-mail';
import type { Caller, Reservation, ReservationAnswer } from './reservation-battery';
import { ALL_DAY, openShopForMail, SHOP_ADDRESS } from './reservation-mail-battery';
import type { SmtpInbox } from './smtp-inbox';

export interface ReservationChangeTarget {
  admin: Caller;
  /** The public API key, signed in as nobody. */
  guest: Caller;
  /** A new signed-in customer with a confirmed address. */
  customer(): Promise<Caller>;
  /** Where the shop's mail lands (SHOP_ADDRESS). */
  inbox: () => SmtpInbox;
}

export type ChangedReservation = Reservation & { userId: string; slotStart: string; slotLabel: string; expiresAt: string };

const RESERVATION =
  'id number userId status slotStart slotLabel expiresAt total reason lines { itemId name upc price quantity reservedQuantity note }';
const SET_LINE = 'mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }';
const RESERVE = `mutation ($slotStart: String!) { reserve(slotStart: $slotStart) { ${RESERVATION} } }`;
export const CHANGE = `mutation ($id: ID!, $lines: [RequestedLineInput!]!, $slotStart: String!) {
  changeReservation(id: $id, lines: $lines, slotStart: $slotStart) { ${RESERVATION} } }`;
const MINE = `query { myReservations { ${RESERVATION} } }`;
const LIST_ALL = `query ($search: String) { listReservations(search: $search) { ${RESERVATION} } }`;
const ACTION = `mutation ($id: ID!, $action: String!, $reason: String) { reservationAction(id: $id, action: $action, reason: $reason) { id status } }`;
const CANCEL_MINE = 'mutation ($id: ID!) { cancelMyReservation(id: $id) { status } }';
const CREATE_ITEM = 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }';
const GET_ITEM = 'query ($id: ID!) { getItem(id: $id) { stock shelfStock heldStock } }';
const ACTIVITY = `query ($actorId: ID, $kind: String) { listActivity(actorId: $actorId, kind: $kind, limit: 50) {
  entries { actorId actorName kind action targetId targetName changes { field before after } } } }`;

/** The slots offered now (the battery sets no preparation time and every day open). */
export const offeredSlots = () => pickupSlots({ weeklyHours: ALL_DAY }, new Date(), { preparationMinutes: 0 }).flatMap((day) => day.slots);

type Lines = Array<[string, number]>;
const linesOf = (lines: Lines) => lines.map(([itemId, quantity]) => ({ itemId, quantity }));

export function reservationChangeBattery(target: ReservationChangeTarget): void {
  const prefix = `CHG-${Date.now()}-`;
  let made = 0;
  beforeAll(() => openShopForMail(target.admin));

  const ok = async (answer: Promise<ReservationAnswer>) => {
    const body = await answer;
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const refusal = async (answer: Promise<ReservationAnswer>) => {
    const body = await answer;
    expect(body.data?.changeReservation ?? null).toBeNull();
    return body.errors?.[0];
  };
  const item = async (name: string, stock: number | null, price = 10) => {
    const input = { name: `${name} ${prefix}${++made}`, price, stock, tags: ['wine'] };
    return ((await ok(target.admin(CREATE_ITEM, { input }))).createItem as { id: string }).id;
  };
  const stockOf = async (id: string) =>
    (await ok(target.admin(GET_ITEM, { id }))).getItem as { stock: number | null; shelfStock: number | null; heldStock: number | null };
  const reserve = async (who: Caller, lines: Lines, slotStart = offeredSlots()[0]!.start) => {
    for (const [itemId, quantity] of lines) await ok(who(SET_LINE, { itemId, quantity }));
    return (await ok(who(RESERVE, { slotStart }))).reserve as ChangedReservation;
  };
  const change = (who: Caller, reservation: ChangedReservation, lines: Lines, slotStart = reservation.slotStart) =>
    who(CHANGE, { id: reservation.id, lines: linesOf(lines), slotStart });
  const mine = async (who: Caller, id: string) =>
    ((await ok(who(MINE))).myReservations as ChangedReservation[]).find((reservation) => reservation.id === id)!;
  const quantities = (reservation: ChangedReservation) => reservation.lines.map((line) => [line.itemId, line.quantity]);

  it('the owner lowers a line, raises one, removes one and moves the slot: the holds move by the difference', async () => {
    const merlot = await item('Merlot', 5, 12.5);
    const rye = await item('Rye', 4, 30);
    const gin = await item('Gin', null, 20);
    const who = await target.customer();
    const reservation = await reserve(who, [
      [merlot, 3],
      [rye, 1],
      [gin, 1],
    ]);
    expect([(await stockOf(merlot)).stock, (await stockOf(rye)).stock]).toEqual([2, 3]);
    // The next day's first slot: another day, so the reservation expires later too.
    const later = pickupSlots({ weeklyHours: ALL_DAY }, new Date(), { preparationMinutes: 0 })[1]!.slots[0]!;
    const changed = (
      await ok(
        change(
          who,
          reservation,
          [
            [merlot, 1],
            [rye, 3],
          ],
          later.start,
        ),
      )
    ).changeReservation as ChangedReservation;
    expect(changed).toMatchObject({
      id: reservation.id,
      number: reservation.number,
      status: 'Requested',
      slotStart: later.start,
      total: 102.5,
    });
    expect(quantities(changed)).toEqual([
      [merlot, 1],
      [rye, 3],
    ]);
    expect(changed.lines.map((line) => line.reservedQuantity)).toEqual([1, 3]);
    expect(changed.slotLabel).toContain(later.label);
    expect(Date.parse(changed.expiresAt)).toBeGreaterThan(Date.parse(reservation.expiresAt));
    // 3 -> 1 frees 2 of Merlot; 1 -> 3 holds 2 more of Rye; the uncounted Gin's hold of 1 goes.
    expect(await stockOf(merlot)).toMatchObject({ stock: 4, shelfStock: 5, heldStock: 1 });
    expect(await stockOf(rye)).toMatchObject({ stock: 1, shelfStock: 4, heldStock: 3 });
    expect(await stockOf(gin)).toMatchObject({ stock: null, heldStock: 0 });
    // The customer's list and staff's both show the new lines and slot.
    expect(await mine(who, reservation.id)).toMatchObject({ slotStart: later.start, total: 102.5 });
    const staff = (await ok(target.admin(LIST_ALL, { search: reservation.number }))).listReservations as ChangedReservation[];
    expect(staff.map(quantities)).toEqual([
      [
        [merlot, 1],
        [rye, 3],
      ],
    ]);

    const number = formatReservationNumber(reservation.number);
    const mails = (await mailsTo(target.inbox(), SHOP_ADDRESS)).filter((mail) => mail.subject === `Reservation ${number} changed`);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text.indexOf('Now:')).toBeLessThan(text.indexOf('Before:'));
    expect(text.slice(text.indexOf('Now:'), text.indexOf('Before:'))).toMatch(/1 × Merlot[^\n]*\$12\.50[\s\S]*3 × Rye[^\n]*\$90\.00/);
    expect(text.slice(text.indexOf('Before:'))).toMatch(/3 × Merlot[\s\S]*1 × Rye[\s\S]*1 × Gin/);
    expect(text).toContain(`Pickup: ${changed.slotLabel}`);
    expect(text).toContain(`was ${reservation.slotLabel}`);

    const log = (await ok(target.admin(ACTIVITY, { actorId: reservation.userId, kind: 'reservation' }))).listActivity as {
      entries: ActivityEntry[];
    };
    const entry = log.entries.find((found) => found.targetId === reservation.id && found.action === 'change');
    expect(entry).toMatchObject({ actorName: 'Customer', targetName: number });
    expect(entry!.changes).toEqual([
      {
        field: 'lines',
        before: expect.stringMatching(/^3 × Merlot.*; 1 × Rye.*; 1 × Gin/),
        after: expect.stringMatching(/^1 × Merlot.*; 3 × Rye/),
      },
      { field: 'slot', before: reservation.slotLabel, after: changed.slotLabel },
    ]);
  });

  it('adds a new item through the same checks as reserving, and a change of nothing changes nothing', async () => {
    const merlot = await item('Merlot', 5);
    const sold = await item('Sold Out Rye', 0);
    const gin = await item('Gin', 2);
    const who = await target.customer();
    const reservation = await reserve(who, [[merlot, 2]]);
    expect(
      await refusal(
        change(who, reservation, [
          [merlot, 2],
          [sold, 1],
        ]),
      ),
    ).toMatchObject({ errorType: ERROR_TYPES.validation, message: expect.stringMatching(/^Sold Out Rye .* is out of stock$/) });
    expect(
      await refusal(
        change(who, reservation, [
          [merlot, 2],
          ['00000000-0000-4000-8000-00000000dead', 1],
        ]),
      ),
    ).toMatchObject({ message: 'This item is no longer in the shop' });
    const same = (await ok(change(who, reservation, [[merlot, 2]]))).changeReservation as ChangedReservation;
    expect(same.expiresAt).toBe(reservation.expiresAt);
    const added = (
      await ok(
        change(who, reservation, [
          [merlot, 2],
          [gin, 2],
        ]),
      )
    ).changeReservation as ChangedReservation;
    expect(quantities(added)).toEqual([
      [merlot, 2],
      [gin, 2],
    ]);
    expect([(await stockOf(merlot)).stock, (await stockOf(gin)).stock]).toEqual([3, 0]);
  });

  it('refuses more than is offered (its own hold counted), changing nothing, not even the lines that fit', async () => {
    const merlot = await item('Merlot', 3);
    const rye = await item('Rye', 5);
    const who = await target.customer();
    const other = await target.customer();
    const reservation = await reserve(who, [
      [merlot, 2],
      [rye, 4],
    ]);
    await reserve(other, [[merlot, 1]]);
    expect(await stockOf(merlot)).toMatchObject({ stock: 0, heldStock: 3 });
    // 2 -> 3 of Merlot needs 1 more and none is offered: its own 2 are all it can have.
    expect(
      await refusal(
        change(who, reservation, [
          [merlot, 3],
          [rye, 1],
        ]),
      ),
    ).toMatchObject({ errorType: ERROR_TYPES.validation, message: expect.stringMatching(/^Only 2 of Merlot/) });
    expect(await stockOf(merlot)).toMatchObject({ stock: 0, heldStock: 3 });
    expect(await stockOf(rye)).toMatchObject({ stock: 1, heldStock: 4 });
    expect(quantities(await mine(who, reservation.id))).toEqual([
      [merlot, 2],
      [rye, 4],
    ]);
    // 4 -> 5 of Rye takes the last one offered; 4 -> 6 would be one too many.
    expect(
      await refusal(
        change(who, reservation, [
          [merlot, 2],
          [rye, 6],
        ]),
      ),
    ).toMatchObject({ message: expect.stringMatching(/^Only 5 of Rye/) });
    await ok(
      change(who, reservation, [
        [merlot, 2],
        [rye, 5],
      ]),
    );
    expect(await stockOf(rye)).toMatchObject({ stock: 0, shelfStock: 5, heldStock: 5 });
  });

  it('refuses no line at all (that is Cancel), the limits of reserving, and a slot not offered', async () => {
    const merlot = await item('Merlot', 20);
    const who = await target.customer();
    const reservation = await reserve(who, [[merlot, 2]]);
    const cases: Array<[Lines, string, string]> = [
      [[], reservation.slotStart, PICKUP_MESSAGES.changeNoLines],
      [[[merlot, 0]], reservation.slotStart, PICKUP_MESSAGES.lineQuantity(12)],
      [[[merlot, 13]], reservation.slotStart, PICKUP_MESSAGES.lineQuantity(12)],
      [
        [
          [merlot, 1],
          [merlot, 1],
        ],
        reservation.slotStart,
        PICKUP_MESSAGES.lineTwice,
      ],
      [[[merlot, 2]], '2020-01-06T15:00:00.000Z', PICKUP_MESSAGES.slotUnavailable],
      // Off the grid: a minute after an offered slot starts.
      [[[merlot, 2]], new Date(Date.parse(offeredSlots()[2]!.start) + 60_000).toISOString(), PICKUP_MESSAGES.slotUnavailable],
      [[[merlot, 2]], 'tomorrow at noon', PICKUP_MESSAGES.slotUnavailable],
    ];
    for (const [lines, slotStart, message] of cases)
      expect(await refusal(change(who, reservation, lines, slotStart))).toMatchObject({ errorType: ERROR_TYPES.validation, message });
    expect(await mine(who, reservation.id)).toMatchObject({ slotStart: reservation.slotStart, expiresAt: reservation.expiresAt });
    expect((await stockOf(merlot)).stock).toBe(18);
  });

  it('nobody but the owner changes it: another customer, staff, the public API key', async () => {
    const merlot = await item('Merlot', 5);
    const who = await target.customer();
    const reservation = await reserve(who, [[merlot, 2]]);
    const stranger = await target.customer();
    expect(await refusal(change(stranger, reservation, [[merlot, 1]]))).toMatchObject({ errorType: 'NotFound' });
    expect((await refusal(change(target.admin, reservation, [[merlot, 1]])))?.errorType).toBe('Unauthorized');
    expect((await refusal(change(target.guest, reservation, [[merlot, 1]])))?.errorType).toBe('Unauthorized');
    // An id that is no reservation, or not an id at all.
    expect(await refusal(change(who, { ...reservation, id: '00000000-0000-4000-8000-000000000000' }, [[merlot, 1]]))).toMatchObject({
      errorType: 'NotFound',
    });
    expect(await refusal(change(who, { ...reservation, id: '../x' }, [[merlot, 1]]))).toMatchObject({ errorType: 'NotFound' });
    expect(quantities(await mine(who, reservation.id))).toEqual([[merlot, 2]]);
    expect((await stockOf(merlot)).stock).toBe(3);
  });

  it('a Ready or a Cancelled reservation is not changed', async () => {
    const merlot = await item('Merlot', 10);
    const who = await target.customer();
    const ready = await reserve(who, [[merlot, 2]]);
    await ok(target.admin(ACTION, { id: ready.id, action: 'markReady' }));
    expect(await refusal(change(who, ready, [[merlot, 1]]))).toMatchObject({ message: PICKUP_MESSAGES.changeNotRequested });
    const cancelled = await reserve(who, [[merlot, 3]]);
    await ok(who(CANCEL_MINE, { id: cancelled.id }));
    expect(await refusal(change(who, cancelled, [[merlot, 1]]))).toMatchObject({ message: PICKUP_MESSAGES.alreadyCancelled });
    // Ready holds its 2, the cancelled one none.
    expect(await stockOf(merlot)).toMatchObject({ stock: 8, heldStock: 2 });
  });

  it('a change reaching for the last bottles as another customer reserves them: one gets them, the stock exact', async () => {
    for (let round = 0; round < 3; round++) {
      const merlot = await item('Merlot', 4);
      const who = await target.customer();
      const other = await target.customer();
      const reservation = await reserve(who, [[merlot, 2]]);
      await ok(other(SET_LINE, { itemId: merlot, quantity: 2 }));
      const [changed, reserved] = await Promise.all([
        change(who, reservation, [[merlot, 4]]),
        other(RESERVE, { slotStart: offeredSlots()[1]!.start }),
      ]);
      expect([changed, reserved].filter((body) => !body.errors)).toHaveLength(1);
      expect(await stockOf(merlot)).toMatchObject({ stock: 0, shelfStock: 4, heldStock: 4 });
      const loser = changed.errors ? changed : reserved;
      expect(loser.errors?.[0]?.message).toMatch(/^(Only 2 of Merlot|Merlot .* is out of stock)/);
    }
  });
}
