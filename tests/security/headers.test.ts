/**
 * What every response carries, whatever answered it (the app, the API, media, a refusal): a CSP
 * that allows no inline or foreign script and no framing, nosniff, no CORS grant, no server
 * banner, no internals in bodies; pages and files a referrer policy too, and GraphQL answers the
 * API set, whose CSP lets nothing load at all (decision 0386); and paths that try to climb out of
 * the served folders get nothing.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storeImage } from '../../server/media/images';
import { startTestServer, type TestServer } from '../support/test-server';
import { battery } from './support/figures';
import { pngBytes } from './support/images';
import { expectNoInternals } from './support/leaks';
import { rawRequest, type RawRequest, type RawResponse } from './support/raw-http';

const tally = battery('headers');
let shop: TestServer;
let imageUrl: string;

beforeAll(async () => {
  shop = await startTestServer({ distDir: inject('securityDistDir') });
  imageUrl = await storeImage(shop.media, await pngBytes(4, 4));
});
afterAll(async () => {
  await shop?.stop();
});

/** The CSP's directives, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** `page`: the app, its files and their refusals; `api`: a GraphQL answer, which is data and never a document. */
function expectSafeHeaders(response: RawResponse, kind: 'page' | 'api' = 'page'): void {
  const header = (name: string) => response.headers[name] as string | undefined;
  const csp = directives(header('content-security-policy') ?? '');
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  if (kind === 'api') {
    // Nothing may load from an answer opened as a page: no script, style, image or form.
    expect(csp.get('default-src')).toEqual(["'none'"]);
    for (const loosened of ['script-src', 'style-src', 'img-src', 'connect-src', 'object-src', 'form-action'])
      expect(csp.has(loosened), loosened).toBe(false);
  } else {
    const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scripts, 'script-src').toContain("'self'");
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'blob:', 'http:', 'https:'])
      expect(scripts).not.toContain(unsafe);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(header('referrer-policy')).toMatch(/^(strict-origin-when-cross-origin|strict-origin|same-origin|no-referrer)$/);
  }
  expect(header('x-content-type-options')).toBe('nosniff');
  expect(header('x-frame-options')).toBe('DENY');
  expect(header('x-powered-by')).toBeUndefined();
  expect(header('server')).toBeUndefined();
  expect(header('access-control-allow-origin')).toBeUndefined();
  expect(header('access-control-allow-credentials')).toBeUndefined();
}

async function expectSafe(label: string, path: string, request: RawRequest, status: number): Promise<RawResponse> {
  let response: RawResponse | undefined;
  await tally.attempt(label, async () => {
    response = await rawRequest(shop.url, path, { method: 'GET', ...request });
    expect(response.status).toBe(status);
    expectSafeHeaders(response, path.split('?')[0] === '/graphql' ? 'api' : 'page');
    if (response.json) expectNoInternals(response.json);
  });
  return response!;
}

const asset = () => `/assets/${readdirSync(join(inject('securityDistDir'), 'assets')).find((name) => name.endsWith('.js'))}`;
const graphql = (body: string, headers: Record<string, string> = {}): RawRequest => ({
  method: 'POST',
  body,
  headers: { 'x-api-key': shop.apiKey, ...headers },
});

describe('security headers on every kind of response', () => {
  it('are on app routes, assets, media, the client config and redirects', async () => {
    for (const path of ['/home', '/menu?category=wine', '/admin-portal', '/admin-users', '/login'])
      await expectSafe(`GET ${path}`, path, {}, 200);
    // The not-found page: the app with status 404 (an item that does not exist, a path no route shows).
    for (const path of ['/item/x', '/no-such-page']) await expectSafe(`GET ${path}`, path, {}, 404);
    for (const path of ['/sitemap.xml', '/robots.txt', '/events.ics']) await expectSafe(`GET ${path}`, path, {}, 200);
    await expectSafe('GET /', '/', {}, 302);
    await expectSafe('GET a script asset', asset(), {}, 200);
    await expectSafe('GET a missing asset', '/assets/missing.js', {}, 404);
    await expectSafe('GET /amplify_outputs.json', '/amplify_outputs.json', {}, 200);
    const image = await expectSafe('GET a stored image', imageUrl, {}, 200);
    expect(image.headers['content-type']).toBe('image/png');
    await expectSafe('GET a missing image', `/media/${'0'.repeat(64)}.png`, {}, 404);
    await expectSafe('PUT /home', '/home', { method: 'PUT', body: '{}' }, 405);
  });

  it('are on API answers and refusals', async () => {
    await expectSafe('POST /graphql', '/graphql', graphql('{"query":"{ listItems { items { id } } }"}'), 200);
    await expectSafe('POST /graphql, invalid JSON', '/graphql', graphql('{"query":'), 400);
    await expectSafe('POST /graphql, unauthorized', '/graphql', graphql('{"query":"{ listUsers { items { email } } }"}'), 200);
    await expectSafe(
      'POST /graphql, too large',
      '/graphql',
      graphql(JSON.stringify({ query: '{ listItems { items { id } } }', pad: 'x'.repeat(300 * 1024) })),
      413,
    );
    await expectSafe('POST /graphql, not JSON', '/graphql', graphql('query=x', { 'content-type': 'text/plain' }), 415);
    await expectSafe('GET /graphql', '/graphql', {}, 405);
    // Spelt with a query string: the same API, the same headers.
    await expectSafe('POST /graphql?x=1', '/graphql?x=1', graphql('{"query":"{ listItems { items { id } } }"}'), 200);
  });

  it('grant no other origin the API (no CORS), preflight or not', async () => {
    const evil = { origin: 'https://evil.example' };
    await expectSafe(
      'preflight from another origin',
      '/graphql',
      {
        method: 'OPTIONS',
        headers: { ...evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      },
      405,
    );
    await expectSafe('POST from another origin', '/graphql', graphql('{"query":"{ listItems { items { id } } }"}', evil), 200);
  });

  it('serve the app with no inline script for the CSP to allow', async () => {
    await tally.attempt('scripts in index.html', async () => {
      const html = (await rawRequest(shop.url, '/home', { method: 'GET' })).text;
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, content] of scripts) {
        // Either a same-origin file, or a data block (never executed): the client config, the first
        // screen's data, the page's JSON-LD.
        if (/\bsrc="\/assets\//.test(attributes!)) expect(content!.trim()).toBe('');
        else expect(attributes).toMatch(/type="application\/(ld\+)?json"/);
      }
    });
  });
});

describe('paths that climb out of the served folders', () => {
  const SECRETS = /SQLite format|"name":\s*"patterson|root:x:0|passwordHash|BEGIN .*PRIVATE KEY/;
  const paths = [
    '/media/../shop.sqlite3',
    '/media/..%2Fshop.sqlite3',
    '/media/%2e%2e/shop.sqlite3',
    '/media/..%5cshop.sqlite3',
    '/assets/../../package.json',
    '/assets/..%2F..%2Fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/media/%00.png',
    '/assets/%E0%A4%A',
    '/%',
    '//etc/passwd',
    '/shop.sqlite3',
    '/../server/app.ts',
  ];

  it('get the app, a 404 or a 400, never a file from outside', async () => {
    for (const path of paths) {
      await tally.attempt(`GET ${path}`, async () => {
        const response = await rawRequest(shop.url, path, { method: 'GET' });
        expect([200, 400, 404]).toContain(response.status);
        expect(response.text).not.toMatch(SECRETS);
        if (response.status === 200) expect(response.text).toMatch(/^<!doctype html>/i);
        expectSafeHeaders(response);
        if (response.json) expectNoInternals(response.json);
      });
    }
  });
});
