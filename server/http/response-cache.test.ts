/** Cached answers are served only while nothing was written, by this process or another. */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGraphQL, startTestServer, type TestServer } from '../testing/test-server';
import { ResponseCache } from './response-cache';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.stop(); });

const LIST = { query: '{ listBanners { items { img } } }' };
const imgs = async () => ((await postGraphQL(server, LIST)).body.data!.listBanners as { items: Array<{ img: string }> }).items.map((b) => b.img);

describe('response cache', () => {
  it('sees writes made through the API', async () => {
    expect(await imgs()).toEqual([]);
    const { token } = await server.sessionFor(0);
    await postGraphQL(server, { query: 'mutation { createBanner(input: {img: "/media/one.png"}) { id } }' }, { authorization: token });
    expect(await imgs()).toEqual(['/media/one.png']);
  });

  it('sees writes committed by another connection to the same file', async () => {
    await imgs();
    const other = new Database(join(server.dataDir, 'shop.sqlite3'));
    other.prepare(`INSERT INTO "Banner" (id, img, createdAt, updatedAt) VALUES ('x2', '/media/two.png', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`).run();
    other.close();
    expect(await imgs()).toEqual(['/media/one.png', '/media/two.png']);
  });

  it('evicts the oldest entries beyond its bounds', () => {
    const cache = new ResponseCache(2, 1000);
    cache.set('a', 'v1', 'A');
    cache.set('b', 'v1', 'B');
    cache.set('c', 'v1', 'C');
    expect(cache.get('a', 'v1')).toBeUndefined();
    expect(cache.get('c', 'v1')).toBe('C');
    expect(cache.get('c', 'v2')).toBeUndefined();
  });
});
