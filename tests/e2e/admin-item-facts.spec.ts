/**
 * The item's facts in the Item Editor (product §3, §5; decisions 0271 to 0275): a size typed as a
 * till writes it and shown as on the label, ABV, vintage and units in stock; the shared rules'
 * messages; a new count records when it was counted. At 390 and 1440 px, by keyboard, axe clean.
 * Runs in the `admin` project, signed in as E2E_ADMIN.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BOTTLE_SIZE_MESSAGES } from '../../shared/bottle-size';
import { ITEM_FACT_MESSAGES } from '../../shared/item-facts';
import { STOCK_MESSAGES } from '../../shared/stock';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const editor = (page: Page) => page.getByRole('dialog', { name: 'Item Editor' });
const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
const FACTS = 'sizeMl packCount abv vintage stock stockCountedAt';

for (const width of WIDTHS) {
  test(`the Item Editor saves an item's facts and refuses what is not one (${width} px)`, BOTH_BACKENDS, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const api = await adminApi(request);
    const name = unique('Facts Vodka ');
    const { createItem } = await api.call<{ createItem: { id: string } }>(
      'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }',
      { input: { name, price: 21.99, tags: ['liquor'], description: 'Crisp.', upc: unique('F') } },
    );
    const stored = async () =>
      (await api.call<{ getItem: Record<string, unknown> }>(`query ($id: ID!) { getItem(id: $id) { ${FACTS} } }`, { id: createItem.id }))
        .getItem;

    await signInAsAdmin(page);
    await page.goto(`/admin-item?id=${createItem.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = editor(page);
    await expect(field(dialog, 'Size')).toHaveValue('');
    await expect(dialog.getByText('Empty: not counted. Saving a count records the time.')).toBeVisible();

    // By keyboard: the facts follow one another in order.
    await field(dialog, 'Size').focus();
    for (const label of ['ABV (%)', 'Vintage', 'Units in stock']) {
      await page.keyboard.press('Tab');
      await expect(field(dialog, label)).toBeFocused();
    }

    // Each refusal names its field, with the shared message.
    const refusals: Array<[string, string, string]> = [
      ['Size', '750', BOTTLE_SIZE_MESSAGES.size],
      ['ABV (%)', '140', ITEM_FACT_MESSAGES.abv],
      ['Vintage', '1700', ITEM_FACT_MESSAGES.vintage()],
      ['Units in stock', '-1', STOCK_MESSAGES.stock],
    ];
    for (const [label, bad, message] of refusals) {
      await field(dialog, label).fill(bad);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Error', message);
      await expect(field(dialog, label)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(dialog, label)).toBeFocused();
      await expect(dialog.getByRole('alert')).toHaveText(message);
      await field(dialog, label).fill('');
    }
    expect(await stored()).toMatchObject({ sizeMl: null, abv: null, vintage: null, stock: null });

    // As a till writes them; shown back as on the label.
    await field(dialog, 'Size').fill('1.75LTR');
    await field(dialog, 'ABV (%)').fill('40%');
    await field(dialog, 'Vintage').fill('nv');
    await field(dialog, 'Units in stock').fill('2');
    expect(await seriousViolations(page)).toEqual([]);
    const before = Date.now();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Item Updated');
    await expect(dialog).toBeHidden();
    const saved = await stored();
    expect(saved).toMatchObject({ sizeMl: 1750, packCount: null, abv: 40, vintage: 'NV', stock: 2 });
    expect(Date.parse(saved.stockCountedAt as string)).toBeGreaterThanOrEqual(before - 5_000);
    // The item page shows the label's facts and the stock as staff read it (decision 0367).
    await expect(page.getByText('1.75 L · 40% · NV', { exact: true })).toBeVisible();
    await expect(page.getByText('2 on the shelf', { exact: true })).toBeVisible();
    await screenshot(page, `admin-item-page-facts-${width}`, { fullPage: true });

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(field(dialog, 'Size')).toHaveValue('1.75 L');
    await expect(field(dialog, 'ABV (%)')).toHaveValue('40');
    await expect(field(dialog, 'Vintage')).toHaveValue('NV');
    await expect(field(dialog, 'Units in stock')).toHaveValue('2');
    await expect(dialog.getByText('Empty: not counted. Stock counted just now.')).toBeVisible();
    await screenshot(page, `admin-item-facts-${width}`, { fullPage: true });

    // A pack, and an unchanged count keeps its time.
    await field(dialog, 'Size').fill('4/250ML');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(stored).toMatchObject({ sizeMl: 250, packCount: 4, stock: 2, stockCountedAt: saved.stockCountedAt });
  });
}
