/**
 * /sitemap.xml and /robots.txt on real servers (sitemap.ts, robots.ts): the sitemap checked
 * against the item list as the public reads it, its cache against admin writes, the origin
 * against PUBLIC_ORIGIN and forged headers, and the protocol's per-file limits.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_ADMIN } from '../../shared/roles';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';
import { robotsTxt } from './robots';
import { MAX_URLS_PER_FILE, SITEMAP_NAMESPACE, sitemapIndex, urlsetFiles } from './sitemap';

const FIXED_PATHS = ['/home', '/menu?category=wine', '/menu?category=liquor', '/menu?category=extras', '/events', '/aboutus'];

let seeded: TestServer;
let configured: TestServer;
let admin: Record<string, string>;

beforeAll(async () => {
  [seeded, configured] = await Promise.all([
    startTestServer({ seedDemo: true }),
    startTestServer({ env: { PUBLIC_ORIGIN: 'https://shop.example.com' } }),
  ]);
  admin = { authorization: (await seeded.sessionFor(ROLE_ADMIN)).token };
}, 120_000);

afterAll(async () => {
  await seeded?.stop();
  await configured?.stop();
});

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'url' || name === 'sitemap' });

interface UrlEntry {
  loc: string;
  lastmod?: string;
}

/** The document parsed and checked to be well-formed XML with the protocol's namespace. */
function parseUrlset(xml: string): UrlEntry[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml) as { urlset?: { '@_xmlns': string; url?: UrlEntry[] } };
  expect(doc.urlset?.['@_xmlns']).toBe(SITEMAP_NAMESPACE);
  return doc.urlset?.url ?? [];
}

async function getSitemap(server: TestServer, path = '/sitemap.xml') {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  return response.text();
}

/** Every item as the public lists them, through all pages (a small page size, so there are several). */
async function publicItems(server: TestServer): Promise<Array<{ id: string; updatedAt: string }>> {
  const items: Array<{ id: string; updatedAt: string }> = [];
  let nextToken: string | null = null;
  let pages = 0;
  do {
    const { body } = await postGraphQL(server, {
      query: 'query ($nextToken: String) { listItems(limit: 7, nextToken: $nextToken) { items { id updatedAt } nextToken } }',
      variables: { nextToken },
    });
    expect(body.errors).toBeUndefined();
    const page = body.data!.listItems as { items: Array<{ id: string; updatedAt: string }>; nextToken: string | null };
    items.push(...page.items);
    nextToken = page.nextToken;
    pages += 1;
  } while (nextToken);
  expect(pages).toBeGreaterThan(2);
  return items;
}

/** The sitemap's <loc> -> <lastmod> (null when absent), checking no <loc> appears twice. */
function byLoc(entries: UrlEntry[]): Map<string, string | null> {
  const map = new Map(entries.map((entry) => [entry.loc, entry.lastmod ?? null]));
  expect(map.size).toBe(entries.length);
  return map;
}

function expected(origin: string, items: Array<{ id: string; updatedAt: string }>): Map<string, string | null> {
  return new Map([
    ...FIXED_PATHS.map((path) => [`${origin}${path}`, null] as const),
    ...items.map((item) => [`${origin}/item/${item.id}`, item.updatedAt] as const),
  ]);
}

async function adminQuery(query: string, variables: Record<string, unknown>) {
  const { body } = await postGraphQL(seeded, { query, variables }, admin);
  expect(body.errors).toBeUndefined();
  return body.data!;
}

/** GET or HEAD with headers fetch cannot set (Host). */
function rawRequest(server: TestServer, path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/sitemap.xml', () => {
  it('lists exactly the fixed pages and every item the public can list, each item with its updatedAt as lastmod', async () => {
    const items = await publicItems(seeded);
    expect(items.length).toBeGreaterThan(20);
    const xml = await getSitemap(seeded);
    // The default origin is the one the server announces (server.url), since PUBLIC_ORIGIN is unset.
    expect(byLoc(parseUrlset(xml))).toEqual(expected(seeded.url, items));
    expect(xml).toContain(`<url><loc>${seeded.url}/menu?category=wine</loc></url>`);
    for (const lastmod of xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g))
      expect(lastmod[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  });

  it('follows admin writes: an updated item gets its new lastmod, a created one appears, a deleted one goes', async () => {
    const before = byLoc(parseUrlset(await getSitemap(seeded)));
    const [first] = await publicItems(seeded);
    const loc = `${seeded.url}/item/${first!.id}`;
    expect(before.get(loc)).toBe(first!.updatedAt);

    const updated = (
      await adminQuery('mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id updatedAt } }', {
        input: { id: first!.id, name: 'Renamed for the sitemap' },
      })
    ).updateItem as { updatedAt: string };
    expect(updated.updatedAt).not.toBe(first!.updatedAt);
    const created = (
      await adminQuery('mutation ($input: CreateItemInput!) { createItem(input: $input) { id updatedAt } }', {
        input: { name: 'Sitemap newcomer', tags: ['extras'], price: 3 },
      })
    ).createItem as { id: string; updatedAt: string };

    const after = byLoc(parseUrlset(await getSitemap(seeded)));
    expect(after.get(loc)).toBe(updated.updatedAt);
    expect(after.get(`${seeded.url}/item/${created.id}`)).toBe(created.updatedAt);
    expect(after.size).toBe(before.size + 1);
    expect(after).toEqual(expected(seeded.url, await publicItems(seeded)));

    await adminQuery('mutation ($input: DeleteItemInput!) { deleteItem(input: $input) { id } }', { input: { id: created.id } });
    expect(byLoc(parseUrlset(await getSitemap(seeded))).has(`${seeded.url}/item/${created.id}`)).toBe(false);
  });

  it('answers HEAD with the headers of GET, compresses with gzip and brotli, and revalidates with its ETag', async () => {
    const xml = await getSitemap(seeded);
    const plain = await rawRequest(seeded, '/sitemap.xml', {});
    expect(plain.body.toString('utf8')).toBe(xml);
    const head = await rawRequest(seeded, '/sitemap.xml', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(xml)));
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(head.headers.etag).toBe(plain.headers.etag);
    expect(head.headers['x-content-type-options']).toBe('nosniff');

    const gz = await rawRequest(seeded, '/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(xml);
    const br = await rawRequest(seeded, '/sitemap.xml', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(xml) / 3);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(xml);

    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await rawRequest(seeded, '/sitemap.xml', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // /sitemap-1.xml exists only when the sitemap is split.
    expect((await fetch(`${seeded.url}/sitemap-1.xml`)).status).toBe(404);
  });

  it('uses PUBLIC_ORIGIN for every URL when it is set', async () => {
    const urls = parseUrlset(await getSitemap(configured)).map((entry) => entry.loc);
    // A shop with no items yet: the fixed pages only.
    expect(urls).toEqual(FIXED_PATHS.map((path) => `https://shop.example.com${path}`));
    const robots = await (await fetch(`${configured.url}/robots.txt`)).text();
    expect(robots).toContain('\nSitemap: https://shop.example.com/sitemap.xml\n');
  });

  it('never takes a URL from the request: a forged Host or X-Forwarded-Host changes nothing, cached or not', async () => {
    for (const server of [seeded, configured]) {
      const forged = {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        forwarded: 'host=evil.example',
      };
      // First request after a write: the forged one builds the sitemap that is then cached.
      server.store.create('Item', { name: 'Forgery bait', tags: ['wine'] });
      const sitemap = await rawRequest(server, '/sitemap.xml', forged);
      const robots = await rawRequest(server, '/robots.txt', forged);
      expect(sitemap.status).toBe(200);
      expect(sitemap.body.toString('utf8')).not.toContain('evil');
      expect(robots.body.toString('utf8')).not.toContain('evil');
      expect(sitemap.body.toString('utf8')).toBe(await getSitemap(server));
      const origin = server === configured ? 'https://shop.example.com' : server.url;
      for (const entry of parseUrlset(sitemap.body.toString('utf8'))) expect(entry.loc.startsWith(`${origin}/`)).toBe(true);
      expect(robots.body.toString('utf8')).toContain(`Sitemap: ${origin}/sitemap.xml`);
    }
  });
});

describe('/robots.txt', () => {
  const routerSource = readFileSync(fileURLToPath(new URL('../../src/app/router.tsx', import.meta.url)), 'utf8');
  /** RFC 9309's matching for our rules (plain prefixes, no wildcards): the longest matching rule wins, Allow on a tie. */
  function allowed(robots: string, path: string): boolean {
    let best: { length: number; allow: boolean } = { length: -1, allow: true };
    for (const [, kind, rule] of robots.matchAll(/^(Allow|Disallow):\s*(\S*)\s*$/gm)) {
      if (!rule || !path.startsWith(rule)) continue;
      if (rule.length > best.length || (rule.length === best.length && kind === 'Allow'))
        best = { length: rule.length, allow: kind === 'Allow' };
    }
    return best.allow;
  }

  it('disallows every admin route of the SPA, nothing in the sitemap, and names the sitemap', async () => {
    const response = await fetch(`${seeded.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const robots = await response.text();
    expect(robots.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    expect(robots).toContain(`\nSitemap: ${seeded.url}/sitemap.xml\n`);

    // The admin routes as the router declares them: literal paths, or SPA_ROUTES names.
    const literal = [...routerSource.matchAll(/path="(admin-[^"]*)"/g)].map((match) => `/${match[1]}`);
    const named = [...routerSource.matchAll(/SPA_ROUTES\.(admin\w+)/g)].map((match) => SPA_ROUTES[match[1] as keyof typeof SPA_ROUTES]);
    const adminRoutes = [...new Set([...literal, ...named, ...Object.values(SPA_ROUTES).filter((path) => path.startsWith('/admin'))])];
    expect(adminRoutes).toEqual(
      expect.arrayContaining([
        '/admin-portal',
        '/admin-items',
        '/admin-item',
        '/admin-tags',
        '/admin-events',
        '/admin-users',
        '/admin-admins',
        '/admin-settings',
        '/admin-activity',
        '/admin-reservations',
        '/admin-outbox',
      ]),
    );
    for (const route of adminRoutes) {
      expect(robots, route).toContain(`\nDisallow: ${route}\n`);
      expect(allowed(robots, route), route).toBe(false);
    }
    expect(allowed(robots, '/admin-item?id=abc')).toBe(false);

    // Crawlable: every sitemap URL, and /login and /signup (they say noindex, which a crawler must be allowed to read).
    for (const { loc } of parseUrlset(await getSitemap(seeded))) {
      const path = loc.slice(seeded.url.length);
      expect(allowed(robots, path), path).toBe(true);
    }
    for (const path of ['/login', '/signup', '/home', '/sitemap.xml']) expect(allowed(robots, path), path).toBe(true);

    const head = await rawRequest(seeded, '/robots.txt', {}, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(robots)));
    expect(head.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is what public/robots.txt (AWS static hosting) serves, without the Sitemap line', async () => {
    const file = readFileSync(fileURLToPath(new URL('../../public/robots.txt', import.meta.url)), 'utf8');
    expect(file).toBe(robotsTxt(null));
    expect(file).not.toMatch(/Sitemap/i);
    const served = await (await fetch(`${seeded.url}/robots.txt`)).text();
    expect(served).toBe(`${file}\nSitemap: ${seeded.url}/sitemap.xml\n`);
  });
});

describe('the protocol limits (50,000 URLs and 50 MB a file)', () => {
  const entries = Array.from({ length: 23 }, (_, i) => ({
    path: `/item/id-${i}&x`,
    lastmod: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`,
  }));

  it('splits the URLs over as many urlset files as the limits need, losing and repeating none', () => {
    for (const limits of [
      { maxUrls: 5, maxBytes: 1e9 },
      { maxUrls: 1e9, maxBytes: 600 },
    ]) {
      const files = urlsetFiles('https://shop.example.com', entries, limits);
      expect(files.length).toBeGreaterThan(3);
      const locs = files.flatMap((file) => {
        expect(Buffer.byteLength(file)).toBeLessThanOrEqual(limits.maxBytes);
        const urls = parseUrlset(file);
        expect(urls.length).toBeLessThanOrEqual(limits.maxUrls);
        return urls.map((url) => url.loc);
      });
      expect(locs).toEqual(entries.map((entry) => `https://shop.example.com${entry.path}`));
    }
    expect(urlsetFiles('https://a.example', entries)).toHaveLength(1);
  });

  it('writes a sitemap index naming the files', () => {
    const index = sitemapIndex('https://shop.example.com', [
      { path: '/sitemap-1.xml', lastmod: '2026-01-01T00:00:00.000Z' },
      { path: '/sitemap-2.xml' },
    ]);
    expect(XMLValidator.validate(index)).toBe(true);
    const doc = parser.parse(index) as { sitemapindex: { '@_xmlns': string; sitemap: UrlEntry[] } };
    expect(doc.sitemapindex['@_xmlns']).toBe(SITEMAP_NAMESPACE);
    expect(doc.sitemapindex.sitemap).toEqual([
      { loc: 'https://shop.example.com/sitemap-1.xml', lastmod: '2026-01-01T00:00:00.000Z' },
      { loc: 'https://shop.example.com/sitemap-2.xml' },
    ]);
  });
});

describe('a large catalogue', () => {
  let large: TestServer;
  beforeAll(async () => {
    large = await startTestServer({ env: { PUBLIC_ORIGIN: 'https://big.example.com' } });
  }, 60_000);
  afterAll(async () => {
    await large?.stop();
  });

  it('builds a 5,000-item sitemap fast and answers later requests from memory', async () => {
    large.store.transaction(() => {
      for (let i = 0; i < 5000; i += 1) large.store.create('Item', { name: `Bulk ${i}`, tags: ['wine'], price: i });
    });
    // The store's reads counted, not timed: a hit must read nothing, however busy the machine.
    const reads = vi.spyOn(large.store, 'list');
    try {
      const started = performance.now();
      const xml = await getSitemap(large);
      const firstMs = performance.now() - started;
      expect(parseUrlset(xml)).toHaveLength(FIXED_PATHS.length + 5000);
      // The build read the items a page of 1,000 at a time.
      expect(reads.mock.calls.filter(([model]) => model === 'Item').length).toBeGreaterThanOrEqual(5);
      reads.mockClear();

      for (let i = 0; i < 3; i += 1) expect(await getSitemap(large)).toBe(xml);
      for (let i = 0; i < 20; i += 1)
        expect((await rawRequest(large, '/sitemap.xml', {}, 'HEAD')).headers['content-length']).toBe(String(Buffer.byteLength(xml)));
      // Every later request from the bytes the build left in memory.
      expect(reads).not.toHaveBeenCalled();
      console.log(`sitemap of 5,000 items: built in ${firstMs.toFixed(0)} ms (${(Buffer.byteLength(xml) / 1024).toFixed(0)} KB)`);
      // A bound on a runaway build, far above its usual time: not a measure of speed.
      expect(firstMs).toBeLessThan(5000);
    } finally {
      reads.mockRestore();
    }
  });

  it(`splits past ${MAX_URLS_PER_FILE} URLs into a sitemap index, every item in exactly one file`, async () => {
    large.store.transaction(() => {
      for (let i = 0; i < MAX_URLS_PER_FILE - 4000; i += 1) large.store.create('Item', { name: `More ${i}`, tags: ['extras'] });
    });
    const index = await getSitemap(large);
    expect(XMLValidator.validate(index)).toBe(true);
    const doc = parser.parse(index) as { sitemapindex?: { '@_xmlns': string; sitemap: UrlEntry[] } };
    expect(doc.sitemapindex?.['@_xmlns']).toBe(SITEMAP_NAMESPACE);
    const children = doc.sitemapindex!.sitemap;
    expect(children.map((child) => child.loc)).toEqual(['https://big.example.com/sitemap-1.xml', 'https://big.example.com/sitemap-2.xml']);
    const locs = new Set<string>();
    let count = 0;
    for (const child of children) {
      const urls = parseUrlset(await getSitemap(large, new URL(child.loc).pathname));
      expect(urls.length).toBeLessThanOrEqual(MAX_URLS_PER_FILE);
      expect(child.lastmod).toBe(
        urls
          .map((url) => url.lastmod ?? '')
          .sort()
          .at(-1),
      );
      for (const url of urls) locs.add(url.loc);
      count += urls.length;
    }
    const total = FIXED_PATHS.length + 5000 + MAX_URLS_PER_FILE - 4000;
    expect(count).toBe(total);
    expect(locs.size).toBe(total);
    expect((await fetch(`${large.url}/sitemap-3.xml`)).status).toBe(404);
  }, 120_000);
});
