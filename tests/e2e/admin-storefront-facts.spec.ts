/**
 * An item's facts on the storefront (decisions 0283 to 0286), at 390 and 1440 px: the item page's
 * size, ABV, vintage, tags by category, stock line and size choices; the menu's cards (size,
 * stock warning), its sort and "In stock only" in the URL; the JSON-LD offer's availability and
 * size. In the `admin` project: it creates its own items (a product in two sizes, one out of
 * stock, one not counted) on the admin server, named uniquely, and searches for them.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminApi, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

interface Created {
  small: string;
  big: string;
  gin: string;
  rum: string;
}

let product: string;
let ids: Created;
let region: { category: string; tag: string };

async function asVerifiedVisitor(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
}

async function shot(page: Page, name: string) {
  await screenshot(page, name, { fullPage: true });
}

test.beforeAll(async ({ request }) => {
  const api = await adminApi(request);
  product = unique('Facts ');
  const { listCategories } = await api.call<{ listCategories: { items: Array<{ id: string; name: string }> } }>(
    '{ listCategories(limit: 1000) { items { id name } } }',
  );
  const regionCategory = listCategories.items.find((category) => category.name === 'Region')!;
  const { listTags } = await api.call<{ listTags: { items: Array<{ id: string; name: string }> } }>(
    'query ($id: ID!) { listTags(filter: { categoryId: { eq: $id } }, limit: 1000) { items { id name } } }',
    { id: regionCategory.id },
  );
  region = { category: regionCategory.name, tag: listTags.items[0]!.name };
  const create = async (input: Record<string, unknown>) =>
    (
      await api.call<{ createItem: { id: string } }>('mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }', {
        input: { tags: ['liquor'], description: 'A test bottle.', ...input },
      })
    ).createItem.id;
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000 - 5 * 60_000).toISOString();
  // Created one after another: "Newest" gives them in the reverse order.
  const small = await create({
    name: `${product} Vodka`,
    price: 19.99,
    sizeMl: 750,
    abv: 40,
    stock: 2,
    stockCountedAt: twoHoursAgo,
    tags: ['liquor', listTags.items[0]!.id],
  });
  const big = await create({ name: `${product} Vodka`, price: 34.99, sizeMl: 1750, abv: 40, stock: 12, stockCountedAt: twoHoursAgo });
  const gin = await create({ name: `${product} Gin`, price: 29.5, sizeMl: 750, stock: 0, stockCountedAt: twoHoursAgo });
  const rum = await create({ name: `${product} Rum`, price: 15, sizeMl: 250, packCount: 4, vintage: 'NV' });
  ids = { small, big, gin, rum };
});

/** The JSON-LD Product the page carries. */
async function productJsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((block) => block['@type'] === 'Product') as
    { size?: string; offers: { availability: string } } | undefined;
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => asVerifiedVisitor(page, width));

    test(
      'the item page shows the size, ABV, region, stock with when it was counted, and the sizes to choose from',
      BOTH_BACKENDS,
      async ({ page }) => {
        await page.goto(`/item/${ids.small}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${product} Vodka`);
        const facts = page.locator('.item-facts');
        await expect(facts.locator('dt')).toHaveText(['Size', 'ABV', region.category]);
        await expect(facts.locator('dd')).toHaveText(['750 mL', '40%', region.tag]);
        await expect(page.locator('.item-page__stock')).toHaveText('Only 2 leftStock counted 2 hours ago');

        const sizes = page.getByRole('navigation', { name: 'Sizes' }).getByRole('link');
        await expect(sizes).toHaveText(['750 mL$19.99Only 2 left', '1.75 L$34.99In stock']);
        await expect(sizes.nth(0)).toHaveAttribute('aria-current', 'page');
        await expect.poll(async () => (await productJsonLd(page))?.offers.availability).toBe('https://schema.org/LimitedAvailability');
        expect((await productJsonLd(page))?.size).toBe('750 mL');
        expect(await seriousViolations(page)).toEqual([]);

        if (width === 1440) {
          // The page uses its width: the picture on the left, the facts beside it on the right half.
          const image = (await page.locator('.item-page__media').boundingBox())!;
          const details = (await page.locator('.item-page__details').boundingBox())!;
          expect(details.x).toBeGreaterThanOrEqual(image.x + image.width);
          expect(details.x).toBeLessThan(720);
          expect(details.x + details.width).toBeGreaterThan(1000);
          expect((await facts.boundingBox())!.y).toBeLessThan(image.y + image.height);
        }
        await shot(page, `item-${width}`);

        // Choosing a size goes to that item's page, by keyboard too.
        await sizes.nth(1).focus();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`/item/${ids.big}$`));
        await expect(page.locator('.item-facts dd').first()).toHaveText('1.75 L');
        await expect(page.locator('.item-page__price')).toHaveText('$34.99');
        await expect(page.locator('.item-page__stock')).toHaveText('In stockStock counted 2 hours ago');
        await expect(page.getByRole('navigation', { name: 'Sizes' }).getByRole('link').nth(1)).toHaveAttribute('aria-current', 'page');
        await expect.poll(async () => (await productJsonLd(page))?.offers.availability).toBe('https://schema.org/InStock');
      },
    );

    test(
      'an item out of stock says so, an uncounted one says nothing of stock, a single size offers no choice',
      BOTH_BACKENDS,
      async ({ page }) => {
        await page.goto(`/item/${ids.gin}`);
        await expect(page.locator('.item-page__stock')).toHaveText('Out of stockStock counted 2 hours ago');
        await expect(page.getByRole('navigation', { name: 'Sizes' })).toHaveCount(0);
        await expect.poll(async () => (await productJsonLd(page))?.offers.availability).toBe('https://schema.org/OutOfStock');
        await shot(page, `item-out-${width}`);

        await page.goto(`/item/${ids.rum}`);
        await expect(page.locator('.item-facts dd')).toHaveText(['4 × 250 mL', 'NV']);
        await expect(page.locator('.item-facts dt')).toHaveText(['Size', 'Vintage']);
        await expect(page.locator('.item-page__stock')).toHaveCount(0);
        await expect.poll(async () => (await productJsonLd(page))?.offers.availability).toBe('https://schema.org/InStoreOnly');
        expect((await productJsonLd(page))?.size).toBe('4 × 250 mL');
      },
    );

    test(
      'the menu: sizes and stock warnings on the cards, out of stock last, sort and "In stock only" in the URL',
      BOTH_BACKENDS,
      async ({ page }) => {
        await page.goto(`/menu?category=liquor&q=${encodeURIComponent(product)}`);
        const names = page.locator('.menu-grid .product-card__name');
        const cards = page.locator('.menu-grid .product-card');
        // Featured: by name, the two sizes side by side (smallest first), the gin counted out after the others.
        await expect(names).toHaveText([`${product} Rum`, `${product} Vodka`, `${product} Vodka`, `${product} Gin`]);
        await expect(cards.locator('.card-facts')).toHaveText(['4 × 250 mL', '750 mLOnly 2 left', '1.75 L', '750 mLOut of stock']);
        await expect(page.locator('.menu-grid .stock-badge--in')).toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await shot(page, `menu-${width}`);

        // The sort, by keyboard: a labelled select.
        const sort = page.getByLabel('Sort by');
        await sort.focus();
        await sort.selectOption({ label: 'Price: high to low' });
        await expect(page).toHaveURL(/[?&]sort=price-desc(&|$)/);
        await expect(cards.locator('.product-card__price')).toHaveText(['$34.99', '$29.50', '$19.99', '$15.00']);
        await sort.selectOption({ label: 'Price: low to high' });
        await expect(cards.locator('.product-card__price')).toHaveText(['$15.00', '$19.99', '$29.50', '$34.99']);
        await sort.selectOption({ label: 'Newest' });
        await expect(cards.locator('.card-facts')).toHaveText(['4 × 250 mL', '750 mLOut of stock', '1.75 L', '750 mLOnly 2 left']);
        await sort.selectOption({ label: 'Name: A to Z' });
        await expect(names).toHaveText([`${product} Gin`, `${product} Rum`, `${product} Vodka`, `${product} Vodka`]);

        // In stock only: the gin goes; the uncounted rum stays. Kept in the URL and across a reload.
        await page.getByLabel('In stock only').check();
        await expect(page).toHaveURL(/[?&]stock=in(&|$)/);
        await expect(names).toHaveText([`${product} Rum`, `${product} Vodka`, `${product} Vodka`]);
        await expect(page.locator('.menu-results__count')).toHaveText('3 items');
        await page.reload();
        await expect(page.getByLabel('Sort by')).toHaveValue('name');
        await expect(page.getByLabel('In stock only')).toBeChecked();
        await expect(names).toHaveText([`${product} Rum`, `${product} Vodka`, `${product} Vodka`]);
        // Back goes to the order before.
        await page.goBack();
        await expect(page.getByLabel('In stock only')).not.toBeChecked();
        await expect(names).toHaveCount(4);
      },
    );
  });
}
