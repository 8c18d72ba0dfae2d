/**
 * `npm test`: every test. Unit and API tests (vitest), timing measurements alone, then a fresh
 * build and the end-to-end tests in Chromium (Playwright). Ends with one summary line,
 * `tests: N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

for (const report of ['vitest.json', 'vitest-timing.json', 'playwright.json']) rmSync(`.tmp/${report}`, { force: true });

const vitest = (report: string, env: NodeJS.ProcessEnv = {}) =>
  run(['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=.tmp/${report}`], env);
const unitStatus = vitest('vitest.json');
// Alone, so that no other test's load skews the medians they compare.
const timingStatus = vitest('vitest-timing.json', { TIMING_TESTS: '1' });
const buildStatus = run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
const e2eStatus = buildStatus === 0
  ? run(['node_modules/@playwright/test/cli.js', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json' })
  : 1;

function readJson<T>(path: string): T | null {
  try { return JSON.parse(readFileSync(path, 'utf8')) as T; } catch { return null; }
}
type VitestReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
const unitReports = [readJson<VitestReport>('.tmp/vitest.json'), readJson<VitestReport>('.tmp/vitest-timing.json')];
const unit = unitReports.every(Boolean)
  ? unitReports.reduce((sum, report) => ({
    numPassedTests: sum!.numPassedTests + report!.numPassedTests,
    numFailedTests: sum!.numFailedTests + report!.numFailedTests,
    numPendingTests: sum!.numPendingTests + report!.numPendingTests,
    numTodoTests: sum!.numTodoTests + report!.numTodoTests,
  }))
  : null;
const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>('.tmp/playwright.json');
const passed = (unit?.numPassedTests ?? 0) + (e2e ? e2e.stats.expected + e2e.stats.flaky : 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats.unexpected ?? 0);
const skipped = (unit ? unit.numPendingTests + unit.numTodoTests : 0) + (e2e?.stats.skipped ?? 0);
const ok = unitStatus === 0 && timingStatus === 0 && buildStatus === 0 && e2eStatus === 0 && unit !== null && e2e !== null && failed === 0 && skipped === 0;

console.log(`\nunit+api: ${unit ? `${unit.numPassedTests} passed` : 'no report'}; e2e: ${e2e ? `${e2e.stats.expected} passed` : 'no report'}${buildStatus ? '; build failed' : ''}`);
if (skipped) console.log(`${skipped} tests were skipped: CI runs every test`);
console.log(`tests: ${passed} passed, ${failed + (ok ? 0 : Math.max(0, 1 - failed))} failed`);
process.exit(ok ? 0 : 1);
