/**
 * Reserve for pickup, the customer's screens (product §11, decisions 0318, 0319), at phone and
 * desktop widths: a customer signs up and confirms the address (the storefront mails the link to
 * an SMTP server this file starts, on either backend: tests/e2e/support/customer-mail.ts),
 * adds two items (item page, menu card), changes a quantity, is refused for a line that sold out
 * meanwhile, reserves a slot, sees the number and the ID text, finds it in their reservations,
 * cancels it in a dialog that keeps the focus, and the item page's stock goes back. An
 * unconfirmed customer is refused with the clear message; a guest is asked to log in and comes
 * back. Notify me when it's back (decisions 0328, 0336): a confirmed customer asks on an
 * out-of-stock item, staff see the count, the customer stops by keyboard on /account and asks
 * again, and one e-mail comes when it is back. axe finds nothing serious on the new screens.
 * Screenshots: E2E_SCREENSHOTS=1.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_STOREFRONT_SMTP_PORT } from '../../playwright.config';
import { PICKUP_MESSAGES } from '../../shared/pickup-messages';
import { confirmEmailFirstMessage } from '../../shared/messages';
import { PAY_AT_PICKUP_TEXT } from '../../shared/reservation-limits';
import { loginReturnPath } from '../../shared/login-return';
import { itemPath, searchPath, SPA_ROUTES } from '../../shared/spa-routes';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { listItems, updateItem, type ApiItem } from './support/catalogue';
import { BOTH_BACKENDS, WIDTHS } from './support/scope';
import { confirmInBrowser, confirmationLink, mailInbox, signUpInBrowser } from './support/customer-mail';
import { nameWithSize } from '../../shared/bottle-size';
import { screenshot } from './support/screenshots';

const PASSWORD = 'Gr8-Barolo-2031!';

const inbox = mailInbox(E2E_STOREFRONT_SMTP_PORT);
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

async function shot(page: Page, name: string) {
  await screenshot(page, name, { fullPage: true });
}

/** Two priced items of the demo shop for this width, so the widths never share stock. */
async function twoItems(request: Parameters<typeof adminApi>[0], offset: number): Promise<[ApiItem, ApiItem]> {
  const api = await adminApi(request);
  const items = (await listItems(api)).filter((item) => item.price !== null && item.name.length < 40);
  const a = items[offset]!;
  const b = items[offset + 1]!;
  return [a, b];
}

const setStock = async (request: Parameters<typeof adminApi>[0], id: string, stock: number) =>
  updateItem(await adminApi(request), { id, stock, stockCountedAt: new Date().toISOString() });

const signUp = (page: Page, email: string) => signUpInBrowser(page, { firstName: 'Pia', lastName: 'Pickup', email, password: PASSWORD });
const confirmAddress = async (page: Page, email: string) => confirmInBrowser(page, await confirmationLink(page, inbox, email));

const pickupCount = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Pickup list/ });

for (const [index, width] of WIDTHS.entries()) {
  test(
    `a confirmed customer reserves two items, sees the number and cancels it at ${width} px`,
    BOTH_BACKENDS,
    async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const [a, b] = await twoItems(request, 2 + index * 2);
      await setStock(request, a.id, 3);
      await setStock(request, b.id, 10);
      const email = `${unique('pickup.')}@example.com`.toLowerCase();
      await signUp(page, email);
      await confirmAddress(page, email);

      // The item page: a quantity up to what one customer may hold of the shelf (half of 3, rounded
      // up: decision 0374), then Add; a toast and the header's count.
      await page.goto(itemPath(a.id));
      await expect(page.getByText('Only 3 left')).toBeVisible();
      const quantity = page.getByLabel('Quantity', { exact: true });
      await expect(quantity.locator('option')).toHaveCount(2);
      await shot(page, `item-page-${width}`);
      await page.getByRole('button', { name: 'Add to pickup list' }).click();
      await expectToast(page, 'Success', `Added 1 bottle of ${a.name} to your pickup list`);
      await expect(pickupCount(page)).toHaveAccessibleName('Pickup list 1 bottle');
      await expect(page.getByRole('link', { name: '1 bottle in your pickup list' })).toBeVisible();

      // A menu card (here the search's results): the control under the card.
      await page.goto(searchPath(b.name));
      await page
        .getByRole('button', { name: `Add to pickup list: ${b.name}` })
        .first()
        .click();
      await expectToast(page, 'Success', `Added 1 bottle of ${b.name} to your pickup list`);
      await expect(pickupCount(page)).toHaveAccessibleName('Pickup list 2 bottles');
      await shot(page, `menu-card-${width}`);

      // The list: change a quantity; the total follows.
      await pickupCount(page).click();
      await expect(page).toHaveURL(/\/pickup-list$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your pickup list' })).toBeVisible();
      const lineA = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: a.name }) });
      await lineA.getByLabel('Quantity').selectOption('2');
      await expect(pickupCount(page)).toHaveAccessibleName('Pickup list 3 bottles');
      const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(a.price! * 2 + b.price!);
      await expect(page.locator('.pickup-total')).toContainText(total);
      await expect(page.getByLabel('Day', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Time', { exact: true })).toBeVisible();
      await expect(page.getByText(PAY_AT_PICKUP_TEXT)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `pickup-list-${width}`);

      // B sells out meanwhile: the server refuses, the list shows the line flagged.
      await setStock(request, b.id, 0);
      await page.getByRole('button', { name: /^Reserve/ }).click();
      await expect(page.locator('.pickup-form').getByRole('alert')).toContainText(PICKUP_MESSAGES.outOfStock(nameWithSize(b)));
      await expect(page.locator('.pickup-line--problem')).toContainText('Out of stock');
      await expect(page.getByRole('button', { name: /^Reserve/ })).toBeDisabled();
      await setStock(request, b.id, 10);
      await page.reload();

      // Reserve: the confirmation says the number, the slot, the lines and the ID text.
      const slot = await page.getByLabel('Time', { exact: true }).locator('option:checked').textContent();
      await page.getByRole('button', { name: 'Reserve 3 bottles' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reserved for pickup' })).toBeVisible();
      const number = (await page.locator('.reservation__number-value').textContent())!;
      expect(number).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      await expect(page.getByText(PAY_AT_PICKUP_TEXT)).toBeVisible();
      await expect(page.locator('.reservation__facts')).toContainText(slot!);
      await expect(page.locator('.reservation__lines')).toContainText(`2 × ${a.name}`);
      await expect(page.locator('.reservation__total')).toContainText(total);
      await expect(pickupCount(page)).toHaveAccessibleName('Pickup list 0 bottles');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `confirmation-${width}`);

      // The shelf holds 2 fewer.
      await page.goto(itemPath(a.id));
      await expect(page.getByText('Only 1 left')).toBeVisible();

      // The reservations: from the phone's menu; on a desktop (no room in the bar) from /account.
      const header = page.getByRole('banner');
      if (width < 1024) {
        await header.getByRole('button', { name: 'Menu' }).click();
        await header.getByRole('link', { name: 'Reservations' }).click();
      } else {
        await expect(header.getByRole('link', { name: 'Reservations' })).toBeHidden();
        await header.getByRole('link', { name: 'Account' }).click();
        await page.getByRole('link', { name: 'Your reservations' }).click();
      }
      await expect(page).toHaveURL(/\/reservations$/);
      const reservation = page.locator('.reservation').filter({ hasText: number });
      await expect(reservation).toContainText('Requested');
      await expect(reservation).toContainText(slot!);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `reservations-${width}`);

      // Cancel, in a dialog that keeps the focus, with a reason.
      const opener = reservation.getByRole('button', { name: `Cancel reservation ${number}` });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: `Cancel reservation ${number}?` });
      await expect(dialog).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `cancel-dialog-${width}`);
      for (let i = 0; i < 5; i += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await opener.click();
      await dialog.getByLabel('Reason (optional)').fill('Plans changed');
      await dialog.getByRole('button', { name: 'Cancel reservation' }).click();
      await expectToast(page, 'Success', `Reservation ${number} is cancelled`);
      await expect(reservation).toContainText('Cancelled');
      await expect(reservation).toContainText('Plans changed');
      await expect(reservation.getByRole('button', { name: /Cancel reservation/ })).toHaveCount(0);
      await shot(page, `reservations-cancelled-${width}`);

      // The bottles are back on the shelf.
      await page.goto(itemPath(a.id));
      await expect(page.getByText('Only 3 left')).toBeVisible();
    },
  );
}

test(
  'a guest is asked to log in and comes back; an unconfirmed customer is refused with the clear message',
  BOTH_BACKENDS,
  async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 900 });
    const [a] = await twoItems(request, 6);
    await setStock(request, a.id, 10);
    const email = `${unique('unconfirmed.')}@example.com`.toLowerCase();
    await signUp(page, email);
    await inbox.next(email, 15_000);
    await page.getByRole('button', { name: 'Log Out' }).click();
    // Signing out is done once the header offers Sign Up (on the cloud it first revokes the token).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();

    // A guest: the prompt, and the private pages send to /login.
    await page.goto(itemPath(a.id));
    const prompt = page.getByRole('link', { name: 'Log in to reserve for pickup' });
    await expect(prompt).toHaveAttribute('href', loginReturnPath(itemPath(a.id)));
    await expect(page.getByRole('button', { name: 'Add to pickup list' })).toHaveCount(0);
    await page.goto(SPA_ROUTES.pickupList);
    await expect(page).toHaveURL(/\/login\?return=%2Fpickup-list$/);

    // Logging in from the prompt comes back to the item.
    await page.goto(itemPath(a.id));
    await prompt.click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(new RegExp(`${itemPath(a.id)}$`));

    // Out of stock, a guest is offered to be told when it is back: logged in, it is "Notify me".
    await setStock(request, a.id, 0);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await page.goto(itemPath(a.id));
    const notifyPrompt = page.getByRole('link', { name: 'Log in to be emailed when it is back' });
    await expect(notifyPrompt).toHaveAttribute('href', loginReturnPath(itemPath(a.id)));
    await notifyPrompt.click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(new RegExp(`${itemPath(a.id)}$`));
    await expect(page.getByRole('button', { name: /^Notify me/ })).toBeVisible();
    await setStock(request, a.id, 10);
    await page.reload();

    // Not confirmed: the list takes it, reserving is refused with the message and a way to the account.
    await page.getByRole('button', { name: 'Add to pickup list' }).click();
    await expectToast(page, 'Success', `Added 1 bottle of ${a.name} to your pickup list`);
    await page.goto(SPA_ROUTES.pickupList);
    await page.getByRole('button', { name: 'Reserve 1 bottle' }).click();
    const refusal = page.locator('.pickup-form').getByRole('alert');
    await expect(refusal).toContainText(confirmEmailFirstMessage(email));
    await expect(refusal.getByRole('link', { name: 'Go to your account' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'unconfirmed-refused-390');

    // Remove empties the list.
    await page.getByRole('button', { name: `Remove ${a.name}` }).click();
    await expect(page.getByText('Your pickup list is empty.')).toBeVisible();
  },
);

for (const [index, width] of WIDTHS.entries()) {
  test(
    `notify me at ${width} px: a confirmed customer asks on an out-of-stock item, sees it on /account, stops and asks again, is told once when it is back, and staff see the count`,
    BOTH_BACKENDS,
    async ({ page, browser, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const [, b] = await twoItems(request, 8 + index * 2);
      await setStock(request, b.id, 0);
      const email = `${unique('notify.')}@example.com`.toLowerCase();
      await signUp(page, email);
      await confirmAddress(page, email);

      // Nothing asked yet: /account says so (decision 0336).
      await page.goto(SPA_ROUTES.account);
      const section = page.getByRole('region', { name: 'Back-in-stock e-mails' });
      await expect(section.getByText('You are not waiting for any item.')).toBeVisible();

      await page.goto(itemPath(b.id));
      await expect(page.getByText('Out of stock: it cannot be reserved now.')).toBeVisible();
      const ask = page.getByRole('button', { name: "Notify me when it's back" });
      await expect(ask).toBeVisible();
      await shot(page, `notify-me-before-${width}`);
      await ask.click();
      await expectToast(page, 'Success', `We will email you once when ${b.name} is back`);
      await expect(page.getByText('We will email you when it is back.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      // The picture without the toast over the text: it closes by itself once the pointer is off it.
      await page.mouse.move(0, 0);
      await expect(page.locator('.Toastify__toast')).toHaveCount(0);
      await shot(page, `notify-me-asked-${width}`);

      // Staff see one customer waiting for it on /admin-reservations (counts only).
      const staff = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width, height: 900 } });
      const staffPage = await staff.newPage();
      await signInAsAdmin(staffPage);
      await staffPage.goto(SPA_ROUTES.adminReservations);
      const demand = staffPage.getByRole('region', { name: 'Asked for when back in stock' });
      const demandRow = demand.getByRole('row').filter({ has: staffPage.getByRole('cell', { name: b.name, exact: true }) });
      await expect(demandRow.getByRole('cell')).toHaveText([b.name, '0', '1']);
      expect(await seriousViolations(staffPage)).toEqual([]);
      await shot(staffPage, `admin-notify-demand-${width}`);
      await staff.close();

      // The customer's own list: the item (a link), its stock now, and "Don't email me" by keyboard.
      await page.goto(SPA_ROUTES.account);
      const row = section.getByRole('listitem').filter({ hasText: b.name });
      await expect(row.getByRole('link', { name: b.name })).toHaveAttribute('href', itemPath(b.id));
      await expect(row).toContainText('Out of stock · asked ');
      expect(await seriousViolations(page)).toEqual([]);
      await section.scrollIntoViewIfNeeded();
      await shot(page, `account-notify-${width}`);
      await row.getByRole('link', { name: b.name }).focus();
      await page.keyboard.press('Tab');
      const stop = row.getByRole('button', { name: `Don't email me about ${b.name}` });
      await expect(stop).toBeFocused();
      await page.keyboard.press('Enter');
      await expectToast(page, 'Success', `You will not be emailed about ${b.name}`);
      await expect(section.getByText('You are not waiting for any item.')).toBeVisible();

      // Asked again on the item page; back on the shelf: one e-mail naming the item, and the request is gone.
      await page.goto(itemPath(b.id));
      await page.getByRole('button', { name: "Notify me when it's back" }).click();
      await expect(page.getByText('We will email you when it is back.')).toBeVisible();
      await setStock(request, b.id, 6);
      const mail = await inbox.next(email, 15_000);
      expect(mail.text).toContain(b.name);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Add to pickup list' })).toBeVisible();
      await setStock(request, b.id, 0);
      await page.reload();
      await expect(page.getByRole('button', { name: "Notify me when it's back" })).toBeVisible();
      await setStock(request, b.id, 6);
      await expect(inbox.next(email, 3_000)).rejects.toThrow(/no e-mail/);
    },
  );
}
