/**
 * New York's Sale rule in the browser (decisions 0292, 0293), at 390 and 1440 px: staff tick Sale
 * on an item with no price from before the two previous months and the Item Editor says why,
 * sending nothing; the storefront shows the demo's lawful Sale wine with a "Sale" badge on its menu
 * card, its page and the admin card, and never a former price (page text, JSON-LD, the page's HTML
 * and the API answers it gets: the history is for admins only, decision 0295). Axe clean.
 * Runs in the `admin` project (its server seeds the demo shop). The badge test is local only: no
 * API writes a price history, so a shop seeded through the API (the emulated cloud) has no lawful
 * Sale yet.
 */
import { expect, test, type Page } from '@playwright/test';
import { SALE_MESSAGES, saleThreshold, priceChangesOf } from '../../shared/sale-rule';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS, LOCAL_SERVER_ONLY, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

const shot = async (page: Page, name: string) => {
  await screenshot(page, name, { fullPage: true });
};

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

for (const width of WIDTHS) {
  test(`staff marking a new item Sale are told why, and nothing is written (${width} px)`, BOTH_BACKENDS, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const api = await adminApi(request);
    const name = unique('Sale Try ');
    const { createItem } = await api.call<{ createItem: { id: string } }>(
      'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }',
      { input: { name, price: 21.99, tags: ['wine'], description: 'New on the shelf.' } },
    );
    await signInAsAdmin(page);
    await page.goto(`/admin-item?id=${createItem.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Item Editor' });
    const sale = dialog.getByRole('checkbox', { name: /^Sale/ });
    await expect(sale).not.toBeChecked();
    await sale.check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const message = SALE_MESSAGES.noHistory(saleThreshold([], new Date()).months);
    await expectToast(page, 'Error', message);
    await expect(dialog.getByText(message).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `editor-refused-${width}`);
    const { getItem } = await api.call<{ getItem: { onSale: boolean | null } }>('query ($id: ID!) { getItem(id: $id) { onSale } }', {
      id: createItem.id,
    });
    expect(getItem.onSale).toBeNull();
  });

  test(
    `the storefront shows the lawful Sale with a badge and no former price (${width} px)`,
    LOCAL_SERVER_ONLY,
    async ({ page, request }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      const api = await adminApi(request);
      const { listItems } = await api.call<{
        listItems: { items: Array<{ id: string; name: string; price: number; priceHistory: string[]; saleEndsAt: string | null }> };
      }>('{ listItems(filter: { onSale: { eq: true } }, limit: 1000) { items { id name price priceHistory saleEndsAt } } }');
      const wine = listItems.items.find((item) => item.name.startsWith('Hollow Creek Pinot Noir'))!;
      expect(wine).toBeDefined();
      const former = priceChangesOf(wine.priceHistory)
        .map((change) => change.price)
        .filter((price) => price !== wine.price);
      expect(former.length).toBeGreaterThan(0);
      // The server says until when the mark holds: the end of this New York month (decision 0295).
      expect(Date.parse(wine.saleEndsAt ?? '')).toBeGreaterThan(Date.now());
      const answers: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/graphql'))
          void response.text().then(
            (text) => answers.push(text),
            () => undefined,
          );
      });
      const historyEntry = /\d{4}-\d{2}-\d{2}T[\d:.]+Z \d/;
      expect(await (await request.get(`/item/${wine.id}`)).text()).not.toMatch(historyEntry);

      await page.goto(`/item/${wine.id}`);
      await expect(page.getByRole('heading', { level: 1, name: wine.name })).toBeVisible();
      const price = page.locator('.item-page__price');
      await expect(price).toContainText(`$${wine.price.toFixed(2)}`);
      await expect(price.getByText('Sale', { exact: true })).toBeVisible();
      // What the page shows and its head's meta tags: never a former price (the history travels as data only: decision 0293).
      const shown = await page.locator('body').innerText();
      const meta = await page.locator('meta').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content') ?? '').join(' '));
      for (const old of former) expect(`${shown} ${meta}`).not.toContain(old.toFixed(2));
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.join('\n')).not.toMatch(/priceSpecification|priceValidUntil|onSale|priceHistory/);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `item-${width}`);

      await page.goto(`/menu?category=wine&q=${encodeURIComponent('Hollow Creek Pinot')}`);
      const card = page.getByRole('link', { name: new RegExp(wine.name) }).first();
      await expect(card.getByText('Sale', { exact: true })).toBeVisible();
      for (const old of former) expect(await page.locator('main').innerText()).not.toContain(old.toFixed(2));
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `menu-${width}`);
      expect(await (await request.get(`/menu?category=wine`)).text()).not.toMatch(historyEntry);
      // What the storefront asked the API for, as a visitor: never the history.
      expect(answers.join('\n')).not.toContain('"priceHistory"');
      expect(answers.join('\n')).not.toMatch(historyEntry);

      await signInAsAdmin(page);
      await page.goto(`/admin-items`);
      await page.getByPlaceholder('Search by name or UPC').fill('Hollow Creek Pinot');
      await expect(page.locator('.admin-item-card__badge--sale').first()).toHaveText('Sale');
      await shot(page, `admin-items-${width}`);
    },
  );
}
