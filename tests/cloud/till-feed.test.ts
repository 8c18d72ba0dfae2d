/**
 * The till feed on the emulated cloud (decision 0377): the local server's battery
 * (tests/support/till-feed-battery.ts), with each file put under the media bucket's till-inbox/
 * as the owner's sync tool puts it; the bucket's "Object Created" event runs the catalogue
 * function through the stack's EventBridge rule, as on AWS.
 */
import { beforeAll, describe } from 'vitest';
import { TILL_INBOX_KEY_PREFIX } from '../../amplify/functions/common/s3-till-inbox';
import { tillFeedBattery } from '../support/till-feed-battery';
import { call, cloudShop, guest, signUp, uniqueEmail, type CloudShop } from './support/api';
import { mediaBucket } from './support/media-bucket';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

describe('the till feed on the emulated cloud', () => {
  const bucket = mediaBucket();
  tillFeedBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer: async (query, variables) => (await call({ token: await signUp(uniqueEmail('till')) }, query, variables)).body,
    drop: (name, text) => bucket.put(`${TILL_INBOX_KEY_PREFIX}${name}`, text),
    // The bucket's event runs the feed; nothing to do but wait for it.
    turn: async () => undefined,
    kept: async (outcome) =>
      (await bucket.keys(`${TILL_INBOX_KEY_PREFIX}${outcome}/`)).map((key) => key.slice(`${TILL_INBOX_KEY_PREFIX}${outcome}/`.length)),
    keptText: (outcome, name) => bucket.text(`${TILL_INBOX_KEY_PREFIX}${outcome}/${name}`),
  });
});
