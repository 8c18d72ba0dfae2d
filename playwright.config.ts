/**
 * End-to-end tests in Chromium (scripts/chromium.ts: Playwright's own, or Debian's) against
 * real servers on loopback ports, each seeded with the demo catalogue in a fresh data directory.
 *
 * Four projects, four servers: `storefront` (public pages and accounts) sees the demo catalogue as
 * seeded; the admin tests (tests/e2e/admin-*.spec.ts) change the catalogue on servers of their own,
 * so neither can disturb what the other expects: `catalogue` (items, imports, the till, tags,
 * photos, prices and Google's feeds) and `admin` (the rest of the portal: orders, events, accounts,
 * banners, staff), split so that no chain of tests run one after another holds up the run
 * (decision 0394). They mail loopback SMTP inboxes; `outbox` (tests/e2e/outbox-*.spec.ts) is a
 * shop with no mail server, whose mails are kept in its outbox (decision 0366), and no demo
 * catalogue.
 *
 * E2E_BACKEND=cloud (set by `npm run test:cloud`): the same ports are served by the emulated AWS
 * backend (tests/cloud-emulation/run.ts starts it), so no local server is started, and only the tests
 * whose behaviour depends on the backend run (`BOTH_BACKENDS`, tests/e2e/support/scope.ts and
 * docs/testing.md), at the phone width.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, findTestChromium } from './scripts/chromium';
import { CLOUD, LOCAL_TAGS } from './tests/e2e/support/scope';

const STOREFRONT_PORT = Number(process.env.E2E_PORT ?? 3199);
const ADMIN_PORT = STOREFRONT_PORT - 1;
/** The shop without a mail server (no SMTP_*): its e-mails are kept in DATA_DIR/outbox. */
const OUTBOX_PORT = STOREFRONT_PORT - 2;
/** The catalogue's admin tests, on a server of their own (tests/cloud-emulation/run.ts serves it there too). */
export const CATALOGUE_PORT = STOREFRONT_PORT - 3;
/**
 * The admin tests of the catalogue: none listens for a mail (those mail the admin server's inbox,
 * E2E_SMTP_PORT), so the catalogue's server mails a port nobody listens on.
 */
const CATALOGUE_SPECS = /admin-(items|csv|tags|till-[a-z]+|bulk|photos|sale|price-ranges|google-feeds|item-facts)\.spec\.ts/;
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'E2e-Admin-Passw0rd!' };
/** Where the admin server sends password reset e-mails: admin-password-reset.spec.ts listens there while it runs. */
export const E2E_SMTP_PORT = ADMIN_PORT + 1000;
/** Where the storefront server sends e-mail confirmation links: account.spec.ts listens there while it runs. */
export const E2E_STOREFRONT_SMTP_PORT = STOREFRONT_PORT + 1000;

// The port is part of the data directory, so runs on other ports (E2E_PORT) never share one.
const server = (port: number, name: string, env: Record<string, string> = {}) => ({
  command: `rm -rf .tmp/e2e-${name}-${port} && node --import tsx server/main.ts`,
  url: `http://127.0.0.1:${port}/home`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: `.tmp/e2e-${name}-${port}`,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ...env,
  },
});
const smtpEnv = (port: number) => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(port),
  SMTP_SECURE: 'false',
  SMTP_FROM: 'Shop <shop@example.com>',
});

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/e2e-results',
  fullyParallel: false,
  // The projects run side by side, each on its own server; within a project one test at a time,
  // since admin tests change the catalogue and storefront tests read it as seeded.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  grepInvert: CLOUD ? LOCAL_TAGS : undefined,
  timeout: 60_000,
  // An expectation waits for what it expects (a toast, a row, a mail's effect) up to 15 s: a
  // loaded machine answers late, and a passing check returns as soon as it holds (decision 0357).
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      // npm test has made sure there is one (ensureChromium); else Playwright says what is missing.
      executablePath: findTestChromium() ?? undefined,
      args: CHROMIUM_FLAGS,
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'storefront', testIgnore: /(admin|outbox)-.*\.spec\.ts/, workers: 1, use: { baseURL: `http://127.0.0.1:${STOREFRONT_PORT}` } },
    {
      name: 'admin',
      testMatch: /admin-.*\.spec\.ts/,
      testIgnore: CATALOGUE_SPECS,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${ADMIN_PORT}` },
    },
    { name: 'catalogue', testMatch: CATALOGUE_SPECS, workers: 1, use: { baseURL: `http://127.0.0.1:${CATALOGUE_PORT}` } },
    // Not on the emulated cloud, whose sites both have a mail server (tests/cloud/outbox.test.ts proves the cloud's outbox).
    ...(CLOUD
      ? []
      : [{ name: 'outbox', testMatch: /outbox-.*\.spec\.ts/, workers: 1, use: { baseURL: `http://127.0.0.1:${OUTBOX_PORT}` } }]),
  ],
  webServer: CLOUD
    ? []
    : [
        server(STOREFRONT_PORT, 'storefront', smtpEnv(E2E_STOREFRONT_SMTP_PORT)),
        server(ADMIN_PORT, 'admin', smtpEnv(E2E_SMTP_PORT)),
        server(CATALOGUE_PORT, 'catalogue', smtpEnv(CATALOGUE_PORT + 1000)),
        server(OUTBOX_PORT, 'outbox', { SEED_DEMO: 'false', SMTP_HOST: '' }),
      ],
});
