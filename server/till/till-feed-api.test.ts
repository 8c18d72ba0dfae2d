/**
 * The till feed on the local server (decision 0377): the battery both backends run
 * (tests/support/till-feed-battery.ts), with files written into DATA_DIR/till-inbox/ as a till
 * writes them and the schedule run as the server's timer runs it.
 */
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from 'vitest';
import { ROLE_USER } from '../../shared/roles';
import { localBatteryServer } from '../../tests/support/local-battery';
import { postGraphQL } from '../../tests/support/test-server';
import { tillFeedBattery } from '../../tests/support/till-feed-battery';
import { SETTLE_MS } from './local-till-inbox';

const local = localBatteryServer();
const inbox = () => join(local.server().dataDir, 'till-inbox');
let dropped = 0;

describe('the till feed (local server)', () => {
  tillFeedBattery({
    admin: local.admin,
    guest: local.guest,
    customer: async (query, variables = {}) => {
      const { token } = await local.server().sessionFor(ROLE_USER);
      return (await postGraphQL(local.server(), { query, variables }, { authorization: token })).body;
    },
    drop: async (name, text) => {
      const path = join(inbox(), name);
      await writeFile(path, text);
      // Written a while ago, as a till's finished export is by the next turn; in the order dropped.
      const at = (Date.now() - 10 * SETTLE_MS + (dropped += 1)) / 1000;
      await utimes(path, at, at);
    },
    turn: async () => {
      await local.server().runSchedule('readTillInbox');
    },
    kept: (outcome) => readdir(join(inbox(), outcome)),
    keptText: (outcome, name) => readFile(join(inbox(), outcome, name), 'utf8'),
  });
});
