/**
 * The security battery in a real Chromium against the built SPA:
 * - a signed-in user who sets sessionStorage `role` to admin can open the admin pages (the route
 *   guard reads storage, on purpose), but the server refuses every admin operation those pages
 *   ask for, no admin data (e-mails) reaches the screen, and nothing is written; a visitor who
 *   forges the whole stored session is refused and sent to /login;
 * - script and HTML in item, event, category, tag and admin names show as literal text on the
 *   storefront and in the admin portal, and never run;
 * - the CSP blocks inline scripts, inline handlers and javascript: URLs, and no other page may frame the shop.
 */
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import {
  launchChromium,
  openShopPage,
  pwned,
  recordCspViolations,
  recordGraphQL,
  signInThroughForm,
  type GraphQLExchange,
} from './support/browser';
import { battery } from './support/figures';
import { MARKUP_SAMPLES } from './support/markup';
import { audienceOf, rootOperations } from './support/operations';
import { callAs, storedState } from './support/shop';

const tally = battery('browser');
const OWNER = { email: 'owner.secret@example.com' };
const CUSTOMER = { email: 'customer.secret@example.com' };
const MALLORY = { email: 'mallory@example.com' };
const ADMIN_PAGES = ['/admin-portal', '/admin-items', '/admin-tags', '/admin-events', '/admin-users', '/admin-admins'];

const HOSTILE = {
  item: `${MARKUP_SAMPLES[0]} Cabernet`,
  itemDescription: `${MARKUP_SAMPLES[1]} ${MARKUP_SAMPLES[2]}`,
  event: `${MARKUP_SAMPLES[2]} Tasting`,
  eventDescription: MARKUP_SAMPLES[3],
  category: `${MARKUP_SAMPLES[3]} Region`,
  tag: `${MARKUP_SAMPLES[1]} Bordeaux`,
  adminFirstName: MARKUP_SAMPLES[0],
};

let shop: TestServer;
let browser: Browser;
let itemId: string;

/** Hostile records made through the API (every shop has the department category and tags). */
async function seedHostileCatalogue(adminToken: string): Promise<void> {
  const api = async (query: string, variables: Record<string, unknown>) => {
    const { body } = await callAs(shop, { token: adminToken }, query, variables);
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const category = await api('mutation ($i: CreateCategoryInput!) { createCategory(input: $i) { id } }', {
    i: { name: HOSTILE.category, type: ['Wine'], visible: true, index: 1 },
  });
  const categoryId = (category.createCategory as { id: string }).id;
  const tag = await api('mutation ($i: CreateTagInput!) { createTag(input: $i) { id } }', {
    i: { name: HOSTILE.tag, categoryId, index: 0 },
  });
  const item = await api('mutation ($i: CreateItemInput!) { createItem(input: $i) { id } }', {
    i: {
      name: HOSTILE.item,
      description: HOSTILE.itemDescription,
      price: 19.99,
      promoted: true,
      tags: ['wine', (tag.createTag as { id: string }).id],
    },
  });
  itemId = (item.createItem as { id: string }).id;
  await api('mutation ($i: CreateEventInput!) { createEvent(input: $i) { id } }', {
    i: { name: HOSTILE.event, date: '2031-05-01', time: '18:00', description: HOSTILE.eventDescription },
  });
  await api(
    'mutation ($f: String, $l: String, $e: String, $p: String) { createAdmin(firstName: $f, lastName: $l, email: $e, password: $p, confirmPassword: $p) { id } }',
    { f: HOSTILE.adminFirstName, l: 'Deputy', e: 'deputy.secret@example.com', p: TEST_PASSWORD },
  );
}

beforeAll(async () => {
  shop = await startTestServer({ distDir: inject('securityDistDir') });
  const owner = await shop.sessionFor(ROLE_ADMIN, OWNER.email);
  await shop.sessionFor(ROLE_USER, CUSTOMER.email);
  await shop.sessionFor(ROLE_USER, MALLORY.email);
  await seedHostileCatalogue(owner.token);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const ADMIN_FIELDS = new Set(
  rootOperations()
    .filter((op) => audienceOf(op) === 'admin')
    .map((op) => op.name),
);

/** Visits a page and waits until its requests have settled. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${shop.url}${path}`);
  await page.waitForLoadState('networkidle');
}

describe('a user who sets sessionStorage role to admin', () => {
  it('opens the admin pages but gets no admin operation, no admin data, and writes nothing', async () => {
    const page = await openShopPage(browser);
    const traffic: GraphQLExchange[] = recordGraphQL(page);
    await signInThroughForm(page, shop.url, MALLORY.email, TEST_PASSWORD, '/home');
    expect(await page.evaluate(() => sessionStorage.getItem('role'))).toBe(String(ROLE_USER));
    await page.evaluate((role) => sessionStorage.setItem('role', role), String(ROLE_ADMIN));
    const before = storedState(shop);

    for (const path of ADMIN_PAGES) {
      await tally.attempt(`${path} with a tampered role`, async () => {
        // The recorder reads each answer's body after it arrives; leaving the page first drops it
        // (the flake this test had on a loaded machine). Wait until the user list's body is read.
        const userList =
          path === '/admin-users'
            ? page.waitForResponse(
                (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('listUsers'),
                { timeout: 20_000 },
              )
            : null;
        await visit(page, path);
        await (await userList)?.body();
        const text = await page.evaluate(() => document.body.innerText);
        for (const secret of [OWNER.email, CUSTOMER.email, 'deputy.secret@example.com']) expect(text).not.toContain(secret);
      });
    }

    const adminCalls = traffic.filter((exchange) => exchange.fields.some((field) => ADMIN_FIELDS.has(field)));
    await tally.attempt('the admin pages asked for user lists', () =>
      expect(adminCalls.flatMap((exchange) => exchange.fields)).toContain('listUsers'),
    );
    for (const exchange of adminCalls) {
      await tally.attempt(`the server's answer to ${exchange.fields.join(', ')}`, () => {
        expect(exchange.body.errors?.some((error) => /^Unauthorized/.test(error.errorType))).toBe(true);
        for (const field of exchange.fields.filter((name) => ADMIN_FIELDS.has(name)))
          expect(exchange.body.data?.[field] ?? null).toBeNull();
      });
    }
    await tally.attempt('the stolen-role session calling listUsers itself', async () => {
      const answer = await page.evaluate(async () => {
        const session = JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token: string };
        const response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: session.token },
          body: JSON.stringify({ query: '{ listUsers { items { email } } }' }),
        });
        return response.json() as Promise<{ data: unknown; errors?: Array<{ errorType: string }> }>;
      });
      expect(answer.errors?.[0]?.errorType).toBe('Unauthorized');
      expect(JSON.stringify(answer)).not.toContain('@example.com');
    });
    await tally.attempt('nothing written while browsing', () => expect(storedState(shop)).toEqual(before));
    await page.context().close();
  });
});

describe('a visitor who writes a whole admin session into sessionStorage', () => {
  it('is refused by the server with a forged token and sent to /login', async () => {
    const page = await openShopPage(browser);
    const traffic = recordGraphQL(page);
    await visit(page, '/home');
    await page.evaluate((role) => {
      sessionStorage.setItem('token', JSON.stringify({ User_ID: 'forged-admin', Name: 'Forged Admin' }));
      sessionStorage.setItem('role', role);
      sessionStorage.setItem('user_id', 'forged-admin');
      sessionStorage.setItem(
        'session',
        JSON.stringify({ token: 'forged-token-0123456789abcdefghijklmnopqrstu', expiresAt: '2099-01-01T00:00:00.000Z' }),
      );
    }, String(ROLE_ADMIN));
    for (const path of ['/admin-users', '/admin-admins']) {
      await tally.attempt(`${path} with a forged session`, async () => {
        await visit(page, path);
        await page.waitForURL(`${shop.url}/login`);
        expect(await page.evaluate(() => document.body.innerText)).not.toContain('@example.com');
      });
    }
    await tally.attempt('every signed-in request of the forged session was refused', () => {
      const signedIn = traffic.filter((exchange) => exchange.body.errors?.some((error) => error.errorType === 'UnauthorizedException'));
      expect(signedIn.length).toBeGreaterThan(0);
      for (const exchange of traffic) {
        for (const field of exchange.fields.filter((name) => ADMIN_FIELDS.has(name)))
          expect(exchange.body.data?.[field] ?? null).toBeNull();
      }
    });
    await page.context().close();
  });
});

describe('script and HTML in shop data', () => {
  async function expectShownAsText(page: Page, path: string, texts: string[]): Promise<void> {
    await tally.attempt(`${path} shows markup as text`, async () => {
      const violations = recordCspViolations(page);
      await visit(page, path);
      for (const text of texts) await page.getByText(text, { exact: false }).first().waitFor({ timeout: 10_000 });
      expect(await pwned(page)).toBeUndefined();
      expect(await page.locator('img[src="x"], svg[onload], iframe[srcdoc]').count()).toBe(0);
      // No script that can run holds it (the first-screen data and the JSON-LD carry the names, as data).
      const DATA_TYPES = ['application/json', 'application/ld+json'];
      expect(
        await page.evaluate(
          (dataTypes) =>
            [...document.scripts].some((script) => !dataTypes.includes(script.type) && script.textContent?.includes('__pwned')),
          DATA_TYPES,
        ),
      ).toBe(false);
      expect(violations).toEqual([]);
    });
  }

  it('is shown as literal text on the storefront and never runs', async () => {
    const page = await openShopPage(browser);
    page.on('dialog', (dialog) => {
      throw new Error(`a dialog opened: ${dialog.message()}`);
    });
    await expectShownAsText(page, `/item/${itemId}`, [HOSTILE.item, MARKUP_SAMPLES[1]]);
    await expectShownAsText(page, '/menu?category=wine', [HOSTILE.item, HOSTILE.category, HOSTILE.tag]);
    await expectShownAsText(page, '/home', [HOSTILE.item]);
    await expectShownAsText(page, '/events', [HOSTILE.event, HOSTILE.eventDescription]);
    await page.context().close();
  });

  /**
   * #root as the server writes it around a page it drew (decision 0388): the skip link first, after
   * the preload hints React writes for the page's first pictures and its Suspense marker (decision 0393).
   */
  const DRAWN_ROOT = /<div id="root" data-drawn-at="\d+">(?:<link rel="preload" [^>]*>|<!--\$-->)*<a [^>]*href="#main"/;

  it('is escaped in the HTML the server renders, which holds no element made of it, scripts or none', async () => {
    const RAW = ['<img src=x', '<script>window.__pwned', '<svg onload', '<iframe srcdoc'];
    // The query string too: the menu draws its search box's text from it.
    const paths = [`/item/${itemId}`, `/menu?category=wine&q=${encodeURIComponent(MARKUP_SAMPLES[0])}`, '/home', '/events'];
    for (const path of paths) {
      await tally.attempt(`${path}: server-rendered body escapes markup`, async () => {
        const html = await (await fetch(`${shop.url}${path}`)).text();
        // The body was rendered (not the empty shell), with the names in it as text.
        const rootAt = html.search(DRAWN_ROOT);
        expect(rootAt).toBeGreaterThan(0);
        const body = html.slice(rootAt);
        expect(body).toContain('&lt;');
        for (const raw of RAW) expect(html).not.toContain(raw);
      });
    }
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of paths) {
      await tally.attempt(`${path} without scripts holds no injected element`, async () => {
        await page.goto(`${shop.url}${path}`);
        expect(await page.locator('img[src="x"], svg[onload], iframe[srcdoc]').count()).toBe(0);
      });
    }
    await context.close();
  });

  it('a flood of distinct menu searches to draw never holds a visitor back, and every page is answered', async () => {
    await tally.attempt('60 distinct drawn menus at once beside a visitor', async () => {
      const flood = Array.from({ length: 60 }, async (_, i) => {
        const response = await fetch(`${shop.url}/menu?category=wine&q=${encodeURIComponent(`${MARKUP_SAMPLES[0]} ${i}`)}`);
        const html = await response.text();
        return { status: response.status, drawn: DRAWN_ROOT.test(html) };
      });
      const started = performance.now();
      const visitor = await fetch(`${shop.url}/aboutus?utm_source=flood`);
      await visitor.text();
      const visitorMs = performance.now() - started;
      const answers = await Promise.all(flood);
      expect(visitor.status).toBe(200);
      expect(visitorMs).toBeLessThan(1000);
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      // Drawn while the renderer had room; the rest went out as the app's shell, never an error.
      expect(answers.some((answer) => answer.drawn)).toBe(true);
    });
  });

  it('is shown as literal text in the admin portal and never runs', async () => {
    const page = await openShopPage(browser);
    await signInThroughForm(page, shop.url, OWNER.email, TEST_PASSWORD, '/admin-portal');
    await expectShownAsText(page, '/admin-items', [HOSTILE.item]);
    await expectShownAsText(page, '/admin-tags', [HOSTILE.category, HOSTILE.tag]);
    await expectShownAsText(page, '/admin-events', [HOSTILE.event]);
    await expectShownAsText(page, '/admin-admins', [HOSTILE.adminFirstName]);
    await page.context().close();
  });
});

describe('the content security policy in Chromium', () => {
  it('blocks inline scripts, inline handlers and javascript: URLs on the shop pages', async () => {
    const page = await openShopPage(browser);
    await visit(page, '/home');
    await tally.attempt('an inline <script> added to the page', async () => {
      const outcome = await page.evaluate(
        () =>
          new Promise<{ ran: boolean; reported: boolean }>((resolve) => {
            // An inline script runs (or not) as it is added; the report comes as an event later.
            const settle = (reported: boolean) =>
              resolve({ ran: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true, reported });
            document.addEventListener('securitypolicyviolation', () => settle(true), { once: true });
            setTimeout(() => settle(false), 5000);
            const script = document.createElement('script');
            script.textContent = 'window.__inlineRan = true';
            document.head.append(script);
          }),
      );
      expect(outcome).toEqual({ ran: false, reported: true });
    });
    await tally.attempt('an inline onerror handler', async () => {
      await page.evaluate(() => {
        document.body.insertAdjacentHTML('beforeend', '<img src="/no-such-image.png" onerror="window.__pwned = 6">');
      });
      await page.waitForTimeout(300);
      expect(await pwned(page)).toBeUndefined();
    });
    // eval cannot be tried from here: DevTools evaluation is exempt from the CSP (headers.test.ts checks 'unsafe-eval' is absent).
    await tally.attempt('a javascript: link clicked', async () => {
      await page.evaluate(() => {
        const link = document.createElement('a');
        link.href = 'javascript:window.__pwned = 7';
        document.body.append(link);
        link.click();
      });
      await page.waitForTimeout(300);
      expect(await pwned(page)).toBeUndefined();
    });
    await page.context().close();
  });

  it('lets no other page frame the shop', async () => {
    const page = await openShopPage(browser);
    await tally.attempt('the shop in an iframe of another page', async () => {
      await page.setContent(`<iframe id="shop" src="${shop.url}/home" width="800" height="600"></iframe>`);
      await page.waitForTimeout(1000);
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
      expect(frame).toBeDefined();
      // A blocked frame shows Chromium's error page, never the shop's document.
      const framedApp = await frame!.evaluate(() => document.getElementById('root') !== null).catch(() => false);
      expect(framedApp).toBe(false);
    });
    await page.context().close();
  });
});
