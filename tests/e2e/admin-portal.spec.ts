/**
 * The admin shell and the portal home (/admin-portal): sidebar, Logout, the tablet drawer, the
 * Banner Changer (real PNG uploads, order, delete) and the Promotional Items row.
 * Runs in the `admin` project against its own seeded server, signed in as E2E_ADMIN.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminApi, expectToast, signInAsAdmin } from './support/admin-session';
import { bannerImages, listItems, replaceBanners, updateItem } from './support/catalogue';
import { promotedIdsOnHome } from './support/home-page';
import { imageFiles, sendInsteadOfChosenFiles, storedUrl } from './support/image-files';
import { pngClaiming } from '../security/support/images';
import { BOTH_BACKENDS, BROWSER_ALONE } from './support/scope';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const bannerChanger = (page: Page) => page.getByRole('dialog', { name: 'Banner Changer' });
const changerRows = (page: Page) => bannerChanger(page).locator('.banner-changer__row');

test('the sidebar leads to every admin page, the logo home, and Logout signs out', BROWSER_ALONE, async ({ page }) => {
  await signInAsAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
  for (const [label, path] of [
    // With reservations waiting, its name says how many ("Reservations 3 waiting: 2 to pick, 1 ready for collection", decision 0324).
    [/^Reservations/, '/admin-reservations'],
    ['Items', '/admin-items'],
    ['Tags', '/admin-tags'],
    ['Events', '/admin-events'],
    ['Users', '/admin-users'],
    ['Admins', '/admin-admins'],
    ['Shop settings', '/admin-settings'],
    ['Activity', '/admin-activity'],
    ['Outbox', '/admin-outbox'],
    ['Home', '/admin-portal'],
  ] as const) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
  }
  await expect(nav.getByRole('link', { name: /Patterson Wine & Liquor, home/ })).toHaveAttribute('href', '/home');

  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Logout navigates and then reloads the page: retry until the reloaded page answers.
  await expect.poll(() => page.evaluate(() => sessionStorage.length).catch(() => -1)).toBe(0);
  await page.goto('/admin-portal');
  await expect(page).toHaveURL(/\/login$/);
});

test('on a tablet the sidebar starts hidden behind a menu button', BROWSER_ALONE, async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await signInAsAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  const menu = page.getByRole('button', { name: 'Admin menu' });
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  await menu.click();
  await expect(nav).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await nav.getByRole('link', { name: 'Items' }).click();
  await expect(page).toHaveURL(/\/admin-items$/);
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Items' })).toBeVisible();
});

test(
  'Banner Changer: new PNGs are listed before saving, Save keeps the order, Delete asks, then removes a saved banner at once',
  BOTH_BACKENDS,
  async ({ page, request }) => {
    const api = await adminApi(request);
    const seeded = await bannerImages(api);
    expect(seeded.length).toBeGreaterThan(1);
    const files = await imageFiles();
    try {
      const first = await files.png('first-new', 1900, 370, '#0b6e4f');
      const second = await files.png('second-new', 1900, 370, '#1f3a93');

      await signInAsAdmin(page);
      const opener = page.getByRole('button', { name: 'Change Banner' });
      await opener.click();
      const dialog = bannerChanger(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Best:(1900x370)')).toBeVisible();
      const input = dialog.getByLabel('Add banner images');
      await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
      await expect(input).toHaveAttribute('multiple', '');
      await expect(changerRows(page)).toHaveCount(seeded.length);

      // Two files at once: listed (as new) before anything is saved.
      await input.setInputFiles([first, second]);
      await expect(changerRows(page)).toHaveCount(seeded.length + 2);
      await expect(changerRows(page).nth(seeded.length)).toContainText('first-new.png');
      await expect(changerRows(page).nth(seeded.length + 1)).toContainText('second-new.png');
      expect(await bannerImages(api)).toEqual(seeded);

      // Order: the second new banner goes first, the first seeded one moves down one place.
      for (let i = 0; i < seeded.length + 1; i += 1) {
        await dialog.getByRole('button', { name: `Move Banner ${seeded.length + 2 - i} up` }).click();
      }
      await expect(changerRows(page).first()).toContainText('second-new.png');
      await dialog.getByRole('button', { name: 'Move Banner 2 down' }).click();

      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Success', 'Banners Saved');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      const expected = [await storedUrl(second), seeded[1]!, seeded[0]!, ...seeded.slice(2), await storedUrl(first)];
      await expect.poll(() => bannerImages(api)).toEqual(expected);

      // The portal's carousel and the public home page show the new set in that order.
      await expect(page.getByRole('button', { name: /^Banner \d+$/ })).toHaveCount(expected.length);
      await page.goto('/home');
      await expect(page.locator('.banner-carousel__slide img')).toHaveCount(expected.length);
      const homeOrder = await page
        .locator('.banner-carousel__slide img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
      expect(homeOrder).toEqual(expected);

      // Delete on a saved banner: asked first (decision 0194), then gone at once, no Save needed.
      await page.goto('/admin-portal');
      await page.getByRole('button', { name: 'Change Banner' }).click();
      await expect(changerRows(page)).toHaveCount(expected.length);
      await bannerChanger(page).getByRole('button', { name: 'Delete Banner 1 from the live site' }).click();
      await page.getByRole('dialog', { name: 'Delete Banner' }).getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Success', 'Banner Deleted');
      await expect(changerRows(page)).toHaveCount(expected.length - 1);
      await expect.poll(() => bannerImages(api)).toEqual(expected.slice(1));

      // A new (unsaved) banner's Remove only takes it off the list.
      await bannerChanger(page).getByLabel('Add banner images').setInputFiles([first]);
      await expect(changerRows(page)).toHaveCount(expected.length);
      await bannerChanger(page)
        .getByRole('button', { name: `Remove new Banner ${expected.length} from the list` })
        .click();
      await expect(changerRows(page)).toHaveCount(expected.length - 1);
      // Escape closes the dialog even with the focus lost to <body>, as a removed button leaves it.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Escape');
      await expect(bannerChanger(page)).toBeHidden();
      expect(await bannerImages(api)).toEqual(expected.slice(1));
    } finally {
      await replaceBanners(api, seeded);
      await files.cleanup();
    }
  },
);

test(
  'Banner Changer refuses a file that is not a PNG when it is chosen, one the server refuses at Save, and saves nothing',
  BOTH_BACKENDS,
  async ({ page, request }) => {
    const api = await adminApi(request);
    const seeded = await bannerImages(api);
    const files = await imageFiles();
    try {
      const fake = await files.text('holiday.png');
      const huge = await files.png('too-many-pixels', 1900, 370, '#aa3355');
      await signInAsAdmin(page);
      await page.getByRole('button', { name: 'Change Banner' }).click();
      const dialog = bannerChanger(page);

      // A text file named .png: refused by its first bytes when chosen (decisions 0196, 0276), never listed.
      await dialog.getByLabel('Add banner images').setInputFiles([fake]);
      await expectToast(page, 'Error', 'Only JPEG, PNG and WebP images can be uploaded');
      await expect(dialog.locator('.admin-modal__actions').getByRole('alert')).toHaveText('Only JPEG, PNG and WebP images can be uploaded');
      await expect(changerRows(page)).toHaveCount(seeded.length);
      await expect(dialog).toBeVisible();

      // Too many pixels: the server's refusal, at Save; removing the file takes the line away. The
      // browser would shrink a real one (decision 0276): a tampered browser sends a pixel bomb.
      await sendInsteadOfChosenFiles(page, pngClaiming(20_000, 20_000));
      await dialog.getByLabel('Add banner images').setInputFiles([huge]);
      await expect(dialog.locator('.admin-modal__actions').getByRole('alert')).toHaveText('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Error', 'The image has too many pixels (at most 4096 x 4096)');
      await expect(dialog.locator('.admin-modal__actions').getByRole('alert')).toContainText('too-many-pixels.png');
      await dialog.getByRole('button', { name: `Remove new Banner ${seeded.length + 1} from the list` }).click();
      await expect(dialog.locator('.admin-modal__actions').getByRole('alert')).toHaveText('');
      await expect(dialog).toBeVisible();
      expect(await bannerImages(api)).toEqual(seeded);
    } finally {
      await replaceBanners(api, seeded);
      await files.cleanup();
    }
  },
);

test('a failed banner list shows Error Loading Banner Images', BROWSER_ALONE, async ({ page }) => {
  await signInAsAdmin(page);
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('listBanners')) {
      await route.fulfill({ json: { data: null, errors: [{ message: 'boom', errorType: 'InternalFailure' }] } });
    } else {
      await route.continue();
    }
  });
  await page.reload();
  await expectToast(page, 'Error', 'Error Loading Banner Images');
  await expect(page.getByRole('button', { name: 'Change Banner' })).toBeDisabled();
});

test('Promotional Items shows every promoted item; Demote removes one here and on /home', BOTH_BACKENDS, async ({ page, request }) => {
  const api = await adminApi(request);
  const promoted = await listItems(api, { promoted: { eq: true } });
  expect(promoted.length).toBeGreaterThan(3);
  await signInAsAdmin(page);

  const row = page.getByRole('list', { name: 'Promotional Items' });
  const cards = row.getByRole('listitem');
  await expect(cards).toHaveCount(promoted.length);
  const target = promoted[0]!;
  const card = cards.filter({ has: page.getByRole('link', { name: target.name, exact: true }) });
  await expect(card.locator('.promoted-row__name')).toHaveText(`${Array.from(target.name).slice(0, 7).join('')}...`);
  await expect(card.locator('.promoted-row__price')).toHaveText(`$${target.price!.toFixed(2)}`);

  // Arrows: at the start only right scrolls.
  await expect(page.getByRole('button', { name: 'Scroll promoted items left' })).toBeDisabled();
  await page.getByRole('button', { name: 'Scroll promoted items right' }).click();
  await expect(page.getByRole('button', { name: 'Scroll promoted items left' })).toBeEnabled();

  // The image opens the admin item page.
  await card.getByRole('link', { name: target.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-item\\?id=${target.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
  await page.goBack();

  try {
    await cards
      .filter({ has: page.getByRole('link', { name: target.name, exact: true }) })
      .getByRole('button', { name: `Demote ${target.name}` })
      .click();
    await expectToast(page, 'Success', 'Item Updated');
    await expect(cards).toHaveCount(promoted.length - 1);
    const stillPromoted = (await listItems(api, { promoted: { eq: true } })).map((item) => item.id);
    expect(stillPromoted).not.toContain(target.id);

    await page.goto('/home');
    const homeIds = await promotedIdsOnHome(page);
    expect([...homeIds].sort()).toEqual([...stillPromoted].sort());
  } finally {
    await updateItem(api, { id: target.id, promoted: true });
  }
});
