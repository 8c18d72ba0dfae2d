/**
 * Who the shop mails and how guessing is slowed (decisions 0369 and 0370) on the local server: the
 * battery the emulated cloud runs too (tests/support/account-mail-battery.ts), with the shop's own
 * limits, mail over SMTP to a loopback inbox, and each client a loopback address of its own.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { ROLE_ADMIN } from '../../shared/roles';
import { accountMailBattery } from '../../tests/support/account-mail-battery';
import type { MailCaller } from '../../tests/support/reservation-mail-battery';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox';
import { postGraphQL, startTestServer, TEST_PASSWORD, type TestServer } from '../../tests/support/test-server';
import { rawRequest } from '../../tests/security/support/raw-http';

let inbox: SmtpInbox;
let server: TestServer;
let admin: MailCaller;

const caller =
  (headers: () => Record<string, string>): MailCaller =>
  async (query, variables = {}) =>
    (await postGraphQL(server, { query, variables }, headers())).body;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startTestServer({ env: inbox.env });
  const { token } = await server.sessionFor(ROLE_ADMIN);
  admin = caller(() => ({ authorization: token }));
});
afterAll(async () => {
  await server?.stop();
  await inbox?.stop();
});

describe('who is mailed, and guessing slowed (local server)', () => {
  accountMailBattery({
    from:
      (n) =>
      async (query, variables = {}) =>
        (
          await rawRequest(server.url, '/graphql', {
            localAddress: `127.0.0.${100 + n}`,
            headers: { 'x-api-key': server.apiKey },
            body: JSON.stringify({ query, variables }),
          })
        ).json as Awaited<ReturnType<MailCaller>>,
    as: (token) => caller(() => ({ authorization: token })),
    admin: (query, variables) => admin(query, variables),
    inbox: () => inbox,
    password: TEST_PASSWORD,
  });
});
