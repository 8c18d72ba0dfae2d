/**
 * Password resets in the browser (decision 0258): an admin's Password link on /admin-admins (and
 * /admin-users), copied and opened by the account's owner, sets a new password once; "Forgot
 * password?" on /login e-mails a link (the admin site sends to an SMTP server this file starts on
 * E2E_SMTP_PORT, on either backend: decision 0340) that does the same.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../playwright.config';
import { MESSAGES } from '../../shared/messages';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { passwordProblem } from '../../shared/validation/account';
import { startSmtpInbox } from '../support/smtp-inbox';
import { adminApi, expectToast, graphql, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS, BROWSER_ALONE } from './support/scope';

const PASSWORD = 'Gr8-Riesling-2031!';
const NEW_PASSWORD = 'Gr8-Barolo-2032!';

/** A new admin account made through the API (Create Admin is tested on its own). */
async function newAdmin(page: Page) {
  const tag = unique('');
  const account = { firstName: 'Reset', lastName: `Probe${tag}`, email: `reset.${tag}@example.com`.toLowerCase() };
  const api = await adminApi(page.request);
  await api.call(
    `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
      createAdmin(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { id } }`,
    { ...account, password: PASSWORD, confirmPassword: PASSWORD },
  );
  return { ...account, name: `${account.firstName} ${account.lastName}` };
}

/** The owner of the account, in a browser of their own: sets `password` with the link and lands on /login. */
async function setPasswordWith(browser: Browser, link: string, password: string): Promise<Page> {
  // A browser of their own: axe needs a page of a context made with newContext().
  const owner = await (await browser.newContext()).newPage();
  await owner.goto(link);
  await expect(owner.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);

  await owner.getByLabel('Password', { exact: true }).fill('short');
  await owner.getByLabel('Confirm Password').fill('short');
  await owner.getByRole('button', { name: 'Set password' }).click();
  await expectToast(owner, 'Error', passwordProblem('short')!);
  await expect(owner.getByLabel('Password', { exact: true })).toBeFocused();

  await owner.getByLabel('Password', { exact: true }).fill(password);
  await owner.getByLabel('Confirm Password').fill(password);
  await owner.getByRole('button', { name: 'Set password' }).click();
  await expectToast(owner, 'Success', MESSAGES.passwordChanged);
  await expect(owner).toHaveURL(/\/login$/);
  return owner;
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('an admin hands over a Password link; it sets a new password once', BOTH_BACKENDS, async ({ page, browser, context }) => {
  const account = await newAdmin(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsAdmin(page);
  await page.goto(SPA_ROUTES.adminAdmins);
  await page.getByPlaceholder('Search...').fill(account.email);
  const opener = page.getByRole('button', { name: `Password link for ${account.name}` });
  await opener.click();

  const dialog = page.getByRole('dialog', { name: `Password link for ${account.name}` });
  await expect(dialog).toContainText(`Give this link to ${account.name} (${account.email})`);
  const link = await dialog.getByLabel('Link').inputValue();
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  expect(new URL(link).pathname).toBe(SPA_ROUTES.resetPassword);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/^Copied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  const owner = await setPasswordWith(browser, link, NEW_PASSWORD);
  await logIn(owner, account.email, NEW_PASSWORD);
  await expect(owner).toHaveURL(/\/admin-portal$/);
  await owner.context().close();

  // Used once: the same link again is refused, and the password stays the new one.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await again.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await again.getByLabel('Confirm Password').fill(PASSWORD);
  await again.getByRole('button', { name: 'Set password' }).click();
  await expectToast(again, 'Error', MESSAGES.resetLinkInvalid);
  await expect(again).toHaveURL(/\/reset-password\?token=/);
  await again.context().close();
});

test('Client Users rows have a Password link too', BOTH_BACKENDS, async ({ page }) => {
  const tag = unique('');
  const customer = { firstName: 'Linda', lastName: `Customer${tag}`, email: `linda.${tag}@example.com`.toLowerCase() };
  const signedUp = await graphql(
    page.request,
    `
      mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
        signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) {
          userId
        }
      }
    `,
    { ...customer, password: PASSWORD, confirmPassword: PASSWORD },
  );
  expect(signedUp.errors).toBeUndefined();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await page.goto(SPA_ROUTES.adminUsers);
  await page.getByPlaceholder('Search...').fill(customer.email);
  await page.getByRole('button', { name: `Password link for ${customer.firstName} ${customer.lastName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Link')).toHaveValue(/\/reset-password\?token=[\w-]{20,}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
});

test('"Forgot password?" e-mails a link that sets a new password', BOTH_BACKENDS, async ({ page, browser }) => {
  const inbox = await startSmtpInbox(E2E_SMTP_PORT);
  try {
    const account = await newAdmin(page);
    await page.goto(SPA_ROUTES.login);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Send the link' }).click();
    await expectToast(page, 'Error', MESSAGES.allFieldsRequired);
    await page.getByLabel('Email').fill(account.email.toUpperCase());
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toHaveText(MESSAGES.resetRequested);

    const mail = await inbox.next(account.email);
    // The mail greets nobody by name: a name is text a stranger may have chosen (decision 0266).
    expect(mail.text.startsWith('Hello,')).toBe(true);
    expect(mail.text).not.toContain(account.name);
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);
    const owner = await setPasswordWith(browser, link, NEW_PASSWORD);
    await logIn(owner, account.email, PASSWORD);
    await expectToast(owner, 'Error', MESSAGES.incorrectPassword);
    await logIn(owner, account.email, NEW_PASSWORD);
    await expect(owner).toHaveURL(/\/admin-portal$/);
    await owner.context().close();

    // An address without an account reads the same, and no e-mail goes out.
    await page.goto(SPA_ROUTES.forgotPassword);
    await page.getByLabel('Email').fill(`nobody.${unique('')}@example.com`);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toHaveText(MESSAGES.resetRequested);
    expect(inbox.messages).toHaveLength(1);
  } finally {
    await inbox.stop();
  }
});

test('a reset page opened without its token offers a new link', BROWSER_ALONE, async ({ page }) => {
  await page.goto(SPA_ROUTES.resetPassword);
  await expect(page.getByText('This link is incomplete.')).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
