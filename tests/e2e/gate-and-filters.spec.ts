/**
 * The age gate and the filters (decisions 0185-0189), at a phone's width (390 px) and a desktop's (1440 px), against the freshly
 * seeded demo catalogue (read only: the storefront server is shared with the other spec files).
 *
 * - The 21+ gate at every door: a first visit to any public page (a shared link to /menu?...,
 *   /item/{id}, /events, /aboutus, not only /home) gets the gate as a dialog over the page itself,
 *   no redirect; once confirmed it is gone on every page. Sign-in pages and the admin portal have
 *   none (decision 0189).
 * - Filters that narrow: tags of one group combine with OR, groups with AND (Red + France = French
 *   reds); each option shows its count; options that would give nothing are not offered.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { BOTH_BACKENDS, BROWSER_ALONE, WIDTHS } from './support/scope';
import { promotedCards } from './support/home-page';
import { screenshot } from './support/screenshots';

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** The path and name of the wine menu's first item, read in a context of its own (not a visit of the page under test). */
async function firstWineItem(browser: Browser, baseURL: string): Promise<{ path: string; name: string }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/menu?category=wine');
  const card = page.locator('.menu-grid .product-card').first();
  const item = { path: (await card.getAttribute('href'))!, name: (await card.locator('.product-card__name').textContent())! };
  await context.close();
  return item;
}

/** Each public door, with what its page shows behind the gate (located in the DOM: the page is inert). */
const DOORS: Array<{
  name: string;
  /** A path, or 'item' for the first item's page. */ path: string;
  behind: (page: Page, itemName: string) => Promise<void>;
}> = [
  { name: 'home', path: '/home', behind: (page) => expect(promotedCards(page)).toHaveCount(3) },
  { name: 'menu', path: '/menu?category=wine&tags=tag-red', behind: (page) => expect(page.locator('.menu-grid > li')).toHaveCount(9) },
  { name: 'item', path: 'item', behind: (page, itemName) => expect(page.locator('h1')).toHaveText(itemName) },
  { name: 'events', path: '/events', behind: (page) => expect(page.locator('.event-list > li')).toHaveCount(4) },
  { name: 'aboutus', path: '/aboutus', behind: (page) => expect(page.locator('main h2').first()).toHaveText('Who We Are') },
  { name: 'not-found', path: '/no-such-page', behind: (page) => expect(page.locator('h1')).toHaveText('Page not found') },
];

/** A filter option: its checkbox and its count. */
const option = (page: Page, group: string, name: string) => {
  const label = page
    .getByRole('group', { name: group })
    .locator('.filter-option')
    .filter({ hasText: new RegExp(`^${name} \\(\\d+\\)$`) });
  return { checkbox: label.getByRole('checkbox'), count: label.locator('.filter-option__count') };
};
/** The options a group offers, as "Name (count)". */
const offered = (page: Page, group: string): Locator => page.getByRole('group', { name: group }).locator('.filter-option');

for (const width of WIDTHS) {
  const phone = width < 800;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: phone ? 844 : 900 } });

    test(
      'the 21+ gate covers every public page on a first visit, over the page itself, until confirmed',
      BOTH_BACKENDS,
      async ({ browser, baseURL }) => {
        const item = await firstWineItem(browser, baseURL!);
        for (const door of DOORS) {
          const path = door.path === 'item' ? item.path : door.path;
          // A first visit: a fresh context, nothing in its storage.
          const context = await browser.newContext({ baseURL, viewport: { width, height: phone ? 844 : 900 } });
          const page = await context.newPage();
          const response = await page.goto(path);
          // A path no route shows is a 404 (decision 0217), from the local server and AWS's page server alike.
          expect(response?.status(), path).toBe(door.name === 'not-found' ? 404 : 200);

          const gate = page.getByRole('dialog', { name: 'Welcome to Patterson Wine & Liquor' });
          await expect(gate, path).toBeVisible();
          await expect(gate).toHaveAttribute('aria-modal', 'true');
          await expect(gate).toContainText('You must be 21 years or older to enter this site');
          const confirm = gate.getByRole('button', { name: 'I am 21+' });
          await expect(confirm).toBeFocused();
          // No redirect: the page asked for is the page behind the gate, drawn and inert.
          expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
          await door.behind(page, item.name);
          await expect(page.locator('#root')).toHaveAttribute('inert', '');

          // Keyboard: focus stays in the dialog; Escape does not dismiss it.
          for (const key of ['Tab', 'Shift+Tab', 'Tab']) {
            await page.keyboard.press(key);
            expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
          }
          await page.keyboard.press('Escape');
          await expect(gate).toBeVisible();
          if (door.name === 'menu' || door.name === 'home') {
            await screenshot(page, `gate-${door.name}-${width}`);
            await expectNoSeriousViolations(page);
          }

          // Enter on the focused button confirms: the gate is gone, the page usable and focused.
          await page.keyboard.press('Enter');
          await expect(gate).toHaveCount(0);
          await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
          await expect(page.locator('main')).toBeFocused();
          expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBe('true');
          await door.behind(page, item.name);

          // Gone on every page from now on.
          await page.goto(door.name === 'events' ? '/aboutus' : '/events');
          await expect(page.locator('main h1')).toBeVisible();
          await expect(page.getByRole('dialog')).toHaveCount(0);
          await context.close();
        }
      },
    );

    test(
      'a first visit through a shared menu link: the gate over the server-inlined first screen, no query',
      BOTH_BACKENDS,
      async ({ page }) => {
        const bodies: string[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith('/graphql')) bodies.push(request.postData() ?? '');
        });
        const response = await page.goto('/menu?category=wine&tags=tag-red,tag-france', { waitUntil: 'networkidle' });
        // The HTML holds the page drawn with its inlined data, and the server's gate over it (decision 0388).
        const html = await response!.text();
        expect(html).toContain('id="first-screen"');
        expect(html).toContain('data-server-age-gate');
        expect(html).toContain('Château Belle Rive Bordeaux Supérieur 2019');
        await expect(page.getByRole('dialog')).toBeVisible();
        // The app's own gate took the server's place: one dialog, the server's gone.
        await expect(page.locator('[data-server-age-gate]')).toHaveCount(0);
        await expect(page.locator('.menu-grid > li')).toHaveCount(1);
        await page.getByRole('button', { name: 'I am 21+' }).click();
        await expect(page.locator('.menu-grid .product-card__name')).toHaveText(['Château Belle Rive Bordeaux Supérieur 2019']);
        expect(bodies).toEqual([]);
      },
    );

    test('sign-in pages and the admin portal have no gate', BROWSER_ALONE, async ({ page }) => {
      for (const path of ['/login', '/signup']) {
        await page.goto(path);
        await expect(page.locator('main h1')).toBeVisible();
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
      // An admin route without a session goes to /login, ungated.
      await page.goto('/admin-items');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBeNull();
    });

    test(
      'filters narrow: OR within a group, AND across groups, with counts, and nothing offered that gives nothing',
      BROWSER_ALONE,
      async ({ page }) => {
        await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
        await page.goto('/menu?category=wine');
        const grid = page.locator('.menu-grid > li');
        const names = page.locator('.menu-grid .product-card__name');
        const status = page.locator('.menu-results__count');
        await expect(grid).toHaveCount(22);
        const toggle = page.getByRole('button', { name: /^Filters/ });
        if (phone) await toggle.click();

        // Every option with its count in the wine menu; the regions with no wine are not offered.
        await expect(offered(page, 'Wine Type')).toHaveText([
          'Red (9)',
          'White (6)',
          'Rosé (2)',
          'Sparkling (3)',
          'Dessert & Fortified (2)',
        ]);
        await expect(offered(page, 'Region')).toHaveText([
          'New York (4)',
          'California (4)',
          'France (4)',
          'Italy (4)',
          'Spain (3)',
          'Portugal (1)',
          'Argentina (1)',
          'Australia (1)',
        ]);
        for (const spirit of ['Kentucky', 'Scotland', 'Ireland', 'Mexico', 'Caribbean']) {
          await expect(page.getByRole('checkbox', { name: spirit })).toHaveCount(0);
        }

        // Red: 9 reds; the regions now count reds (Portugal has none: not offered), the types still count every wine.
        await option(page, 'Wine Type', 'Red').checkbox.check();
        await expect(grid).toHaveCount(9);
        await expect(offered(page, 'Region')).toHaveText([
          'New York (1)',
          'California (2)',
          'France (1)',
          'Italy (2)',
          'Spain (1)',
          'Argentina (1)',
          'Australia (1)',
        ]);
        await expect(offered(page, 'Wine Type')).toHaveText([
          'Red (9)',
          'White (6)',
          'Rosé (2)',
          'Sparkling (3)',
          'Dessert & Fortified (2)',
        ]);

        // Red + France = the French reds, not every red and every French wine (12).
        await option(page, 'Region', 'France').checkbox.check();
        await expect(page).toHaveURL(/[?&]tags=tag-red,tag-france(&|$)/);
        await expect(names).toHaveText(['Château Belle Rive Bordeaux Supérieur 2019']);
        await expect(status).toHaveText('1 item');
        await expect(offered(page, 'Wine Type')).toHaveText(['Red (1)', 'White (1)', 'Rosé (1)', 'Sparkling (1)']);
        await expect(offered(page, 'Price')).toHaveText(['$20 to $40 (1)']);
        await expect(option(page, 'Wine Type', 'Red').checkbox).toBeChecked();
        await expect(option(page, 'Region', 'France').checkbox).toBeChecked();
        if (phone) await expect(toggle).toContainText('2 selected');
        await screenshot(page, `filters-red-france-${width}`, { fullPage: true });
        await expectNoSeriousViolations(page);

        // Red or White, from France: one group ORs.
        await option(page, 'Wine Type', 'White').checkbox.check();
        await expect(page).toHaveURL(/[?&]tags=tag-red,tag-france,tag-white(&|$)/);
        await expect(names).toHaveText(['Château Belle Rive Bordeaux Supérieur 2019', 'Domaine des Trois Chênes Sancerre 2022']);
        await expect(offered(page, 'Region')).toHaveText([
          'New York (3)',
          'California (3)',
          'France (2)',
          'Italy (3)',
          'Spain (2)',
          'Argentina (1)',
          'Australia (1)',
        ]);

        // The URL keeps it: a reload shows the same view.
        await page.reload();
        await expect(names).toHaveText(['Château Belle Rive Bordeaux Supérieur 2019', 'Domaine des Trois Chênes Sancerre 2022']);
        if (phone) {
          await toggle.click();
          await expect(option(page, 'Region', 'France').checkbox).toBeChecked();
          await page.getByRole('button', { name: 'Show 2 items' }).click();
          await expect(option(page, 'Region', 'France').checkbox).toBeHidden();
        } else {
          await expect(option(page, 'Region', 'France').checkbox).toBeChecked();
        }

        // The search narrows the counts too; a search that finds nothing offers no filter but the ticked ones.
        await page.getByRole('searchbox', { name: 'Search Wine' }).fill('sancerre');
        await expect(names).toHaveText(['Domaine des Trois Chênes Sancerre 2022']);
        if (phone) await toggle.click();
        await expect(offered(page, 'Wine Type')).toHaveText(['Red (0)', 'White (1)']);
        await expect(offered(page, 'Region')).toHaveText(['France (1)']);
      },
    );
  });
}
