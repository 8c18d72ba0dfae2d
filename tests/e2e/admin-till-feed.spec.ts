/**
 * The till feed on /admin-items (decision 0377): a till export written into the admin server's
 * till inbox (DATA_DIR/till-inbox) is applied by the server's own timer; the page then says which
 * file came, when, what it applied and what it did not (UPCs not found, rows left out), and warns
 * once the feed has been quiet longer than the hours set in Shop settings. The cloud's feed (the
 * bucket's event running the catalogue function) is proven through its API by
 * tests/cloud/till-feed.test.ts, as the outbox's is (decision 0366). Screens checked with axe and
 * screenshotted at 390 and 1440 px.
 */
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { LOCAL_SERVER_ONLY } from './support/scope';
import { screenshotsAtWidths } from './support/screenshots';

const HOUR = 3_600_000;

test(
  'a till file dropped into the inbox shows on Items, with what it left out, and a warning once the feed is quiet',
  LOCAL_SERVER_ONLY,
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const api = await adminApi(page.request);
    const upc = unique('88');
    const { createItem } = await api.call<{ createItem: { id: string } }>(
      'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }',
      { input: { name: unique('Feed Cabernet '), price: 19.99, upc, stock: 2, tags: ['wine'], promoted: false } },
    );

    // The till writes its export into the inbox; it came three hours ago (the time the file was written).
    const port = new URL(String(testInfo.project.use.baseURL)).port;
    const file = `${unique('stock-')}.csv`;
    // The server's data directory is named after its project (playwright.config.ts).
    const path = join('.tmp', `e2e-${testInfo.project.name}-${port}`, 'till-inbox', file);
    await writeFile(
      path,
      [
        'UPC,Item Name,Qty On Hand,Retail',
        `${upc},FEED CABERNET,14,$21.99`,
        `${upc}9,NOT IN THE SHOP,3,$5.00`,
        '8.1E+11,MANGLED,1,$1.00',
        'TOTAL,,18,',
      ].join('\r\n'),
    );
    const cameAt = new Date(Date.now() - 3 * HOUR);
    await utimes(path, cameAt, cameAt);

    await signInAsAdmin(page);
    await page.goto('/admin-items');
    const feed = page.getByRole('region', { name: 'Till feed' });
    // The server's timer takes the file within 15 s; the page reads the feed when it loads.
    await expect(async () => {
      await page.reload();
      await expect(feed).toContainText(`Last file ${file}`, { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await expect(feed).toContainText('came 3 hours ago');
    await expect(feed).toContainText('Applied 1 of 3 rows; 1 UPC not found; 1 row left out.');
    await expect(feed.getByRole('alert')).toHaveCount(0);

    const { getItem } = await api.call<{ getItem: { stock: number; price: number } }>(
      'query ($id: ID!) { getItem(id: $id) { stock price } }',
      {
        id: createItem.id,
      },
    );
    expect(getItem).toEqual({ stock: 14, price: 21.99 });

    // What it did not change, behind a disclosure reached by keyboard.
    const summary = feed.getByText('What the file did not change');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(feed.getByRole('heading', { name: 'UPCs no item carries (1)' })).toBeVisible();
    await expect(feed.getByRole('listitem').filter({ hasText: `${upc}9` })).toBeVisible();
    await expect(feed.getByRole('heading', { name: 'Rows left out (1)' })).toBeVisible();
    await expect(feed.getByRole('listitem').filter({ hasText: /^Line 4: UPC: A spreadsheet turned this UPC into a number/ })).toBeVisible();
    await expect(feed).toContainText('Skipped: a total (line 5).');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'till-feed', testInfo);

    // Quiet for longer than Shop settings allow: a warning.
    await page.goto('/admin-settings');
    const hours = page.getByLabel('Warn after (hours)');
    await expect(hours).toHaveValue('26');
    await hours.fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', /saved/i);
    await page.goto('/admin-items');
    await expect(feed.getByRole('alert')).toHaveText(
      'The last till file came 3 hours ago: check that the till still exports its stock into the till inbox.',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'till-feed-quiet', testInfo);

    // Back to the default for the tests after this one.
    await page.goto('/admin-settings');
    await page.getByLabel('Warn after (hours)').fill('26');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', /saved/i);
  },
);
