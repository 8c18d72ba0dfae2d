/**
 * A customer's own account in the browser (decisions 0302 to 0304), at phone and desktop widths:
 * sign up, the confirmation mail arrives (the storefront sends to an SMTP server this file starts
 * on E2E_STOREFRONT_SMTP_PORT, on either backend: tests/e2e/support/customer-mail.ts), its link
 * confirms the address, the phone is saved, the password changed, and the account deleted from a
 * dialog that keeps the focus inside it. axe finds nothing serious on any of these screens.
 */
import { expect, test } from '@playwright/test';
import { E2E_STOREFRONT_SMTP_PORT } from '../../playwright.config';
import { MESSAGES } from '../../shared/messages';
import { ACCOUNT_MESSAGES, confirmationSentMessage } from '../../shared/account-messages';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { expectToast, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS, BROWSER_ALONE, WIDTHS } from './support/scope';
import { confirmationLink, mailInbox, signUpInBrowser } from './support/customer-mail';

const PASSWORD = 'Gr8-Chablis-2031!';
const NEW_PASSWORD = 'Gr8-Sancerre-2032!';

const inbox = mailInbox(E2E_STOREFRONT_SMTP_PORT);
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

for (const width of WIDTHS) {
  test(
    `a customer confirms the address, edits the phone, changes the password and deletes the account at ${width} px`,
    BOTH_BACKENDS,
    async ({ page }) => {
      // Many steps, each a round trip: more than the default minute on a busy machine or the emulated cloud.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const email = `${unique('account.')}@example.com`.toLowerCase();

      await signUpInBrowser(page, { firstName: 'Cora', lastName: 'Customer', email, password: PASSWORD });
      const firstLink = await confirmationLink(page, inbox, email);

      // The header's Account link (customers only; on phones in the Menu), then the page: not confirmed yet.
      const header = page.getByRole('banner');
      if (width < 1024) await header.getByRole('button', { name: 'Menu' }).click();
      await header.getByRole('link', { name: 'Account' }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      await expect(page.getByText('Not confirmed', { exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // "Send the link again" sends a second link; the first still works, once.
      await page.getByRole('button', { name: 'Send the link again' }).click();
      await expectToast(page, 'Success', confirmationSentMessage(email));
      await confirmationLink(page, inbox, email);

      await page.goto(firstLink);
      await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Confirm my email address' }).click();
      await expect(page.getByRole('status')).toHaveText(`${ACCOUNT_MESSAGES.emailConfirmed}.`);
      await page.getByRole('link', { name: 'Go to your account' }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);

      // The same link again is refused.
      await page.goto(firstLink);
      await page.getByRole('button', { name: 'Confirm my email address' }).click();
      await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.confirmLinkInvalid);
      await page.goto(SPA_ROUTES.account);

      // The phone: a bad one is refused at the field, a good one saved and kept.
      const phone = page.getByLabel('Phone (optional)');
      await phone.fill('call me');
      await page.getByRole('button', { name: 'Save details' }).click();
      await expectToast(page, 'Error', /phone number/);
      await expect(phone).toBeFocused();
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await phone.fill('(845) 555-0123');
      await page.getByRole('button', { name: 'Save details' }).click();
      await expectToast(page, 'Success', ACCOUNT_MESSAGES.accountSaved);
      await page.reload();
      await expect(page.getByLabel('Phone (optional)')).toHaveValue('(845) 555-0123');

      // A new password, the current one asked; this browser stays signed in.
      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      await expectToast(page, 'Success', ACCOUNT_MESSAGES.accountPasswordChanged);
      await expect(page.getByLabel('Current password')).toHaveValue('');
      await page.reload();
      await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // Delete: a dialog asks for the password and keeps the focus inside it.
      const opener = page.getByRole('button', { name: 'Delete my account' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Your password')).toBeFocused();
      // It says what goes with the account: reservations, RSVPs and back-in-stock requests.
      await expect(dialog).toHaveAccessibleDescription(
        /Your open reservations are cancelled, your RSVPs given up and your back-in-stock requests dropped/,
      );
      expect(await seriousViolations(page)).toEqual([]);
      for (let i = 0; i < 6; i += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();

      await opener.click();
      await dialog.getByLabel('Your password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expectToast(page, 'Error', MESSAGES.incorrectPassword);
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Your password').fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expectToast(page, 'Success', ACCOUNT_MESSAGES.accountDeleted);
      await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();

      // It cannot sign in any more.
      await page.goto(SPA_ROUTES.login);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expectToast(page, 'Error', MESSAGES.userNotFound);
    },
  );
}

test('signed out, /account goes to Log in', BROWSER_ALONE, async ({ page }) => {
  await page.goto(SPA_ROUTES.account);
  await expect(page).toHaveURL(/\/login$/);
});
