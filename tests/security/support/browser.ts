/**
 * Chromium (scripts/chromium.ts) driven by Playwright (as tests/e2e do), and what the browser battery reads
 * from it: the GraphQL traffic of a page, and signs that injected markup ran.
 *
 *     const browser = await launchChromium();
 *     const page = await openShopPage(browser);          // age gate already confirmed
 *     const traffic = recordGraphQL(page);               // every /graphql exchange, parsed
 *     await signInThroughForm(page, shop.url, email, TEST_PASSWORD, '/home');
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { Kind, parse } from 'graphql';
import { CHROMIUM_FLAGS, chromiumPath } from '../../../scripts/chromium';

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });

/** A fresh context (its own storage) whose visitor has passed the 21+ gate. */
export async function openShopPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  return context.newPage();
}

export async function signInThroughForm(page: Page, baseUrl: string, email: string, password: string, landing: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${baseUrl}${landing}`);
}

export interface GraphQLExchange {
  /** Root fields the request called (names, not aliases). */
  fields: string[];
  body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ errorType: string; message: string; path?: Array<string | number> | null }>;
  };
}

function rootFields(postData: string | null): string[] {
  try {
    const { query } = JSON.parse(postData ?? '') as { query: string };
    return parse(query).definitions.flatMap((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION
        ? definition.selectionSet.selections.flatMap((selection) => (selection.kind === Kind.FIELD ? [selection.name.value] : []))
        : [],
    );
  } catch {
    return [];
  }
}

/** Records every /graphql exchange of the page from now on. */
export function recordGraphQL(page: Page): GraphQLExchange[] {
  const exchanges: GraphQLExchange[] = [];
  page.on('response', async (response) => {
    const request = response.request();
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    try {
      exchanges.push({ fields: rootFields(request.postData()), body: (await response.json()) as GraphQLExchange['body'] });
    } catch {
      /* the page navigated away before the body was read */
    }
  });
  return exchanges;
}

/** Console lines Chromium writes when the CSP blocks something (markup that tried to run). */
export function recordCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Whether any injected markup ran: it sets window.__pwned (support/markup.ts). */
export const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);
