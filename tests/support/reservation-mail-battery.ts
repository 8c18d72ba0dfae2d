/**
 * The reservation e-mails through the API into a real loopback SMTP inbox (decision 0327), the
 * battery both backends run: the local server (server/reservations/reservation-mail-api.test.ts)
 * and the emulated cloud (tests/cloud/reservation-mail.test.ts). The customer's mail on a request
 * (without their note), the shop's (with it), Ready and staff's cancelling once each even when
 * staff press twice at once, the expiry's once though its run comes twice at once, and no mail
 * for the customer's own cancelling or the hand-over.
 */
import { beforeAll, expect, it } from 'vitest';
import { pickupSlots } from '../../shared/pickup-slots';
import { formatReservationNumber } from '../../shared/reservation-limits';
import type { ReservationAnswer } from './reservation-battery';
import { mailsTo } from './confirmation-mail';
import type { SmtpInbox } from './smtp-inbox';

export type MailCaller = (query: string, variables?: Record<string, unknown>) => Promise<ReservationAnswer>;

export interface ReservationMailTarget {
  admin: MailCaller;
  /** A new signed-in customer with a confirmed address. */
  customer(): Promise<{ call: MailCaller; email: string }>;
  inbox: () => SmtpInbox;
  /** Runs the expiry as its timer (local) or schedule (cloud) does, at `now`. */
  expire(now: Date): Promise<void>;
}

/** The shop's own address (ShopSettings.email) the battery sets. */
export const SHOP_ADDRESS = 'orders@patterson.example';
/** Open every day (New York's Sunday hours allow it), so the next 7 days always offer a slot. */
export const ALL_DAY = Array.from({ length: 7 }, () => '10:00-21:00');
const NOTE = 'Please call me http://stranger.example';
const RESERVATION = 'id number status expiresAt';
const SET_LINE = 'mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }';
const RESERVE = `mutation ($slotStart: String!, $note: String, $phone: String) { reserve(slotStart: $slotStart, note: $note, phone: $phone) { ${RESERVATION} } }`;
const ACTION = `mutation ($id: ID!, $action: String!, $idChecked: Boolean, $reason: String) {
  reservationAction(id: $id, action: $action, idChecked: $idChecked, reason: $reason) { ${RESERVATION} } }`;
const CANCEL_MINE = 'mutation ($id: ID!) { cancelMyReservation(id: $id) { status } }';
const CREATE_ITEM = `mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }`;

export interface MadeReservation {
  id: string;
  number: string;
  status: string;
  expiresAt: string;
}

const ok = async (answer: Promise<ReservationAnswer>) => {
  const body = await answer;
  expect(body.errors).toBeUndefined();
  return body.data!;
};

/** Sets the hours, no preparation time and the shop's address, creating the settings when none exist. */
export async function openShopForMail(admin: MailCaller, email: string | null = SHOP_ADDRESS): Promise<void> {
  const existing = (await ok(admin('query { getShopSettings(id: "shop") { id } }'))).getShopSettings;
  if (!existing)
    await ok(
      admin('mutation ($input: CreateShopSettingsInput!) { createShopSettings(input: $input) { id } }', {
        input: { id: 'shop', name: 'Patterson Wine & Liquor' },
      }),
    );
  await ok(
    admin('mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id } }', {
      // Whole shelves may be held: the share cap (decision 0374) is the customer-limits battery's to test.
      input: { id: 'shop', weeklyHours: ALL_DAY, pickupPreparationMinutes: 0, email, reservationShareCap: 100 },
    }),
  );
}

let made = 0;
/** A new item with 5 bottles, 2 of them reserved by `who` for the first slot. */
export async function reserveTwo(admin: MailCaller, who: MailCaller, note: string | null = NOTE): Promise<MadeReservation> {
  const input = { name: `Mail Merlot ${Date.now()}-${++made}`, price: 12.5, stock: 5, tags: ['wine'] };
  const itemId = ((await ok(admin(CREATE_ITEM, { input }))).createItem as { id: string }).id;
  await ok(who(SET_LINE, { itemId, quantity: 2 }));
  const slotStart = pickupSlots({ weeklyHours: ALL_DAY }, new Date(), { preparationMinutes: 0 })[0]!.slots[0]!.start;
  return (await ok(who(RESERVE, { slotStart, note, phone: '(845) 555-0142' }))).reserve as MadeReservation;
}

/**
 * Every mail to `to` once sends in flight have had time to land, but for the sign-up's address
 * confirmation (a cloud customer signs up through the API; a local one is made without mail).
 */

export function reservationMailBattery(target: ReservationMailTarget): void {
  beforeAll(() => openShopForMail(target.admin));
  const staff = (id: string, action: string, extra: Record<string, unknown> = {}) => target.admin(ACTION, { id, action, ...extra });

  it('mails the customer on a request, without their note, and the shop with it, once each', async () => {
    const inbox = target.inbox();
    const who = await target.customer();
    const reservation = await reserveTwo(target.admin, who.call);
    const number = formatReservationNumber(reservation.number);
    const mail = await inbox.next(who.email, 15_000);
    expect(mail.subject).toBe(`Your reservation ${number} at Patterson Wine & Liquor`);
    expect(mail.text).toContain('2 × Mail Merlot');
    expect(mail.text).toContain('Total: $25.00');
    expect(mail.text).toContain('Pay at pickup. Bring a photo ID');
    expect(mail.text).not.toContain('stranger.example');
    expect(mail.text).not.toContain('555-0142');
    const shop = (await mailsTo(inbox, SHOP_ADDRESS)).filter((message) => message.subject.includes(number));
    expect(shop).toHaveLength(1);
    expect(shop[0]!.text).toContain(`Note: ${NOTE}`);
    expect(shop[0]!.text).toContain(`<${who.email}>`);
    expect(await mailsTo(inbox, who.email)).toHaveLength(1);
  });

  it('mails Ready once though staff press it twice at once, and the hand-over not at all', async () => {
    const inbox = target.inbox();
    const who = await target.customer();
    const reservation = await reserveTwo(target.admin, who.call);
    await inbox.next(who.email, 15_000);
    const twice = await Promise.all([staff(reservation.id, 'markReady'), staff(reservation.id, 'markReady')]);
    expect(twice.filter((body) => !body.errors)).toHaveLength(1);
    const ready = await inbox.next(who.email, 15_000);
    expect(ready.subject).toBe(`Your reservation ${formatReservationNumber(reservation.number)} is ready for pickup`);
    expect((await staff(reservation.id, 'pickUp', { idChecked: true })).errors).toBeUndefined();
    expect((await mailsTo(inbox, who.email)).map((message) => message.subject)).toEqual([
      expect.stringContaining('Your reservation'),
      expect.stringContaining('is ready for pickup'),
    ]);
  });

  it("mails staff's cancelling once with the reason, and not the customer's own", async () => {
    const inbox = target.inbox();
    const who = await target.customer();
    const first = await reserveTwo(target.admin, who.call);
    await inbox.next(who.email, 15_000);
    const reason = 'Out of Merlot after a breakage';
    const both = await Promise.all([staff(first.id, 'cancel', { reason }), staff(first.id, 'cancel', { reason })]);
    expect(both.filter((body) => !body.errors)).toHaveLength(1);
    const cancelled = await inbox.next(who.email, 15_000);
    expect(cancelled.subject).toContain('is cancelled');
    expect(cancelled.text).toContain(`Reason: ${reason}`);
    const second = await reserveTwo(target.admin, who.call);
    await inbox.next(who.email, 15_000);
    await ok(who.call(CANCEL_MINE, { id: second.id }));
    expect(await mailsTo(inbox, who.email)).toHaveLength(3);
  });

  it("mails the expiry once though the expiry's run comes twice at once", async () => {
    const inbox = target.inbox();
    const who = await target.customer();
    const reservation = await reserveTwo(target.admin, who.call);
    await inbox.next(who.email, 15_000);
    const late = new Date(Date.parse(reservation.expiresAt) + 1000);
    await Promise.all([target.expire(late), target.expire(late)]);
    await target.expire(late);
    const expired = await inbox.next(who.email, 15_000);
    expect(expired.subject).toBe(`Your reservation ${formatReservationNumber(reservation.number)} has expired`);
    expect((await mailsTo(inbox, who.email)).filter((message) => message.subject.includes('has expired'))).toHaveLength(1);
  });
}
