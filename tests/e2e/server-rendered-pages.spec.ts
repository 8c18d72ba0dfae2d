/**
 * The public pages rendered on the server (decision 0388): readable by a client that runs no
 * script (their bottles, prices, events and hours in the HTML, the 21+ gate drawn over them), and
 * taken over by the app without a second fetch and without replacing what the server drew. The
 * gate follows the ageVerified cookie: drawn for a first visit, left out once confirmed.
 * Screenshots of the pages as a script-less browser sees them in .tmp/e2e-results/.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS, LOCAL_SERVER_ONLY, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

/** A wine on the demo menu, found by its card on the server-rendered menu. */
async function firstWine(page: Page): Promise<{ href: string; name: string }> {
  const card = page.locator('a.product-card[href^="/item/"]').first();
  const name = card.locator('.product-card__name');
  // A long name is shortened on the card, whole in its title.
  return { href: (await card.getAttribute('href'))!, name: ((await name.getAttribute('title')) ?? (await name.textContent())!).trim() };
}

async function withoutScripts<T>(browser: Browser, width: number, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The first wine on the wine menu as the server draws it (read without scripts). */
const drawnFirstWine = (browser: Browser, baseURL: string) =>
  withoutScripts(browser, 1440, async (bare) => {
    await bare.goto(`${baseURL}/menu?category=wine`);
    return firstWine(bare);
  });

test('without JavaScript, each public page shows its content under the 21+ gate', BOTH_BACKENDS, async ({ browser, baseURL }) => {
  for (const width of WIDTHS) {
    await withoutScripts(browser, width, async (page) => {
      await page.goto(`${baseURL}/menu?category=wine`);
      await expect(page.getByRole('heading', { level: 1, name: 'Wine' })).toBeVisible();
      const wine = await firstWine(page);
      await expect(page.locator('a.product-card').first()).toContainText('$');
      // The facets and the count are drawn from the inlined answers.
      await expect(page.getByText(/^\d+ items$/).first()).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Welcome to Patterson Wine & Liquor' })).toBeVisible();
      await screenshot(page, `server-rendered-menu-${width}`);

      await page.goto(`${baseURL}${wine.href}`);
      await expect(page.getByRole('heading', { level: 1, name: wine.name })).toBeVisible();
      await expect(page.locator('.item-page')).toContainText('$');
      await screenshot(page, `server-rendered-item-${width}`);

      // A search: the shop's results for its words, grouped by department.
      await page.goto(`${baseURL}/search?q=${encodeURIComponent(wine.name)}`);
      await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue(wine.name);
      await expect(page.getByRole('heading', { level: 2, name: /^Wine \d+ items?$/ })).toBeVisible();
      await expect(page.locator('a.product-card').first()).toContainText(wine.name);
      await screenshot(page, `server-rendered-search-${width}`);

      await page.goto(`${baseURL}/events`);
      await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
      await expect(page.locator('main h2, main h3').first()).toBeVisible();

      await page.goto(`${baseURL}/aboutus`);
      await expect(page.getByRole('heading', { name: 'Who We Are' })).toBeVisible();

      await page.goto(`${baseURL}/home`);
      await expect(page.getByRole('heading', { name: 'Promoted' })).toBeVisible();
      // Every page's footer: the shop's address and hours.
      await expect(page.locator('footer')).toContainText('Patterson, NY');
      await expect(page.locator('footer')).toContainText(/Mon|Sun/);
    });
  }
});

/**
 * Records, before the app's script runs (the document is parsed, readyState "interactive"), every
 * element the server drew in <main> and the header, and every request to /graphql.
 */
async function watchTakeover(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watch = window as unknown as { serverNodes: Element[]; mainText: string };
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      watch.serverNodes = Array.from(document.querySelectorAll('#root main *, #root header *'));
      watch.mainText = document.querySelector('#root main')?.textContent ?? '';
    });
  });
}

const takeover = (page: Page) =>
  page.evaluate(() => {
    const watch = window as unknown as { serverNodes: Element[]; mainText: string };
    return {
      drawn: watch.serverNodes.length,
      replaced: watch.serverNodes.filter((node) => !node.isConnected).map((node) => node.outerHTML.slice(0, 120)),
      sameText: document.querySelector('#root main')?.textContent === watch.mainText,
    };
  });

/**
 * What the page says in its console, and the errors it throws: React reports a hydration mismatch
 * as an error thrown to the window (reportError) in its production build, not as a console line.
 */
function watchConsole(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') said.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`thrown: ${error.message}`));
  return said;
}

const DRAWN_PATHS = ['/home', '/menu?category=wine', '/search?q=red', '/events', '/aboutus'];

for (const path of DRAWN_PATHS) {
  test(
    `${path}: the app takes the server's markup over, keeping every element, with no second fetch and no warning`,
    BOTH_BACKENDS,
    async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
      await watchTakeover(page);
      const graphql: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/graphql') graphql.push(request.postData() ?? '');
      });
      // A mismatch between the drawn markup and the app's first render would be told here.
      const said = watchConsole(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path, { waitUntil: 'networkidle' });
        // The app is running: its gate is gone (this visitor confirmed) and its header menu answers.
        await expect(page.getByRole('dialog')).toHaveCount(0);
        const result = await takeover(page);
        expect(result.drawn, `${width} px`).toBeGreaterThan(20);
        expect(result.replaced, `${width} px`).toEqual([]);
        expect(result.sameText, `${width} px`).toBe(true);
        expect(graphql, `${width} px`).toEqual([]);
        expect(said, `${width} px`).toEqual([]);
      }
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
}

test('an item page is taken over too, and its controls work once the app runs', BOTH_BACKENDS, async ({ page, browser, baseURL }) => {
  const wine = await drawnFirstWine(browser, baseURL!);
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  await watchTakeover(page);
  const said = watchConsole(page);
  await page.goto(wine.href, { waitUntil: 'networkidle' });
  const result = await takeover(page);
  expect(result.replaced).toEqual([]);
  expect(result.sameText).toBe(true);
  expect(said).toEqual([]);
  // A link of the taken-over page is the app's: the next page comes without a page load.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test(
  'a first visit, behind the gate, is hydrated on every public page at both widths without a console message',
  BOTH_BACKENDS,
  async ({ page, browser, baseURL }) => {
    const wine = await drawnFirstWine(browser, baseURL!);
    const said = watchConsole(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [...DRAWN_PATHS, wine.href]) {
        await page.goto(path, { waitUntil: 'networkidle' });
        // The app's gate has taken the server's place: the app runs on this page.
        await expect(page.getByRole('button', { name: 'I am 21+' })).toBeFocused();
        await expect(page.locator('[data-server-age-gate]')).toHaveCount(0);
        expect(said, `${path} at ${width} px`).toEqual([]);
      }
    }
  },
);

test(
  'the gate: drawn by the server on a first visit, answered in the app, and left out of the next page',
  BOTH_BACKENDS,
  async ({ page }) => {
    const html = async () => (await page.request.get('/aboutus')).text();
    expect(await html()).toContain('data-server-age-gate');
    await page.goto('/aboutus');
    const gate = page.getByRole('dialog', { name: 'Welcome to Patterson Wine & Liquor' });
    await expect(gate).toBeVisible();
    // The app's own gate: focus inside it, the page behind it inert.
    await expect(page.getByRole('button', { name: 'I am 21+' })).toBeFocused();
    await expect(page.locator('[data-server-age-gate]')).toHaveCount(0);
    await page.getByRole('button', { name: 'I am 21+' }).click();
    await expect(gate).toHaveCount(0);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'ageVerified')?.value).toBe('true');
    // The browser sends the cookie: the server leaves its gate out.
    expect(await html()).not.toContain('data-server-age-gate');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Who We Are' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  },
);

test('a visitor who confirmed before the cookie existed gets it back on their next visit', LOCAL_SERVER_ONLY, async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  await page.goto('/home');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'ageVerified')?.value).toBe('true');
});

test(
  "a page drawn at one time and taken over at another shows the visitor's time: the footer's open or closed follows it, class and all",
  LOCAL_SERVER_ONLY,
  async ({ page, request }) => {
    // What the server draws now: the footer's status, open or not (the demo shop opens every day
    // from noon to 6 PM at least, and never at 3 AM).
    const drawn = await (await request.get('/aboutus')).text();
    const drawnOpen = /class="opening-hours__status opening-hours__status--open"/.test(drawn.slice(drawn.indexOf('<footer')));
    // The visitor's clock says the other.
    const visitorTime = drawnOpen ? '2027-01-14T03:00:00-05:00' : '2027-06-16T14:00:00-04:00';
    await page.clock.setFixedTime(new Date(visitorTime));
    await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
    const response = await page.goto('/aboutus');
    // The page came drawn, with the time it was drawn at for the app's takeover.
    expect(await response!.text()).toMatch(/<div id="root" data-drawn-at="\d+"><\w/);
    const status = page.locator('footer [data-hours-status]');
    if (drawnOpen) await expect(status).not.toHaveClass(/opening-hours__status--open/);
    else await expect(status).toHaveClass(/opening-hours__status--open/);
  },
);

/**
 * The page at `path` as the server draws a menu too big to inline (decision 0393): drawn, with its
 * list left out of the first screen's block (which says so) and the other answers kept; the drawn
 * markup changed by `alter`, as a list changed since it was drawn would be.
 */
async function drawnWithoutAnswers(page: Page, path: string, alter: (html: string) => string = (html) => html): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const inlined = await response.text();
    const block = /<script id="first-screen" type="application\/json">(.*?)<\/script>/s;
    const html = inlined.replace(block, (_whole, json: string) => {
      const answers = JSON.parse(json) as Record<string, unknown>;
      const list = Object.keys(answers).find((key) => key.startsWith('menu-items:'))!;
      delete answers[list];
      return `<script id="first-screen" type="application/json" data-left-out="${list}">${JSON.stringify(answers)}</script>`;
    });
    expect(html).toContain('data-left-out="menu-items:');
    expect(html.length).toBeLessThan(inlined.length);
    expect(html).toMatch(/<div id="root" data-drawn-at="\d+"><\w/);
    await route.fulfill({ response, body: alter(html) });
  });
}

/** A visitor who confirmed their age on an earlier visit: the app's record and the cookie the server reads. */
async function returningVisitor(page: Page, baseURL: string): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  await page.context().addCookies([{ name: 'ageVerified', value: 'true', url: baseURL }]);
}

/** Holds the page's API requests back until the returned function is called; `count()` says how many came. */
async function holdReads(page: Page): Promise<{ release: () => void; count: () => number }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reads = 0;
  await page.route('**/graphql', async (route) => {
    reads += 1;
    await held;
    await route.continue();
  });
  return { release, count: () => reads };
}

/**
 * A menu the server drew without inlining its answers (decision 0391: a department too big to
 * inline, here the wine menu with its answers taken out of the page as it comes): it is shown as
 * drawn, with no spinner, while the app reads its list (held back here), and the app then renders
 * over it, keeping the drawn elements and what the visitor typed in the drawn search box.
 */
test(
  'a menu drawn without its answers stays drawn until the app has read its list, and keeps what the visitor typed',
  LOCAL_SERVER_ONLY,
  async ({ page, browser, baseURL }) => {
    const wine = await drawnFirstWine(browser, baseURL!);
    await returningVisitor(page, baseURL!);
    await drawnWithoutAnswers(page, '/menu?category=wine');
    const reads = await holdReads(page);
    await page.addInitScript(() => {
      const watch = window as unknown as { spinners: number; drawnCard: Element | null };
      watch.spinners = 0;
      new MutationObserver(() => {
        if (document.querySelector('#root .spinner')) watch.spinners += 1;
      }).observe(document, { childList: true, subtree: true });
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') watch.drawnCard = document.querySelector('#root a.product-card');
      });
    });
    await page.goto('/menu?category=wine');
    // Drawn, and the app is reading the list itself.
    await expect(page.locator('a.product-card').first()).toBeVisible();
    await expect.poll(reads.count).toBeGreaterThan(0);
    const drawnCount = await page.locator('.menu-results__count').textContent();
    const search = page.getByRole('main').getByRole('searchbox');
    await search.fill(wine.name);
    reads.release();
    // The app has the list: the grid follows what was typed before it took over.
    await expect(page.locator('.menu-results__count')).not.toHaveText(drawnCount!);
    await expect(page.locator('.menu-results__count')).toHaveText(/^\d+ items?$/);
    await expect(search).toHaveValue(wine.name);
    await expect(page.locator('a.product-card').first()).toContainText(wine.name);
    await expect.poll(() => page.evaluate(() => new URL(location.href).searchParams.get('q'))).toBe(wine.name);
    // No spinner at any time, and the card drawn first is the one shown.
    expect(
      await page.evaluate(() => {
        const watch = window as unknown as { spinners: number; drawnCard: Element | null };
        return { spinners: watch.spinners, drawnCardKept: watch.drawnCard?.isConnected };
      }),
    ).toEqual({ spinners: 0, drawnCardKept: true });
    expect(await seriousViolations(page)).toEqual([]);
  },
);

test(
  'a menu drawn without its answers is taken over keeping every element the server drew',
  LOCAL_SERVER_ONLY,
  async ({ page, baseURL }) => {
    await returningVisitor(page, baseURL!);
    await drawnWithoutAnswers(page, '/menu?category=wine');
    const graphql: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/graphql') graphql.push(request.postData() ?? '');
    });
    await watchTakeover(page);
    // The list's read held until the menu waits as drawn: the takeover after the read, as a big menu's.
    const reads = await holdReads(page);
    await page.goto('/menu?category=wine');
    await expect(page.locator('a.product-card').first()).toBeVisible();
    await expect.poll(reads.count).toBeGreaterThan(0);
    reads.release();
    await page.waitForLoadState('networkidle');
    // The app read the list itself, and rendered over the drawn page without replacing it.
    expect(graphql.some((body) => body.includes('listItems'))).toBe(true);
    const result = await takeover(page);
    expect(result.drawn).toBeGreaterThan(20);
    expect(result.replaced).toEqual([]);
    expect(result.sameText).toBe(true);
    // The app runs: its filters answer.
    await page.getByRole('main').getByRole('searchbox').fill('zzzz-no-such-wine');
    await expect(page.locator('a.product-card')).toHaveCount(0);
  },
);

test(
  'a menu drawn without its answers from an older list is set right by the app: links and names as they are now',
  LOCAL_SERVER_ONLY,
  async ({ page, browser, baseURL }) => {
    const wine = await drawnFirstWine(browser, baseURL!);
    await returningVisitor(page, baseURL!);
    // The first card as an older list had it: another link, another name.
    await drawnWithoutAnswers(page, '/menu?category=wine', (html) =>
      html
        .replace(`href="${wine.href}"`, 'href="/item/an-older-bottle"')
        .replace(`>${wine.name}<`, '>An Older Bottle<')
        .replace(/data-list-fingerprint="[^"]*"/, 'data-list-fingerprint="an-older-list"'),
    );
    await page.goto('/menu?category=wine', { waitUntil: 'networkidle' });
    const card = page.locator('a.product-card').first();
    await expect(card).toHaveAttribute('href', wine.href);
    await expect(card).toContainText(wine.name);
  },
);

test(
  "a first visit's 21+ gate answers at once on a menu drawn without its answers, while its list is still coming",
  LOCAL_SERVER_ONLY,
  async ({ page }) => {
    await drawnWithoutAnswers(page, '/menu?category=wine');
    const reads = await holdReads(page);
    await page.goto('/menu?category=wine');
    await page.getByRole('button', { name: 'I am 21+' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    reads.release();
    await expect(page.locator('a.product-card').first()).toBeVisible();
  },
);
