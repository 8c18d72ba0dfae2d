/**
 * RSVPs on the local server, through the API: the battery both backends run
 * (tests/support/rsvp-battery.ts), with a real loopback SMTP inbox; then what only the local
 * server shows: deleting a customer's account cancels their RSVPs and moves the waiting list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { dayFromToday, rsvpBattery, type RsvpCaller } from '../../tests/support/rsvp-battery';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox';
import { postGraphQL, startTestServer, TEST_PASSWORD, type TestServer } from '../../tests/support/test-server';

let inbox: SmtpInbox;
let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ env: inbox.env });
  adminToken = (await server.sessionFor(ROLE_ADMIN)).token;
});
afterAll(async () => {
  await server?.stop();
  await inbox?.stop();
});

const caller =
  (headers: Record<string, string>): RsvpCaller =>
  async (query, variables = {}) =>
    (await postGraphQL(server, { query, variables }, headers)).body;

let made = 0;
async function customer(confirmed = true) {
  const email = `rsvp-customer${++made}.${Date.now()}@example.com`;
  const { token, userId } = await server.sessionFor(ROLE_USER, email);
  if (confirmed) server.store.update('User', { id: userId, emailConfirmed: true });
  return { call: caller({ authorization: token }), email, userId };
}

describe('RSVPs (local server)', () => {
  rsvpBattery({
    admin: (query, variables) => caller({ authorization: adminToken })(query, variables),
    guest: (query, variables) => caller({ 'x-api-key': server.apiKey })(query, variables),
    customer,
    inbox: () => inbox,
    sendReminders: async (now) => {
      await server.runSchedule('sendRsvpReminders', now);
    },
  });

  it("deleting a customer's account cancels their RSVP and the waiting list moves up", async () => {
    const admin = caller({ authorization: adminToken });
    const created = await admin('mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
      input: { name: 'Cider night', date: dayFromToday(9), description: 'Ciders', takesRsvp: true, rsvpCapacity: 2, rsvpWaitingList: true },
    });
    const id = (created.data!.createEvent as { id: string }).id;
    const leaving = await customer();
    const next = await customer();
    const rsvp = 'mutation ($eventId: ID!, $partySize: Int!) { rsvp(eventId: $eventId, partySize: $partySize) { status } }';
    expect((await leaving.call(rsvp, { eventId: id, partySize: 2 })).data!.rsvp).toEqual({ status: 'Going' });
    expect((await next.call(rsvp, { eventId: id, partySize: 2 })).data!.rsvp).toEqual({ status: 'Waiting' });
    const deleted = await leaving.call('mutation ($p: String) { deleteMyAccount(currentPassword: $p) }', { p: TEST_PASSWORD });
    expect(deleted.errors).toBeUndefined();
    expect((await next.call('query { myRsvps { status } }')).data!.myRsvps).toEqual([{ status: 'Going' }]);
    expect(server.store.get('Event', id)!.rsvpTaken).toBe(2);
  });
});
