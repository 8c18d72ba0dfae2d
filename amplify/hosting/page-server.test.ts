/**
 * AWS's page server as Amplify Hosting runs it (decision 0392): the bundle scripts/build-hosting.ts
 * makes, started with `node server.mjs`, reading a real AppSync-compatible API (the local server,
 * as a visitor with the public API key). The build's renderer is a small one that says what it was
 * asked to draw (tests/support/page-server-bundle.ts); the real one is drawn on the emulated cloud
 * (tests/e2e/server-rendered-pages.spec.ts, tests/cloud/server-rendered-pages.test.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';
import { ROUTE_CHUNKS_FILE, SERVER_RENDER_DIR, SERVER_RENDER_ENTRY } from '../../shared/page-markers';
import { DEPLOY_MANIFEST } from '../../scripts/build-hosting';
import { BUNDLE_ORIGIN, startPageServerBundle } from '../../tests/support/page-server-bundle';
import { ROLE_ADMIN } from '../../shared/roles';

const ORIGIN = BUNDLE_ORIGIN;
let api: TestServer;
let work: string;
const servers: ChildProcess[] = [];

/** The bundle for the API at `apiUrl`, started; its address. */
async function startBundle(name: string, apiUrl: string): Promise<string> {
  const started = await startPageServerBundle(work, name, { url: apiUrl, apiKey: api.apiKey });
  servers.push(started.process);
  return started.url;
}

let pages: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'page-server-'));
  api = await startTestServer({ seedDemo: true });
  pages = await startBundle('shop', `${api.url}/graphql`);
});

afterAll(async () => {
  for (const child of servers) child.kill();
  await api?.stop();
  rmSync(work, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${pages}${path}`, { headers, redirect: 'manual' });

async function anItem(): Promise<{ id: string; name: string; price: number }> {
  const { body } = await postGraphQL(api, { query: '{ listItems(limit: 1) { items { id name price } } }' });
  return (body.data!.listItems as { items: Array<{ id: string; name: string; price: number }> }).items[0]!;
}

describe('the deployment bundle', () => {
  it('puts the files in static/, the page server and what it fills pages with in compute/, and every non-file path to the compute', () => {
    const bundle = join(work, 'hosting-shop');
    expect(JSON.parse(readFileSync(join(bundle, 'deploy-manifest.json'), 'utf8'))).toEqual(DEPLOY_MANIFEST);
    expect(DEPLOY_MANIFEST.routes.at(-1)).toEqual({ path: '/*', target: { kind: 'Compute', src: 'default' } });
    for (const file of ['assets/app-abc123.js', 'robots.txt', 'amplify_outputs.json'])
      expect(existsSync(join(bundle, 'static', file)), file).toBe(true);
    // The build's robots.txt, with the sitemap's absolute URL at the shop's origin.
    expect(readFileSync(join(bundle, 'static', 'robots.txt'), 'utf8')).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const file of ['index.html', ROUTE_CHUNKS_FILE, SERVER_RENDER_DIR])
      expect(existsSync(join(bundle, 'static', file)), file).toBe(false);
    for (const file of [
      'server.mjs',
      'amplify_outputs.json',
      'page-server.json',
      `dist/index.html`,
      `dist/${SERVER_RENDER_DIR}/${SERVER_RENDER_ENTRY}.js`,
    ])
      expect(existsSync(join(bundle, 'compute', 'default', file)), file).toBe(true);
  });
});

describe("AWS's page server", () => {
  it('sends a public page drawn from answers read through the API, with its head on the shop origin and the gate over it', async () => {
    const response = await get('/home');
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // Never framed by another site.
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/home">`);
    expect(html).toMatch(/<div id="root" data-drawn-at="\d+"><main>drawn https:\/\/shop\.example\/home with [\w,-]*promoted-items/);
    expect(html).toContain('<script id="first-screen" type="application/json">');
    // The client config inlined: the SPA does not fetch it.
    expect(html).toContain(`"api_key":"${api.apiKey}"`);
    expect(html).toContain('<div class="gate">21+</div>');
    // A visitor who confirmed: no gate.
    expect(await (await get('/home', { cookie: 'ageVerified=true' })).text()).not.toContain('class="gate"');
  });

  it('follows a write at once: nothing is kept between requests, since AppSync cannot say when the data changed', async () => {
    const item = await anItem();
    const before = await (await get(`/item/${item.id}`)).text();
    expect(before).toContain(item.name);
    const admin = await api.sessionFor(ROLE_ADMIN);
    const price = item.price + 1.25;
    const { body } = await postGraphQL(
      api,
      {
        query: 'mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id price } }',
        variables: { input: { id: item.id, price } },
      },
      { authorization: admin.token },
    );
    expect(body.errors).toBeUndefined();
    expect(await (await get(`/item/${item.id}`)).text()).toContain(`"price":${price}`);
  });

  it("serves the sitemap: every item's page on the shop's origin", async () => {
    const item = await anItem();
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain(`<loc>${ORIGIN}/item/${item.id}</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/menu?category=wine</loc>`);
    expect((await get('/sitemap-2.xml')).status).toBe(404);
  });

  it('answers as the local server does for what is not a page: 404s, one URL per page, GET and HEAD only', async () => {
    expect((await get('/item/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const unknown = await get('/no-such-page');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).not.toContain('data-drawn-at');
    const moved = await get('/Events/');
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/events']);
    const root = await get('/');
    expect([root.status, root.headers.get('location')]).toEqual([302, '/home']);
    expect((await fetch(`${pages}/home`, { method: 'POST', body: '{}' })).status).toBe(405);
  });

  it('with the API out of reach, still sends every page: its head from the shop defaults, no body, the SPA reads for itself', async () => {
    const closed = await startBundle('unreachable', 'http://127.0.0.1:9/graphql');
    const response = await fetch(`${closed}/events`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/events">`);
  });
});
