/**
 * The phone's first screen (decision 0279): at 390 x 844 px, /home shows today's hours, a tap to
 * call (tel:) and directions (the shop's map link) without scrolling, and their box keeps its
 * height as the hours come, so nothing below it moves. At 1440 px the same strip sits under the
 * shop's name. Screenshots in .tmp/e2e-results/.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS, BROWSER_ALONE, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const today = (page: Page) => page.getByRole('region', { name: 'Visit us today' });

/** The element's box lies wholly inside the first viewport (the page not scrolled). */
async function expectInFirstViewport(page: Page, name: string, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, name).not.toBeNull();
  expect(box!.y, name).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${name} ends at ${box!.y + box!.height} px`).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width, name).toBeLessThanOrEqual(viewport.width);
}

for (const width of WIDTHS) {
  // A phone's screen is 844 px tall, a desktop window's 900.
  const height = width === 390 ? 844 : 900;
  test(`/home at ${width} px shows today's hours, a call link and directions before the fold`, BOTH_BACKENDS, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/home');
    const strip = today(page);
    const hours = strip.locator('[data-hours-status]');
    // The demo shop's hours: open, closed for a holiday, or closed until a later opening.
    await expect(hours).toHaveText(/^(Open today \d|Closed (today|now))/);
    const call = strip.getByRole('link', { name: /^Call \(845\) 555-0142$/ });
    await expect(call).toHaveAttribute('href', 'tel:+18455550142');
    const directions = strip.getByRole('link', { name: 'Directions (opens in a new tab)' });
    await expect(directions).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=41\.51260&mlon=-73\.60290/);
    await expect(directions).toHaveAttribute('target', '_blank');

    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectInFirstViewport(page, 'hours', hours);
    await expectInFirstViewport(page, 'call', call);
    await expectInFirstViewport(page, 'directions', directions);
    // The banner, the shop's name and the strip come in that order, the promotions after.
    const stripBox = (await strip.boundingBox())!;
    const nameBox = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const promotedBox = (await page.getByRole('heading', { name: 'Promoted' }).boundingBox())!;
    expect(stripBox.y).toBeGreaterThan(nameBox.y);
    expect(promotedBox.y).toBeGreaterThan(stripBox.y + stripBox.height);

    await screenshot(page, `home-first-screen-${width}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test(
  'the hours box has the same height before the hours are known and after, so nothing below it moves',
  BROWSER_ALONE,
  async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home');
    const hours = today(page).locator('[data-hours-status]');
    await expect(hours).not.toBeEmpty();
    const filled = (await hours.boundingBox())!.height;
    // The same box with nothing in it: what a visitor sees while the settings load (or with none saved).
    const empty = await hours.evaluate((element) => {
      const copy = element.cloneNode(false) as HTMLElement;
      element.after(copy);
      const height = copy.getBoundingClientRect().height;
      copy.remove();
      return height;
    });
    expect(empty).toBeGreaterThan(0);
    expect(Math.abs(filled - empty)).toBeLessThanOrEqual(1);
  },
);
