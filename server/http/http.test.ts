/** The HTTP surface of the local server: bad requests, limits, headers, static app, media. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../app';
import { loadConfig } from '../config';
import { startTestServer, postGraphQL, type TestServer } from '../../tests/support/test-server';
import { MAX_ADMIN_BODY_BYTES, MAX_BODY_BYTES } from './graphql-route';
import { MAX_DRAWN_LIST_PAGES } from './first-screen';
import { MAX_PAGE_SIZE } from '../../shared/catalogue';
import { SEARCH_FIRST_SCREEN_ITEMS } from '../../shared/first-screen';
import { ROUTE_CHUNKS_FILE, SERVER_RENDER_DIR, SERVER_RENDER_ENTRY } from '../../shared/page-markers';

let server: TestServer;
let devServer: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'shop-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><head><!--amplify-outputs--><!--first-screen--><link rel="modulepreload" href="/assets/amplify-runtime-x.js" data-client-preload></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
  // As vite.config.ts writes it, with one entry that is not a chunk path (never written into a page).
  writeFileSync(
    join(distDir, ROUTE_CHUNKS_FILE),
    JSON.stringify({
      menu: ['/assets/MenuPage-abc.js', '/assets/get-menu-def.js', '/assets/get-menu-def.css'],
      item: ['/assets/x.js"><script>alert(1)</script>', '/assets/x.css"><script>alert(2)</script>'],
      search: ['/assets/SearchPage-ghi.js', '/assets/get-menu-def.css'],
    }),
  );
  // A renderer where the build puts one (decision 0388): it says what it was asked to draw.
  mkdirSync(join(distDir, SERVER_RENDER_DIR));
  writeFileSync(
    join(distDir, SERVER_RENDER_DIR, `${SERVER_RENDER_ENTRY}.js`),
    // What it was given is kept where a test can count it (the server runs in the test's process).
    `export const renderPage = async (href, answers, drawnAt) => { globalThis.drawnWith = answers; globalThis.renders = (globalThis.renders ?? 0) + 1; return '<main>drawn ' + href + ' with ' + Object.keys(answers).join(',') + ' at ' + drawnAt + '</main>'; };
     export const renderAgeGate = () => '<div class="gate">21+</div>';`,
  );
  server = await startTestServer({ distDir });
  devServer = await startTestServer({ env: { NODE_ENV: 'development' } });
});

afterAll(async () => {
  await server?.stop();
  await devServer?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

// Small pages, so the request is within the cost budget and only its depth is judged.
const nested = (depth: number) =>
  `{ listCategories(limit: 5) { items { ${'tags(limit: 5) { items { category { '.repeat(depth)}id${' } } }'.repeat(depth)} } } }`;

describe('POST /graphql with bad input', () => {
  it('answers malformed JSON with a GraphQL-shaped 400', async () => {
    const { status, body } = await postGraphQL(server, '{"query": ');
    expect(status).toBe(400);
    expect(body.errors?.[0]).toMatchObject({ errorType: 'BadRequest', message: 'The request body is not valid JSON.' });
  });

  it('answers a body without a query', async () => {
    const { status, body } = await postGraphQL(server, { variables: {} });
    expect(status).toBe(200);
    expect(body.errors?.[0]?.errorType).toBe('BadRequest');
  });

  it('answers a non-POST with 405 and an errors array', async () => {
    const response = await fetch(`${server.url}/graphql`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(((await response.json()) as { errors: Array<{ errorType: string }> }).errors[0]!.errorType).toBe('MethodNotAllowed');
  });

  it('answers a write to a page with 405 and ends the connection (its body is never read)', async () => {
    const response = await fetch(`${server.url}/home`, { method: 'POST', body: 'x'.repeat(100_000) });
    expect(response.status).toBe(405);
    expect(response.headers.get('connection')).toBe('close');
    expect((await fetch(`${server.url}/amplify_outputs.json`)).status).toBe(200);
  });

  it('refuses a body over the limit with 413', async () => {
    const { status, body } = await postGraphQL(server, {
      query: '{ listItems { items { id } } }',
      variables: { pad: 'x'.repeat(MAX_BODY_BYTES) },
    });
    expect(status).toBe(413);
    expect(body.errors?.[0]?.errorType).toBe('PayloadTooLarge');
  });

  it("reads an admin's larger body (a CSV import in one call) up to its own limit, and a user's only up to everyone's", async () => {
    const padded = (bytes: number) => ({ query: '{ listItems { items { id } } }', variables: { pad: 'x'.repeat(bytes) } });
    const admin = { authorization: (await server.sessionFor(0)).token };
    const user = { authorization: (await server.sessionFor(1)).token };
    expect((await postGraphQL(server, padded(MAX_BODY_BYTES), admin)).status).toBe(200);
    expect((await postGraphQL(server, padded(MAX_BODY_BYTES), user)).status).toBe(413);
    expect((await postGraphQL(server, padded(MAX_ADMIN_BODY_BYTES), admin)).status).toBe(413);
  });

  it('refuses queries nested deeper than 10 levels', async () => {
    const ok = await postGraphQL(server, { query: nested(2) });
    expect(ok.body.errors).toBeUndefined();
    const { body } = await postGraphQL(server, { query: nested(3) });
    expect(body.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
    expect(body.errors?.[0]?.message).toMatch(/limit is 10/);
  });

  it('refuses a field named twice in one selection before validating it (validation is quadratic in them)', async () => {
    const { body } = await postGraphQL(server, { query: `{ ${'listItems(limit: 1) { items { id } } '.repeat(50)} }` });
    expect(body.errors).toEqual([
      expect.objectContaining({ errorType: 'ValidationError', message: 'Query selects listItems more than once in one selection.' }),
    ]);
    expect((await postGraphQL(server, { query: '{ listItems { items { id name } } }' })).body.errors).toBeUndefined();
  });

  it('refuses more than 200 fields and fragments in one document', async () => {
    const fragments = (n: number) => `{ listItems { items { ${'... on Item { id } '.repeat(n)} } } }`;
    expect((await postGraphQL(server, { query: fragments(98) })).body.errors).toBeUndefined();
    const { body } = await postGraphQL(server, { query: fragments(150) });
    expect(body.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'Query selects 302 fields and fragments; the limit is 200.',
    });
  });

  it('lists at most 20 validation errors', async () => {
    const unknown = Array.from({ length: 100 }, (_, i) => `f${i}`).join(' ');
    const { body } = await postGraphQL(server, { query: `{ listItems { items { ${unknown} } } }` });
    expect(body.errors!.length).toBeLessThanOrEqual(21);
    expect(body.errors!.length).toBeGreaterThan(10);
  });

  it('refuses more than 20 aliases', async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: listItems(limit: 1) { items { id } }`).join(' ')} }`;
    expect((await postGraphQL(server, { query: aliases(20) })).body.errors).toBeUndefined();
    const { body } = await postGraphQL(server, { query: aliases(21) });
    expect(body.errors?.[0]?.message).toMatch(/21 aliases; the limit is 20/);
  });

  it('turns introspection and suggestions off outside development', async () => {
    const introspection = await postGraphQL(server, { query: '{ __schema { types { name } } }' });
    expect(introspection.body.errors?.[0]?.message).toMatch(/introspection/i);
    const typo = await postGraphQL(server, { query: '{ listItem { items { id } } }' });
    expect(typo.body.errors?.[0]?.message).toBe('Cannot query field "listItem" on type "Query".');

    const devIntrospection = await postGraphQL(
      devServer,
      { query: '{ __schema { queryType { name } } }' },
      { 'x-api-key': devServer.apiKey },
    );
    expect(devIntrospection.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const devTypo = await postGraphQL(devServer, { query: '{ listItem { items { id } } }' }, { 'x-api-key': devServer.apiKey });
    expect(devTypo.body.errors?.[0]?.message).toMatch(/Did you mean/);
  });

  it('requires an API key or a session token', async () => {
    const none = await postGraphQL(server, { query: '{ listItems { items { id } } }' }, {});
    expect(none.body.errors?.[0]).toMatchObject({
      errorType: 'UnauthorizedException',
      message: 'Valid authorization header not provided.',
    });
    const wrongKey = await postGraphQL(server, { query: '{ listItems { items { id } } }' }, { 'x-api-key': 'da2-wrong' });
    expect(wrongKey.body.errors?.[0]?.errorType).toBe('UnauthorizedException');
  });

  it('runs nothing when one mutation of a request has invalid input', async () => {
    const { token } = await server.sessionFor(0);
    const { body } = await postGraphQL(
      server,
      {
        query: `mutation { ok: createEvent(input: {name: "Kept", date: "2031-01-01", description: "d"}) { id }
        bad: createEvent(input: {name: "Bad", date: "2031-02-30", description: "d"}) { id } }`,
      },
      { authorization: token },
    );
    // A literal that fails validation rejects the whole document before anything runs.
    expect(body.errors?.[0]?.errorType).toBe('ValidationError');
    expect(server.store.list('Event', { filter: { name: { eq: 'Kept' } } }).items).toHaveLength(0);
  });
});

describe('answer lengths', () => {
  // Short answers are sent as text and long ones as bytes (graphql-route.ts): either way the
  // Content-Length counts bytes, built and from the response cache, whatever the characters.
  it('counts the bytes of short and long answers with non-ASCII text, built and cached', async () => {
    const name = 'Côtes du Rhône « Réserve » 🍷';
    const created = server.store.create('Item', { name, price: 14, tags: ['wine'], description: 'é'.repeat(9000) });
    const query = (fields: string) => ({ query: `query ($id: ID!) { getItem(id: $id) { ${fields} } }`, variables: { id: created.id } });
    for (const [body, long] of [
      [query('id name'), false],
      [query('id name description'), true],
    ] as const) {
      for (let read = 0; read < 2; read += 1) {
        const response = await fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': server.apiKey },
          body: JSON.stringify(body),
        });
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
        expect(bytes.length > 8 * 1024).toBe(long);
        const answer = JSON.parse(bytes.toString('utf8')) as { data: { getItem: { name: string } } };
        expect(answer.data.getItem.name).toBe(name);
      }
    }
  });
});

describe('cached answers', () => {
  it("keeps each caller class's answers apart: no body a visitor sends can name a staff answer", async () => {
    const admin = { authorization: (await server.sessionFor(0)).token };
    const query = JSON.stringify({ query: '{ listUsers { items { id } } }' });
    // Asked twice by staff: answered, and kept.
    for (let turn = 0; turn < 2; turn++) {
      const staff = await postGraphQL(server, query, admin);
      expect((staff.body.data?.listUsers as { items: unknown[] }).items.length).toBeGreaterThan(0);
    }
    // The same body with the public key: refused, not the staff's answer.
    const visitor = await postGraphQL(server, query);
    expect(visitor.body.data?.listUsers ?? null).toBeNull();
    expect(visitor.body.errors?.[0]?.errorType).toBe('Unauthorized');
    // A body spelt as another class's key would be: not JSON, whatever the cache holds.
    for (const forged of [`lambda:admin:${query}`, `lambda:admin:-:${query}`, `apiKey:-:${query}`]) {
      const answer = await postGraphQL(server, forged);
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.errorType).toBe('BadRequest');
    }
  });
});

describe('static app and headers', () => {
  it('redirects / to /home', async () => {
    const response = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/home');
  });

  it('serves every app route with the client config inlined and security headers', async () => {
    for (const path of ['/home', '/menu?category=wine', '/item/abc', '/admin-items', '/no-such-page']) {
      const response = await fetch(`${server.url}${path}`);
      // The app for every path; 404 for an item that does not exist and a path no route shows (decision 0217).
      expect(response.status, path).toBe(path === '/item/abc' || path === '/no-such-page' ? 404 : 200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      const html = await response.text();
      const json = /<script id="amplify-outputs" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      const outputs = JSON.parse(json!) as { data: { url: string; api_key: string; model_introspection: { models: object } } };
      // By path alone: no request header decides the URL (PUBLIC_ORIGIN makes it absolute).
      expect(outputs.data.url).toBe('/graphql');
      expect(outputs.data.api_key).toBe(server.apiKey);
      expect(Object.keys(outputs.data.model_introspection.models)).toContain('Item');
    }
  });

  it("announces a page's own chunks (modulepreload) and links its stylesheets on that page only, and keeps the build's list to itself", async () => {
    const links = async (path: string) =>
      [
        ...(await (await fetch(`${server.url}${path}`)).text()).matchAll(
          /<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]*)">/g,
        ),
      ].map((match) => `${match[1]} ${match[2]}`);
    expect(await links('/menu?category=wine')).toEqual([
      'modulepreload /assets/MenuPage-abc.js',
      'modulepreload /assets/get-menu-def.js',
      'stylesheet /assets/get-menu-def.css',
    ]);
    // The page's stylesheets come after the app's own (the cascade the app's chunk loader gives).
    const menu = await (await fetch(`${server.url}/menu?category=wine`)).text();
    expect(menu).toMatch(/get-menu-def\.css">\s*<\/head>/);
    expect(await links('/home')).toEqual([]);
    expect(await links('/events')).toEqual([]);
    // A page the app draws has them too: its chunk loader finds them and does not wait (decision 0389).
    expect(await links('/search?q=a')).toEqual(['modulepreload /assets/SearchPage-ghi.js', 'stylesheet /assets/get-menu-def.css']);
    // A path that is not a chunk's or a stylesheet's is left out, whatever the file says.
    const item = await (await fetch(`${server.url}/item/abc`)).text();
    expect(item).not.toContain('alert(1)');
    expect(item).not.toContain('alert(2)');
    expect((await fetch(`${server.url}/${ROUTE_CHUNKS_FILE}`)).headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('draws a public page with its inlined answers in #root, the gate after it unless the cookie says confirmed, and never serves the renderer', async () => {
    const page = async (path: string, cookie?: string) =>
      (await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} })).text();
    const before = Date.now();
    const menu = await page('/menu?category=wine&sort=price-asc');
    // The renderer is told when it draws, and the page tells the app the same time for its takeover.
    const [, rootDrawnAt, bodyDrawnAt] =
      /<div id="root" data-drawn-at="(\d+)"><main>drawn \S+ with \S+ at (\d+)<\/main><\/div>/.exec(menu) ?? [];
    expect(Number(rootDrawnAt)).toBe(Number(bodyDrawnAt));
    // Kept for the minute it was drawn in.
    expect(Number(rootDrawnAt)).toBeGreaterThanOrEqual(before - 60_000);
    expect(Number(rootDrawnAt)).toBeLessThanOrEqual(Date.now());
    expect(menu).toContain(
      `<main>drawn ${server.url}/menu?category=wine&sort=price-asc with menu-items:wine,categories,tags,shop-settings at ${rootDrawnAt}</main></div><div data-server-age-gate><div class="gate">21+</div></div>`,
    );
    expect(menu).toContain('id="first-screen"');
    expect((await fetch(`${server.url}/menu?category=wine`)).headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect((await fetch(`${server.url}/login`)).headers.get('vary')).toBe('Accept-Encoding');
    expect(await page('/menu?category=wine', 'theme=dark; ageVerified=true')).not.toContain('data-server-age-gate');
    expect(await page('/menu?category=wine', 'ageVerified=false')).toContain('data-server-age-gate');
    // Sign-in pages are the app's alone.
    expect(await page('/login')).toContain('<div id="root"></div>');
    const file = await fetch(`${server.url}/${SERVER_RENDER_DIR}/${SERVER_RENDER_ENTRY}.js`);
    expect(file.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await file.text()).not.toContain('renderAgeGate');
  });

  it('draws a menu too long to inline in its plain form only, from its whole list, which the app reads itself (decisions 0391, 0393)', async () => {
    const big = await startTestServer({ distDir });
    try {
      big.store.transaction(() => {
        for (let i = 0; i < 1001; i += 1) big.store.create('Item', { name: `Bulk extra ${i}`, tags: ['extras'], price: 1 });
      });
      const html = await (await fetch(`${big.url}/menu?category=extras&utm_source=mail`)).text();
      expect(html).toMatch(
        new RegExp(
          `<div id="root" data-drawn-at="\\d+"><main>drawn ${big.url}/menu\\?category=extras with menu-items:extras,categories,tags,shop-settings at \\d+</main>`,
        ),
      );
      expect((globalThis as { drawnWith?: Record<string, unknown[]> }).drawnWith?.['menu-items:extras']).toHaveLength(1001);
      // The list is left out of the first screen (the app reads it itself), the other answers are
      // inlined for the app's hydration, and the Amplify libraries are preloaded for that read.
      const block = /<script id="first-screen" type="application\/json" data-left-out="menu-items:extras">(.*?)<\/script>/s.exec(html);
      expect(Object.keys(JSON.parse(block![1]!) as object).sort()).toEqual(['categories', 'shop-settings', 'tags']);
      expect(html).toContain('data-client-preload');
      // Visitors at once share one drawing; after a write (a customer's pickup list is one) the
      // page is drawn again no sooner than WHOLE_LIST_REDRAW_MS: the last drawing is sent meanwhile.
      const counted = globalThis as { renders?: number };
      big.store.create('Item', { name: 'One more extra', tags: ['extras'], price: 2 });
      const before = counted.renders ?? 0;
      const pages = await Promise.all(Array.from({ length: 10 }, () => fetch(`${big.url}/menu?category=extras`).then((r) => r.text())));
      for (const text of pages) expect(text).toContain('<main>drawn ');
      expect(counted.renders).toBe(before);
      // A menu small enough to inline follows every write at once.
      const liquor = async () => (await fetch(`${big.url}/menu?category=liquor`)).text();
      expect(await liquor()).toContain('id="first-screen"');
      // Whole: the Amplify libraries wait for the visitor.
      expect(await liquor()).not.toContain('data-client-preload');
      big.store.create('Item', { name: 'Fresh Rye', tags: ['liquor'], price: 30 });
      expect(await liquor()).toContain('Fresh Rye');
      // Any page asked by many at once after a write is built once.
      big.store.create('Item', { name: 'Another extra', tags: ['extras'], price: 2 });
      const drawn = counted.renders ?? 0;
      await Promise.all(Array.from({ length: 10 }, () => fetch(`${big.url}/aboutus`).then((r) => r.text())));
      expect(counted.renders).toBe(drawn + 1);
      // A search, a filter or a sort: the app's alone, and the list is not read past its first page.
      for (const search of ['&q=bulk', '&sort=price-asc', '&stock=in', '&tags=x']) {
        (globalThis as { drawnWith?: unknown }).drawnWith = undefined;
        expect(await (await fetch(`${big.url}/menu?category=extras${search}`)).text()).toContain('<div id="root"></div>');
        expect((globalThis as { drawnWith?: unknown }).drawnWith).toBeUndefined();
      }
    } finally {
      await big.stop();
    }
  });

  it('draws /search with words while the catalogue fits in the page, and leaves a bigger one to the app (decision 0392)', async () => {
    const shop = await startTestServer({ distDir });
    try {
      shop.store.create('Item', { name: 'Finger Lakes Riesling', tags: ['wine'], price: 18 });
      const search = async (words: string) => (await fetch(`${shop.url}/search?q=${words}&utm_source=mail`)).text();
      expect(await search('riesling')).toMatch(
        new RegExp(`<main>drawn ${shop.url}/search\\?q=riesling with search-items,categories,tags,shop-settings at \\d+</main>`),
      );
      expect(await search('riesling')).toContain('Finger Lakes Riesling');
      // Without words there is nothing to draw.
      expect(await (await fetch(`${shop.url}/search`)).text()).toContain('<div id="root"></div>');
      shop.store.transaction(() => {
        for (let i = 0; i < SEARCH_FIRST_SCREEN_ITEMS; i += 1)
          shop.store.create('Item', { name: `Bulk wine ${i}`, tags: ['wine'], price: 9 });
      });
      const big = await search('riesling');
      expect(big).toContain('<div id="root"></div>');
      expect(big).not.toContain('id="first-screen"');
    } finally {
      await shop.stop();
    }
  });

  it('leaves a menu longer than MAX_DRAWN_LIST_PAGES pages to the app (decision 0391)', async () => {
    const huge = await startTestServer({ distDir });
    try {
      huge.store.transaction(() => {
        for (let i = 0; i < MAX_DRAWN_LIST_PAGES * MAX_PAGE_SIZE + 1; i += 1)
          huge.store.create('Item', { name: `Huge extra ${i}`, tags: ['extras'], price: 1 });
      });
      const html = await (await fetch(`${huge.url}/menu?category=extras`)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('id="first-screen"');
    } finally {
      await huge.stop();
    }
  }, 60_000);

  it('serves hashed assets compressed with a year of caching, and 404s missing ones', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });

  it('serves amplify_outputs.json for static hosting and the dev server', async () => {
    const outputs = (await (await fetch(`${server.url}/amplify_outputs.json`)).json()) as { data: Record<string, unknown> };
    expect(outputs.data).toMatchObject({ aws_region: 'local', default_authorization_type: 'API_KEY', authorization_types: ['AWS_LAMBDA'] });
  });

  it('serves stored media immutably and nothing outside it', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const url = server.media.putNamed(`${'b'.repeat(64)}.png`, png);
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
    for (const path of ['/media/..%2Fshop.sqlite3', '/media/abc.png', `/media/${'a'.repeat(64)}.png`]) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    }
    // A dot-dot path is normalised by the URL parser and lands on the app shell, never on a file.
    const dotDot = await fetch(`${server.url}/media/../shop.sqlite3`);
    expect(await dotDot.text()).not.toContain('SQLite format');
  });
});

describe('limits found in review', () => {
  const list = (filter: unknown) =>
    postGraphQL(server, { query: 'query ($f: ModelItemFilterInput) { listItems(filter: $f) { items { id } } }', variables: { f: filter } });

  it('refuses filters with too many conditions or too deep, as a ValidationError', async () => {
    const many = await list({ or: Array.from({ length: 201 }, (_, i) => ({ name: { eq: `n${i}` } })) });
    expect(many.body.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'The filter has more than 200 conditions (each field condition, each not and each empty and/or term counts)',
    });
    let deep: Record<string, unknown> = { name: { eq: 'x' } };
    for (let i = 0; i < 25; i += 1) deep = { not: deep };
    expect((await list(deep)).body.errors?.[0]?.message).toBe('The filter is nested more than 20 levels deep');
    expect((await list({ or: Array.from({ length: 200 }, (_, i) => ({ name: { eq: `n${i}` } })) })).body.errors).toBeUndefined();
  });

  it('counts a filter written inline before validating the document', async () => {
    // noSuchField would fail validation: the count answering first shows it ran before validation.
    const terms = (n: number) => Array.from({ length: n }, (_, i) => `{ name: { contains: "${i}" } }`).join(',');
    const inline = (n: number) =>
      postGraphQL(server, { query: `{ listItems(filter: { or: [${terms(n)}] }) { items { id noSuchField } } }` });
    expect((await inline(201)).body.errors).toEqual([
      expect.objectContaining({ errorType: 'ValidationError', message: expect.stringMatching(/^The filter has more than 200 conditions/) }),
    ]);
    expect((await inline(200)).body.errors?.[0]?.message).toMatch(/noSuchField/);
  });

  it('treats and/or lists of nulls as no condition', async () => {
    expect((await list({ and: [null] })).body.errors).toBeUndefined();
    expect((await list({ or: [null, null] })).body.errors).toBeUndefined();
  });

  it('refuses large bodies with extra fields', async () => {
    const { status } = await postGraphQL(server, { query: '{ listItems(limit: 1) { items { id } } }', pad: 'x'.repeat(300 * 1024) });
    expect(status).toBe(413);
  });

  it('refuses nested lists by their page sizes before reading anything', async () => {
    const { token } = await server.sessionFor(0);
    const nestedLists =
      '{ listCategories(limit: 1000) { items { tags(limit: 1000) { items { category { tags(limit: 1000) { items { id } } } } } } } }';
    const { body } = await postGraphQL(server, { query: nestedLists }, { authorization: token });
    expect(body.errors).toEqual([
      expect.objectContaining({
        errorType: 'ValidationError',
        message: expect.stringMatching(/^The request would cost [\d,]+; the limit is 1,000,000/),
      }),
    ]);
  });

  it('caps the records one request reads, single lookups under list rows included', async () => {
    const { token } = await server.sessionFor(0);
    server.store.transaction(() => {
      const category = server.store.create('Category', { name: 'Budget' });
      for (let t = 0; t < 1000; t += 1) server.store.create('Tag', { name: `T${t}`, categoryId: category.id });
    });
    // Within an admin's cost budget, but 11 x (1,000 tags + 1,000 category lookups) records.
    const aliased = Array.from({ length: 11 }, (_, i) => `a${i}: listTags(limit: 1000) { items { category { id } } }`).join(' ');
    const { body } = await postGraphQL(server, { query: `{ ${aliased} }` }, { authorization: token });
    expect(body.errors?.[0]?.errorType).toBe('ValidationError');
    expect(body.errors?.[0]?.message).toMatch(/more than 20000 records/);
    const ten = Array.from({ length: 10 }, (_, i) => `a${i}: listTags(limit: 1000) { items { id } }`).join(' ');
    expect((await postGraphQL(server, { query: `{ ${ten} }` }, { authorization: token })).body.errors).toBeUndefined();
  });
});

describe('start-up', () => {
  async function startOn(host: string, env: NodeJS.ProcessEnv = {}) {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
    const lines: string[] = [];
    const shop = await startServer(
      { ...loadConfig({ RATE_LIMIT_PER_SECOND: '0', ...env }), port: 0, host, dataDir, distDir: join(dataDir, 'no-dist'), seedDemo: false },
      { writeLogLine: (line) => lines.push(line) },
    );
    return {
      shop,
      lines,
      stop: async () => {
        await shop.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  it('warns once, at start, when every interface is served and PUBLIC_ORIGIN is unset', async () => {
    const open = await startOn('0.0.0.0');
    try {
      const warnings = open.lines.filter((line) => line.includes('PUBLIC_ORIGIN'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`http://localhost:${open.shop.port}`);
      expect(warnings[0]).toMatch(/canonical links, \/sitemap\.xml, robots\.txt and the \.ics files/);
      // Requests add no more of it.
      await fetch(`http://127.0.0.1:${open.shop.port}/robots.txt`);
      expect(open.lines.filter((line) => line.includes('PUBLIC_ORIGIN'))).toHaveLength(1);
    } finally {
      await open.stop();
    }
    for (const [host, env] of [
      ['0.0.0.0', { PUBLIC_ORIGIN: 'https://shop.example.com' }],
      ['127.0.0.1', {}],
    ] as const) {
      const quiet = await startOn(host, env);
      try {
        expect(
          quiet.lines.filter((line) => line.includes('PUBLIC_ORIGIN')),
          host,
        ).toEqual([]);
      } finally {
        await quiet.stop();
      }
    }
  });
});
