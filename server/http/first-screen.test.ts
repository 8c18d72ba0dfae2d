/** First-screen data inlined into the storefront's HTML (first-screen.ts), on a seeded shop. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELECTIONS } from '../../shared/first-screen';
import { DATA_CLIENT_PRELOAD_ATTRIBUTE, FIRST_SCREEN_ELEMENT_ID, FIRST_SCREEN_PLACEHOLDER } from '../../shared/page-markers';
import { ROLE_ADMIN } from '../../shared/roles';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';
import { MAX_FIRST_SCREEN_BYTES } from './first-screen';

let server: TestServer;
let distDir: string;
let admin: Record<string, string>;

const PRELOAD = `<link rel="modulepreload" crossorigin href="/assets/amplify-runtime-abc.js" ${DATA_CLIENT_PRELOAD_ATTRIBUTE}>`;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'shop-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(
    join(distDir, 'index.html'),
    `<!doctype html><html><head>${PRELOAD}<!--amplify-outputs-->${FIRST_SCREEN_PLACEHOLDER}</head><body><div id="root"></div></body></html>`,
  );
  server = await startTestServer({ distDir, seedDemo: true });
  admin = { authorization: (await server.sessionFor(ROLE_ADMIN)).token };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

async function page(path: string) {
  const html = await (await fetch(`${server.url}${path}`)).text();
  const block = new RegExp(`<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's').exec(html)?.[1];
  return { html, data: block === undefined ? undefined : (JSON.parse(block) as Record<string, unknown>) };
}

async function publicQuery(query: string, variables?: Record<string, unknown>) {
  const { body } = await postGraphQL(server, { query, variables });
  expect(body.errors).toBeUndefined();
  return body.data!;
}

const shopSettings = async () =>
  (await publicQuery(`{ getShopSettings(id: "shop") { ${SELECTIONS.shopSettings.join(' ')} } }`)).getShopSettings;

async function createItem(input: Record<string, unknown>): Promise<string> {
  const { body } = await postGraphQL(
    server,
    { query: 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }', variables: { input } },
    admin,
  );
  expect(body.errors).toBeUndefined();
  return (body.data!.createItem as { id: string }).id;
}

describe('first-screen data', () => {
  it('inlines the banners and promoted items on /home, preloads the first banner and drops the data client preload', async () => {
    const { html, data } = await page('/home');
    const banners = (await publicQuery('{ listBanners(limit: 1000) { items { id img index description } } }')).listBanners as {
      items: Array<{ img: string; index: number }>;
    };
    const promoted = (await publicQuery('{ listItems(filter: { promoted: { eq: true } }, limit: 1000) { items { id name price img } } }'))
      .listItems as { items: unknown[] };
    expect(banners.items.length).toBeGreaterThan(1);
    expect(data).toEqual({ banners: banners.items, 'promoted-items': promoted.items, 'shop-settings': await shopSettings() });

    const first = [...banners.items].sort((a, b) => a.index - b.index)[0]!;
    const hash = /^\/media\/([a-f0-9]{64})\.png$/.exec(first.img)![1];
    expect(html).toContain(`<link rel="preload" as="image" href="${first.img}" imagesrcset="/media/${hash}-w400.webp 400w`);
    expect(html).toContain('imagesizes="(max-width: 72rem) 100vw, 68rem" fetchpriority="high">');
    expect(html).not.toContain(DATA_CLIENT_PRELOAD_ATTRIBUTE);
  });

  it('inlines a menu with its filter data and the events, and nothing for an unknown menu or a page without first-screen data', async () => {
    const { data } = await page('/menu?category=wine');
    const wine = (
      await publicQuery(
        '{ listItems(filter: { tags: { contains: "wine" } }, limit: 1000) { items { id name price img tags sizeMl packCount stock promoted createdAt onSale saleEndsAt } } }',
      )
    ).listItems as { items: unknown[] };
    expect(wine.items.length).toBeGreaterThan(10);
    expect(data?.['menu-items:wine']).toEqual(wine.items);
    // The demo's Sale wine: its mark and until when it holds, never its past prices (decision 0295).
    expect(wine.items).toContainEqual(expect.objectContaining({ onSale: true, saleEndsAt: expect.any(String) }));
    expect(JSON.stringify(data)).not.toContain('priceHistory');
    const html = (await page('/menu?category=wine')).html;
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}T[\d:.]+Z \d/);
    expect((data?.categories as unknown[]).length).toBeGreaterThan(1);
    expect((data?.tags as unknown[]).length).toBeGreaterThan(3);

    const events = (await publicQuery(`{ listEvents(limit: 1000) { items { ${SELECTIONS.event.join(' ')} } } }`)).listEvents as {
      items: unknown[];
    };
    expect(events.items.length).toBeGreaterThan(0);
    expect((await page('/events')).data).toEqual({ events: events.items, 'shop-settings': await shopSettings() });

    for (const path of ['/menu?category=beer', '/menu', '/admin-items', '/no-such-page']) {
      const other = await page(path);
      expect(other.data, path).toBeUndefined();
      expect(other.html, path).toContain(PRELOAD);
      expect(other.html, path).not.toContain(FIRST_SCREEN_PLACEHOLDER);
    }
  });

  it("inlines the shop's details and hours on every storefront page, About Us included (decision 0193)", async () => {
    const settings = await shopSettings();
    expect(settings).toMatchObject({ id: 'shop', weeklyHours: expect.arrayContaining(['09:00-21:00']) });
    expect((await page('/aboutus')).data).toEqual({ 'shop-settings': settings });
    expect((await page('/menu?category=wine')).data?.['shop-settings']).toEqual(settings);
  });

  it('inlines an item with its facts, its categories and tags, and null for an id that names none', async () => {
    const { listItems } = (await publicQuery(
      '{ listItems(limit: 1) { items { id name price img description tags sizeMl packCount abv vintage stock stockCountedAt } } }',
    )) as {
      listItems: { items: Array<{ id: string; img: string }> };
    };
    const item = listItems.items[0]!;
    const { html, data } = await page(`/item/${item.id}`);
    expect(data).toMatchObject({ [`item:${item.id}`]: item, 'shop-settings': await shopSettings() });
    expect((data?.categories as unknown[]).length).toBeGreaterThan(1);
    expect((data?.tags as unknown[]).length).toBeGreaterThan(3);
    expect(html).toContain(`<link rel="preload" as="image" href="${item.img}"`);
    expect((await page('/item/no-such-item')).data?.['item:no-such-item']).toBeNull();
  });

  it("inlines an item's other sizes, asked by its name, and none for an item without a size (decision 0285)", async () => {
    const small = await createItem({ name: 'First Screen Vodka', price: 19.99, tags: ['liquor'], sizeMl: 750, stock: 2 });
    const big = await createItem({ name: 'First Screen Vodka', price: 34.99, tags: ['liquor'], sizeMl: 1750 });
    const unsized = await createItem({ name: 'First Screen Vodka', price: 9, tags: ['liquor'] });
    const sizes = (await page(`/item/${big}`)).data?.[`item-sizes:${big}`] as Array<{ id: string }>;
    expect(sizes.map((choice) => choice.id).sort()).toEqual([small, big, unsized].sort());
    expect(sizes.find((choice) => choice.id === small)).toEqual({
      id: small,
      name: 'First Screen Vodka',
      price: 19.99,
      sizeMl: 750,
      packCount: null,
      stock: 2,
    });
    expect((await page(`/item/${unsized}`)).data?.[`item-sizes:${unsized}`]).toEqual([]);
    expect((await page('/item/no-such-item')).data?.['item-sizes:no-such-item']).toEqual([]);
  });

  it('inlines nothing for an id that cannot be one, and answers made-up query strings as the page', async () => {
    for (const path of ['/item/%3C%2Fscript%3E', `/item/${'x'.repeat(65)}`, '/item/a.b', '/item/x/y']) {
      const { html, data } = await page(path);
      expect(data, path).toBeUndefined();
      expect(html, path).toContain(PRELOAD);
    }
    // Made-up query strings get the same answer as the page itself.
    expect((await page('/home?utm_source=x&category=wine')).data).toEqual((await page('/home')).data);
  });

  it('sends HEAD the headers GET gets', async () => {
    const get = await fetch(`${server.url}/home`);
    const head = await fetch(`${server.url}/home`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect((await get.text()).length).toBeGreaterThan(0);
  });

  it('inlines nothing for a list that needs a second page', async () => {
    server.store.transaction(() => {
      for (let i = 0; i < 1001; i += 1) server.store.create('Item', { name: `Bulk extra ${i}`, tags: ['extras'], price: 1 });
    });
    const { html, data } = await page('/menu?category=extras');
    expect(data).toBeUndefined();
    expect(html).toContain(PRELOAD);
  });

  it('keeps markup in names as data: nothing in the block can end it', async () => {
    const name = '</script><script>alert(1)</script><!-- & "quoted"';
    const id = await createItem({ name, tags: ['extras'], promoted: true, price: 1 });
    const { html, data } = await page('/home');
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the client config's and the data block's own
    expect((data?.['promoted-items'] as Array<{ id: string; name: string }>).find((entry) => entry.id === id)?.name).toBe(name);
  });

  it('follows writes at once, and inlines nothing when the answers are over the size cap', async () => {
    const name = `Inline cap ${'x'.repeat(9000)}`;
    const before = await page('/menu?category=liquor');
    expect(before.data?.['menu-items:liquor']).toBeDefined();
    const count = Math.ceil(MAX_FIRST_SCREEN_BYTES / name.length);
    for (let i = 0; i < count; i += 1) await createItem({ name: `${name} ${i}`, tags: ['liquor'] });
    const after = await page('/menu?category=liquor');
    expect(after.data).toBeUndefined();
    expect(after.html).toContain(PRELOAD);
  });
});
