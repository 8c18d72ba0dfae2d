/**
 * Google's feeds on /admin-items (decision 0379): the line under the header counts the items the
 * feeds list and leave out (no UPC, no price) from the items the backend holds, names the two feed
 * URLs, and asks for the store code until Shop settings has one. The feeds' rows themselves are
 * proven on both backends by tests/support/google-feeds-battery.ts. Checked with axe and
 * screenshotted at 390 and 1440 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS } from './support/scope';
import { screenshotsAtWidths } from './support/screenshots';

const LINE = /^Google feeds: ([\d,]+) items? listed, ([\d,]+) left out \(no UPC: (\d+), no price: (\d+)\): /;

/** A UPC-A of this run with its check digit ("7" leads: not an in-store code). */
function upcA(seed: number): string {
  const body = `7${String(seed).padStart(10, '0').slice(-10)}`;
  const sum = [...body].reverse().reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function counts(page: Page): Promise<number[]> {
  const line = page.getByTestId('google-feeds-line');
  await expect(line).toHaveText(LINE);
  const match = LINE.exec((await line.textContent()) ?? '')!;
  return match.slice(1).map((n) => Number(n.replace(/,/g, '')));
}

test(
  "Items counts what Google's feeds list and leave out, links both feeds, and asks for the store code until it is set",
  BOTH_BACKENDS,
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const api = await adminApi(page.request);
    await signInAsAdmin(page);
    await page.goto('/admin-items');
    const line = page.getByTestId('google-feeds-line');
    const [listed, out, noUpc, noPrice] = await counts(page);
    expect(out).toBe(noUpc! + noPrice!);
    const origin = new URL(page.url()).origin;
    await expect(line.getByRole('link', { name: `${origin}/feeds/products.tsv` })).toHaveAttribute('href', `${origin}/feeds/products.tsv`);
    await expect(line.getByRole('link', { name: `${origin}/feeds/local-inventory.tsv` })).toHaveAttribute(
      'href',
      `${origin}/feeds/local-inventory.tsv`,
    );

    const create = 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }';
    const seed = Date.now() % 10_000_000_000;
    await api.call(create, { input: { name: unique('Feed Listed '), price: 18, upc: upcA(seed), stock: 3, tags: ['wine'] } });
    await api.call(create, { input: { name: unique('Feed No UPC '), price: 18, stock: 3, tags: ['wine'] } });
    await api.call(create, { input: { name: unique('Feed No Price '), upc: upcA(seed + 1), tags: ['wine'] } });
    await page.reload();
    await expect(async () => expect(await counts(page)).toEqual([listed! + 1, out! + 2, noUpc! + 1, noPrice! + 1])).toPass();

    // The store code, set on the Shop settings screen: the line stops asking for it.
    const { getShopSettings } = await api.call<{ getShopSettings: { googleStoreCode: string | null } | null }>(
      'query { getShopSettings(id: "shop") { googleStoreCode } }',
    );
    const before = getShopSettings?.googleStoreCode ?? '';
    if (before) {
      await page.goto('/admin-settings');
      await page.getByLabel('Google store code').fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Success', /saved/i);
      await page.goto('/admin-items');
    }
    await expect(line.getByRole('link', { name: 'Shop settings' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAtWidths(page, 'google-feeds-line', testInfo, async () => {
      await expect(line).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    await line.getByRole('link', { name: 'Shop settings' }).click();
    const field = page.getByLabel('Google store code');
    await field.fill('two words');
    await page.getByRole('button', { name: 'Save' }).click();
    // Refused before anything is sent, with the rule the server applies (shared/google-feeds.ts).
    await expect(page.getByText(/^Google store code: at most 64 letters/).first()).toBeVisible();
    await field.fill(before || 'PATTERSON-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', /saved/i);
    await page.goto('/admin-items');
    await expect(line).toHaveText(LINE);
    await expect(line.getByRole('link', { name: 'Shop settings' })).toHaveCount(0);
  },
);
