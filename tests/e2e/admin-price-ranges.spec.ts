/**
 * The price filter follows the price (decisions 0280, 0281): the owner changes a Rioja's price to
 * $45 in the Item Editor, and the wine menu's "Over $40" range shows it at once while "$20 to $40"
 * does not; the owner sets other boundaries in Shop settings (a wrong list is refused with a clear
 * message) and the menu offers their ranges. At 390 and 1440 px. Runs in the `admin` project (it
 * changes an item and the settings) and puts both back.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminApi, expectToast, signInAsAdmin } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { getItem, listItems, updateItem } from './support/catalogue';
import { BOTH_BACKENDS, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const priceGroup = (page: Page) => page.getByRole('group', { name: 'Price' });
const range = (page: Page, name: string) =>
  priceGroup(page).getByRole('checkbox', { name: new RegExp(`^${name.replaceAll('$', '\\$')} \\(\\d+\\)$`) });
const names = (page: Page) => page.locator('.menu-grid .product-card__name');

/** The wine menu with one price range ticked (opening the phone's filter panel first). */
async function wineMenuWith(page: Page, rangeName: string, phone: boolean) {
  await page.goto('/menu?category=wine');
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if (phone) await toggle.click();
  await range(page, rangeName).check();
  // One Price group: the computed one (the demo seeds no Price category).
  await expect(page.getByRole('group', { name: 'Price' })).toHaveCount(1);
  if (phone) await page.getByRole('button', { name: /^Show \d+ items?$/ }).click();
}

for (const width of WIDTHS) {
  const phone = width < 800;
  test(
    `a Rioja repriced at $45 moves from "$20 to $40" to "Over $40" at once, at ${width} px`,
    BOTH_BACKENDS,
    async ({ page, request }) => {
      await page.setViewportSize({ width, height: phone ? 844 : 900 });
      const api = await adminApi(request);
      const rioja = (await listItems(api)).find((item) => item.name.includes('Rioja'))!;
      expect(rioja.price).toBeGreaterThanOrEqual(20);
      expect(rioja.price).toBeLessThan(40);
      try {
        // Before: the Rioja is among the $20 to $40 wines.
        await wineMenuWith(page, '$20 to $40', phone);
        await expect(page).toHaveURL(/[?&]tags=price-20-40(&|$)/);
        await expect(names(page).filter({ hasText: rioja.name })).toHaveCount(1);

        // The owner sets its price to $45 in the Item Editor.
        await signInAsAdmin(page);
        await page.goto(`/admin-item?id=${rioja.id}`);
        await page.getByRole('button', { name: 'Edit' }).click();
        const dialog = page.getByRole('dialog', { name: 'Item Editor' });
        await dialog.getByLabel('Price ($)', { exact: true }).fill('45');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Success', 'Item Updated');
        expect((await getItem(api, rioja.id))?.price).toBe(45);

        // "Over $40" shows it; "$20 to $40" no longer does.
        await wineMenuWith(page, 'Over $40', phone);
        await expect(page).toHaveURL(/[?&]tags=price-over-40(&|$)/);
        await expect(names(page).filter({ hasText: rioja.name })).toHaveCount(1);
        for (const price of await page.locator('.menu-grid .product-card__price').allTextContents()) {
          expect(Number(price.replace(/[$,]/g, ''))).toBeGreaterThanOrEqual(40);
        }
        await screenshot(page, `price-over-40-${width}`, { fullPage: !phone });
        expect(await seriousViolations(page)).toEqual([]);

        await page.goto('/menu?category=wine&tags=price-20-40');
        await expect(names(page).first()).toBeVisible();
        await expect(names(page).filter({ hasText: rioja.name })).toHaveCount(0);
        for (const price of await page.locator('.menu-grid .product-card__price').allTextContents()) {
          const dollars = Number(price.replace(/[$,]/g, ''));
          expect(dollars >= 20 && dollars < 40, price).toBe(true);
        }
      } finally {
        await updateItem(api, { id: rioja.id, price: rioja.price });
      }
    },
  );
}

test(
  'the owner sets the price boundaries in Shop settings; a wrong list is refused, saying why',
  BOTH_BACKENDS,
  async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const api = await adminApi(request);
    const before =
      (
        await api.call<{ getShopSettings: { priceBoundaries: number[] | null } | null }>(
          'query { getShopSettings(id: "shop") { priceBoundaries } }',
        )
      ).getShopSettings?.priceBoundaries ?? null;
    try {
      await signInAsAdmin(page);
      await page.goto('/admin-settings');
      const boundaries = page.getByLabel('Price boundaries ($)');
      await expect(boundaries).toHaveValue('20, 40');
      await expect(page.locator('[data-price-ranges]')).toHaveText('The menu offers: Under $20, $20 to $40, Over $40');

      await boundaries.fill('40, 20');
      await page.getByRole('button', { name: 'Save' }).click();
      const message = 'Price boundaries go from smallest to largest, each larger than the one before';
      await expect(page.locator('.settings-actions').getByRole('alert')).toHaveText(message);
      await expect(boundaries).toHaveAttribute('aria-invalid', 'true');
      await boundaries.fill('19.99');
      await expect(page.locator('.settings-actions').getByRole('alert')).toHaveText(
        'Enter whole dollar amounts separated by commas, such as 20, 40',
      );

      await boundaries.fill('25, 50, 100');
      await expect(page.locator('[data-price-ranges]')).toHaveText('The menu offers: Under $25, $25 to $50, $50 to $100, Over $100');
      await screenshot(page.locator('section[aria-labelledby="settings-prices"]'), 'price-boundaries-settings-1440');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Success', 'Shop settings saved');

      await page.goto('/menu?category=wine');
      // The ranges in order; "Over $100" only when an earlier admin test left a dearer wine (empty
      // ranges are not offered).
      await expect(priceGroup(page).locator('.filter-option').first()).toHaveText(/^Under \$25 \(\d+\)$/);
      const offered = await priceGroup(page).locator('.filter-option').allTextContents();
      expect(offered.slice(0, 3)).toEqual([
        expect.stringMatching(/^Under \$25 \(\d+\)$/),
        expect.stringMatching(/^\$25 to \$50 \(\d+\)$/),
        expect.stringMatching(/^\$50 to \$100 \(\d+\)$/),
      ]);
      expect(offered.slice(3)).toEqual(offered.length > 3 ? [expect.stringMatching(/^Over \$100 \(\d+\)$/)] : []);
    } finally {
      await api.call('mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id } }', {
        input: { id: 'shop', priceBoundaries: before },
      });
    }
  },
);
