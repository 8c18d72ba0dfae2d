/**
 * A till's own export imported as a stock file in one go (decisions 0296 and 0365): a liquor POS
 * report with "SKU/UPC", "Item Name", "Size", "QOH", "Cost" and "Retail" columns, money written
 * "$1,056.99", a negative count, a subtotal, a blank line, a grand total, a UPC a spreadsheet
 * turned into a number, CRLF and a byte order mark. Import CSV takes it as a stock file, shows the
 * columns the till reader recognised and the lines it skips, checks it (the report by the file's
 * own lines: the row left out, the negative count, the size that is not the item's), and updates
 * the counts and prices of the shop's items, nothing else. Checked with axe, screenshotted at 390
 * and 1440 px into the test's output folder.
 */
import { expect, test } from '@playwright/test';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS } from './support/scope';
import { screenshotsAtWidths } from './support/screenshots';
import { chooseImportFile } from './support/import-dialog';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const CREATE = 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }';

test(
  "a till's own export updates the shop's counts and prices in one go, its columns recognised and its lines reported",
  BOTH_BACKENDS,
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const api = await adminApi(page.request);
    const name = unique('Till Export ');
    // A leading zero, as UPC-A codes have: kept as written.
    const base = `0${unique('7')}`;
    const upc = (n: number) => `${base}${n}`;
    const [cab, vodka, cognac, notHere] = [upc(1), upc(2), upc(3), upc(4)];
    for (const input of [
      { name: `${name} Cabernet`, price: 24.99, upc: cab, sizeMl: 750, stock: 6, tags: ['wine'] },
      { name: `${name} Vodka`, price: 29.99, upc: vodka, sizeMl: 1750, stock: 2, tags: ['liquor'] },
      { name: `${name} Cognac`, price: 3999, upc: cognac, sizeMl: 750, stock: 1, tags: ['liquor'] },
    ]) {
      await api.call(CREATE, { input: { ...input, description: 'From the till.' } });
    }
    const text = [
      'SKU/UPC,Item Name,Size,QOH,Cost,Retail',
      `${cab},RIDGE CAB,750ML,12,$14.10,"$1,056.99"`,
      `${vodka},CLEAR LAKE VODKA,750 ml,-3,$15.00,$31.49`,
      ',WINE & LIQUOR SUBTOTAL,,9,,',
      '',
      `${cognac},LOUIS XIII,750ML,2,"$2,400.00",`,
      '8.12345E+11,MANGLED BY A SPREADSHEET,750ML,4,$1.00,$2.00',
      `${notHere},NOT IN THE SHOP,1L,5,$1.00,$9.99`,
      'GRAND TOTAL,,,30,,',
    ].join('\r\n');

    await signInAsAdmin(page);
    await chooseImportFile(page, { name: 'pos-inventory.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}\r\n`, 'utf8') });

    // Taken as a stock file, with what the till reader recognised.
    const mapping = page.getByRole('dialog', { name: 'Match the columns' });
    await expect(mapping.getByRole('radio', { name: /^Stock from the till/ })).toBeChecked();
    await expect(mapping.getByRole('note')).toContainText('A stock file from the till.');
    await expect(mapping.getByText('5 rows from the till. Skipped: 2 totals (lines 4, 9) and a blank line (line 5).')).toBeVisible();
    const columns = mapping.getByRole('list', { name: 'Columns recognised' });
    const expected: Array<[RegExp, string]> = [
      [/^SKU\/UPC/, 'upc'],
      [/^Item Name/, 'name'],
      [/^Size/, 'size'],
      [/^QOH/, 'quantity'],
      [/^Cost/, ''],
      [/^Retail/, 'price'],
    ];
    for (const [header, role] of expected) await expect(columns.getByLabel(header)).toHaveValue(role);
    await expect(columns.getByLabel(/^Cost/).locator('option:checked')).toHaveText('Ignored');
    await expect(columns.getByLabel(/^QOH/).locator('option:checked')).toHaveText('Count (units in stock)');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'till-export-columns', testInfo);

    // Staff can say it is items after all, and back: the item import's own mapping.
    await mapping.getByRole('radio', { name: /^Items/ }).check();
    await expect(mapping.getByRole('note')).toHaveCount(0);
    await expect(mapping.getByLabel(/^Retail/)).toHaveValue('field:price');
    await mapping.getByRole('radio', { name: /^Stock from the till/ }).check();

    await mapping.getByRole('button', { name: 'Check 5 rows' }).click();
    const review = page.getByRole('dialog', { name: 'Check the import' });
    await expect(review.getByRole('status')).toHaveText('Ready: 3 items updated, 1 UPC not found, 1 row left out.');
    await expect(review.getByText('Skipped: 2 totals (lines 4, 9) and a blank line (line 5).')).toBeVisible();
    await expect(review.getByRole('list', { name: /UPCs not found \(1\)/ }).getByRole('listitem')).toHaveText([notHere]);
    const leftOut = review.getByRole('table', { name: /Rows left out/ });
    await expect(leftOut.getByRole('columnheader').first()).toHaveText('Line');
    await expect(leftOut.getByRole('row', { name: /^7 UPC A spreadsheet turned this UPC into a number \(8\.12345E\+11\)/ })).toBeVisible();
    const warnings = review.getByRole('table', { name: 'Imported otherwise than the file says' });
    await expect(warnings.getByRole('row', { name: '3 Quantity A quantity of -3 is imported as 0 (out of stock)' })).toBeVisible();
    await expect(
      warnings.getByRole('row', {
        name: '3 Size The file says 750 mL and the item is 1.75 L: the stock is updated, the size is not changed',
      }),
    ).toBeVisible();
    const rows = review.getByRole('table', { name: 'Rows' });
    await expect(rows.getByRole('row', { name: `2 RIDGE CAB ${cab} 12 Stock updated` })).toBeVisible();
    await expect(rows.getByRole('row', { name: `6 LOUIS XIII ${cognac} 2 Stock updated` })).toBeVisible();
    await expect(rows.getByRole('row', { name: '7 MANGLED BY A SPREADSHEET 8.12345E+11 4 Left out' })).toBeVisible();
    await expect(rows.getByRole('row', { name: `8 NOT IN THE SHOP ${notHere} 5 UPC not found` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'till-export-review', testInfo);
    // The list of rows, whose last column a phone keeps in view.
    await screenshotsAtWidths(page, 'till-export-rows', testInfo, () => rows.getByRole('row').last().scrollIntoViewIfNeeded());

    await review.getByRole('button', { name: 'Update the stock of 3 items' }).click();
    await expectToast(page, 'Success', 'Import done: 3 items updated, 1 UPC not found, 1 row left out');
    await expect(review.getByRole('status')).toHaveText('Imported: 3 items updated, 1 UPC not found, 1 row left out.');

    const { listItems } = await api.call<{
      listItems: {
        items: Array<{ upc: string; name: string; price: number; stock: number | null; sizeMl: number | null; description: string }>;
      };
    }>(
      'query ($filter: ModelItemFilterInput) { listItems(filter: $filter, limit: 1000) { items { upc name price stock sizeMl description } } }',
      {
        filter: { upc: { beginsWith: base } },
      },
    );
    const stored = new Map(listItems.items.map((item) => [item.upc, item]));
    expect(stored.get(cab)).toMatchObject({ name: `${name} Cabernet`, stock: 12, price: 1056.99, sizeMl: 750 });
    // A negative count is 0; the size the till wrote changes nothing.
    expect(stored.get(vodka)).toMatchObject({ name: `${name} Vodka`, stock: 0, price: 31.49, sizeMl: 1750 });
    // An empty price leaves the price.
    expect(stored.get(cognac)).toMatchObject({ name: `${name} Cognac`, stock: 2, price: 3999, description: 'From the till.' });
    expect(stored.has(notHere)).toBe(false);
  },
);
