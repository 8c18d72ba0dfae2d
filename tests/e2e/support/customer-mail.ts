/**
 * Customers who confirm their address by the mailed link, in the browser tests. Each Playwright
 * project's site mails to its own loopback port (playwright.config.ts: E2E_STOREFRONT_SMTP_PORT,
 * E2E_SMTP_PORT), on the local servers and on the emulated cloud alike (tests/cloud-emulation/run.ts
 * gives each site's functions the same port and the site's origin), where a file listens with
 * tests/support/smtp-inbox.ts.
 *
 *     const inbox = mailInbox(E2E_STOREFRONT_SMTP_PORT);      // listens while the file runs
 *     await signUpInBrowser(page, { firstName: 'Pia', lastName: 'Pickup', email, password });
 *     await confirmInBrowser(page, await confirmationLink(page, inbox, email));
 */
import { request as httpRequest } from 'node:http';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { confirmLink, confirmLinkToken } from '../../support/confirmation-mail';
import { startSmtpInbox, type SmtpInbox } from '../../support/smtp-inbox';
import { graphql } from './admin-session';

export interface NewCustomer {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export type TestInbox = Pick<SmtpInbox, 'next' | 'messages'>;

/** An inbox on `port` from the file's first test to its last (registered as beforeAll/afterAll). */
export function mailInbox(port: number): TestInbox {
  let inbox: SmtpInbox | undefined;
  test.beforeAll(async () => {
    inbox = await startSmtpInbox(port);
  });
  test.afterAll(async () => {
    await inbox?.stop();
  });
  const started = () => {
    if (!inbox) throw new Error(`the inbox on port ${port} is not listening (mailInbox registers beforeAll)`);
    return inbox;
  };
  return {
    next: (to, timeoutMs) => started().next(to, timeoutMs),
    get messages() {
      return started().messages;
    },
  };
}

/** The /signup form, filled and sent: a customer lands on /home, signed in. */
export async function signUpInBrowser(page: Page, customer: NewCustomer): Promise<void> {
  await page.goto(SPA_ROUTES.signup);
  await page.getByLabel('First Name').fill(customer.firstName);
  await page.getByLabel('Last Name').fill(customer.lastName);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The link in the next confirmation mail to `email`, checked to open this site's page. */
export async function confirmationLink(page: Page, inbox: TestInbox, email: string): Promise<string> {
  const link = confirmLink(await inbox.next(email, 15_000));
  expect(new URL(link).pathname).toBe(SPA_ROUTES.confirmEmail);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  return link;
}

/** Opens the link and presses the page's button: the address is confirmed. */
export async function confirmInBrowser(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('status')).toContainText('confirmed');
}

/** Signed up through the API and confirmed with the mailed link's token: the session token. */
export async function signUpConfirmedByApi(request: APIRequestContext, inbox: TestInbox, customer: NewCustomer): Promise<string> {
  const signedUp = await graphql<{ signUp: { token: string } }>(
    request,
    `
      mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
        signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) {
          token
        }
      }
    `,
    { ...customer, confirmPassword: customer.password },
  );
  expect(signedUp.errors, JSON.stringify(signedUp.errors)).toBeUndefined();
  const confirmed = await graphql(request, 'mutation ($token: String) { confirmEmail(token: $token) }', {
    token: confirmLinkToken(await inbox.next(customer.email, 15_000)),
  });
  expect(confirmed.errors, JSON.stringify(confirmed.errors)).toBeUndefined();
  return signedUp.data!.signUp.token;
}

/**
 * A customer signed up through the API from a loopback address of the caller's (`fromAddress`, such
 * as 127.0.0.60): for specs that need customers but do not test signing up. Each address has its
 * own sign-up budget (10, then one every 6 minutes), which the specs that test signing up spend
 * from 127.0.0.1. The session token and the account's id.
 */
export async function signUpFrom(
  request: APIRequestContext,
  customer: NewCustomer,
  fromAddress: string,
): Promise<{ token: string; userId: string }> {
  const config = await request.get('/amplify_outputs.json');
  const outputs = (await config.json()) as { data: { api_key: string; url: string } };
  const body = JSON.stringify({
    query: `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
      signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { token userId } }`,
    variables: { ...customer, confirmPassword: customer.password },
  });
  const answer = await new Promise<string>((resolve, reject) => {
    // Locally the API is on the site's own origin (a relative URL); on the cloud it is AppSync's.
    const url = new URL(outputs.data.url, config.url());
    const req = httpRequest(
      url,
      {
        method: 'POST',
        localAddress: fromAddress,
        headers: { 'content-type': 'application/json', 'x-api-key': outputs.data.api_key, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  const parsed = JSON.parse(answer) as { errors?: unknown; data?: { signUp: { token: string; userId: string } } };
  expect(parsed.errors, answer).toBeUndefined();
  return parsed.data!.signUp;
}

/** A confirmed customer made with `signUpFrom`, then signed in in the browser. */
export async function confirmedCustomerSignedIn(page: Page, inbox: TestInbox, customer: NewCustomer, fromAddress: string): Promise<void> {
  await signUpFrom(page.request, customer, fromAddress);
  const confirmed = await graphql(page.request, 'mutation ($token: String) { confirmEmail(token: $token) }', {
    token: confirmLinkToken(await inbox.next(customer.email, 15_000)),
  });
  expect(confirmed.errors, JSON.stringify(confirmed.errors)).toBeUndefined();
  await page.goto(SPA_ROUTES.login);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
