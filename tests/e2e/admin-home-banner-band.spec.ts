/**
 * A banner with no description on a phone (decision 0279): the slides share the tallest slide's
 * height, and the image of a banner without a caption fills its slide, so no empty band is left
 * under it. Runs in the `admin` project (it changes the banners) and puts them back.
 */
import { expect, test } from '@playwright/test';
import { adminApi } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { bannerList, replaceBanners, restoreBanners } from './support/catalogue';
import { BROWSER_ALONE } from './support/scope';
import { screenshot } from './support/screenshots';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

test(
  'at 390 px a banner without a description has no empty caption band, beside one with a description',
  BROWSER_ALONE,
  async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const api = await adminApi(request);
    const seeded = await bannerList(api);
    expect(seeded.length).toBeGreaterThan(1);
    try {
      // The first without a description, the second with a long one (the tallest slide).
      await replaceBanners(
        api,
        seeded.map((banner) => banner.img),
        seeded.map((_, index) =>
          index === 1
            ? 'Wine tasting every Friday from 6 to 8 pm: six wines, cheese from the farm down the road, and our staff to talk you through them.'
            : null,
        ),
      );
      await page.goto('/home');
      const slides = page.locator('.banner-carousel__slide');
      await expect(slides.nth(1).locator('.banner-carousel__caption')).toBeVisible();
      const bare = slides.first();
      await expect(bare.locator('.banner-carousel__caption')).toHaveCount(0);
      const slideBox = (await bare.boundingBox())!;
      const imageBox = (await bare.locator('img').boundingBox())!;
      const captioned = (await slides.nth(1).boundingBox())!;
      // Every slide as tall as the tallest (no jump when the carousel moves) ...
      expect(Math.abs(slideBox.height - captioned.height)).toBeLessThanOrEqual(1);
      // ... and the bare banner's image reaches the slide's bottom: no empty band.
      expect(Math.abs(imageBox.y + imageBox.height - (slideBox.y + slideBox.height))).toBeLessThanOrEqual(1);
      expect(imageBox.height).toBeGreaterThanOrEqual(152);
      await screenshot(page, 'home-banner-without-description-390');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await restoreBanners(api, seeded);
    }
  },
);
