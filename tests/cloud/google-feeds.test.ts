/**
 * Google's feeds on the emulated cloud (decision 0379): the local server's battery
 * (tests/support/google-feeds-battery.ts), with the feeds written to the media bucket's feeds/ by
 * the catalogue function's schedule (run here as EventBridge runs it) and fetched from the site at
 * /feeds/*.tsv, as Amplify Hosting's rewrite serves them from the bucket through CloudFront.
 */
import { beforeAll, describe } from 'vitest';
import { googleFeedsBattery } from '../support/google-feeds-battery';
import { call, cloudShop, guest, type CloudShop } from './support/api';
import { cloudCustomer } from './support/customers';
import { runSchedule } from './support/emulation';

const site = process.env.CLOUD_SITE_URL!;
let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

describe("Google's feeds on the emulated cloud", () => {
  googleFeedsBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer: async () => (await cloudCustomer('feeds')).call,
    // The catalogue function's SHOP_SITE_ORIGIN: the storefront site's (tests/cloud-emulation/run.ts).
    origin: site,
    fetchFeed: async (path) => {
      const response = await fetch(`${site}${path}`);
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
    },
    publish: async () => void (await runSchedule('catalogue', { schedule: 'publishGoogleFeeds' })),
  });
});
