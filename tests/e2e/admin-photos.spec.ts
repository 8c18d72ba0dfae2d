/**
 * A photo from a phone through the Item Editor (decision 0276): a 12-megapixel JPEG taken sideways
 * (stored 4000 x 3000 with EXIF orientation 6), with GPS, maker and an ICC profile in it, made by
 * the test. The browser turns it upright and shrinks it to 2,000 px before it is sent; the server
 * stores it upright with no metadata at all. Also: a text file named .jpg is refused when chosen;
 * axe finds nothing serious with the photo chosen; screenshots at 390 and 1440 px go to
 * .tmp/screenshots/. Runs in the `admin` project, signed in as E2E_ADMIN.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFile, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { listItems } from './support/catalogue';
import { imageFiles } from './support/image-files';
import { seriousViolations } from './support/axe';
import { isRedAt, metadataLeft } from '../security/support/images';
import { IMAGE_UPLOAD_MESSAGES } from '../../shared/image-upload';
import { BOTH_BACKENDS, BROWSER_ALONE, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const editor = (page: Page) => page.getByRole('dialog', { name: 'Item Editor' });
const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });

async function openEditor(page: Page): Promise<Locator> {
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Items', exact: true }).click();
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = editor(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test(
  'a sideways phone photo with GPS is sent upright at 2,000 px and stored with no metadata',
  BOTH_BACKENDS,
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const files = await imageFiles();
    const name = unique('E2E Phone Photo ');
    try {
      const photo = await files.phonePhoto('IMG_0412.JPG', 4000, 3000);
      const original = (await stat(photo)).size;
      expect(await metadataLeft(await readFile(photo))).toEqual(['exif', 'gps', 'orientation', 'icc']);
      // Chromium hands Playwright no body for a file, so a POST's size is read from what went out.
      const sent: number[] = [];
      page.on('requestfinished', async (sentRequest) => {
        if (sentRequest.method() === 'POST' && !new URL(sentRequest.url()).pathname.endsWith('/graphql')) {
          const declared = Number(await sentRequest.headerValue('content-length').catch(() => null));
          sent.push(Math.max(declared || 0, (await sentRequest.sizes()).requestBodySize));
        }
      });

      const dialog = await openEditor(page);
      await field(dialog, 'Name').fill(name);
      await field(dialog, 'Price ($)').fill('19.99');
      await field(dialog, 'Description').fill('Photographed on the shop floor.');
      await dialog.getByRole('group', { name: 'Department', exact: true }).getByRole('checkbox', { name: 'Wine', exact: true }).check();
      await expect(field(dialog, 'Image')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
      await field(dialog, 'Image').setInputFiles(photo);
      // The preview is the prepared file: upright (portrait) and 2,000 px on its long side.
      const preview = dialog.getByRole('img', { name: 'The chosen image' });
      await expect(preview).toBeVisible();
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1500, 2000]);
      await expect(field(dialog, 'Image')).not.toHaveAttribute('aria-busy', 'true');

      expect(await seriousViolations(page)).toEqual([]);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await screenshot(page, `item-editor-photo-${width}`);
      }

      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden({ timeout: 60_000 });
      await expectToast(page, 'Success', 'Item Created');

      // One file went out, already shrunk: the server keeps the size it gets (4000 x 3000 is within
      // its 4096 x 4096), so 1500 x 2000 stored means 1500 x 2000 sent.
      await expect.poll(() => sent.length).toBe(1);
      const created = (await listItems(api)).find((item) => item.name === name)!;
      expect(created.img).toMatch(/^\/media\/[a-f0-9]{64}\.jpg$/);
      const response = await request.get(created.img!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/jpeg');
      const stored = await response.body();
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 1500, height: 2000 });
      expect(await metadataLeft(stored)).toEqual([]);
      // Turned clockwise, as orientation 6 says: the mark stored top-left is now top-right.
      expect(await isRedAt(stored, 1480, 20)).toBe(true);
      expect(await isRedAt(stored, 20, 20)).toBe(false);
      test.info().annotations.push({
        type: 'figures',
        description: `phone photo 4000 x 3000 JPEG of ${original} bytes, sent ${sent[0]!} bytes as 1500 x 2000, stored ${stored.length} bytes`,
      });
      console.log(`[photo figures] ${test.info().annotations.at(-1)!.description}`);
    } finally {
      await files.cleanup();
    }
  },
);

test('a text file named .jpg is refused when chosen and never sent', BROWSER_ALONE, async ({ page }) => {
  const files = await imageFiles();
  try {
    const notes = await files.text('notes.jpg');
    const dialog = await openEditor(page);
    let posts = 0;
    page.on('request', (sentRequest) => {
      if (sentRequest.method() === 'POST' && sentRequest.postData()?.includes('requestImageUpload')) posts += 1;
    });
    await field(dialog, 'Image').setInputFiles(notes);
    await expectToast(page, 'Error', IMAGE_UPLOAD_MESSAGES.notImage);
    await expect(dialog.locator('.item-editor__actions').getByRole('alert')).toHaveText(IMAGE_UPLOAD_MESSAGES.notImage);
    await expect(field(dialog, 'Image')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(posts).toBe(0);
  } finally {
    await files.cleanup();
  }
});
