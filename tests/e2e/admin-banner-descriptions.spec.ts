/**
 * Banner descriptions (decision 0201): an admin enters a banner's description (alt text) in the
 * Banner Changer and saves it; /home gives it as the image's alt text, and on a phone draws the
 * banner at a readable height with the description as a caption under it (on a wide screen the
 * image is readable and the description is its alt text alone). At 390 and 1440 px.
 * Runs in the `admin` project (it changes the banners), signed in as E2E_ADMIN.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { bannerList, restoreBanners } from './support/catalogue';
import { BOTH_BACKENDS, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const bannerChanger = (page: Page) => page.getByRole('dialog', { name: 'Banner Changer' });

for (const width of WIDTHS) {
  test(
    `a banner's description is entered in the Banner Changer and shown on /home at ${width} px`,
    BOTH_BACKENDS,
    async ({ page, request }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const api = await adminApi(request);
      const seeded = await bannerList(api);
      expect(seeded.length).toBeGreaterThan(1);
      const description = `Cheese and wine night this Friday, 6 to 8 pm (${unique('e2e')})`;
      try {
        await signInAsAdmin(page);
        await page.getByRole('button', { name: 'Change Banner' }).click();
        const dialog = bannerChanger(page);
        const fields = dialog.getByLabel('Description (alt text)');
        await expect(fields).toHaveCount(seeded.length);
        // Prefilled with what is saved.
        await expect(fields.nth(1)).toHaveValue(seeded[1]!.description ?? '');
        await expect(dialog.getByRole('textbox', { name: 'Banner 1 description (alt text)' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);

        await fields.first().fill(`   ${description}  `);
        await screenshot(dialog, `banner-changer-descriptions-${width}`);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Success', 'Banners Saved');
        await expect(dialog).toBeHidden();
        await expect.poll(async () => (await bannerList(api))[0]?.description).toBe(description);
        expect((await bannerList(api)).map((banner) => banner.img)).toEqual(seeded.map((banner) => banner.img));

        // Opened again: the saved description is there.
        await page.getByRole('button', { name: 'Change Banner' }).click();
        await expect(bannerChanger(page).getByLabel('Description (alt text)').first()).toHaveValue(description);
        await page.keyboard.press('Escape');

        await page.goto('/home');
        const slide = page.locator('.banner-carousel__slide').first();
        const image = slide.locator('img');
        await expect(image).toHaveAttribute('alt', description);
        await expect(page.getByRole('img', { name: description })).toHaveCount(1);
        const caption = slide.locator('.banner-carousel__caption');
        const box = await image.boundingBox();
        expect(box).not.toBeNull();
        if (width === 390) {
          // Readable: drawn at least ~140 px tall (full width would be 70 px), captioned under it.
          await expect(caption).toBeVisible();
          await expect(caption).toHaveText(description);
          // Read once: the caption is hidden from screen readers, which read the alt text.
          await expect(caption).toHaveAttribute('aria-hidden', 'true');
          expect(box!.height).toBeGreaterThanOrEqual(140);
          const captionBox = await caption.boundingBox();
          expect(captionBox!.y).toBeGreaterThanOrEqual(box!.y + box!.height - 1);
        } else {
          // Wide: the image is readable as it is; no caption, the full 1900x370 box.
          await expect(caption).toBeHidden();
          expect(Math.abs(box!.width / box!.height - 1900 / 370)).toBeLessThan(0.1);
        }
        // Every other slide's description (the seeded ones) is its alt text too.
        for (const [index, banner] of seeded.entries()) {
          if (index === 0) continue;
          await expect(page.locator('.banner-carousel__slide img').nth(index)).toHaveAttribute('alt', banner.description ?? '');
        }
        await screenshot(page, `banner-descriptions-${width}`);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await restoreBanners(api, seeded);
      }
    },
  );
}

test('the server refuses a description over 300 characters and keeps the banners', BOTH_BACKENDS, async ({ request }) => {
  const api = await adminApi(request);
  const seeded = await bannerList(api);
  const body = await api.raw(
    'mutation ($images: [String!]!, $descriptions: [String]) { replaceBanners(images: $images, descriptions: $descriptions) { id } }',
    {
      images: seeded.map((banner) => banner.img),
      descriptions: seeded.map(() => 'x'.repeat(301)),
    },
  );
  expect(body.errors?.[0]).toMatchObject({
    errorType: 'ValidationError',
    message: 'The description of banner 1 is too long (at most 300 characters)',
  });
  expect(await bannerList(api)).toEqual(seeded);
});
