/**
 * The header's search through every department (decision 0300), against the demo catalogue as
 * seeded (read only), at a desktop's width (1440 px) and a phone's (390 px).
 */
import { expect, test } from '@playwright/test';
import { buildDemoCatalogue } from '../../demo/demo-catalogue';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS, BROWSER_ALONE } from './support/scope';
import { screenshot } from './support/screenshots';

const MALBEC = 'Alto Andes Malbec 2021';
const malbec = buildDemoCatalogue(new Date()).items.find((item) => item.name === MALBEC)!;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the header searches every department, grouped, and the search lives in the URL', BOTH_BACKENDS, async ({ page }) => {
    await page.goto('/menu?category=liquor');
    const header = page.getByRole('banner');
    await header.getByRole('searchbox', { name: 'Search the shop' }).fill('malbec');
    await header.getByRole('searchbox', { name: 'Search the shop' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=malbec$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    const wine = page.getByRole('region', { name: /^Wine/ });
    await expect(wine.getByRole('link', { name: new RegExp(MALBEC) })).toBeVisible();
    // The field in the header is left empty for the next search; the page's own holds the text.
    await expect(header.getByRole('searchbox')).toHaveValue('');
    await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search the shop' })).toHaveValue('malbec');
    await screenshot(page, 'search-1440');
    expect(await seriousViolations(page)).toEqual([]);

    // A UPC, a word of a description and a tag's name (the region) find it too; words combine.
    for (const query of [malbec.upc, 'cocoa violet', 'argentina']) {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect(page.getByRole('region', { name: /^Wine/ }).getByRole('link', { name: new RegExp(MALBEC) })).toBeVisible();
    }
    await page.goto('/search?q=cocoa%20gin');
    await expect(page.getByText('Nothing in the shop matches “cocoa gin”.', { exact: false })).toBeVisible();
  });

  test('typing on the search page follows into the URL, and back returns to the previous search', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/search?q=malbec');
    await expect(page.getByRole('link', { name: new RegExp(MALBEC) })).toBeVisible();
    const field = page.getByRole('main').getByRole('searchbox', { name: 'Search the shop' });
    await field.fill('vodka');
    await expect(page).toHaveURL(/\/search\?q=vodka$/);
    const liquor = page.getByRole('region', { name: /^Liquor/ });
    await expect(liquor.getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('region', { name: /^Wine/ })).toHaveCount(0);
    await liquor.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/item\//);
    await page.goBack();
    await expect(field).toHaveValue('vodka');
    await expect(page.getByRole('region', { name: /^Liquor/ })).toBeVisible();
  });

  test('back while the next page is still loading returns to the search, drawn', BROWSER_ALONE, async ({ page }) => {
    // The item page's code held back, as on a slow connection: Back is pressed before it comes.
    let released: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (released = resolve));
    await page.route(/\/assets\/ItemPage-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/search?q=vodka');
    await page
      .getByRole('region', { name: /^Liquor/ })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/item\//);
    await expect(page.getByRole('main').getByRole('status')).toContainText('Loading page');
    await page.goBack();
    const field = page.getByRole('main').getByRole('searchbox', { name: 'Search the shop' });
    await expect(field).toHaveValue('vodka');
    // Then the item page's code arrives: the search stays drawn.
    released();
    await page.waitForResponse(/\/assets\/ItemPage-/);
    await page.waitForTimeout(500);
    await expect(field).toHaveValue('vodka');
    await expect(
      page
        .getByRole('region', { name: /^Liquor/ })
        .getByRole('link')
        .first(),
    ).toBeVisible();
  });

  test('a department search that finds nothing offers the matches elsewhere', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/menu?category=liquor&q=malbec');
    await expect(page.getByText('No items match your search and filters.')).toBeVisible();
    await page.getByRole('link', { name: '1 in Wine' }).click();
    await expect(page).toHaveURL(/\/menu\?category=wine&q=malbec$/);
    await expect(page.getByRole('link', { name: new RegExp(MALBEC) })).toBeVisible();
    await page.goto('/menu?category=liquor&q=malbec');
    await page.getByRole('link', { name: 'Search the whole shop for “malbec”' }).click();
    await expect(page).toHaveURL(/\/search\?q=malbec$/);
    await expect(page.getByRole('region', { name: /^Wine/ })).toBeVisible();
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header search button opens the search page ready to type', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    const field = page.getByRole('main').getByRole('searchbox', { name: 'Search the shop' });
    await expect(field).toBeFocused();
    await expect(page.getByText('Search every department by name, grape, region or barcode')).toBeVisible();
    await page.keyboard.type('malbec');
    await expect(page.getByRole('region', { name: /^Wine/ }).getByRole('link', { name: new RegExp(MALBEC) })).toBeVisible();
    await expect(page).toHaveURL(/\/search\?q=malbec$/);
    await screenshot(page, 'search-390', { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
