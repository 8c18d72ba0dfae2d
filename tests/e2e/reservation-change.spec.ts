/**
 * A customer changes their own reservation (decision 0372), at phone and desktop widths: a
 * confirmed customer reserves two items, opens Change on /reservations (a dialog that keeps the
 * focus), is refused more than the shelf offers and a change that removes every line (Cancel is
 * for that), then lowers one line, removes the other and picks another day; the page shows the new
 * lines and slot, the item page's stock follows, and staff see the new lines. axe finds nothing
 * serious. Screenshots: E2E_SCREENSHOTS=1.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_STOREFRONT_SMTP_PORT } from '../../playwright.config';
import { PICKUP_MESSAGES } from '../../shared/pickup-messages';
import { itemPath, SPA_ROUTES } from '../../shared/spa-routes';
import { nameWithSize } from '../../shared/bottle-size';
import { adminApi, expectToast, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { listItems, updateItem } from './support/catalogue';
import { BOTH_BACKENDS, WIDTHS } from './support/scope';
import { confirmedCustomerSignedIn, mailInbox } from './support/customer-mail';
import { screenshot } from './support/screenshots';

const PASSWORD = 'Gr8-Barolo-2031!';
const inbox = mailInbox(E2E_STOREFRONT_SMTP_PORT);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

async function shot(page: Page, name: string) {
  await screenshot(page, name, { fullPage: true });
}

const STOCK = 'query ($id: ID!) { getItem(id: $id) { stock heldStock } }';
const LIST_RESERVATIONS = 'query ($search: String) { listReservations(search: $search) { number lines { name quantity } slotLabel } }';

for (const [index, width] of WIDTHS.entries()) {
  test(`a customer changes a reservation's quantities, lines and slot at ${width} px`, BOTH_BACKENDS, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const api = await adminApi(request);
    // Items no other spec reserves, a pair per width so the widths never share stock.
    const items = (await listItems(api)).filter((item) => item.price !== null && item.name.length < 40);
    const [a, b] = [items[20 + index * 2]!, items[21 + index * 2]!];
    for (const [item, stock] of [
      [a, 5],
      [b, 4],
    ] as const)
      await updateItem(api, { id: item.id, stock, stockCountedAt: new Date().toISOString() });
    const email = `${unique('change.')}@example.com`.toLowerCase();
    // Signing up is other specs' subject: this customer signs up from an address of its own.
    await confirmedCustomerSignedIn(
      page,
      inbox,
      { firstName: 'Cal', lastName: 'Change', email, password: PASSWORD },
      `127.0.0.${60 + index}`,
    );

    // Reserve 3 of A and 1 of B.
    await page.goto(itemPath(a.id));
    await page.getByLabel('Quantity', { exact: true }).selectOption('3');
    await page.getByRole('button', { name: 'Add to pickup list' }).click();
    await expectToast(page, 'Success', `Added 3 bottles of ${a.name} to your pickup list`);
    await page.goto(itemPath(b.id));
    await page.getByRole('button', { name: 'Add to pickup list' }).click();
    await expectToast(page, 'Success', `Added 1 bottle of ${b.name} to your pickup list`);
    await page.goto(SPA_ROUTES.pickupList);
    await page.getByRole('button', { name: 'Reserve 4 bottles' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reserved for pickup' })).toBeVisible();
    const number = (await page.locator('.reservation__number-value').textContent())!;

    await page.goto(SPA_ROUTES.reservations);
    const reservation = page.locator('.reservation').filter({ hasText: number });
    await expect(reservation).toContainText(`3 × ${nameWithSize(a)}`);
    const opener = reservation.getByRole('button', { name: `Change reservation ${number}` });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: `Change reservation ${number}` });
    const quantityOfA = dialog.getByLabel(`Quantity of ${nameWithSize(a)}`);
    await expect(quantityOfA).toHaveValue('3');
    await expect(quantityOfA).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `change-dialog-${width}`);
    // The focus stays in the dialog; Escape closes it and gives the focus back.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // More than the shelf offers (5 counted, its own 3 held: 5 is the most), refused by the server.
    await page.keyboard.press('Enter');
    await quantityOfA.fill('6');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(PICKUP_MESSAGES.onlyLeft(nameWithSize(a), 5));
    // Every line removed: Cancel is for that.
    await dialog.getByRole('button', { name: `Remove ${nameWithSize(a)}` }).click();
    await dialog.getByRole('button', { name: `Remove ${nameWithSize(b)}` }).click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(PICKUP_MESSAGES.changeNoLines);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `change-dialog-refused-${width}`);

    // Keep A at 1, B removed, the next day's first time, by keyboard for the time.
    await dialog.getByRole('button', { name: `Undo removing ${nameWithSize(a)}` }).click();
    await dialog.getByLabel(`Quantity of ${nameWithSize(a)}`).fill('1');
    await dialog.getByLabel('Choose another pickup time').check();
    const day = dialog.getByLabel('Day', { exact: true });
    await day.selectOption({ index: 1 });
    const dayLabel = (await day.locator('option:checked').textContent())!;
    const time = (await dialog.getByLabel('Time', { exact: true }).locator('option:checked').textContent())!;
    await shot(page, `change-dialog-filled-${width}`);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Success', `Reservation ${number} is changed`);
    await expect(dialog).toHaveCount(0);
    await expect(reservation.locator('.reservation__lines')).toHaveText(new RegExp(`^1 × ${escape(nameWithSize(a))}`));
    await expect(reservation).not.toContainText(nameWithSize(b));
    await expect(reservation.locator('.reservation__facts')).toContainText(`${dayLabel}, ${time}`);
    await expect(reservation).toContainText('Requested');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `reservation-changed-${width}`);

    // After a reload, the server's own: the same lines and slot.
    await page.reload();
    await expect(reservation.locator('.reservation__lines li')).toHaveCount(1);
    await expect(reservation.locator('.reservation__facts')).toContainText(`${dayLabel}, ${time}`);
    // The stock followed: A's 5 counted, 1 held by this one; none of B's held.
    const stockOf = async (id: string) => (await api.call<{ getItem: { stock: number; heldStock: number } }>(STOCK, { id })).getItem;
    expect(await stockOf(a.id)).toEqual({ stock: 4, heldStock: 1 });
    expect(await stockOf(b.id)).toEqual({ stock: 4, heldStock: 0 });
    // Staff see the new lines.
    const staff = await api.call<{
      listReservations: Array<{ number: string; lines: Array<{ name: string; quantity: number }>; slotLabel: string }>;
    }>(LIST_RESERVATIONS, { search: number });
    expect(staff.listReservations).toEqual([
      { number: number.replace('-', ''), lines: [{ name: nameWithSize(a), quantity: 1 }], slotLabel: `${dayLabel}, ${time}` },
    ]);
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
