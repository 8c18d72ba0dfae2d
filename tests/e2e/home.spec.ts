/** /home of a freshly seeded shop, in a real Chromium through the real Amplify client. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { BOTH_BACKENDS, BROWSER_ALONE } from './support/scope';
import { buildDemoCatalogue } from '../../demo/demo-catalogue';
import { promotedCards, promotedIdsOnHome } from './support/home-page';

// A visitor who has passed the age gate (its own tests are in storefront.spec.ts).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

test('home shows the promoted items of the seeded catalogue', BOTH_BACKENDS, async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await page.goto('/home');
  await expect(page).toHaveTitle(/Patterson Wine & Liquor/);
  const cards = promotedCards(page);
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) {
    await expect(card.locator('.product-card__price')).toHaveText(/^\$\d+\.\d{2}$/);
    await expect(card.locator('img')).toHaveJSProperty('complete', true);
  }
  const firstName = await cards.first().locator('img').getAttribute('alt');
  const previous = page.getByRole('button', { name: 'Previous promoted items' });
  const next = page.getByRole('button', { name: 'Next promoted items' });
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(cards.first().locator('img')).not.toHaveAttribute('alt', firstName!);
  await previous.click();
  await expect(cards.first().locator('img')).toHaveAttribute('alt', firstName!);

  await cards.first().click();
  await expect(page).toHaveURL(/\/item\/[0-9a-f-]{36}$/);
  expect(consoleErrors).toEqual([]);
});

test('home opened directly comes with its first screen and client config inlined: no query at all', BOTH_BACKENDS, async ({ page }) => {
  const graphqlRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql')) graphqlRequests.push(request.postData() ?? '');
  });
  await page.goto('/home');
  await expect(promotedCards(page)).toHaveCount(3);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('script#first-screen').count()).toBe(1);
  expect(await page.locator('script#amplify-outputs').count()).toBe(1);
  expect(graphqlRequests).toEqual([]);
});

test('a page reached inside the app fetches its data through the Amplify client', BOTH_BACKENDS, async ({ page }) => {
  const graphqlRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql')) graphqlRequests.push(request.postData() ?? '');
  });
  await page.goto('/aboutus');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(promotedCards(page)).toHaveCount(3);
  await expect(page.locator('.banner-carousel__slide').first()).toBeVisible();
  // Filtered on promoted by the API.
  expect(graphqlRequests.some((body) => body.includes('listItems') && body.includes('promoted'))).toBe(true);
  expect(graphqlRequests.some((body) => body.includes('listBanners'))).toBe(true);
});

test('the promoted window read while its items are still coming has every promoted item', BOTH_BACKENDS, async ({ page }) => {
  const promotedCount = buildDemoCatalogue(new Date()).items.filter((item) => item.promoted).length;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if ((route.request().postData() ?? '').includes('promoted')) await held;
    await route.continue();
  });
  await page.goto('/aboutus');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.locator('.promoted--loading')).toBeVisible();
  // The items come while the window is being read, as on a slow network.
  setTimeout(release, 500);
  expect(new Set(await promotedIdsOnHome(page)).size).toBe(promotedCount);
});

test('the header, footer and routes of the shell work', BROWSER_ALONE, async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Contact' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Liquor' }).click();
  await expect(page).toHaveURL(/\/menu\?category=liquor$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('home has no serious accessibility violations', BROWSER_ALONE, async ({ page }) => {
  await page.goto('/home');
  await expect(promotedCards(page)).toHaveCount(3);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
