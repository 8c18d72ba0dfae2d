/**
 * Page heads (decision 0214) on a real server with the demo shop: each page's own head in the HTML it sends (title,
 * description, canonical, robots, Open Graph, Twitter), its JSON-LD validated against schema.org
 * and Google's rich-result rules, and 404 for unknown items and routes with the app still in it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBottleSize } from '../../shared/bottle-size';
import { firstScreenKeys } from '../../shared/first-screen';
import { ROLE_ADMIN } from '../../shared/roles';
import { newYorkTime } from '../../shared/shop-hours';
import { seedDemoCatalogue } from '../../demo/seed-demo-shop';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';
import { structuredDataProblems } from '../../tests/support/structured-data';

let server: TestServer;
let distDir: string;
let admin: Record<string, string>;
const SHOP = 'Patterson Wine & Liquor';
/**
 * The server's clock, and the demo's "today", for the whole file: a drawn page is kept for the
 * minute it was drawn in and the day in New York (http/page-head.ts), so on the wall clock a run
 * crossing a minute would key the same page twice, and one crossing midnight would change the day.
 */
const NOW = Date.now();

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'shop-dist-'));
  mkdirSync(join(distDir, 'assets'));
  // The real index.html: its markers and its shop-wide defaults are what the server works with.
  copyFileSync(join(import.meta.dirname, '../../index.html'), join(distDir, 'index.html'));
  server = await startTestServer({
    distDir,
    seedDemo: true,
    overrides: { now: () => NOW, seedDemoShop: (db, store, media) => seedDemoCatalogue(db, store, media, new Date(NOW)) },
  });
  admin = { authorization: (await server.sessionFor(ROLE_ADMIN)).token };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

type Block = Record<string, unknown>;

interface Page {
  status: number;
  html: string;
  root: HTMLElement;
  title: string | undefined;
  meta: (key: string) => string | undefined;
  canonical: string | undefined;
  jsonLd: Block[];
}

function read(status: number, html: string): Page {
  const root = parse(html);
  const head = root.querySelector('head')!;
  return {
    status,
    html,
    root,
    title:
      head
        .querySelectorAll('title')
        .map((title) => title.text)
        .join('|') || undefined,
    meta: (key) =>
      head.querySelector(`meta[property="${key}"]`)?.getAttribute('content') ??
      head.querySelector(`meta[name="${key}"]`)?.getAttribute('content'),
    canonical: head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    jsonLd: head.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.rawText) as Block),
  };
}

async function page(path: string): Promise<Page> {
  const response = await fetch(`${server.url}${path}`);
  return read(response.status, await response.text());
}

async function publicQuery(query: string) {
  const { body } = await postGraphQL(server, { query });
  expect(body.errors).toBeUndefined();
  return body.data!;
}

async function expectValid(blocks: Block[]) {
  expect(blocks.length).toBeGreaterThan(0);
  expect(await structuredDataProblems(blocks)).toEqual([]);
}

describe('each page its own head', () => {
  it('/home: the shop, with its card, canonical URL and a valid LiquorStore', async () => {
    const home = await page('/home');
    expect(home.status).toBe(200);
    expect(home.title).toBe(`Home | ${SHOP}`);
    expect(home.meta('description')).toMatch(/^Patterson Wine & Liquor, a wine and liquor shop in Patterson, NY/);
    expect(home.canonical).toBe(`${server.url}/home`);
    expect(home.meta('og:url')).toBe(`${server.url}/home`);
    expect(home.meta('og:type')).toBe('website');
    expect(home.meta('og:image')).toBe(`${server.url}/share-card.png`);
    expect(home.meta('twitter:card')).toBe('summary_large_image');
    expect(home.meta('robots')).toBeUndefined();
    // index.html's defaults are replaced, not added to: one title, one description.
    expect(home.root.querySelectorAll('title')).toHaveLength(1);
    expect(home.root.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(home.root.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);

    expect(home.jsonLd).toHaveLength(1);
    const store = home.jsonLd[0]!;
    expect(store).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LiquorStore',
      name: SHOP,
      url: `${server.url}/home`,
      telephone: '+1-845-555-0142',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '3140 Route 22',
        addressLocality: 'Patterson',
        addressRegion: 'NY',
        postalCode: '12563',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 41.5126, longitude: -73.6029 },
      hasMap: expect.stringMatching(/^https:\/\/www\.openstreetmap\.org\//),
    });
    await expectValid(home.jsonLd);
  });

  it('/aboutus: the LiquorStore with the weekly hours and the upcoming special dates', async () => {
    const about = await page('/aboutus');
    expect(about.status).toBe(200);
    expect(about.title).toBe(`About Us | ${SHOP}`);
    expect(about.canonical).toBe(`${server.url}/aboutus`);
    const hours = about.jsonLd[0]!.openingHoursSpecification as Block[];
    // The demo week: Mon–Sat 9 to 9 in one group, Sunday noon to 6.
    expect(hours[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => `https://schema.org/${day}`),
      opens: '09:00',
      closes: '21:00',
    });
    expect(hours[1]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['https://schema.org/Sunday'],
      opens: '12:00',
      closes: '18:00',
    });
    const settings = (await publicQuery('{ getShopSettings(id: "shop") { specialDates } }')).getShopSettings as { specialDates: string[] };
    const today = newYorkTime(new Date(NOW)).date;
    const upcoming = settings.specialDates.filter((entry) => entry.slice(0, 10) >= today);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(hours.slice(2).map((spec) => spec.validFrom)).toEqual(upcoming.map((entry) => entry.slice(0, 10)));
    const christmas = hours.find((spec) => String(spec.validFrom).endsWith('-12-25'));
    expect(christmas).toMatchObject({ opens: '00:00', closes: '00:00', validThrough: christmas?.validFrom, name: 'Christmas Day' });
    await expectValid(about.jsonLd);
  });

  it('/menu?category=wine: the department, its canonical URL without filters, a valid ItemList of its items (decision 0380)', async () => {
    const wine = await page('/menu?category=wine&tags=tag-red&q=cab');
    expect(wine.status).toBe(200);
    expect(wine.title).toBe(`Wine | ${SHOP}`);
    expect(wine.meta('description')).toMatch(/^Wines at Patterson Wine & Liquor in Patterson, NY/);
    expect(wine.canonical).toBe(`${server.url}/menu?category=wine`);
    expect(wine.meta('og:title')).toBe('Wine');
    const { listItems: wines } = (await publicQuery(
      '{ listItems(filter: { tags: { contains: "wine" } }, limit: 1000) { items { id name } } }',
    )) as {
      listItems: { items: Array<{ id: string; name: string }> };
    };
    expect(wine.jsonLd).toHaveLength(1);
    const list = wine.jsonLd[0]!;
    expect(list).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList', numberOfItems: wines.items.length });
    const elements = list.itemListElement as Array<{ '@type': string; position: number; url: string; name: string }>;
    const byName = [...wines.items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
    expect(elements).toEqual(
      byName
        .slice(0, 50)
        .map((item, i) => ({ '@type': 'ListItem', position: i + 1, url: `${server.url}/item/${item.id}`, name: item.name })),
    );
    await expectValid(wine.jsonLd);
    expect((await page('/menu?category=liquor')).title).toBe(`Liquor | ${SHOP}`);
    const chooser = await page('/menu?category=beer');
    expect([chooser.status, chooser.title, chooser.canonical]).toEqual([200, `Menu | ${SHOP}`, `${server.url}/menu`]);
  });

  it('/item/{id}: name, price and picture in the cards, a valid Product with its GTIN and its Offer at the shop, no former price', async () => {
    const { listItems } = (await publicQuery(
      '{ listItems(filter: { tags: { contains: "wine" } }, limit: 1) { items { id name price img description sizeMl packCount stock upc } } }',
    )) as {
      listItems: {
        items: Array<{
          id: string;
          name: string;
          price: number;
          img: string;
          description: string;
          sizeMl: number;
          packCount: number | null;
          stock: number | null;
          upc: string;
        }>;
      };
    };
    const item = listItems.items[0]!;
    // The demo's UPCs are UPC-A with their check digit: a gtin12.
    expect(item.upc).toMatch(/^\d{12}$/);
    // The demo's wines carry a size and a counted stock (decision 0286 says how they show).
    const availability =
      item.stock === null ? 'InStoreOnly' : item.stock === 0 ? 'OutOfStock' : item.stock <= 3 ? 'LimitedAvailability' : 'InStock';
    const itemPage = await page(`/item/${item.id}`);
    expect(itemPage.status).toBe(200);
    expect(itemPage.title).toBe(`${item.name} | ${SHOP}`);
    expect(itemPage.canonical).toBe(`${server.url}/item/${item.id}`);
    expect(itemPage.meta('og:type')).toBe('product');
    expect(itemPage.meta('og:title')).toBe(item.name);
    expect(itemPage.meta('og:image')).toBe(`${server.url}${item.img}`);
    expect(itemPage.meta('product:price:amount')).toBe(item.price.toFixed(2));
    expect(itemPage.meta('product:price:currency')).toBe('USD');
    expect(itemPage.meta('twitter:data1')).toBe(`$${item.price.toFixed(2)}`);
    expect(item.description.startsWith(itemPage.meta('description')!.replace(/…$/, ''))).toBe(true);

    expect(itemPage.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: item.name,
        url: `${server.url}/item/${item.id}`,
        image: [`${server.url}${item.img}`],
        description: item.description,
        size: formatBottleSize(item.sizeMl, item.packCount),
        gtin12: item.upc,
        offers: {
          '@type': 'Offer',
          url: `${server.url}/item/${item.id}`,
          price: item.price.toFixed(2),
          priceCurrency: 'USD',
          availability: `https://schema.org/${availability}`,
          itemCondition: 'https://schema.org/NewCondition',
          availableAtOrFrom: { '@id': `${server.url}/#store` },
          seller: { '@id': `${server.url}/#store` },
        },
      },
      // The shop the offer names by its @id, on the same page.
      expect.objectContaining({ '@type': 'LiquorStore', '@id': `${server.url}/#store`, name: SHOP }),
    ]);
    expect(JSON.stringify(itemPage.jsonLd)).not.toMatch(/priceValidUntil|priceSpecification|StrikethroughPrice/);
    await expectValid(itemPage.jsonLd);
  });

  it('/events: one valid Event per upcoming event, at the shop, starting at its time in New York', async () => {
    const { listEvents } = (await publicQuery('{ listEvents(limit: 1000) { items { id name date time img } } }')) as {
      listEvents: { items: Array<{ name: string; date: string; time: string | null; img: string | null }> };
    };
    const today = newYorkTime(new Date(NOW)).date;
    const upcoming = listEvents.items.filter((event) => event.date >= today);
    expect(upcoming.length).toBeGreaterThan(1);
    const events = await page('/events');
    expect(events.status).toBe(200);
    expect(events.title).toBe(`Events | ${SHOP}`);
    expect(events.canonical).toBe(`${server.url}/events`);
    expect(events.jsonLd).toHaveLength(upcoming.length);
    for (const block of events.jsonLd) {
      const source = upcoming.find((event) => event.name === block.name)!;
      expect(source, String(block.name)).toBeDefined();
      expect(block).toMatchObject({
        '@type': 'Event',
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: { '@type': 'Place', name: SHOP, address: { streetAddress: '3140 Route 22', addressLocality: 'Patterson' } },
        organizer: { name: SHOP },
      });
      if (source.time) {
        const start = String(block.startDate);
        expect(start).toMatch(new RegExp(`^${source.date}T${source.time}:00-0[45]:00$`));
        // The offset is New York's on that day: the instant reads as that wall time there.
        const there = newYorkTime(new Date(start));
        expect([there.date, there.minutes]).toEqual([source.date, Number(source.time.slice(0, 2)) * 60 + Number(source.time.slice(3, 5))]);
      } else {
        expect(block.startDate).toBe(source.date);
      }
      expect((block.image as string[])[0]).toBe(source.img ? `${server.url}${source.img}` : `${server.url}/share-card.png`);
    }
    await expectValid(events.jsonLd);
  });

  it('/events: an event taking RSVPs says how many places are left, and every event that it is free (decision 0353)', async () => {
    const { listEvents } = (await publicQuery('{ listEvents(limit: 1000) { items { id name date takesRsvp } } }')) as {
      listEvents: { items: Array<{ id: string; name: string; date: string; takesRsvp: boolean | null }> };
    };
    const today = newYorkTime(new Date(NOW)).date;
    const upcoming = listEvents.items.filter((candidate) => candidate.date > today);
    // The soonest that takes no RSVPs yet (the demo's Bourbon & Rye Night takes them, decision 0356).
    const event = upcoming.filter((candidate) => !candidate.takesRsvp).sort((a, b) => a.date.localeCompare(b.date))[0]!;
    const update = await postGraphQL(
      server,
      {
        query: 'mutation ($input: UpdateEventInput!) { updateEvent(input: $input) { id } }',
        variables: { input: { id: event.id, takesRsvp: true, rsvpCapacity: 24 } },
      },
      admin,
    );
    expect(update.body.errors).toBeUndefined();
    const events = await page('/events');
    const block = events.jsonLd.find((candidate) => candidate.name === event.name)!;
    expect(block).toMatchObject({
      remainingAttendeeCapacity: 24,
      eventStatus: 'https://schema.org/EventScheduled',
    });
    // Exactly the events taking RSVPs say how many places are left.
    const taking = [event.name, ...upcoming.filter((candidate) => candidate.takesRsvp).map((candidate) => candidate.name)];
    expect(
      events.jsonLd
        .filter((candidate) => 'remainingAttendeeCapacity' in candidate)
        .map((candidate) => candidate.name)
        .sort(),
    ).toEqual(taking.sort());
    expect(events.jsonLd.some((candidate) => 'isAccessibleForFree' in candidate)).toBe(false);
    await expectValid(events.jsonLd);
  });
});

describe('not found, and pages not to index', () => {
  it('answers 404 with the friendly app page for an unknown item and an unknown route', async () => {
    for (const path of ['/item/00000000-0000-4000-8000-000000000000', '/item/a.b']) {
      const missing = await page(path);
      expect(missing.status, path).toBe(404);
      expect(missing.title, path).toBe(`Item not found | ${SHOP}`);
      expect(missing.meta('robots'), path).toBe('noindex');
      expect(missing.canonical, path).toBeUndefined();
      expect(missing.jsonLd, path).toEqual([]);
      expect(missing.root.querySelector('#root'), path).not.toBeNull();
    }
    for (const path of ['/nope', '/item/x/y', '/home/more', '/admin-items-x']) {
      const missing = await page(path);
      expect(missing.status, path).toBe(404);
      expect(missing.title, path).toBe(`Page not found | ${SHOP}`);
      expect(missing.meta('robots'), path).toBe('noindex');
      expect(missing.root.querySelector('#root'), path).not.toBeNull();
      expect(missing.root.querySelector('#amplify-outputs'), path).not.toBeNull();
    }
    const head = await fetch(`${server.url}/nope`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('answers 200 for every SPA route, and marks sign-in and admin pages noindex', async () => {
    for (const path of [
      '/login',
      '/signup',
      '/admin-portal',
      '/admin-items',
      '/admin-item?id=abc',
      '/admin-tags',
      '/admin-events',
      '/admin-users',
      '/admin-admins',
      '/admin-settings',
      '/admin-activity',
      '/admin-reservations',
      '/admin-outbox',
    ]) {
      const private_ = await page(path);
      expect(private_.status, path).toBe(200);
      expect(private_.meta('robots'), path).toBe('noindex');
      expect(private_.canonical, path).toBeUndefined();
    }
    expect((await page('/login')).title).toBe(`Log in | ${SHOP}`);
    for (const path of ['/home', '/HOME', '/home/', '/aboutus?x=1', '/events', '/menu']) {
      const open = await page(path);
      expect(open.status, path).toBe(200);
      expect(open.meta('robots'), path).toBeUndefined();
    }
  });
});

describe('safety', () => {
  it('escapes what an admin writes: nothing in a name ends an element or an attribute', async () => {
    const name = '</script><script>alert(1)</script>"quoted" & <b>bold</b>';
    const { body } = await postGraphQL(
      server,
      {
        query: 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }',
        variables: { input: { name, tags: ['extras'], price: 3, description: '</title><script>alert(2)</script>' } },
      },
      admin,
    );
    expect(body.errors).toBeUndefined();
    const id = (body.data!.createItem as { id: string }).id;
    const itemPage = await page(`/item/${id}`);
    expect(itemPage.html).not.toContain('<script>alert(');
    expect(itemPage.html).not.toContain('<b>bold');
    // Escaped in the markup, the same text once read.
    expect(itemPage.html).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt; | ',
    );
    expect(itemPage.title).toBe(`${name} | ${SHOP}`);
    expect(itemPage.meta('og:title')).toBe(name);
    expect(itemPage.meta('description')).toBe('</title><script>alert(2)</script>');
    expect(itemPage.jsonLd[0]).toMatchObject({ name, description: '</title><script>alert(2)</script>' });
    await expectValid(itemPage.jsonLd);
  });

  it('never takes the origin from the Host header, and follows writes', async () => {
    const forged = await new Promise<string>((resolve, reject) => {
      const req = request(`${server.url}/home`, { headers: { host: 'evil.example' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    expect(forged).not.toContain('evil.example');
    expect(read(200, forged).canonical).toBe(`${server.url}/home`);
    expect((await page('/home')).html).not.toContain('evil.example');

    const { listItems } = (await publicQuery(
      '{ listItems(filter: { tags: { contains: "liquor" } }, limit: 1) { items { id price } } }',
    )) as { listItems: { items: Array<{ id: string; price: number }> } };
    const item = listItems.items[0]!;
    await page(`/item/${item.id}`);
    const { body } = await postGraphQL(
      server,
      { query: `mutation { updateItem(input: { id: "${item.id}", price: 12.3 }) { id } }` },
      admin,
    );
    expect(body.errors).toBeUndefined();
    const after = await page(`/item/${item.id}`);
    expect((after.jsonLd[0]!.offers as Block).price).toBe('12.30');
  });

  it("sends crawlers and visitors the same page: the age gate is the SPA's overlay, not the server's", async () => {
    const as = async (headers: Record<string, string>) =>
      (
        await fetch(
          `${server.url}/item/${((await publicQuery('{ listItems(limit: 1) { items { id } } }')) as { listItems: { items: Array<{ id: string }> } }).listItems.items[0]!.id}`,
          { headers },
        )
      ).text();
    const bot = await as({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    const visitor = await as({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140', cookie: 'ageVerified=true' });
    expect(bot).toBe(visitor);
    expect(read(200, bot).jsonLd[0]!['@type']).toBe('Product');
  });
});

describe('a shop without settings and with PUBLIC_ORIGIN', () => {
  it("falls back to the code's details and writes every absolute URL with PUBLIC_ORIGIN", async () => {
    const bare = await startTestServer({ distDir, env: { PUBLIC_ORIGIN: 'https://shop.example.com' } });
    try {
      const response = await fetch(`${bare.url}/aboutus`);
      const about = read(response.status, await response.text());
      expect(about.status).toBe(200);
      expect(about.canonical).toBe('https://shop.example.com/aboutus');
      expect(about.meta('og:image')).toBe('https://shop.example.com/share-card.png');
      expect(about.jsonLd[0]).toMatchObject({
        '@type': 'LiquorStore',
        name: SHOP,
        url: 'https://shop.example.com/home',
        address: { postalCode: '12563' },
      });
      // No hours set: none claimed.
      expect(about.jsonLd[0]).not.toHaveProperty('openingHoursSpecification');
      await expectValid(about.jsonLd);
    } finally {
      await bare.stop();
    }
  });
});

/** A GET (or HEAD) sent with the path exactly as given (fetch would normalize or follow it): status and Location. */
function raw(path: string, method = 'GET'): Promise<{ status: number; location: string | undefined }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

const firstItem = async () =>
  (
    (await publicQuery('{ listItems(filter: { tags: { contains: "wine" } }, limit: 1) { items { id name } } }')) as {
      listItems: { items: Array<{ id: string; name: string }> };
    }
  ).listItems.items[0]!;

describe('one URL per page', () => {
  it('sends another spelling of a route to its path for good (301, relative, query kept), before any query', async () => {
    const item = await firstItem();
    const cases: Array<[string, string]> = [
      [`/item/${item.id}/`, `/item/${item.id}`],
      [`/Item/${item.id}`, `/item/${item.id}`],
      [`/ITEM/${item.id}//?ref=a&b=%2F`, `/item/${item.id}?ref=a&b=%2F`],
      ['/events/', '/events'],
      ['/Home', '/home'],
      ['/menu/?category=wine', '/menu?category=wine'],
      ['/Admin-Items/', '/admin-items'],
      ['/item/made-up-id/', '/item/made-up-id'],
      ['/item/made%2Dup', '/item/made-up'],
    ];
    for (const [path, location] of cases) {
      expect(await raw(path), path).toEqual({ status: 301, location });
      expect(await raw(path, 'HEAD'), `HEAD ${path}`).toEqual({ status: 301, location });
    }
    // The canonical spellings are pages, not redirects.
    for (const path of [`/item/${item.id}`, '/events', '/home', '/menu?category=wine']) expect((await raw(path)).status, path).toBe(200);
  });

  it("gives every spelling the page's own head once followed: the item's title and Product, the events' Event blocks, 404 for a made-up item", async () => {
    const item = await firstItem();
    const itemPage = await page(`/Item/${item.id}/`);
    expect([itemPage.status, itemPage.title, itemPage.canonical]).toEqual([200, `${item.name} | ${SHOP}`, `${server.url}/item/${item.id}`]);
    expect(itemPage.jsonLd[0]!['@type']).toBe('Product');
    expect(itemPage.html).toContain(`"${firstScreenKeys.item(item.id)}"`);
    const events = await page('/events/');
    expect(events.status).toBe(200);
    expect(events.jsonLd.length).toBeGreaterThan(0);
    expect(events.jsonLd.every((block) => block['@type'] === 'Event')).toBe(true);
    for (const path of ['/item/00000000-0000-4000-8000-00000000beef/', '/Item/00000000-0000-4000-8000-00000000beef']) {
      const missing = await page(path);
      expect([missing.status, missing.title, missing.canonical], path).toEqual([404, `Item not found | ${SHOP}`, undefined]);
    }
  });

  it('never redirects to another host, whatever the path holds', async () => {
    const hostile = [
      '//evil.example',
      '//evil.example/',
      '//evil.example/home/',
      '///evil.example/Home',
      '/\\evil.example',
      '/\\evil.example/home/',
      '/%2F%2Fevil.example',
      '/%2f%2fevil.example/',
      '/%5Cevil.example',
      '/%5C%5Cevil.example/',
      '/Item//evil.example',
      '/home//evil.example',
      '/HOME/%2F%2Fevil.example',
      '/item/%2F%2Fevil.example/',
      '/Item/%2f%2fevil.example',
      '/item/%5Cevil.example/',
      '/Item/%5C%5Cevil.example',
      '/item/%2F%5Cevil.example/',
      '/ITEM/..%2F..%2Fevil.example/',
      '/Home/?next=//evil.example',
      '/item/%0D%0ALocation:%20//evil.example/',
      '/Item/%09/evil.example',
      '/item/%E2%80%AE//',
      '/item/%2e%2e/',
      '/Item/.%2E/evil.example/',
      '/%2e%2e/Home/',
    ];
    for (const path of hostile) {
      const { status, location } = await raw(path);
      expect([200, 301, 302, 404], path).toContain(status);
      if (location === undefined) continue;
      expect(location, path).toMatch(/^\/[^/\\]/);
      expect(location, path).not.toMatch(/[\r\n\t]/);
      // Resolved against the site, it stays on the site.
      expect(new URL(location, server.url).origin, path).toBe(server.url);
    }
  });
});

describe('the cache', () => {
  it('keeps no page of an item that does not exist: 600 made-up ids leave a cached GraphQL answer in place', async () => {
    const query = { query: '{ listTags(limit: 1000) { items { id name } } }' };
    expect((await postGraphQL(server, query)).body.errors).toBeUndefined();
    // A public JSON body is its own key (http/graphql-route.ts, answerCacheKey).
    const key = JSON.stringify(query);
    const version = server.store.version;
    expect(server.responseCache.get(key, version)).toBeDefined();
    const entries = server.responseCache.size;
    for (let batch = 0; batch < 30; batch += 1) {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const response = await fetch(`${server.url}/item/00000000-0000-4000-8000-${String(batch * 20 + i).padStart(12, '0')}`);
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses.every((status) => status === 404)).toBe(true);
    }
    expect(server.store.version).toBe(version);
    expect(server.responseCache.get(key, version)).toBeDefined();
    expect(server.responseCache.size).toBe(entries);
  });
});

describe('pages apart from the API', () => {
  it('keys a page by what it reads of its query string, so tracking parameters add no page and push out no API answer', async () => {
    const query = { query: '{ listCategories(limit: 100) { items { id name } } }' };
    expect((await postGraphQL(server, query)).body.errors).toBeUndefined();
    // A public JSON body is its own key (http/graphql-route.ts, answerCacheKey).
    const key = JSON.stringify(query);
    const version = server.store.version;
    const apiEntries = server.responseCache.size;
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
    };
    await get('/home');
    await get('/menu?category=wine');
    const pages = server.pageCache.size;
    for (let i = 0; i < 40; i += 1) {
      await get(`/home?utm_source=mail&fbclid=${i}`);
      await get(`/menu?fbclid=${i}&category=wine`);
    }
    expect(server.pageCache.size).toBe(pages);
    // What a menu does read is another page: its own entry.
    await get('/menu?category=wine&sort=price-asc');
    expect(server.pageCache.size).toBe(pages + 1);
    expect(server.store.version).toBe(version);
    expect(server.responseCache.get(key, version)).toBeDefined();
    expect(server.responseCache.size).toBe(apiEntries);
  });
});

describe('a page that cannot be built', () => {
  it('still answers 404 for a path no route shows, 200 for a route, with the default head, and logs one line', async () => {
    const lines: string[] = [];
    const broken = await startTestServer({ distDir, overrides: { writeLogLine: (line) => lines.push(line) } });
    try {
      // Any exception while building a page: here, reading the store's version.
      Object.defineProperty(broken.store, 'version', {
        configurable: true,
        get: () => {
          throw new Error('disk on fire');
        },
      });
      const missing = await fetch(`${broken.url}/item/x/y`);
      const html = await missing.text();
      expect(missing.status).toBe(404);
      // index.html's own head, as it is in the file.
      expect(read(404, html).title).toBe(parse(readFileSync(join(distDir, 'index.html'), 'utf8')).querySelector('title')!.text);
      expect(html).toContain('<div id="root">');
      const home = await fetch(`${broken.url}/home`);
      await home.text();
      expect(home.status).toBe(200);
      expect((await fetch(`${broken.url}/nope`, { method: 'HEAD' })).status).toBe(404);

      expect(lines).toHaveLength(3);
      const first = JSON.parse(lines[0]!) as Record<string, unknown>;
      expect(first).toMatchObject({ event: 'page-render-failed', path: '/item/x/y', status: 404, error: 'Error: disk on fire' });
      expect(lines[0]).not.toContain('\n');
      expect(lines[0]).not.toMatch(/first-screen/);
      expect(JSON.parse(lines[1]!)).toMatchObject({ path: '/home', status: 200 });
    } finally {
      delete (broken.store as unknown as Record<string, unknown>).version;
      await broken.stop();
    }
  });
});
