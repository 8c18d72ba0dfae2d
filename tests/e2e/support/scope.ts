/**
 * Where a browser test runs follows from what it proves (docs/testing.md, decision 0357):
 * - `BOTH_BACKENDS`: the behaviour depends on the backend (sign-in and roles, rules, stored data,
 *   uploads, mails, stock and holds, limits, error types), so it runs on the local server and on
 *   the emulated cloud;
 * - `BROWSER_ALONE`: the SPA alone decides it (layout, focus, dialogs, toasts, keyboard, widths,
 *   checks made before anything is sent, failures the test makes with `page.route`), so it runs on
 *   the local server only: the same bundle runs on both;
 * - `LOCAL_SERVER_ONLY`: a feature only the local server has (first-screen inlining, .ics routes), or
 *   a set-up the emulated cloud does not deploy (a shop without a mail server, decision 0366).
 * Every `test(...)` in tests/e2e names one of them (scripts/eslint/e2e-test-scope.js checks it).
 */
/** `npm run test:cloud` sets E2E_BACKEND=cloud: the emulated AWS backend serves the ports. */
export const CLOUD = process.env.E2E_BACKEND === 'cloud';

export const BOTH_BACKENDS = { tag: '@both-backends' };
export const BROWSER_ALONE = { tag: '@browser-alone' };
export const LOCAL_SERVER_ONLY = { tag: '@local-only' };

/** The tags playwright.config.ts leaves out on the emulated cloud. */
export const LOCAL_TAGS = /@browser-alone|@local-only/;

/**
 * The widths a test that runs at both takes: a phone's and a desktop's locally; on the cloud the
 * phone's alone, since the width changes nothing the backend sees.
 */
export const WIDTHS: readonly (390 | 1440)[] = CLOUD ? [390] : [390, 1440];
