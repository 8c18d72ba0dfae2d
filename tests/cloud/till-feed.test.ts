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
import { runSchedule } from './support/emulation';
import { mediaBucket } from './support/media-bucket';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

describe('the till feed on the emulated cloud', () => {
  const bucket = mediaBucket();
  let droppedAt = 0;
  tillFeedBattery({
    admin: async (query, variables) => (await call({ token: shop.admin }, query, variables)).body,
    guest: async (query, variables) => (await call(guest, query, variables)).body,
    customer: async (query, variables) => (await call({ token: await signUp(uniqueEmail('till')) }, query, variables)).body,
    drop: async (name, text) => {
      droppedAt = Date.now();
      await bucket.put(`${TILL_INBOX_KEY_PREFIX}${name}`, text);
    },
    // The bucket's event runs the feed at once; a file whose event was lost (the whole cloud run
    // loads the emulation's functions) is taken by the rule's quarter-hourly turn, run here after 20 s.
    turn: async () => {
      if (Date.now() - droppedAt > 20_000) await runSchedule('shopCatalogue', { schedule: 'readTillInbox' });
    },
    kept: async (outcome) =>
      (await bucket.keys(`${TILL_INBOX_KEY_PREFIX}${outcome}/`)).map((key) => key.slice(`${TILL_INBOX_KEY_PREFIX}${outcome}/`.length)),
    keptText: (outcome, name) => bucket.text(`${TILL_INBOX_KEY_PREFIX}${outcome}/${name}`),
  });
});
