/**
 * The reservation e-mails on the local server (decision 0327): the battery both backends run
 * (tests/support/reservation-mail-battery.ts), then what only the local server can drive: the
 * shop's mail while the shop has no address of its own, and a server without SMTP, where nothing
 * is sent and every status still shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox';
import {
  openShopForMail,
  reservationMailBattery,
  reserveTwo,
  SHOP_ADDRESS,
  type MailCaller,
} from '../../tests/support/reservation-mail-battery';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';

let inbox: SmtpInbox;
let server: TestServer;
let plain: TestServer;
let admin: MailCaller;

const caller =
  (target: TestServer, token: string): MailCaller =>
  async (query, variables = {}) =>
    (await postGraphQL(target, { query, variables }, { authorization: token })).body;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ env: inbox.env });
  plain = await startTestServer();
  admin = caller(server, (await server.sessionFor(ROLE_ADMIN)).token);
});
afterAll(async () => {
  await server?.stop();
  await plain?.stop();
  await inbox?.stop();
});

let made = 0;
async function customer(target = server) {
  const email = `mail-customer${++made}.${Date.now()}@example.com`;
  const { token, userId } = await target.sessionFor(ROLE_USER, email);
  target.store.update('User', { id: userId, emailConfirmed: true });
  return { call: caller(target, token), email };
}

describe('reservation e-mails (local server)', () => {
  reservationMailBattery({
    admin: (query, variables) => admin(query, variables),
    customer: () => customer(),
    inbox: () => inbox,
    expire: async (now) => {
      await server.runSchedule('expireReservations', now);
    },
  });

  it("sends the shop's mail to the SMTP From address while the shop has no e-mail set", async () => {
    await openShopForMail(admin, null);
    try {
      const who = await customer();
      const reservation = await reserveTwo(admin, who.call, null);
      const shop = await inbox.next('shop@example.com');
      expect(shop.subject).toContain(reservation.number.slice(0, 4));
      expect(shop.text).toContain('Note: none');
    } finally {
      await openShopForMail(admin, SHOP_ADDRESS);
    }
  });

  it('without SMTP sends nothing and every status still shows', async () => {
    const plainAdmin = caller(plain, (await plain.sessionFor(ROLE_ADMIN)).token);
    await openShopForMail(plainAdmin);
    const before = inbox.messages.length;
    const who = await customer(plain);
    const reservation = await reserveTwo(plainAdmin, who.call);
    expect(reservation.status).toBe('Requested');
    expect(
      (await plainAdmin('mutation ($id: ID!) { reservationAction(id: $id, action: "markReady") { status } }', { id: reservation.id })).data,
    ).toEqual({ reservationAction: { status: 'Ready' } });
    expect((await who.call('query { myReservations { id status } }')).data).toEqual({
      myReservations: [{ id: reservation.id, status: 'Ready' }],
    });
    expect(inbox.messages.length).toBe(before);
  });
});
