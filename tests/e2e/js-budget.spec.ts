/**
 * design §4: a public page loads at most 170 KB of gzipped JavaScript, counting the chunks it
 * loads lazily after its first render (the banner carousel on /home) and the Amplify libraries,
 * which a page drawn from inlined first-screen data loads at the visitor's first interaction.
 * Sizes are deterministic, so this is a test; the timings live in `npm run bench`.
 *
 * The browser gets brotli; the budget is in gzip, so each script the page loaded is fetched again
 * from the server asking for gzip only, and its bytes on the wire are counted.
 */
import { request as httpRequest } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { BOTH_BACKENDS, LOCAL_SERVER_ONLY } from './support/scope';

const BUDGET_BYTES = 170 * 1024;

/** Bytes of the response body as sent (gzipped when the server compresses the file). */
function gzippedSize(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ bytes, encoding: res.headers['content-encoding'] })
          : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The .js files in the page's resource timing: every script it fetched, module imports included. */
const scriptsInResourceTiming = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\.js($|\?)/.test(name)),
  );

/** The Amplify libraries' chunk (src/lib/amplify-runtime.ts). */
const DATA_CLIENT_CHUNK = /\/amplify-runtime-[\w-]+\.js$/;

/**
 * Every same-origin script the page loads, once the network has been quiet for 500 ms and the
 * visitor has pressed a key, until `lazyChunks` have all come: the responses Playwright saw and
 * the page's own resource timing, so no chunk slips past either.
 */
async function scriptsLoadedBy(page: Page, path: string, lazyChunks: RegExp[]): Promise<string[]> {
  const urls = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.keyboard.press('Shift');
  await expect
    .poll(async () => {
      const loaded = [...urls, ...(await scriptsInResourceTiming(page))];
      return lazyChunks.filter((chunk) => !loaded.some((url) => chunk.test(url))).map(String);
    })
    .toEqual([]);
  for (const url of await scriptsInResourceTiming(page)) urls.add(url);
  const origin = new URL(page.url()).origin;
  return [...urls].filter((url) => url.startsWith(origin));
}

async function firstWineItemPath(page: Page): Promise<string> {
  await page.goto('/menu?category=wine');
  const href = await page.locator('.menu-grid .product-card').first().getAttribute('href');
  expect(href).toMatch(/^\/item\//);
  return href!;
}

const PAGES: Array<{ name: string; path: (page: Page) => Promise<string>; lazyChunk?: RegExp }> = [
  // The age gate is part of /home's main bundle; the carousel (Embla) is loaded after first render.
  { name: '/home', path: async () => '/home', lazyChunk: /embla/ },
  { name: '/menu', path: async () => '/menu?category=wine' },
  { name: '/item/:id', path: firstWineItemPath },
  { name: '/events', path: async () => '/events' },
  { name: '/aboutus', path: async () => '/aboutus' },
  { name: '/login', path: async () => '/login' },
  { name: '/signup', path: async () => '/signup' },
];

for (const { name, path, lazyChunk } of PAGES) {
  test(`${name} loads at most 170 KB of gzipped JavaScript`, BOTH_BACKENDS, async ({ browser }) => {
    const setup = await browser.newPage();
    const target = await path(setup);
    await setup.close();

    // A fresh context: nothing cached, as on a first visit.
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = await scriptsLoadedBy(page, target, [DATA_CLIENT_CHUNK, ...(lazyChunk ? [lazyChunk] : [])]);
    await context.close();

    expect(scripts.length).toBeGreaterThan(0);
    const sizes = await Promise.all(scripts.map(async (url) => ({ url, ...(await gzippedSize(url)) })));
    // Files the server compresses are sent gzipped; only tiny ones (under 512 bytes) go as they are.
    for (const size of sizes) if (size.encoding !== 'gzip') expect(size.bytes, size.url).toBeLessThan(1024);
    const total = sizes.reduce((sum, size) => sum + size.bytes, 0);
    const detail = sizes.map((size) => `${new URL(size.url).pathname} ${(size.bytes / 1024).toFixed(1)} KB`).join(', ');
    console.log(`${name}: ${(total / 1024).toFixed(1)} KB gzipped (${detail})`);
    expect(total, `${name} JavaScript, gzipped: ${detail}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}

/** A page's own chunks, as the build names them (vite.config.ts: ROUTE_PAGE_MODULES). */
const PAGE_CHUNKS: Array<{ path: (page: Page) => Promise<string>; chunk: RegExp }> = [
  { path: async () => '/menu?category=wine', chunk: /\/MenuPage-[\w-]+\.js$/ },
  { path: async () => '/search?q=wine', chunk: /\/SearchPage-[\w-]+\.js$/ },
  { path: firstWineItemPath, chunk: /\/ItemPage-[\w-]+\.js$/ },
  { path: async () => '/events', chunk: /\/EventsPage-[\w-]+\.js$/ },
  { path: async () => '/aboutus', chunk: /\/AboutPage-[\w-]+\.js$/ },
];

test(
  "each public page's HTML announces the chunks the app loads for it, and no other page's",
  LOCAL_SERVER_ONLY,
  async ({ page, request }) => {
    const preloads = async (path: string) =>
      [...(await (await request.get(path)).text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)]
        .map((match) => match[1]!)
        .filter((href) => !DATA_CLIENT_CHUNK.test(href));
    // What the first bundle imports itself (the bundler's runtime, shared with the lazy chunks), as
    // index.html announces it on a page the server draws nothing into.
    const own = new Set(await preloads('/login'));
    const announced = async (path: string) => (await preloads(path)).filter((href) => !own.has(href));
    // /home's own chunk, and nothing of another page's, is fetched early there.
    const home = await announced('/home');
    expect(
      home.some((href) => /\/HomePage-[\w-]+\.js$/.test(href)),
      home.join(', '),
    ).toBe(true);
    for (const other of PAGE_CHUNKS) expect(home.some((href) => other.chunk.test(href))).toBe(false);
    for (const { path, chunk } of PAGE_CHUNKS) {
      const target = await path(page);
      const links = await announced(target);
      expect(
        links.some((href) => chunk.test(href)),
        `${target}: ${links.join(', ')}`,
      ).toBe(true);
      for (const other of PAGE_CHUNKS) if (other.chunk !== chunk) expect(links.some((href) => other.chunk.test(href))).toBe(false);
      // What the app itself loads for the page, reached from /home without a page load (nothing announced then).
      const context = await page.context().browser()!.newContext();
      const fresh = await context.newPage();
      await fresh.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
      // From the start: a chunk /home shares with the page (a product card) is loaded there.
      const loaded = new Set<string>();
      fresh.on('response', (response) => {
        if (response.request().resourceType() === 'script') loaded.add(new URL(response.url()).pathname);
      });
      await fresh.goto('/home', { waitUntil: 'networkidle' });
      await fresh.evaluate((url) => {
        history.pushState(null, '', url);
        dispatchEvent(new PopStateEvent('popstate'));
      }, target);
      await expect
        .poll(() => links.filter((href) => !loaded.has(href)), { message: `${target} announced chunks it does not load` })
        .toEqual([]);
      await context.close();
    }
  },
);
