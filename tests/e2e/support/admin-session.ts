/**
 * Helpers of the admin end-to-end tests (the `admin` Playwright project, its own server):
 * signing in through the /login form, reading toasts, and calling the API directly as an admin
 * to set up or check data.
 *
 *     await signInAsAdmin(page);                        // E2E_ADMIN, lands on /admin-portal
 *     await expectToast(page, 'Success', 'Tag created');
 *     const api = await adminApi(request);              // E2E_ADMIN's session token
 *     await api.call('mutation ($ids: [ID!]!) { reorderCategories(ids: $ids) { id } }', { ids });
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';

export { E2E_ADMIN };

export interface Account {
  email: string;
  password: string;
}

const SIGN_IN_LIMIT = /Too many sign-in attempts from this address\. Try again in (\d+) seconds?\./;

/**
 * Signs in through the /login form; an admin lands on /admin-portal. Past the sign-in limit (the
 * admin specs sign in often from one address) it waits as long as the toast says and tries again.
 */
export async function signInAsAdmin(page: Page, account: Account = E2E_ADMIN): Promise<void> {
  for (let attempt = 1; attempt < 4; attempt += 1) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const throttled = page.locator('.Toastify').getByText(SIGN_IN_LIMIT).first();
    await expect.poll(async () => /\/admin-portal$/.test(page.url()) || (await throttled.count()) > 0).toBe(true);
    const seconds = Number(SIGN_IN_LIMIT.exec((await throttled.count()) ? ((await throttled.textContent()) ?? '') : '')?.[1] ?? NaN);
    if (!(seconds <= 10)) break;
    await page.waitForTimeout(seconds * 1000);
  }
  await expect(page).toHaveURL(/\/admin-portal$/);
}

/**
 * `graphql` for a sign-in through the API, waiting out the sign-in limit as `signInAsAdmin` does:
 * the admin specs sign in often from one address, and a short wait (at most 10 s) is asked of
 * whichever call comes next.
 */
export async function signInPastLimit(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<GraphqlBody<{ signIn: { token: string } }>> {
  for (let attempt = 1; ; attempt += 1) {
    const body = await graphql<{ signIn: { token: string } }>(
      request,
      'mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }',
      { email, password },
    );
    const seconds = body.errors?.[0]?.errorType === 'TooManyRequests' ? (body.errors[0].errorInfo?.retryAfterSeconds ?? NaN) : NaN;
    if (!(seconds <= 10) || attempt === 4) return body;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

/**
 * A toast with its bold title (Error or Success) and the message. Only toasts count: editors
 * repeat their message in a `role="alert"` line of their own.
 */
export async function expectToast(page: Page, title: 'Error' | 'Success', message: string | RegExp): Promise<void> {
  const toast = page.locator('.Toastify').getByRole('alert').filter({ hasText: message });
  await expect(toast.first()).toBeVisible();
  await expect(toast.first().locator('strong')).toHaveText(title);
}

export interface GraphqlBody<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string; errorType?: string; errorInfo?: { retryAfterSeconds?: number } | null }[];
}

/**
 * POST to the API that /amplify_outputs.json names (the local server's /graphql, or the cloud's
 * AppSync endpoint on another origin): with a session token (Authorization), or else with the
 * public API key.
 */
export async function graphql<T = Record<string, unknown>>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  authToken?: string,
): Promise<GraphqlBody<T>> {
  const outputs = (await (await request.get('/amplify_outputs.json')).json()) as { data: { api_key: string; url: string } };
  const headers: Record<string, string> = authToken ? { Authorization: authToken } : { 'x-api-key': outputs.data.api_key };
  const response = await request.post(outputs.data.url, { headers, data: { query, variables } });
  return (await response.json()) as GraphqlBody<T>;
}

/** Signs in through the API and returns the session token (past the sign-in limit: signInPastLimit). */
export async function sessionToken(request: APIRequestContext, account: Account = E2E_ADMIN): Promise<string> {
  const body = await signInPastLimit(request, account.email, account.password);
  expect(body.errors).toBeUndefined();
  return body.data!.signIn.token;
}

/** API calls as an admin (E2E_ADMIN unless told); `call` fails the test on any error. */
export async function adminApi(request: APIRequestContext, account: Account = E2E_ADMIN) {
  const token = await sessionToken(request, account);
  return {
    token,
    raw: <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) =>
      graphql<T>(request, query, variables, token),
    call: async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
      const body = await graphql<T>(request, query, variables, token);
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      return body.data as T;
    },
  };
}

let sequence = 0;
/** A string unique to this run and call, for names and e-mails that other tests cannot collide with. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(sequence += 1)}`;
