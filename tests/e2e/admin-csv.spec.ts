/**
 * Items out as CSV (issue 19 §1, export): Export CSV on /admin-items saves every item, read fresh
 * from the server, as a UTF-8 CSV with a byte order mark and every field quoted; an awkward row
 * (apostrophe, comma, quotes, accents, a line break, a would-be formula) comes back whole when a
 * CSV library reads the file.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { listItems } from './support/catalogue';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

test('Export CSV saves every item, awkward text intact, tags by category', async ({ page }) => {
  const api = await adminApi(page.request);
  const name = unique(`Château d'Yquem, "Sauternes" `);
  const description = 'Golden, honeyed.\nServe at 10–12 °C.';
  await api.call('mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }', {
    input: { name, price: 389.5, description, upc: '=1+2', tags: ['wine'], promoted: true },
  });

  await signInAsAdmin(page);
  await page.goto('/admin-items');
  // Filtering the grid does not filter the export.
  await page.getByRole('searchbox', { name: 'Search items by name or UPC' }).fill(name);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^items-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await file.path(), 'utf8');
  const total = (await listItems(api)).length;
  await expectToast(page, 'Success', `${total} items exported`);

  expect(text.startsWith('\uFEFF"Name","Price","UPC","Promoted","Description","Image URL","Department"')).toBe(true);
  const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  expect(rows).toHaveLength(total + 1);
  const header = rows[0]!;
  const row = rows.find((cells) => cells[0] === name);
  expect(row).toBeDefined();
  const cell = (column: string) => row![header.indexOf(column)];
  expect(cell('Price')).toBe('389.50');
  expect(cell('Promoted')).toBe('Yes');
  expect(cell('Description')).toBe(description);
  // A spreadsheet would run =1+2: it is written as text.
  expect(cell('UPC')).toBe("'=1+2");
  expect(cell('Department')).toBe('Wine');
});
