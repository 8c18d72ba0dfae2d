/**
 * The till feed on the local server (decision 0377): the battery both backends run
 * (tests/support/till-feed-battery.ts), with files written into DATA_DIR/till-inbox/ as a till
 * writes them and the schedule run as the server's timer runs it.
 */
import { mkdir, readdir, readFile, symlink, truncate, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLE_USER } from '../../shared/roles';
import { localBatteryServer } from '../../tests/support/local-battery';
import { postGraphQL } from '../../tests/support/test-server';
import { tillFeedBattery } from '../../tests/support/till-feed-battery';
import { TILL_FEED_MESSAGES } from '../../shared/till-feed';
import { SETTLE_MS } from './local-till-inbox';
import { TILL_FILE_MAX_BYTES } from './till-inbox';

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

describe('the till feed refuses what is not a till export, and waits for a file still being written (local server)', () => {
  const server = localBatteryServer();
  const folder = () => join(server.server().dataDir, 'till-inbox');
  const feed = async () =>
    (await server.admin('query { tillFeed { file outcome failure applied } }')).data?.tillFeed as {
      file: string;
      outcome: string;
      failure: string | null;
    } | null;
  const settled = async (name: string, bytes: string | Buffer) => {
    const path = join(folder(), name);
    await writeFile(path, bytes);
    const at = (Date.now() - 10 * SETTLE_MS) / 1000;
    await utimes(path, at, at);
  };

  it('leaves a file the till is still writing for a later turn', async () => {
    await writeFile(join(folder(), 'writing.csv'), 'UPC,QOH\n');
    expect(await server.server().runSchedule('readTillInbox')).toBe(0);
    expect(await readdir(folder())).toContain('writing.csv');
    expect(await feed()).toBeNull();
  });

  it('refuses a binary file and one over 10 MB to failed/, unread, with the reason', async () => {
    await settled('photo.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]));
    expect(await server.server().runSchedule('readTillInbox')).toBe(1);
    expect(await feed()).toMatchObject({ file: 'photo.csv', outcome: 'failed', failure: TILL_FEED_MESSAGES.notText });
    const huge = join(folder(), 'huge.csv');
    await writeFile(huge, '');
    await truncate(huge, TILL_FILE_MAX_BYTES + 1);
    const at = (Date.now() - 10 * SETTLE_MS) / 1000;
    await utimes(huge, at, at);
    expect(await server.server().runSchedule('readTillInbox')).toBe(1);
    expect(await feed()).toMatchObject({ file: 'huge.csv', outcome: 'failed', failure: TILL_FEED_MESSAGES.tooLarge(10) });
    expect((await readdir(join(folder(), 'failed'))).filter((name) => !name.endsWith('.report.txt'))).toHaveLength(2);
  });

  it('ignores hidden files, folders and links', async () => {
    await settled('.partial.csv', 'UPC,QOH\n1,1\n');
    await symlink('/etc/passwd', join(folder(), 'passwd.csv'));
    await mkdir(join(folder(), 'archive'));
    expect(await server.server().runSchedule('readTillInbox')).toBe(0);
  });
});
