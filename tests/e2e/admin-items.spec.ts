/**
 * Admin items (/admin-items) and the single item page (/admin-item?id=): the Item Editor's
 * messages of failed saves, search, each sort order, the whole life of an item with a real PNG
 * (create, edit, promote and demote as seen on /home, delete), persistence on /admin-item, the
 * stale-edit refusal, and images the server refuses. Runs in the `admin` project, signed in as
 * E2E_ADMIN. The editor's own refusals, made before anything is sent, are proven by
 * src/features/admin/items/ItemEditorModal.test.tsx.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { getItem, listItems, updateItem, type ApiItem } from './support/catalogue';
import { promotedIdsOnHome } from './support/home-page';
import { stat } from 'node:fs/promises';
import { MAX_IMAGE_BYTES } from '../../shared/image-upload';
import { imageFiles, sendInsteadOfChosenFiles, storedUrl } from './support/image-files';
import { pngClaiming } from '../security/support/images';
import { BOTH_BACKENDS, BROWSER_ALONE } from './support/scope';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const STALE = 'Someone else changed this item while you were editing. Its current values are now shown; make your changes again.';

const editor = (page: Page) => page.getByRole('dialog', { name: 'Item Editor' });
const cards = (page: Page) => page.getByRole('list', { name: 'Items' }).getByRole('article');
const cardNames = (page: Page) =>
  cards(page).evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label') ?? ''));
const tagBox = (dialog: Locator, group: string, tag: string) =>
  dialog.getByRole('group', { name: group, exact: true }).getByRole('checkbox', { name: tag, exact: true });
const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });

async function openItems(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Items', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Items' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
}

async function save(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save' }).click();
}

test('server failures show Error Creating Item, Error Updating Item and Error Deleting Item', BROWSER_ALONE, async ({ page }) => {
  const files = await imageFiles();
  try {
    const png = await files.png('failing', 600, 800, '#552233');
    await openItems(page);
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (/createItem|updateItem|deleteItem/.test(body)) {
        await route.fulfill({ json: { data: null, errors: [{ message: 'The table is on fire', errorType: 'InternalFailure' }] } });
      } else {
        await route.continue();
      }
    });
    const dialog = editor(page);
    await page.getByRole('button', { name: 'Add Item' }).click();
    await field(dialog, 'Name').fill('Never Saved');
    await field(dialog, 'Price ($)').fill('5');
    await field(dialog, 'Description').fill('Never saved.');
    await field(dialog, 'Image').setInputFiles(png);
    await tagBox(dialog, 'Department', 'Extras').check();
    await save(dialog);
    await expectToast(page, 'Error', 'Error Creating Item');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const first = (await cardNames(page))[0]!;
    await page
      .getByRole('button', { name: `Edit ${first}`, exact: true })
      .first()
      .click(); // several sizes share a name (decision 0274)
    await save(dialog);
    await expectToast(page, 'Error', 'Error Updating Item');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page
      .getByRole('button', { name: `Delete ${first}`, exact: true })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete Item' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Error', 'Error Deleting Item');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('article', { name: first, exact: true }).first()).toBeVisible();
  } finally {
    await files.cleanup();
  }
});

test('search finds items by name or UPC, whatever the case', BROWSER_ALONE, async ({ page, request }) => {
  const items = await listItems(await adminApi(request));
  await openItems(page);
  const search = page.getByLabel('Search items by name or UPC');
  await expect(cards(page)).toHaveCount(items.length);

  await search.fill('CABERNET');
  const cabernets = items.filter((item) => item.name.toLowerCase().includes('cabernet')).map((item) => item.name);
  expect(cabernets.length).toBeGreaterThan(0);
  await expect(cards(page)).toHaveCount(cabernets.length);
  expect(await cardNames(page)).toEqual(cabernets);

  const withUpc = items.find((item) => item.upc)!;
  await search.fill(withUpc.upc!);
  await expect(cards(page)).toHaveCount(items.filter((item) => item.upc?.includes(withUpc.upc!)).length);
  expect(await cardNames(page)).toContain(withUpc.name);

  await search.fill('no such bottle anywhere');
  await expect(page.getByText('No items match your search.')).toBeVisible();
  await search.fill('');
  await expect(cards(page)).toHaveCount(items.length);
});

test(
  'Sort By orders A-Z, Z-A, by price both ways, promoted first, and Reset restores the list order',
  BROWSER_ALONE,
  async ({ page, request }) => {
    const items = await listItems(await adminApi(request));
    await openItems(page);
    const sortButton = page.getByRole('button', { name: /^Sort By/ });
    const menu = page.getByRole('menu', { name: 'Sort By' });
    const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
    const byName = (a: ApiItem, b: ApiItem) => collator.compare(a.name, b.name);
    // An item without a price comes last either way (item-rules.ts sortItems).
    const byPrice = (direction: number) => (a: ApiItem, b: ApiItem) =>
      a.price === null || b.price === null
        ? a.price === b.price
          ? byName(a, b)
          : a.price === null
            ? 1
            : -1
        : (a.price - b.price) * direction || byName(a, b);
    const names = (list: ApiItem[]) => list.map((item) => item.name);

    const choose = async (label: string) => {
      await sortButton.click();
      await menu.getByRole('menuitemradio', { name: label, exact: true }).click();
      await expect(menu).toBeHidden();
    };

    await choose('A-Z');
    await expect(sortButton).toHaveText(/Sort By: A-Z/);
    expect(await cardNames(page)).toEqual(names([...items].sort(byName)));
    await choose('Z-A');
    expect(await cardNames(page)).toEqual(names([...items].sort((a, b) => byName(b, a))));
    await choose('Price Low-High');
    expect(await cardNames(page)).toEqual(names([...items].sort(byPrice(1))));
    await choose('Price High-Low');
    expect(await cardNames(page)).toEqual(names([...items].sort(byPrice(-1))));
    await choose('Promoted');
    const promotedCount = items.filter((item) => item.promoted).length;
    expect(await cardNames(page)).toEqual(names([...items.filter((item) => item.promoted), ...items.filter((item) => !item.promoted)]));
    await expect(
      cards(page)
        .nth(promotedCount - 1)
        .getByRole('button', { name: /^Demote / }),
    ).toBeVisible();
    await expect(
      cards(page)
        .nth(promotedCount)
        .getByRole('button', { name: /^Promote / }),
    ).toBeVisible();
    await choose('Reset');
    await expect(sortButton).toHaveText(/^Sort By$/);
    expect(await cardNames(page)).toEqual(names(items));

    // The menu closes on Escape (focus back on its button) and on a click outside it.
    await sortButton.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(sortButton).toBeFocused();
    await sortButton.click();
    await page.getByRole('heading', { level: 1, name: 'Items' }).click();
    await expect(menu).toBeHidden();

    // Keyboard: Enter opens on the first option, arrows move, Enter chooses.
    await sortButton.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitemradio', { name: 'A-Z' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitemradio', { name: 'Price Low-High' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sortButton).toHaveText(/Sort By: Price Low-High/);
    await expect(sortButton).toBeFocused();
  },
);

test('an item with a real PNG: create, edit, promote and demote (seen on /home), delete', BOTH_BACKENDS, async ({ page, request }) => {
  const api = await adminApi(request);
  const files = await imageFiles();
  const name = unique('E2E Merlot ');
  const upc = String(Date.now()).slice(-12);
  try {
    const png = await files.png('merlot', 600, 800, '#6d1a36');
    await openItems(page);
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = editor(page);
    await field(dialog, 'Name').fill(name);
    await field(dialog, 'Price ($)').fill('12.5');
    await field(dialog, 'UPC').fill(upc);
    await field(dialog, 'Description').fill('A test Merlot.');
    await field(dialog, 'Image').setInputFiles(png);
    await expect(dialog.getByRole('img', { name: 'The chosen image' })).toBeVisible();
    await tagBox(dialog, 'Department', 'Wine').check();
    await tagBox(dialog, 'Wine Type', 'Red').check();
    await save(dialog);
    await expectToast(page, 'Success', 'Item Created');
    await expect(dialog).toBeHidden();

    const created = (await listItems(api)).find((item) => item.name === name)!;
    expect(created).toMatchObject({
      price: 12.5,
      upc,
      description: 'A test Merlot.',
      img: await storedUrl(png),
      tags: ['wine', 'tag-red'],
      promoted: false,
    });
    await page.getByLabel('Search items by name or UPC').fill(upc);
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    await expect(card).toHaveAttribute('aria-label', name);
    await expect(card.locator('.admin-item-card__name')).toHaveText(`${name.slice(0, 18)}...`);
    await expect(card.locator('.admin-item-card__price')).toHaveText('$12.50');

    // Edit: the editor is filled in; the changes are saved.
    const renamed = `${name} Reserve`;
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(field(dialog, 'Name')).toHaveValue(name);
    await expect(field(dialog, 'Price ($)')).toHaveValue('12.5');
    await expect(tagBox(dialog, 'Wine Type', 'Red')).toBeChecked();
    await field(dialog, 'Name').fill(renamed);
    await field(dialog, 'Price ($)').fill('13.75');
    await save(dialog);
    await expectToast(page, 'Success', 'Item Updated');
    await expect(card.locator('.admin-item-card__price')).toHaveText('$13.75');
    expect(await getItem(api, created.id)).toMatchObject({ name: renamed, price: 13.75, img: created.img, upc });

    // Promote: on /home; Demote: gone from /home.
    await card.getByRole('button', { name: `Promote ${renamed}` }).click();
    await expectToast(page, 'Success', 'Item Updated');
    await expect(card.getByRole('button', { name: `Demote ${renamed}` })).toBeVisible();
    // Stored, not only shown: a failure below is then the home page's, not the write's.
    expect(await getItem(api, created.id)).toMatchObject({ promoted: true });
    await page.goto('/home');
    expect(await promotedIdsOnHome(page)).toContain(created.id);
    await page.goto('/admin-items');
    await page.getByLabel('Search items by name or UPC').fill(upc);
    await cards(page)
      .first()
      .getByRole('button', { name: `Demote ${renamed}` })
      .click();
    await expectToast(page, 'Success', 'Item Updated');
    await expect(
      cards(page)
        .first()
        .getByRole('button', { name: `Promote ${renamed}` }),
    ).toBeVisible();
    await page.goto('/home');
    expect(await promotedIdsOnHome(page)).not.toContain(created.id);

    // Delete, after confirming.
    await page.goto('/admin-items');
    await page.getByLabel('Search items by name or UPC').fill(upc);
    await cards(page)
      .first()
      .getByRole('button', { name: `Delete ${renamed}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete Item' });
    await expect(confirm).toContainText('Are you sure you want to delete this item?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', 'Item Deleted');
    await expect(confirm).toBeHidden();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByLabel('Search items by name or UPC')).toBeFocused();
    expect(await getItem(api, created.id)).toBeNull();
  } finally {
    await files.cleanup();
  }
});

test('/admin-item: Promote and Edit persist across a reload', BOTH_BACKENDS, async ({ page, request }) => {
  const api = await adminApi(request);
  // A demo item with a picture: items other tests create (the till import, the facts) may have none.
  const item = (await listItems(api)).find(
    (candidate) => !candidate.promoted && !candidate.onSale && candidate.description && candidate.img,
  )!;
  try {
    await signInAsAdmin(page);
    await page.goto(`/admin-item?id=${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
    await expect(page.getByText(`$${item.price!.toFixed(2)}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: item.name })).toBeVisible();
    await expect(page.getByText(item.description!)).toBeVisible();

    await page.getByRole('button', { name: 'Promote' }).click();
    await expectToast(page, 'Success', 'Item Updated');
    await expect(page.getByRole('button', { name: 'Demote' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Demote' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = editor(page);
    await field(dialog, 'Description').fill('Changed on the item page.');
    await field(dialog, 'Price ($)').fill('77.7');
    await save(dialog);
    await expectToast(page, 'Success', 'Item Updated');
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByText('Changed on the item page.')).toBeVisible();
    await expect(page.getByText('$77.70', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Demote' })).toBeVisible();
    expect(await getItem(api, item.id)).toMatchObject({
      promoted: true,
      price: 77.7,
      description: 'Changed on the item page.',
      name: item.name,
    });
  } finally {
    await updateItem(api, { id: item.id, promoted: false, price: item.price, description: item.description });
  }
});

test('a save based on a stale copy is refused and the current values are shown', BOTH_BACKENDS, async ({ page, request }) => {
  const api = await adminApi(request);
  const item = (await listItems(api)).find((candidate) => candidate.upc && !candidate.promoted && !candidate.onSale)!;
  try {
    await signInAsAdmin(page);
    await page.goto(`/admin-item?id=${item.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = editor(page);
    await expect(field(dialog, 'Name')).toHaveValue(item.name);
    await field(dialog, 'Price ($)').fill('99.99');

    // Meanwhile another admin renames it.
    await updateItem(api, { id: item.id, name: `${item.name} (renamed elsewhere)` });

    await save(dialog);
    await expectToast(page, 'Error', STALE);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(STALE);
    await expect(field(dialog, 'Name')).toHaveValue(`${item.name} (renamed elsewhere)`);
    await expect(field(dialog, 'Price ($)')).toHaveValue(String(item.price));
    expect(await getItem(api, item.id)).toMatchObject({ name: `${item.name} (renamed elsewhere)`, price: item.price });

    // Saving again, from the current copy, goes through and keeps the other admin's change.
    await field(dialog, 'Price ($)').fill('88.88');
    await save(dialog);
    await expectToast(page, 'Success', 'Item Updated');
    expect(await getItem(api, item.id)).toMatchObject({ name: `${item.name} (renamed elsewhere)`, price: 88.88 });
    await expect(page.getByRole('heading', { level: 1, name: `${item.name} (renamed elsewhere)` })).toBeVisible();
  } finally {
    await updateItem(api, { id: item.id, name: item.name, price: item.price });
  }
});

test('an image the server refuses creates no item and shows the server message', BOTH_BACKENDS, async ({ page, request }) => {
  const api = await adminApi(request);
  const before = (await listItems(api)).length;
  const files = await imageFiles();
  try {
    const disguised = await files.text('label-photo.png');
    const jpg = await files.text('label-photo.jpg');
    const poster = await files.png('poster', 600, 800, '#223344');
    await openItems(page);
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = editor(page);
    await field(dialog, 'Name').fill('Refused Image Rosé');
    await field(dialog, 'Price ($)').fill('9.99');
    await field(dialog, 'Description').fill('Its picture is not a PNG.');
    await tagBox(dialog, 'Department', 'Wine').check();

    let uploads = 0;
    page.on('request', (request) => {
      if (request.postData()?.includes('requestImageUpload')) uploads += 1;
    });

    // A text file named .png: refused by its first bytes as soon as it is chosen (decisions 0196, 0276).
    await field(dialog, 'Image').setInputFiles(disguised);
    await expectToast(page, 'Error', 'Only JPEG, PNG and WebP images can be uploaded');
    await expect(dialog.locator('.item-editor__actions').getByRole('alert')).toHaveText('Only JPEG, PNG and WebP images can be uploaded');
    await expect(dialog).toBeVisible();

    // Too many pixels: refused by the server at Save. The browser would shrink a real one
    // (decision 0276), so a tampered browser sends a pixel bomb instead of the chosen poster.
    // Choosing it takes the line above away.
    await sendInsteadOfChosenFiles(page, pngClaiming(20_000, 20_000));
    await field(dialog, 'Image').setInputFiles(poster);
    await expect(dialog.locator('.item-editor__actions').getByRole('alert')).toHaveText('');
    await save(dialog);
    await expectToast(page, 'Error', 'The image has too many pixels (at most 4096 x 4096)');
    const afterServer = uploads;

    // A text file named .jpg never leaves the browser.
    await field(dialog, 'Image').setInputFiles(jpg);
    await expect(page.getByRole('alert').filter({ hasText: 'Only JPEG, PNG and WebP images can be uploaded' }).first()).toBeVisible();
    await save(dialog);
    expect(uploads).toBe(afterServer);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await listItems(api)).length).toBe(before);
  } finally {
    await files.cleanup();
  }
});

test(
  'the largest allowed upload: a 5 MB PNG goes from the Item Editor to its upload target, never through GraphQL, and is saved',
  BOTH_BACKENDS,
  async ({ page, request }) => {
    const api = await adminApi(request);
    const files = await imageFiles();
    const name = unique('E2E Poster ');
    test.setTimeout(120_000);
    try {
      const png = await files.noisePng('poster-5mb', 5_000_000);
      const { size } = await stat(png);
      expect(size).toBeGreaterThan(4_900_000);
      expect(size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
      // Chromium hands Playwright no body for a file, so a POST's size is read from what went out.
      const sent: Array<{ url: string; bytes: number }> = [];
      page.on('requestfinished', async (sentRequest) => {
        if (sentRequest.method() !== 'POST') return;
        const declared = Number(await sentRequest.headerValue('content-length').catch(() => null));
        sent.push({ url: sentRequest.url(), bytes: Math.max(declared || 0, (await sentRequest.sizes()).requestBodySize) });
      });
      await openItems(page);
      await page.getByRole('button', { name: 'Add Item' }).click();
      const dialog = editor(page);
      await field(dialog, 'Name').fill(name);
      await field(dialog, 'Price ($)').fill('99');
      await field(dialog, 'Description').fill('The largest picture allowed.');
      await field(dialog, 'Image').setInputFiles(png);
      await tagBox(dialog, 'Department', 'Extras').check();
      const started = Date.now();
      await save(dialog);
      await expect(dialog).toBeHidden({ timeout: 60_000 });
      await expectToast(page, 'Success', 'Item Created');
      const seconds = (Date.now() - started) / 1000;

      const created = (await listItems(api)).find((item) => item.name === name)!;
      expect(created.img).toBe(await storedUrl(png));
      expect((await request.get(created.img!)).status()).toBe(200);
      // The file went in one POST of its own (S3's presigned POST in the cloud, /uploads/<id> locally);
      // every GraphQL request stayed small.
      const graphql = sent.filter((entry) => /\/graphql$/.test(new URL(entry.url).pathname));
      const fileUploads = sent.filter((entry) => !graphql.includes(entry));
      expect(fileUploads).toHaveLength(1);
      expect(fileUploads[0]!.bytes).toBeGreaterThanOrEqual(size);
      expect(Math.max(...graphql.map((entry) => entry.bytes))).toBeLessThan(4096);
      test.info().annotations.push({
        type: 'figures',
        description: `PNG ${size} bytes; file POST ${fileUploads[0]!.bytes} bytes to ${new URL(fileUploads[0]!.url).origin}; largest GraphQL request ${Math.max(...graphql.map((entry) => entry.bytes))} bytes; save to toast ${seconds.toFixed(1)} s`,
      });
      console.log(`[upload figures] ${test.info().annotations.at(-1)!.description}`);
    } finally {
      await files.cleanup();
    }
  },
);

test('the admin pages and the Item Editor have no serious accessibility violations', BROWSER_ALONE, async ({ page }) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const serious = async () => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes
            .map((node) => node.target.join(' '))
            .slice(0, 3)
            .join(', ')})`,
      );
  };
  await openItems(page);
  expect(await serious()).toEqual([]);
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(editor(page).getByRole('checkbox', { name: 'Wine', exact: true })).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Promotional Items' })).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.getByRole('button', { name: 'Change Banner' }).click();
  await expect(page.getByRole('dialog', { name: 'Banner Changer' })).toBeVisible();
  expect(await serious()).toEqual([]);
});
