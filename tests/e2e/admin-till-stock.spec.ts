/**
 * The till feeds the shop (decisions 0296 and 0297): a 200-row file as a till exports it (name,
 * size, price, UPC, department, quantity; no image, no description) imported through Import CSV
 * creates the items; the menu and the item page show each department's drawing in place of a
 * photo; "Needs photo" finds them and lives in the URL; then a stock-only file (SKU, QOH, Retail)
 * updates their quantities and prices, changes nothing else, lists the UPCs it did not find and
 * leaves out the rows it cannot read. Screens are checked with axe, and screenshotted at 390 and
 * 1440 px into the test's output folder.
 */
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { listItems } from './support/catalogue';
import { BOTH_BACKENDS } from './support/scope';
import { screenshotsAtWidths } from './support/screenshots';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const csvFile = (name: string, rows: string[][]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${Papa.unparse(rows, { newline: '\r\n' })}`, 'utf8'),
});

const DEPARTMENTS = ['Wine', 'Liquor', 'Extras'] as const;
const ROWS = 200;

test(
  'a 200-row till file creates items without photos; a stock file then updates only their counts and prices',
  BOTH_BACKENDS,
  async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const api = await adminApi(page.request);
    const prefix = unique('Till ');
    const upcPrefix = unique('77');
    const upc = (i: number) => `${upcPrefix}${String(i).padStart(4, '0')}`;
    const tillRows = Array.from({ length: ROWS }, (_, i) => [
      `${prefix} ${DEPARTMENTS[i % 3]} ${String(i).padStart(3, '0')}`,
      ['750ML', '1.75 LTR', '3L BOX', '4/250ML'][i % 4]!,
      (9.99 + i).toFixed(2),
      upc(i),
      DEPARTMENTS[i % 3]!,
      String(i % 24),
    ]);

    await signInAsAdmin(page);
    await page.goto('/admin-items');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import items from CSV' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles(csvFile('till-items.csv', [['Item', 'Size', 'Retail', 'UPC', 'Department', 'Qty On Hand'], ...tillRows]));
    const mapping = page.getByRole('dialog', { name: 'Match the columns' });
    await expect(mapping.getByLabel(/^Retail/)).toHaveValue('field:price');
    await expect(mapping.getByLabel(/^Qty On Hand/)).toHaveValue('field:quantity');
    // Names and departments: not a stock file.
    await expect(mapping.getByRole('note')).toHaveCount(0);
    await mapping.getByRole('button', { name: `Check ${ROWS} rows` }).click();
    const review = page.getByRole('dialog', { name: 'Check the import' });
    await expect(review.getByRole('status')).toHaveText(`Ready: ${ROWS} items created, 0 updated, 0 unchanged.`);
    await review.getByRole('button', { name: `Import ${ROWS} rows` }).click();
    await expectToast(page, 'Success', `Import done: ${ROWS} items created, 0 updated, 0 unchanged`);
    await expect(review).toBeHidden();

    const created = (await listItems(api)).filter((item) => item.name.startsWith(prefix));
    expect(created).toHaveLength(ROWS);
    expect(created.every((item) => item.img === null && item.description === null)).toBe(true);
    const liquor = created.find((item) => item.upc === upc(1))!;
    expect(liquor).toMatchObject({ name: `${prefix} Liquor 001`, price: 10.99, tags: ['liquor'] });

    // Needs photo: in the URL, keyboard reachable, and it finds them.
    const needsPhoto = page.getByRole('group', { name: 'Show only items that' }).getByRole('checkbox', { name: 'Needs photo' });
    await needsPhoto.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/[?&]needs=photo(&|$)/);
    await page.getByRole('searchbox', { name: 'Search items by name or UPC' }).fill(prefix);
    await expect(page.getByText(`${ROWS} of `)).toBeVisible();
    // A click, then the URL: the box follows the URL once the navigation lands.
    await page.getByRole('checkbox', { name: 'Needs description' }).click();
    await expect(page.getByRole('checkbox', { name: 'Needs description' })).toBeChecked();
    await expect(page).toHaveURL(/needs=photo%2Cdescription|needs=photo,description/);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Needs photo' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Needs description' })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'admin-items-needs', testInfo);

    // The storefront: the menu card and the item page show the department's drawing.
    await page.goto(`/menu?category=liquor&q=${encodeURIComponent(`${prefix} Liquor 001`)}`);
    const card = page.getByRole('link', { name: new RegExp(`${prefix} Liquor 001`) });
    await expect(card).toBeVisible();
    const drawing = card.locator('img');
    await expect(drawing).toHaveAttribute('src', '/placeholders/liquor.svg');
    // The card's link is named by the item: the drawing is decoration there.
    await expect(drawing).toHaveAttribute('alt', '');
    await expect.poll(() => drawing.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'menu-drawing', testInfo);
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: `${prefix} Liquor 001` })).toBeVisible();
    await expect(page.getByRole('img', { name: 'No photo yet: a drawing of a liquor bottle' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'item-drawing', testInfo);
    for (const department of ['wine', 'extras']) {
      const response = await page.request.get(`/placeholders/${department}.svg`);
      expect(response.ok()).toBe(true);
      expect(response.headers()['content-type']).toContain('image/svg+xml');
    }

    // The stock file: the first 150 UPCs counted again, 5 UPCs the shop does not have, a total line and a bad count.
    const stockRows = [
      ...Array.from({ length: 150 }, (_, i) => [upc(i), String(100 + i), i % 2 ? '' : (20 + i).toFixed(2)]),
      ...Array.from({ length: 5 }, (_, i) => [`${upcPrefix}9${i}`, '3', '']),
      ['', '15000', ''],
      [upc(160), 'lots', ''],
    ];
    await page.goto('/admin-items');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog.getByLabel('CSV file').setInputFiles(csvFile('till-stock.csv', [['SKU', 'QOH', 'Retail'], ...stockRows]));
    await expect(mapping.getByRole('note')).toContainText('A stock file from the till.');
    await mapping.getByRole('button', { name: `Check ${stockRows.length} rows` }).click();
    await expect(review.getByRole('status')).toHaveText('Ready: 150 items updated, 5 UPCs not found, 2 rows left out.');
    const unknown = review.getByRole('list', { name: /UPCs not found \(5\)/ });
    await expect(unknown.getByRole('listitem')).toHaveText(Array.from({ length: 5 }, (_, i) => `${upcPrefix}9${i}`));
    const leftOut = review.getByRole('table', { name: /Rows left out/ });
    await expect(leftOut.getByRole('row', { name: '157 UPC No UPC: a stock file finds items by their UPC' })).toBeVisible();
    await expect(review.getByRole('table', { name: 'Rows' }).getByRole('row', { name: `2 ${upc(0)} 100 Stock updated` })).toBeVisible();
    await expect(leftOut.getByRole('row', { name: /^158 Quantity Units in stock must be a whole number/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'stock-review', testInfo);
    await review.getByRole('button', { name: 'Update the stock of 150 items' }).click();
    await expectToast(page, 'Success', 'Import done: 150 items updated, 5 UPCs not found, 2 rows left out');
    // The result stays readable with the UPCs not found until closed.
    await expect(review.getByRole('status')).toHaveText('Imported: 150 items updated, 5 UPCs not found, 2 rows left out.');
    await expect(unknown.getByRole('listitem')).toHaveCount(5);

    const stocks = await api.call<{
      listItems: {
        items: Array<{
          upc: string;
          name: string;
          price: number;
          stock: number | null;
          description: string | null;
          img: string | null;
          tags: string[];
        }>;
      };
    }>(
      'query ($filter: ModelItemFilterInput) { listItems(filter: $filter, limit: 1000) { items { upc name price stock description img tags } } }',
      { filter: { upc: { beginsWith: upcPrefix } } },
    );
    const byUpc = new Map(stocks.listItems.items.map((item) => [item.upc, item]));
    expect(byUpc.size).toBe(ROWS);
    expect(byUpc.get(upc(0))).toMatchObject({
      name: `${prefix} Wine 000`,
      stock: 100,
      price: 20,
      description: null,
      img: null,
      tags: ['wine'],
    });
    expect(byUpc.get(upc(1))).toMatchObject({ name: `${prefix} Liquor 001`, stock: 101, price: 10.99, tags: ['liquor'] });
    // Rows not in the file, and the row left out, keep their counts.
    expect(byUpc.get(upc(160))).toMatchObject({ stock: 160 % 24 });
    expect(byUpc.get(upc(199))).toMatchObject({ stock: 199 % 24 });
  },
);
