/**
 * Google's feeds on the local server (decision 0379): the battery both backends run
 * (tests/support/google-feeds-battery.ts), fetched from the server's routes as Merchant Center
 * fetches them, with PUBLIC_ORIGIN an https origin, which every link must use (never the request's Host).
 */
import { describe } from 'vitest';
import { ROLE_USER } from '../../shared/roles';
import { googleFeedsBattery } from '../../tests/support/google-feeds-battery';
import { localBatteryServer } from '../../tests/support/local-battery';
import { postGraphQL } from '../../tests/support/test-server';

const ORIGIN = 'https://shop.example.test';
const local = localBatteryServer({ env: { PUBLIC_ORIGIN: ORIGIN } });

describe("Google's feeds (local server)", () => {
  googleFeedsBattery({
    admin: local.admin,
    guest: local.guest,
    customer: async () => {
      const server = local.server();
      const { token, userId } = await server.sessionFor(ROLE_USER);
      server.store.update('User', { id: userId, emailConfirmed: true });
      return async (query, variables) => (await postGraphQL(server, { query, variables }, { authorization: token })).body;
    },
    origin: ORIGIN,
    fetchFeed: async (path) => {
      const response = await fetch(`${local.server().url}${path}`);
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
    },
    publish: async () => undefined,
  });
});
