/** Cached answers are served only while nothing was written, by this process or another. */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';
import { ResponseCache } from './response-cache';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const LIST = { query: '{ listEvents { items { name } } }' };
const names = async () =>
  ((await postGraphQL(server, LIST)).body.data!.listEvents as { items: Array<{ name: string }> }).items.map((event) => event.name);

describe('response cache', () => {
  it('sees writes made through the API', async () => {
    expect(await names()).toEqual([]);
    const { token } = await server.sessionFor(0);
    await postGraphQL(
      server,
      { query: 'mutation { createEvent(input: {name: "One", date: "2031-01-01", description: "d"}) { id } }' },
      { authorization: token },
    );
    expect(await names()).toEqual(['One']);
  });

  it('sees writes committed by another connection to the same file (within a millisecond)', async () => {
    await names();
    const other = new Database(join(server.dataDir, 'shop.sqlite3'));
    other
      .prepare(
        `INSERT INTO "Event" (id, name, date, description, createdAt, updatedAt) VALUES ('x2', 'Two', '2031-01-02', 'd', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      )
      .run();
    other.close();
    // The store reads SQLite's data_version at most once a millisecond (ModelStore.version).
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await names()).toEqual(['One', 'Two']);
  });

  it('evicts the oldest entries beyond its bounds', () => {
    const cache = new ResponseCache(2, 1000);
    cache.set('a', 'v1', Buffer.from('A'));
    cache.set('b', 'v1', Buffer.from('B'));
    cache.set('c', 'v1', Buffer.from('C'));
    expect(cache.get('a', 'v1')).toBeUndefined();
    expect(cache.get('c', 'v1')?.toString()).toBe('C');
    expect(cache.get('c', 'v2')).toBeUndefined();
  });
});
