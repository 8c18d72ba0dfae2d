/**
 * Decisions 0194-0198 (banner delete, toasts, uploads, feedback), each at a phone's width (390 px) and a desktop's (1440 px):
 *
 * - a saved banner's Delete asks first; an unsaved file's Remove looks and is named differently;
 * - a toast never covers a dialog's Save and Cancel, in every admin dialog;
 * - every image input checks the file when it is chosen (name, type, size, the PNG signature),
 *   and an error line goes once its cause is gone;
 * - Log Out says "You are signed out"; a saved order says "Order saved" and keeps each category
 *   expanded or collapsed; the demo events fall on Friday and Saturday; the first admin has a name.
 *
 * Screenshots of each state go to .tmp/feedback-shots/ (looked at when this was written).
 * Runs in the `admin` project against its own seeded server, signed in as E2E_ADMIN.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { moveWithKeyboard, pickUpWithKeyboard } from './support/keyboard-drag';
import { seriousViolations } from './support/axe';
import { bannerImages, replaceBanners } from './support/catalogue';
import { imageFiles } from './support/image-files';
import { BOTH_BACKENDS, BROWSER_ALONE, LOCAL_SERVER_ONLY, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

const ONLY_PNG = 'Only JPEG, PNG and WebP images can be uploaded';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const shoot = (page: Page, name: string, width: number) => screenshot(page, `${name}-${width}`);

/** The dialog's own error line (the first `role="alert"` of its actions row). */
const errorLine = (dialog: Locator) => dialog.locator('.admin-modal__actions').getByRole('alert');

/** Counts the upload requests (requestImageUpload) the page sends from now on. */
function countUploads(page: Page): () => number {
  let uploads = 0;
  page.on('request', (request) => {
    if (request.postData()?.includes('requestImageUpload')) uploads += 1;
  });
  return () => uploads;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** An error toast is up and no button of the dialog's actions row is under it. */
async function expectActionsClearOfToast(page: Page, dialog: Locator, message: string): Promise<void> {
  const toast = page.locator('.Toastify__toast').filter({ hasText: message }).first();
  await expect(toast).toBeVisible();
  await page.waitForTimeout(900); // the toast's entrance animation
  const toastBox = (await toast.boundingBox())!;
  const buttons = dialog.locator('.admin-modal__actions button');
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    expect(overlaps(toastBox, box), `${await button.textContent()} under the toast "${message}"`).toBe(false);
  }
  // And the buttons can be used while the toast is up.
  await expect(buttons.last()).toBeEnabled();
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    });

    test('a saved banner asks before Delete; an unsaved file has a plain Remove', BOTH_BACKENDS, async ({ page }) => {
      const api = await adminApi(page.request);
      const seeded = await bannerImages(api);
      const files = await imageFiles();
      try {
        const png = await files.png(`new-banner-${width}`, 1900, 370, '#0b6e4f');
        await signInAsAdmin(page);
        await page.getByRole('button', { name: 'Change Banner' }).click();
        const dialog = page.getByRole('dialog', { name: 'Banner Changer' });
        await dialog.getByLabel('Add banner images').setInputFiles([png]);
        const rows = dialog.locator('.banner-changer__row');
        await expect(rows).toHaveCount(seeded.length + 1);

        const remove = dialog.getByRole('button', { name: `Remove new Banner ${seeded.length + 1} from the list` });
        const del = dialog.getByRole('button', { name: 'Delete Banner 1 from the live site' });
        await expect(remove).toHaveText('Remove');
        await expect(del).toHaveText('Delete');
        await expect(dialog.getByRole('button', { name: /^Delete Banner/ })).toHaveCount(seeded.length);
        await expect(dialog.getByRole('button', { name: /^Remove new Banner/ })).toHaveCount(1);
        const colours = async (button: Locator) => button.evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(await colours(remove)).not.toBe(await colours(del));
        await remove.scrollIntoViewIfNeeded();
        await shoot(page, 'banner-changer', width);
        expect(await seriousViolations(page)).toEqual([]);

        // Delete asks first; Cancel keeps the banner, on the site and in the list.
        await del.click();
        const confirm = page.getByRole('dialog', { name: 'Delete Banner' });
        await expect(confirm).toContainText('leaves the live site at once');
        await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
        await shoot(page, 'banner-delete-confirm', width);
        expect(await seriousViolations(page)).toEqual([]);
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await expect(confirm).toBeHidden();
        await expect(del).toBeFocused();
        await expect(rows).toHaveCount(seeded.length + 1);
        expect(await bannerImages(api)).toEqual(seeded);

        // Escape in the confirmation closes it alone, not the Banner Changer.
        await del.click();
        await page.keyboard.press('Escape');
        await expect(confirm).toBeHidden();
        await expect(dialog).toBeVisible();

        // Confirmed: gone from the site at once.
        await del.click();
        await confirm.getByRole('button', { name: 'Delete' }).click();
        await expectToast(page, 'Success', 'Banner Deleted');
        await expect(confirm).toBeHidden();
        await expect(rows).toHaveCount(seeded.length);
        await expect.poll(() => bannerImages(api)).toEqual(seeded.slice(1));

        // Remove takes the unsaved file off the list, without asking.
        await dialog.getByRole('button', { name: /^Remove new Banner \d+ from the list/ }).click();
        await expect(rows).toHaveCount(seeded.length - 1);
        await expect(page.getByRole('dialog', { name: 'Delete Banner' })).toHaveCount(0);
        expect(await bannerImages(api)).toEqual(seeded.slice(1));
      } finally {
        await replaceBanners(api, seeded);
        await files.cleanup();
      }
    });

    test("a toast never covers a dialog's Save and Cancel", BROWSER_ALONE, async ({ page }) => {
      const files = await imageFiles();
      try {
        const fake = await files.text('fake.png');
        await signInAsAdmin(page);

        await page.getByRole('button', { name: 'Change Banner' }).click();
        let dialog = page.getByRole('dialog', { name: 'Banner Changer' });
        await dialog.getByLabel('Add banner images').setInputFiles([fake]);
        await expectActionsClearOfToast(page, dialog, ONLY_PNG);

        await page.goto('/admin-items');
        await page.getByRole('button', { name: 'Add Item' }).click();
        dialog = page.getByRole('dialog', { name: 'Item Editor' });
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectActionsClearOfToast(page, dialog, 'Please select required tag(s)');
        await shoot(page, 'toast-item-editor', width);

        await page.goto('/admin-events');
        await page.getByRole('button', { name: 'Add Event' }).click();
        dialog = page.getByRole('dialog', { name: 'Event Creator' });
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectActionsClearOfToast(page, dialog, 'Please fill out all fields');

        await page.goto('/admin-tags');
        await page.getByRole('button', { name: 'Add Category' }).click();
        dialog = page.getByRole('dialog', { name: 'Category Editor' });
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectActionsClearOfToast(page, dialog, 'All fields are required');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await page
          .getByRole('button', { name: /^Add Tag/ })
          .first()
          .click();
        dialog = page.getByRole('dialog', { name: 'Tag Editor' });
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectActionsClearOfToast(page, dialog, 'Missing Name');

        await page.goto('/admin-admins');
        await page.getByRole('button', { name: 'Create Admin' }).click();
        dialog = page.getByRole('dialog', { name: 'Admin Editor' });
        await dialog.getByRole('button', { name: 'Save' }).click();
        const message = (await errorLine(dialog).textContent()) ?? '';
        expect(message).not.toBe('');
        await expectActionsClearOfToast(page, dialog, message);
        await shoot(page, 'toast-admin-editor', width);
      } finally {
        await files.cleanup();
      }
    });

    test('every image input checks a file when it is chosen, and error lines go with their cause', BROWSER_ALONE, async ({ page }) => {
      const files = await imageFiles();
      try {
        const fake = await files.text('fake-label.png');
        const jpg = await files.text('label.jpg');
        const png = await files.png(`label-${width}`, 600, 800, '#7a1f3d');
        await signInAsAdmin(page);
        const uploads = countUploads(page);

        // Item Editor: the fake is refused at once, before any upload.
        await page.goto('/admin-items');
        await page.getByRole('button', { name: 'Add Item' }).click();
        let dialog = page.getByRole('dialog', { name: 'Item Editor' });
        const image = dialog.getByLabel('Image', { exact: true });
        await image.setInputFiles(fake);
        await expectToast(page, 'Error', ONLY_PNG);
        await expect(errorLine(dialog)).toHaveText(ONLY_PNG);
        await expect(image).toHaveAttribute('aria-invalid', 'true');
        await shoot(page, 'upload-refused-item-editor', width);
        expect(await seriousViolations(page)).toEqual([]);
        await image.setInputFiles(jpg);
        await expect(errorLine(dialog)).toHaveText(ONLY_PNG);
        // A real PNG takes the line away.
        await image.setInputFiles(png);
        await expect(errorLine(dialog)).toHaveText('');
        await expect(image).not.toHaveAttribute('aria-invalid', 'true');
        await expect(dialog.getByRole('img', { name: 'The chosen image' })).toBeVisible();

        // "Missing Required Fields" stays while a field is missing and goes once every one is filled.
        await dialog.getByRole('group', { name: 'Department', exact: true }).getByRole('checkbox', { name: 'Wine', exact: true }).check();
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(errorLine(dialog)).toHaveText('Missing Required Fields');
        await dialog.getByLabel('Name', { exact: true }).fill('Chosen-Image Merlot');
        await dialog.getByLabel('Price ($)', { exact: true }).fill('14.99');
        await expect(errorLine(dialog)).toHaveText('Missing Required Fields');
        await dialog.getByLabel('Description', { exact: true }).fill('A merlot with its picture checked.');
        await expect(errorLine(dialog)).toHaveText('');
        await dialog.getByRole('button', { name: 'Cancel' }).click();

        // Banner Changer: refused when chosen, never listed; a good file takes the line away.
        await page.goto('/admin-portal');
        await page.getByRole('button', { name: 'Change Banner' }).click();
        dialog = page.getByRole('dialog', { name: 'Banner Changer' });
        const rows = dialog.locator('.banner-changer__row');
        const before = await rows.count();
        await dialog.getByLabel('Add banner images').setInputFiles([fake]);
        await expectToast(page, 'Error', ONLY_PNG);
        await expect(errorLine(dialog)).toHaveText(ONLY_PNG);
        await expect(rows).toHaveCount(before);
        await shoot(page, 'upload-refused-banner-changer', width);
        await dialog.getByLabel('Add banner images').setInputFiles([png]);
        await expect(rows).toHaveCount(before + 1);
        await expect(errorLine(dialog)).toHaveText('');
        await dialog.getByRole('button', { name: 'Close' }).click();

        // Event Creator: the same check.
        await page.goto('/admin-events');
        await page.getByRole('button', { name: 'Add Event' }).click();
        dialog = page.getByRole('dialog', { name: 'Event Creator' });
        await dialog.getByLabel('Image').setInputFiles(fake);
        await expect(errorLine(dialog)).toHaveText(ONLY_PNG);
        await dialog.getByLabel('Image').setInputFiles(png);
        await expect(errorLine(dialog)).toHaveText('');
        await dialog.getByRole('button', { name: 'Cancel' }).click();

        expect(uploads()).toBe(0);
      } finally {
        await files.cleanup();
      }
    });

    test('Log Out says You are signed out', BROWSER_ALONE, async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/home');
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: 'Log Out' }).click();
      await expectToast(page, 'Success', 'You are signed out');
      await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
      await shoot(page, 'signed-out', width);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a saved order says Order saved and keeps each category expanded or collapsed', BROWSER_ALONE, async ({ page }) => {
      const api = await adminApi(page.request);
      const run = unique('');
      const names = ['A', 'B', 'C'].map((letter) => `E2E Fold ${letter} ${width} ${run}`) as [string, string, string];
      const ids: string[] = [];
      try {
        const { listCategories } = await api.call<{ listCategories: { items: unknown[] } }>(
          'query { listCategories(limit: 1000) { items { id } } }',
        );
        for (const [index, name] of names.entries()) {
          const { createCategory } = await api.call<{ createCategory: { id: string } }>(
            'mutation ($input: CreateCategoryInput!) { createCategory(input: $input) { id } }',
            { input: { name, type: ['Wine'], visible: true, index: listCategories.items.length + index } },
          );
          ids.push(createCategory.id);
          await api.call('mutation ($input: CreateTagInput!) { createTag(input: $input) { id } }', {
            input: { name: `Tag of ${name}`, categoryId: createCategory.id, index: 0 },
          });
        }
        await signInAsAdmin(page);
        await page.goto('/admin-tags');
        const toggle = (name: string) => page.getByRole('button', { name, exact: true });
        await toggle(names[1]).click();
        await expect(toggle(names[1])).toHaveAttribute('aria-expanded', 'false');

        // A one place down (B, A, C) with the keyboard.
        const handle = page.getByRole('button', { name: `Reorder category ${names[0]}`, exact: true });
        const liveRegion = page.locator('[id^="DndLiveRegion"]');
        await pickUpWithKeyboard(handle, 'down');
        await expect(liveRegion.filter({ hasText: `Picked up category ${names[0]}.` })).toHaveCount(1);
        await moveWithKeyboard(handle, 'ArrowDown', liveRegion.filter({ hasText: `Category ${names[0]} was moved into position` }));
        const saved = page.waitForResponse(
          (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('reorderCategories'),
        );
        await page.keyboard.press('Space');
        await saved;
        await expectToast(page, 'Success', 'Order saved');
        await expect
          .poll(async () =>
            (await page.locator('.category-row__name').allTextContents()).map((text) => text.trim()).filter((text) => names.includes(text)),
          )
          .toEqual([names[1], names[0], names[2]]);
        await page.waitForLoadState('networkidle');
        await expect(toggle(names[1])).toHaveAttribute('aria-expanded', 'false');
        await expect(toggle(names[0])).toHaveAttribute('aria-expanded', 'true');
        await expect(toggle(names[2])).toHaveAttribute('aria-expanded', 'true');
        await expect(page.locator('.tag-row__name', { hasText: `Tag of ${names[1]}` })).toBeHidden();
        await expect(page.locator('.tag-row__name', { hasText: `Tag of ${names[0]}` })).toBeVisible();
        await toggle(names[2]).scrollIntoViewIfNeeded();
        await shoot(page, 'order-saved', width);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        for (const id of ids)
          await api.call('mutation ($id: ID!) { deleteCategoryAndTags(id: $id) { id } }', { id }).catch(() => undefined);
      }
    });

    test('the demo events fall on a Saturday afternoon, Friday and Saturday evenings and a weekend', BOTH_BACKENDS, async ({ page }) => {
      await page.goto('/events');
      // The seeded events (other admin tests may have added some of their own).
      for (const [name, weekday, time] of [
        ['Finger Lakes Riesling Tasting', 'Sat', '3:00 PM'],
        ['Bourbon & Rye Night', 'Fri', '7:00 PM'],
        ['Saturday Evening Rosé Pop-Up', 'Sat', '5:30 PM'],
        ['Customer Appreciation Weekend', 'Sat', 'Time to be announced'],
      ] as const) {
        const entry = page.locator('.event-list > li').filter({ has: page.getByRole('heading', { name, exact: true }) });
        await expect(entry.locator('.event__weekday')).toHaveText(weekday);
        await expect(entry.locator('.event__time')).toHaveText(time);
      }
      await shoot(page, 'events', width);
    });
  });
}

test('the first admin has a real name, not "Shop Admin"', LOCAL_SERVER_ONLY, async ({ page }) => {
  // The e2e server starts without ADMIN_NAME: the name comes from e2e-admin@example.com.
  await signInAsAdmin(page);
  await page.goto('/admin-admins');
  await expect(page.getByText('E2e Admin', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Shop Admin')).toHaveCount(0);
  await page.goto('/home');
  await expect(page.getByRole('banner').getByText('Hi, E2e')).toBeVisible();
});
