/** "Notify me when it's back" on the local server, through the API: the battery both backends run (tests/support/notify-me-battery.ts). */
import { afterAll, beforeAll, describe } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { notifyMeBattery } from '../../tests/support/notify-me-battery';
import type { MailCaller } from '../../tests/support/reservation-mail-battery';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';

let inbox: SmtpInbox;
let server: TestServer;
let adminToken: string;

const caller =
  (headers: () => Record<string, string>): MailCaller =>
  async (query, variables = {}) =>
    (await postGraphQL(server, { query, variables }, headers())).body;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ env: inbox.env });
  adminToken = (await server.sessionFor(ROLE_ADMIN)).token;
});
afterAll(async () => {
  await server?.stop();
  await inbox?.stop();
});

let made = 0;
describe('notify me when it is back (local server)', () => {
  notifyMeBattery({
    admin: caller(() => ({ authorization: adminToken })),
    guest: caller(() => ({ 'x-api-key': server.apiKey })),
    customer: async (confirmed = true) => {
      const email = `notify-api${++made}.${Date.now()}@example.com`;
      const { token, userId } = await server.sessionFor(ROLE_USER, email);
      if (confirmed) server.store.update('User', { id: userId, emailConfirmed: true });
      return { call: caller(() => ({ authorization: token })), email };
    },
    inbox: () => inbox,
  });
});
