/**
 * Page heads (decision 0214) in a real browser: the head the server sends is the head the SPA keeps, and client-side
 * navigation gives each page its own title, description, canonical link, cards and JSON-LD (no
 * Product left behind on /menu, noindex on sign-up). Read-only.
 */
import { expect, test, type Page } from '@playwright/test';
import { BOTH_BACKENDS } from './support/scope';
import { promotedCards } from './support/home-page';

const SUFFIX = ' | Patterson Wine & Liquor';

async function head(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
    ogTitle:
      document.querySelectorAll('meta[property="og:title"]').length === 1
        ? document.querySelector('meta[property="og:title"]')!.getAttribute('content')
        : 'not exactly one',
    ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content') ?? null,
    types: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => (JSON.parse(script.textContent ?? '{}') as { '@type': string })['@type'],
    ),
    titles: document.querySelectorAll('title').length,
  }));
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

test("client-side navigation keeps each page's head right", BOTH_BACKENDS, async ({ page, baseURL }) => {
  await page.goto('/home');
  await expect(promotedCards(page).first()).toBeVisible();
  await expect(page).toHaveTitle(`Home${SUFFIX}`);
  const home = await head(page);
  expect(home).toMatchObject({ title: `Home${SUFFIX}`, ogTitle: 'Home', types: ['LiquorStore'], titles: 1, robots: null });
  const origin = new URL(home.canonical!).origin;
  // The origin the server announces (PUBLIC_ORIGIN; on AWS the one the hosting bundle was built for).
  expect(origin).toBe(new URL(baseURL!).origin);

  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Wine' }).click();
  await expect(page).toHaveTitle(`Wine${SUFFIX}`);
  expect(await head(page)).toMatchObject({ canonical: `${origin}/menu?category=wine`, ogTitle: 'Wine', titles: 1 });
  // The menu's items as an ItemList (decision 0380), built in the browser as the server builds it.
  await expect.poll(async () => (await head(page)).types).toEqual(['ItemList']);
  const list = await page.evaluate(
    () =>
      JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent) as {
        numberOfItems: number;
        itemListElement: Array<{ position: number; url: string }>;
      },
  );
  // The grid may draw its cards a moment after the head is written.
  await expect(page.locator('.menu-grid .product-card')).toHaveCount(list.numberOfItems);
  expect(list.itemListElement[0]).toMatchObject({ position: 1, url: expect.stringMatching(new RegExp(`^${origin}/item/`)) });

  // A demo wine (it has a UPC): on the cloud's one seeded site, earlier tests add items without one.
  const card = page.locator('.menu-grid .product-card').filter({ hasText: 'Stone Ridge Cellars Cabernet Sauvignon' }).first();
  const name = (await card.locator('.product-card__name').textContent())!;
  await card.click();
  await expect(page).toHaveTitle(`${name}${SUFFIX}`);
  // The shop's LiquorStore beside the Product, which names it by its @id (decision 0380).
  await expect.poll(async () => (await head(page)).types).toEqual(['Product', 'LiquorStore']);
  const item = await head(page);
  expect(item).toMatchObject({ ogType: 'product', ogTitle: name, canonical: `${origin}${new URL(page.url()).pathname}` });
  const readProduct = () =>
    page.evaluate(
      () =>
        JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent) as {
          gtin12?: string;
          offers: { price: string; priceCurrency: string; availableAtOrFrom: { '@id': string } };
        },
    );
  // The page first shows what the menu already knew of the item (no UPC), then the item itself; the
  // demo's UPCs are UPC-A with their check digit, claimed as a gtin12.
  await expect.poll(async () => (await readProduct()).gtin12 ?? '').toMatch(/^\d{12}$/);
  const product = await readProduct();
  const shown = (await page.locator('.item-page__price').textContent())!.replace(/[$,]/g, '');
  expect(product.offers).toMatchObject({
    price: Number(shown).toFixed(2),
    priceCurrency: 'USD',
    availableAtOrFrom: { '@id': `${origin}/#store` },
  });

  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveTitle(`Events${SUFFIX}`);
  await expect(page.locator('.event-list > li').first()).toBeVisible();
  await expect.poll(async () => (await head(page)).types).toEqual(Array(await page.locator('.event-list > li').count()).fill('Event'));
  expect(await head(page)).toMatchObject({ canonical: `${origin}/events` });

  await page.getByRole('link', { name: 'About Us' }).first().click();
  await expect(page).toHaveTitle(`About Us${SUFFIX}`);
  expect(await head(page)).toMatchObject({ canonical: `${origin}/aboutus`, types: ['LiquorStore'], ogType: 'website' });

  await page.getByRole('link', { name: 'Sign Up' }).first().click();
  await expect(page).toHaveTitle(`Sign Up${SUFFIX}`);
  expect(await head(page)).toMatchObject({ robots: 'noindex', canonical: null, types: [] });
});

test('an unknown route is a 404 the SPA shows as its friendly page, not to index', BOTH_BACKENDS, async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  expect(await head(page)).toMatchObject({ title: `Page not found${SUFFIX}`, robots: 'noindex', canonical: null, types: [] });
});
