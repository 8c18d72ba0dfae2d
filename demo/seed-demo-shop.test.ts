/** Seeding an empty data directory: once, complete, and every image really stored. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '../shared/media';
import { startTestServer, type TestServer } from '../tests/support/test-server';
import { seedDemoCatalogue } from './seed-demo-shop';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const count = (model: string) => server.store.list(model, { limit: 1000 }).items.length;

describe('demo seed', () => {
  it('fills an empty data directory with the demo catalogue', () => {
    expect(count('Item')).toBeGreaterThanOrEqual(40);
    expect(count('Banner')).toBe(3);
    expect(count('Event')).toBe(4);
    expect(server.store.get('Tag', 'wine')).toMatchObject({ name: 'Wine', categoryId: 'department' });
    expect(server.store.get('Tag', 'liquor')).toMatchObject({ name: 'Liquor' });
    expect(server.store.get('Tag', 'extras')).toMatchObject({ name: 'Extras' });
  });

  it('stores every referenced image with its variants', () => {
    const images = ['Item', 'Banner', 'Event']
      .flatMap((model) => server.store.list(model, { limit: 1000 }).items.map((record) => record.img))
      .filter(Boolean) as string[];
    expect(images.length).toBeGreaterThanOrEqual(45);
    for (const url of images) {
      const hash = /^\/media\/([a-f0-9]{64})\.png$/.exec(url)![1]!;
      expect(existsSync(join(server.media.dir, `${hash}.png`))).toBe(true);
      for (const width of IMAGE_VARIANT_WIDTHS) expect(existsSync(join(server.media.dir, `${hash}-w${width}.webp`))).toBe(true);
    }
  });

  it('runs only once', async () => {
    const before = count('Item');
    expect(await seedDemoCatalogue(server.db, server.store, server.media)).toBe(false);
    expect(count('Item')).toBe(before);
  });

  it('indexes the fields filtered by equality', () => {
    const plan = (sql: string) =>
      (server.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join(' ');
    expect(plan('SELECT * FROM "Item" WHERE promoted = 1')).toMatch(/USING INDEX idx_Item_promoted/);
    expect(plan('SELECT * FROM "User" WHERE email = \'a@b.co\'')).toMatch(/USING INDEX idx_User_email/);
    expect(plan('SELECT * FROM "User" WHERE type = 0')).toMatch(/USING INDEX idx_User_type/);
    expect(plan('SELECT * FROM "Tag" WHERE categoryId = \'x\'')).toMatch(/USING INDEX idx_Tag_categoryId/);
  });
});
