/**
 * A shop with no mail server (decision 0366), in the browser at phone and desktop widths: a
 * customer signs up and is told to ask the shop for the link (the sign-up's welcome, the account
 * page, "Forgot password?"), never that one was sent; an admin opens the Outbox from the sidebar,
 * finds the confirmation mail with its link, and following it confirms the customer's address.
 * axe finds nothing serious on these screens.
 *
 * LOCAL_SERVER_ONLY: the emulated cloud deploys its sites with a mail server, so there is no
 * mail-less site to open; tests/cloud/outbox.test.ts proves the cloud's outbox through its API.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '../../shared/account-messages';
import { OUTBOX_CUSTOMER_MESSAGES } from '../../shared/outbox';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { expectToast, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { signUpInBrowser } from './support/customer-mail';
import { LOCAL_SERVER_ONLY, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

const PASSWORD = 'Gr8-Outbox-2031!';

async function openAdminPage(page: Page, width: number, name: string) {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  if (width < 1024) await page.getByRole('button', { name: 'Admin menu' }).click();
  await nav.getByRole('link', { name, exact: true }).click();
}

for (const width of WIDTHS) {
  test(
    `without a mail server the customer is told to ask the shop, and staff find the link in the Outbox at ${width} px`,
    LOCAL_SERVER_ONLY,
    async ({ browser }) => {
      test.setTimeout(120_000);
      const email = `${unique('outbox.')}@example.com`.toLowerCase();
      const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
      const [customer, staff] = await Promise.all(contexts.map((context) => context.newPage()));
      for (const page of [customer!, staff!]) {
        await page.setViewportSize({ width, height: 900 });
        await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
      }

      try {
        // Sign-up: the welcome says to ask the shop for the link, not that one was sent.
        await signUpInBrowser(customer!, { firstName: 'Olive', lastName: 'Outbox', email, password: PASSWORD });
        await expectToast(customer!, 'Success', OUTBOX_CUSTOMER_MESSAGES.signedUp('Olive'));
        await expect(customer!.locator('.Toastify')).not.toContainText('we sent');

        // The account page says the same, and "Make a new link" keeps another one for the shop.
        await customer!.goto(SPA_ROUTES.account);
        await expect(customer!.getByText('Not confirmed', { exact: true })).toBeVisible();
        await expect(customer!.getByText(OUTBOX_CUSTOMER_MESSAGES.confirmNote)).toBeVisible();
        await customer!.getByRole('button', { name: 'Make a new link' }).click();
        await expectToast(customer!, 'Success', OUTBOX_CUSTOMER_MESSAGES.linkKept(email));
        await customer!.getByRole('textbox', { name: 'Email' }).fill(`new.${email}`);
        await expect(customer!.getByText(OUTBOX_CUSTOMER_MESSAGES.newAddressHint)).toBeVisible();
        await customer!.getByRole('textbox', { name: 'Email' }).fill(email);
        expect(await seriousViolations(customer!)).toEqual([]);
        await screenshot(customer!, `outbox-account-${width}`, { fullPage: true });

        // "Forgot password?" in another browser: ask the shop for the link.
        await staff!.goto(SPA_ROUTES.forgotPassword);
        await expect(staff!.getByText(OUTBOX_CUSTOMER_MESSAGES.forgotLead)).toBeVisible();
        await staff!.getByLabel('Email').fill(email);
        await staff!.getByRole('button', { name: 'Send the link' }).click();
        await expect(staff!.getByRole('heading', { level: 1, name: 'Ask the shop for your link' })).toBeVisible();
        await expect(staff!.getByRole('status')).toHaveText(OUTBOX_CUSTOMER_MESSAGES.resetKept);
        expect(await seriousViolations(staff!)).toEqual([]);

        // Staff: the Outbox from the sidebar, newest first: the two confirmation links, and no reset
        // link, since the address was never confirmed (decision 0369).
        await signInAsAdmin(staff!);
        await openAdminPage(staff!, width, 'Outbox');
        await expect(staff!).toHaveURL(new RegExp(`${SPA_ROUTES.adminOutbox}$`));
        await expect(staff!.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
        await expect(staff!.getByText(/^No mail server is set, so the shop sends no e-mail/)).toBeVisible();
        const mails = staff!.getByRole('listitem').filter({ hasText: email });
        await expect(mails).toHaveCount(2);
        await expect(mails.getByRole('heading', { level: 2 })).toHaveText([
          'Confirm your email address for Patterson Wine & Liquor',
          'Confirm your email address for Patterson Wine & Liquor',
        ]);
        expect(await seriousViolations(staff!)).toEqual([]);
        await screenshot(staff!, `outbox-${width}`, { fullPage: true });

        // The Client Users page says where the links are.
        await openAdminPage(staff!, width, 'Users');
        await expect(staff!.getByText(/^This shop sends no e-mail yet: the confirmation and password links/)).toBeVisible();
        await staff!.getByRole('main').getByRole('link', { name: 'Outbox', exact: true }).click();
        await expect(staff!).toHaveURL(new RegExp(`${SPA_ROUTES.adminOutbox}$`));

        // Following the older confirmation link (the first mail's) confirms the address.
        const link = mails.nth(1).getByRole('link', { name: /\/confirm-email\?token=/ });
        await expect(link).toHaveAttribute('href', new RegExp(`^${new URL(staff!.url()).origin}${SPA_ROUTES.confirmEmail}\\?token=`));
        await link.click();
        await expect(staff!.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
        await staff!.getByRole('button', { name: 'Confirm my email address' }).click();
        await expect(staff!.getByRole('status')).toHaveText(`${ACCOUNT_MESSAGES.emailConfirmed}.`);

        await customer!.reload();
        await expect(customer!.getByText('Confirmed', { exact: true })).toBeVisible();
        await expect(customer!.getByRole('button', { name: 'Make a new link' })).toHaveCount(0);
      } finally {
        await Promise.all(contexts.map((context) => context.close()));
      }
    },
  );
}
