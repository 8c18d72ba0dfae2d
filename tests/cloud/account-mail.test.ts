/**
 * Who the shop mails and how guessing is slowed (decisions 0369 and 0370) on the emulated AWS
 * backend (`npm run test:cloud` runs it): the battery the local server runs too
 * (tests/support/account-mail-battery.ts). The accounts function sends the account mails and the
 * shop's mail about an admin's slowed sign-ins, the catalogue function the reservation and
 * back-in-stock mails, all over SMTP to the inbox on CLOUD_SMTP_PORT; the throttle counts in
 * DynamoDB. Each client connects from a loopback address of its own (127.0.0.1xx), which the
 * emulation's AppSync front hands the function as AppSync does.
 */
import { beforeAll, describe } from 'vitest';
import { accountMailBattery } from '../support/account-mail-battery';
import type { MailCaller } from '../support/reservation-mail-battery';
import { rawRequest } from '../security/support/raw-http';
import { call, cloudShop, PASSWORD, type CloudShop } from './support/api';
import { cloudInbox } from './support/customers';
import { forgetAddressLimits } from './support/throttle-table';

const url = process.env.CLOUD_API_URL!;
const apiKey = process.env.CLOUD_API_KEY!;
let shop: CloudShop;
const inbox = cloudInbox();
beforeAll(async () => {
  shop = await cloudShop();
});

describe('who is mailed, and guessing slowed, on the emulated cloud', () => {
  accountMailBattery({
    from:
      (n) =>
      async (query, variables = {}) =>
        (
          await rawRequest(url, new URL(url).pathname, {
            localAddress: `127.0.0.${100 + n}`,
            headers: { 'x-api-key': apiKey },
            body: JSON.stringify({ query, variables }),
          })
        ).json as Awaited<ReturnType<MailCaller>>,
    as: (token) => async (query, variables) => (await call({ token }, query, variables)).body,
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    inbox,
    password: PASSWORD,
    beforeSignUp: forgetAddressLimits,
  });
});
