/**
 * The reservation e-mails on the local server (decision 0327), through the API into a real
 * loopback SMTP inbox: the customer's on a request, Ready, staff's cancelling and expiry, each
 * once; the shop's on a request, the only one with the customer's note; none for the customer's
 * own cancelling or the hand-over; and without SMTP every status still shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupSlots } from '../../shared/pickup-slots';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { SHOP_SETTINGS_ID } from '../../shared/shop-hours';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';

const HOURS = Array.from({ length: 7 }, () => '00:00-24:00');
const SHOP_ADDRESS = 'orders@patterson.example';
const NOTE = 'Please call me http://stranger.example';
const RESERVATION = 'id number status';
const SET_LINE = 'mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }';
const RESERVE = `mutation ($slotStart: String!, $note: String, $phone: String) { reserve(slotStart: $slotStart, note: $note, phone: $phone) { ${RESERVATION} expiresAt } }`;
const ACTION = `mutation ($id: ID!, $action: String!, $idChecked: Boolean, $reason: String) {
  reservationAction(id: $id, action: $action, idChecked: $idChecked, reason: $reason) { ${RESERVATION} } }`;

let inbox: SmtpInbox;
let server: TestServer;
let plain: TestServer;
let adminToken: string;

function openShop(target: TestServer, email: string | null) {
  const fields = { weeklyHours: HOURS, pickupPreparationMinutes: 0, email };
  if (target.store.get('ShopSettings', SHOP_SETTINGS_ID)) target.store.update('ShopSettings', { id: SHOP_SETTINGS_ID, ...fields });
  else target.store.create('ShopSettings', { id: SHOP_SETTINGS_ID, name: 'Test shop', ...fields });
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ env: inbox.env });
  plain = await startTestServer();
  adminToken = (await server.sessionFor(ROLE_ADMIN)).token;
  openShop(server, SHOP_ADDRESS);
  openShop(plain, SHOP_ADDRESS);
});
afterAll(async () => {
  await server?.stop();
  await plain?.stop();
  await inbox?.stop();
});

const call = async (target: TestServer, token: string, query: string, variables: Record<string, unknown> = {}) => {
  const { body } = await postGraphQL(target, { query, variables }, { authorization: token });
  expect(body.errors).toBeUndefined();
  return body.data!;
};

let made = 0;
async function customer(target = server) {
  const email = `mail-customer${++made}.${Date.now()}@example.com`;
  const { token, userId } = await target.sessionFor(ROLE_USER, email);
  target.store.update('User', { id: userId, emailConfirmed: true });
  return { token, email };
}

async function reserve(who: { token: string }, target = server, note: string | null = NOTE) {
  const itemId = target.store.create('Item', { name: `Mail Merlot ${++made}`, price: 12.5, stock: 5, tags: ['wine'] }).id;
  await call(target, who.token, SET_LINE, { itemId, quantity: 2 });
  const slotStart = pickupSlots({ weeklyHours: HOURS }, new Date(), { preparationMinutes: 0 })[0]!.slots[0]!.start;
  const data = await call(target, who.token, RESERVE, { slotStart, note, phone: '(845) 555-0142' });
  return { ...(data.reserve as { id: string; number: string; status: string; expiresAt: string }), itemId };
}

const staff = (id: string, action: string, extra: Record<string, unknown> = {}) =>
  postGraphQL(server, { query: ACTION, variables: { id, action, ...extra } }, { authorization: adminToken }).then(({ body }) => body);

/** Every mail to `to` once the background sends have had time to land. */
async function settled(to: string) {
  await new Promise((resolve) => setTimeout(resolve, 400));
  return inbox.messages.filter((message) => message.to.includes(to));
}

describe('reservation e-mails (local server)', () => {
  it("mails the customer on a request, without their note, and the shop with it, once each", async () => {
    const who = await customer();
    const reservation = await reserve(who);
    const number = `${reservation.number.slice(0, 4)}-${reservation.number.slice(4)}`;
    const mail = await inbox.next(who.email);
    expect(mail.subject).toBe(`Your reservation ${number} at Patterson Wine & Liquor`);
    expect(mail.text).toContain('2 × Mail Merlot');
    expect(mail.text).toContain('Total: $25.00');
    expect(mail.text).toContain('Pay at pickup. Bring a photo ID');
    expect(mail.text).not.toContain('stranger.example');
    expect(mail.text).not.toContain('555-0142');
    const shop = (await settled(SHOP_ADDRESS)).filter((message) => message.subject.includes(number));
    expect(shop).toHaveLength(1);
    expect(shop[0]!.text).toContain(`Note: ${NOTE}`);
    expect(shop[0]!.text).toContain(`<${who.email}>`);
    expect(await settled(who.email)).toHaveLength(1);
  });

  it('mails Ready once and the hand-over not at all', async () => {
    const who = await customer();
    const reservation = await reserve(who);
    await inbox.next(who.email);
    const twice = await Promise.all([staff(reservation.id, 'markReady'), staff(reservation.id, 'markReady')]);
    expect(twice.filter((body) => !body.errors)).toHaveLength(1);
    const ready = await inbox.next(who.email);
    expect(ready.subject).toContain('is ready for pickup');
    expect((await staff(reservation.id, 'pickUp', { idChecked: true })).errors).toBeUndefined();
    expect((await settled(who.email)).map((message) => message.subject)).toEqual([
      expect.stringContaining('Your reservation'),
      expect.stringContaining('is ready for pickup'),
    ]);
  });

  it("mails staff's cancelling once with the reason, and not the customer's own", async () => {
    const who = await customer();
    const first = await reserve(who);
    await inbox.next(who.email);
    const both = await Promise.all([
      staff(first.id, 'cancel', { reason: 'Out of Merlot after a breakage' }),
      staff(first.id, 'cancel', { reason: 'Out of Merlot after a breakage' }),
    ]);
    expect(both.filter((body) => !body.errors)).toHaveLength(1);
    const cancelled = await inbox.next(who.email);
    expect(cancelled.subject).toContain('is cancelled');
    expect(cancelled.text).toContain('Reason: Out of Merlot after a breakage');
    const second = await reserve(who);
    await inbox.next(who.email);
    await call(server, who.token, 'mutation ($id: ID!) { cancelMyReservation(id: $id) { status } }', { id: second.id });
    expect(await settled(who.email)).toHaveLength(3);
  });

  it("mails the expiry once though the timer's check runs twice at once", async () => {
    const who = await customer();
    const reservation = await reserve(who);
    await inbox.next(who.email);
    const late = new Date(Date.parse(reservation.expiresAt) + 1000);
    await Promise.all([server.reservations.expireReservations(late), server.reservations.expireReservations(late)]);
    await server.reservations.expireReservations(late);
    const expired = await inbox.next(who.email);
    expect(expired.subject).toContain('has expired');
    expect((await settled(who.email)).filter((message) => message.subject.includes('has expired'))).toHaveLength(1);
  });

  it("sends the shop's mail to the SMTP From address while the shop has no e-mail set", async () => {
    openShop(server, null);
    try {
      const who = await customer();
      const reservation = await reserve(who, server, null);
      const shop = await inbox.next('shop@example.com');
      expect(shop.subject).toContain(reservation.number.slice(0, 4));
      expect(shop.text).toContain('Note: none');
    } finally {
      openShop(server, SHOP_ADDRESS);
    }
  });

  it('without SMTP sends nothing and every status still shows', async () => {
    const before = inbox.messages.length;
    const who = await customer(plain);
    const reservation = await reserve(who, plain);
    expect(reservation.status).toBe('Requested');
    const mine = await call(plain, who.token, 'query { myReservations { id status } }');
    expect(mine.myReservations).toEqual([{ id: reservation.id, status: 'Requested' }]);
    expect(inbox.messages.length).toBe(before);
  });
});
