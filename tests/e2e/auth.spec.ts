/**
 * Accounts in the browser (product §2-§8): sign-up, log in and out, the header's sign state, the
 * redirects by role, the admin route guard, and the error toasts of the login and sign-up screens.
 * Other spec files share this server, so every account here has its own e-mail; sign-ups are
 * throttled per address, so this file signs up only twice.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { MESSAGES } from '../../shared/messages';
import { passwordProblem } from '../../shared/validation/account';
import { graphql } from './support/admin-session';
import { BOTH_BACKENDS, BROWSER_ALONE } from './support/scope';

const PASSWORD = 'Gr8-Merlot-2024!';
const ADMIN_ROUTES = [
  '/admin-portal',
  '/admin-items',
  '/admin-item?id=x',
  '/admin-tags',
  '/admin-events',
  '/admin-users',
  '/admin-admins',
  '/admin-settings',
  '/admin-activity',
  '/admin-outbox',
];

let sequence = 0;
const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${(sequence += 1)}@example.com`;

interface AuthSession {
  token: string;
  userId: string;
  name: string;
  type: number;
  expiresAt: string;
}

const LIST_USERS = 'query { listUsers { items { id email } } }';

/** A customer account made through the API (the sign-up screen is tested on its own). */
async function createCustomer(request: APIRequestContext, firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const body = await graphql(
    request,
    `
      mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
        signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) {
          token
          userId
          name
          type
          expiresAt
        }
      }
    `,
    { firstName, lastName: 'Customer', email, password: PASSWORD, confirmPassword: PASSWORD },
  );
  expect(body.errors).toBeUndefined();
  return { email, session: body.data?.signUp as AuthSession };
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A toast: its title in bold, then the message. */
async function expectToast(page: Page, title: 'Error' | 'Success', message: string | RegExp) {
  const toast = page.getByRole('alert').filter({ hasText: message });
  await expect(toast).toBeVisible();
  await expect(toast.locator('strong')).toHaveText(title);
}

const sessionStorageOf = (page: Page) => page.evaluate(() => ({ ...sessionStorage }));

let customer: { email: string; session: AuthSession };

test.beforeAll(async ({ request }) => {
  customer = await createCustomer(request, 'Bea');
});

test.beforeEach(async ({ page }) => {
  // The age gate of /home is not what these tests are about.
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

test(
  'a visitor signs up, is welcomed with a pickup bag in the header, logs out and logs in again',
  BOTH_BACKENDS,
  async ({ page, request }) => {
    const email = uniqueEmail('ana');
    await page.goto('/home');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/signup$/);

    await page.getByLabel('First Name').fill('Ana');
    await page.getByLabel('Last Name').fill('Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    // A new account is a user: home, welcomed, no Admin Portal link; the header's bag (their pickup
    // list, empty) takes the greeting's place (product §2, decision 0318).
    await expect(page).toHaveURL(/\/home$/);
    await expectToast(page, 'Success', /Welcome, Ana/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Pickup list 0 bottles' })).toBeVisible();
    await expect(header.getByText('Hi, Ana')).toBeHidden();
    await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Admin Portal' })).toHaveCount(0);

    // product §3's session keys, plus the session token the server checks.
    const stored = await sessionStorageOf(page);
    const userId = JSON.parse(stored.token ?? '{}').User_ID as string;
    expect(JSON.parse(stored.token ?? '{}')).toEqual({ User_ID: userId, Name: 'Ana Tester' });
    expect(userId).toMatch(/\S/);
    expect(stored.role).toBe('1');
    expect(stored.user_id).toBe(userId);
    const sessionToken = JSON.parse(stored.session ?? '{}').token as string;
    expect(sessionToken.length).toBeGreaterThanOrEqual(22);

    // Log out: the server revokes the token, all of sessionStorage goes, ageVerified stays.
    await header.getByRole('button', { name: 'Log Out' }).click();
    await expect(header.getByRole('link', { name: 'Sign Up' })).toBeFocused();
    await expect(header.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
    expect(await sessionStorageOf(page)).toEqual({});
    expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBe('true');
    const revoked = await graphql(request, 'mutation { signOut }', {}, sessionToken);
    expect(revoked.errors?.[0]?.errorType).toBe('UnauthorizedException');

    // Log in again; Enter in the password field submits.
    await page.goto('/login');
    await fillLogin(page, email, PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expectToast(page, 'Success', /Welcome back, Ana/);
    await expect(header.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Portal' })).toHaveCount(0);
  },
);

test('an admin logs in to the admin portal and is kept there by /login and /signup', BOTH_BACKENDS, async ({ page }) => {
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin-portal$/);
  await expect(page.getByRole('heading', { name: 'Admin Portal', level: 1 })).toBeVisible();
  expect((await sessionStorageOf(page)).role).toBe('0');

  await page.goto('/home');
  await page.getByRole('banner').getByRole('link', { name: 'Admin Portal' }).click();
  await expect(page).toHaveURL(/\/admin-portal$/);

  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin-portal$/);
  }
  for (const path of ADMIN_ROUTES) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}$`));
  }
});

test('a signed-in user is sent home from /login, /signup and the admin routes', BROWSER_ALONE, async ({ page }) => {
  await logIn(page, customer.email, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  for (const path of ['/login', '/signup', '/admin-portal', '/admin-users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
  }
});

test('a signed-out visitor opening any admin route lands on /login', BROWSER_ALONE, async ({ page }) => {
  for (const path of ADMIN_ROUTES) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  }
  // Back does not return to the admin page: the redirect replaced it.
  await page.goto('/home');
  await page.goto('/admin-portal');
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
});

test('a forged role opens the admin page shell, but the server refuses the data', BOTH_BACKENDS, async ({ page, request }) => {
  await logIn(page, customer.email, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.evaluate(() => sessionStorage.setItem('role', '0'));
  await page.goto('/admin-portal');
  await expect(page).toHaveURL(/\/admin-portal$/);
  await expect(page.getByRole('heading', { name: 'Admin Portal', level: 1 })).toBeVisible();

  // The user's real session may not list users; a made-up token is no session at all.
  const stored = await sessionStorageOf(page);
  const userToken = JSON.parse(stored.session ?? '{}').token as string;
  const refused = await graphql(request, LIST_USERS, {}, userToken);
  expect(refused.errors?.[0]?.errorType).toBe('Unauthorized');
  const forged = await graphql(request, LIST_USERS, {}, 'forged-token-forged-token-forged-token');
  expect(forged.errors?.[0]?.errorType).toBe('UnauthorizedException');
  expect(forged.data ?? null).toBeNull();

  // Log Out still signs out when the server refuses the sign-out (here: a made-up token).
  await page.goto('/home');
  await page.evaluate(() =>
    sessionStorage.setItem('session', JSON.stringify({ token: 'forged-token', expiresAt: '2099-01-01T00:00:00Z' })),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();
  expect(await sessionStorageOf(page)).toEqual({});
});

test('the login screen: show/hide, Enter in the e-mail field, the logo, and its error messages', BOTH_BACKENDS, async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'password');

  // Checked in the browser: nothing is sent.
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectToast(page, 'Error', MESSAGES.allFieldsRequired);
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  // From the server.
  await fillLogin(page, uniqueEmail('nobody'), PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectToast(page, 'Error', MESSAGES.userNotFound);
  await fillLogin(page, customer.email, 'Wr0ng-Password!');
  await page.getByLabel('Email').press('Enter');
  await expectToast(page, 'Error', MESSAGES.incorrectPassword);
  await expect(password).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);

  // Enter in the e-mail field submits.
  await fillLogin(page, customer.email, PASSWORD);
  await page.getByLabel('Email').press('Enter');
  await expect(page).toHaveURL(/\/home$/);
});

test('the login screen links to sign-up, and the logo goes home', BROWSER_ALONE, async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByRole('button', { name: 'Already have an account? Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: /home/ }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test(
  'the sign-up screen: policy text, one show/hide toggle for both passwords, and its error messages',
  BOTH_BACKENDS,
  async ({ page }) => {
    await page.goto('/signup');
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm Password');
    await expect(password).toHaveAccessibleDescription(/At least 8 characters/);
    for (const [label, autocomplete] of [
      ['First Name', 'given-name'],
      ['Last Name', 'family-name'],
      ['Email', 'email'],
    ] as const) {
      await expect(page.getByLabel(label)).toHaveAttribute('autocomplete', autocomplete);
    }
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await expect(confirm).toHaveAttribute('autocomplete', 'new-password');

    const toggle = page.getByRole('button', { name: 'Show passwords' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(confirm).toHaveAttribute('type', 'text');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(confirm).toHaveAttribute('type', 'password');

    const submit = page.getByRole('button', { name: 'Sign Up', exact: true });
    await submit.click();
    await expectToast(page, 'Error', MESSAGES.allFieldsRequired);
    await expect(page.getByLabel('First Name')).toBeFocused();

    await page.getByLabel('First Name').fill('Cy');
    await page.getByLabel('Last Name').fill('Tester');
    await page.getByLabel('Email').fill(customer.email);
    await password.fill(PASSWORD);
    await confirm.fill(`${PASSWORD}x`);
    await submit.click();
    await expectToast(page, 'Error', MESSAGES.passwordsDoNotMatch);
    await expect(confirm).toBeFocused();

    const weak = 'merlot-2024';
    await password.fill(weak);
    await confirm.fill(weak);
    await submit.click();
    await expectToast(page, 'Error', passwordProblem(weak) ?? '');
    await expect(password).toBeFocused();

    // The server's own check: the e-mail is taken. Enter in a field submits too.
    await password.fill(PASSWORD);
    await confirm.fill(PASSWORD);
    await confirm.press('Enter');
    await expectToast(page, 'Error', MESSAGES.duplicateEmail);
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page).toHaveURL(/\/signup$/);
    expect(await sessionStorageOf(page)).toEqual({});
  },
);

test('the login and sign-up screens have no serious accessibility violations', BROWSER_ALONE, async ({ page }) => {
  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${path} ${violation.id}: ${violation.help}`)).toEqual([]);
  }
});
