/**
 * The public pages on the emulated cloud, as a client that runs no script reads them (decision
 * 0392): the page server of the deployment bundle, run as Amplify Hosting runs it, behind the
 * hosting's routes, reading the emulated AppSync. Bottles, prices, sizes, stock words, events and
 * hours are in the HTML; the head names the site; a write shows on the next page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listAll } from '../../shared/list-pages';
import { structuredDataProblems } from '../support/structured-data';
import { cloudShop, guest, ok, type CloudShop } from './support/api';

const site = process.env.CLOUD_SITE_URL!;
let shop: CloudShop;

beforeAll(async () => {
  shop = await cloudShop();
});

interface Page {
  status: number;
  headers: Headers;
  html: string;
  /** #root's text, tags taken out: what a reader that runs no script reads. */
  text: string;
  jsonLd: Array<Record<string, unknown>>;
}

async function page(path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${site}${path}`, { headers, redirect: 'manual' });
  const html = await response.text();
  const root = /<div id="root"[^>]*>([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
  const text = root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  return { status: response.status, headers: response.headers, html, text, jsonLd };
}

const money = (price: number) => `$${price.toFixed(2)}`;

interface ApiItem {
  id: string;
  name: string;
  price: number | null;
  promoted: boolean | null;
  tags: string[] | null;
  stock: number | null;
  upc: string | null;
}

/**
 * Every record of a list, as the public reads it, page by page: after the other batteries the
 * catalogue holds thousands of items, and DynamoDB filters a page after reading it.
 */
const FILTER_TYPES = { listItems: 'ModelItemFilterInput', listEvents: 'ModelEventFilterInput' } as const;
function publicList<T>(field: keyof typeof FILTER_TYPES, selection: string, filter?: object): Promise<T[]> {
  return listAll(async (nextToken) => {
    const data = await ok(
      guest,
      `query ($filter: ${FILTER_TYPES[field]}, $nextToken: String) { ${field}(filter: $filter, limit: 1000, nextToken: $nextToken) { items { ${selection} } nextToken } }`,
      { filter, nextToken },
    );
    const page = data[field] as { items: T[]; nextToken: string | null };
    return { data: page.items, nextToken: page.nextToken };
  });
}

const wines = () => publicList<ApiItem>('listItems', 'id name price promoted tags stock upc', { tags: { contains: 'wine' } });

describe('the public pages on the emulated cloud, read without scripts', () => {
  it('/home: the promoted bottles and their prices, the shop address and hours, under the 21+ gate', async () => {
    const promoted = await publicList<{ name: string; price: number }>('listItems', 'name price', { promoted: { eq: true } });
    const home = await page('/home');
    expect(home.status).toBe(200);
    expect(home.html).toMatch(/<div id="root" data-drawn-at="\d+">/);
    // The carousel's window: its first three.
    expect(promoted.filter((item) => home.text.includes(money(item.price))).length).toBeGreaterThanOrEqual(3);
    expect(home.text).toContain('Patterson, NY');
    expect(home.text).toMatch(/Mon|Sun/);
    expect(home.html).toContain('data-server-age-gate');
    expect(home.headers.get('vary')).toContain('Cookie');
    expect(home.html).toContain(`<link rel="canonical" href="${site}/home">`);
    // The visitor who confirmed gets no server gate.
    expect((await page('/home', { cookie: 'ageVerified=true' })).html).not.toContain('data-server-age-gate');
  });

  it('/menu?category=wine: every wine, its price and stock words, the facets, and an ItemList', async () => {
    const menu = await page('/menu?category=wine');
    expect(menu.status).toBe(200);
    const all = await wines();
    expect(all.length).toBeGreaterThan(5);
    const shown = all.filter((wine) => menu.html.includes(`href="/item/${wine.id}"`));
    // The first screen's cards (24 at most), each with its price.
    expect(shown.length).toBe(Math.min(all.length, 24));
    for (const wine of shown) if (wine.price !== null) expect(menu.text).toContain(money(wine.price));
    expect(menu.text).toMatch(/\d+ items/);
    expect(menu.text).toMatch(/In stock|Only \d+ left|Out of stock/);
    expect(menu.text).toContain('Wine Type');
    expect(menu.jsonLd.map((block) => block['@type'])).toContain('ItemList');
  });

  it('/item/{id}: the bottle, its price and size, a Product with its GTIN and the offer at the shop; an id no item has is a 404', async () => {
    const wine = (await wines()).find((candidate) => candidate.upc && candidate.price !== null)!;
    const item = await page(`/item/${wine.id}`);
    expect(item.status).toBe(200);
    expect(item.text).toContain(wine.name);
    expect(item.text).toContain(money(wine.price!));
    expect(item.text).toMatch(/\d+ mL|\d(\.\d+)? L\b/);
    const product = item.jsonLd.find((block) => block['@type'] === 'Product')!;
    expect(product).toMatchObject({ name: wine.name, offers: expect.objectContaining({ price: wine.price!.toFixed(2) }) });
    expect(JSON.stringify(product)).toMatch(/"gtin1[23]":"\d+"/);
    expect(await structuredDataProblems(item.jsonLd)).toEqual([]);
    expect((await page('/item/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('/events and /aboutus: the tastings with their dates, the shop with its address and hours', async () => {
    const events = await publicList<{ name: string; date: string }>('listEvents', 'name date');
    const today = new Date().toISOString().slice(0, 10);
    const upcoming = events.filter((event) => event.date >= today);
    expect(upcoming.length).toBeGreaterThan(0);
    const list = await page('/events');
    for (const event of upcoming.slice(0, 3)) expect(list.text).toContain(event.name);
    expect(list.jsonLd.map((block) => block['@type'])).toContain('Event');
    const about = await page('/aboutus');
    expect(about.text).toContain('Who We Are');
    expect(about.text).toContain('Patterson, NY');
  });

  it("a new price is on the item's next page: nothing is kept between requests", async () => {
    const wine = (await wines()).find((candidate) => candidate.price !== null)!;
    const price = Math.round((wine.price! + 1.11) * 100) / 100;
    try {
      await ok({ token: shop.admin }, 'mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id } }', {
        input: { id: wine.id, price },
      });
      expect((await page(`/item/${wine.id}`)).text).toContain(money(price));
    } finally {
      await ok({ token: shop.admin }, 'mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id } }', {
        input: { id: wine.id, price: wine.price },
      });
    }
  });

  it("the sitemap lists every item's page, and robots.txt names it, both at the site's origin", async () => {
    const xml = await (await fetch(`${site}/sitemap.xml`)).text();
    const all = (await ok(guest, '{ listItems(limit: 1000) { items { id } } }')).listItems.items as Array<{ id: string }>;
    for (const { id } of all) expect(xml).toContain(`<loc>${site}/item/${id}</loc>`);
    expect(await (await fetch(`${site}/robots.txt`)).text()).toContain(`Sitemap: ${site}/sitemap.xml`);
  });

  it('paths that are not pages: a 404 page, one URL per page, files from the bundle', async () => {
    expect((await page('/no-such-page')).status).toBe(404);
    const moved = await page('/Events/');
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/events']);
    const outputs = await fetch(`${site}/amplify_outputs.json`);
    expect(outputs.status).toBe(200);
    expect(((await outputs.json()) as { data: { url: string } }).data.url).toMatch(/\/graphql$/);
  });
});
