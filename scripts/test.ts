/**
 * `npm test`: the typecheck and the lint first, side by side (any finding stops here), then every test. Unit
 * and API tests (vitest), a fresh build, the end-to-end tests in
 * Chromium (Playwright; scripts/chromium.ts finds one, or installs Debian's as root), then the
 * security and reliability batteries (decisions 0093 and 0100; vitest, each with its own config). Ends with one
 * summary line, `tests: N passed, N failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './chromium';
import { ensureNginx } from './nginx';
import { lint } from './lint';
import { printPlaywrightFailures } from './playwright-failures';
import { slowestTests } from './slowest-tests';

mkdirSync('.tmp', { recursive: true });
/** Each stage's time, printed at the end (docs/testing.md, "Where the time goes"). */
const stageTimes: string[] = [];
function timed<T>(stage: string, work: () => T): T {
  const started = Date.now();
  const record = () => void stageTimes.push(`  ${stage.padEnd(22)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
  let result: T;
  try {
    result = work();
  } catch (error) {
    record();
    throw error;
  }
  // A stage that returns a promise (the lint) ends when it settles.
  if (result instanceof Promise) return result.finally(record) as T;
  record();
  return result;
}
const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const VITEST_RUNS = [
  { report: 'vitest.json', args: [] as string[], env: {} },
  { report: 'vitest-security.json', args: ['--config', 'tests/security/vitest.config.ts'], env: {} },
  { report: 'vitest-reliability.json', args: ['--config', 'tests/reliability/vitest.config.ts'], env: {} },
];
for (const report of [...VITEST_RUNS.map((vitestRun) => vitestRun.report), 'playwright.json']) rmSync(`.tmp/${report}`, { force: true });

const vitest = ({ report, args, env }: (typeof VITEST_RUNS)[number]) =>
  run(['node_modules/vitest/vitest.mjs', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=.tmp/${report}`], env);

/**
 * The typecheck in a process of its own beside the lint: each is one process on one core, so on two
 * cores both take about as long as the lint alone (decision 0394). Its output goes to a file, printed
 * when it ends, so the two do not interleave.
 */
function typecheckBeside(): Promise<number> {
  const log = '.tmp/typecheck.log';
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'], {
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      process.stdout.write(readFileSync(log, 'utf8'));
      resolve(code ?? 1);
    });
  });
}
const [typecheckStatus, lintStatus] = await timed('typecheck and lint', () => {
  const typecheck = typecheckBeside();
  return lint().then(async (status) => [await typecheck, status] as const);
});
if (typecheckStatus !== 0 || lintStatus !== 0) {
  console.log('\ntests: not run: the typecheck or the lint found problems (npm run typecheck, npm run lint)');
  process.exit(1);
}
try {
  console.log(`Chromium: ${ensureChromium()}`);
  console.log(`nginx: ${ensureNginx()}`);
} catch (error) {
  console.log(`\ntests: not run: ${(error as Error).message}`);
  process.exit(1);
}

const [unitRun, securityRun, reliabilityRun] = VITEST_RUNS;
const statuses = [timed('unit and API', () => vitest(unitRun!))];
const buildStatus = timed('build', () => run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']));
statuses.push(buildStatus);
statuses.push(
  buildStatus === 0
    ? timed('browser (e2e)', () =>
        run(['node_modules/@playwright/test/cli.js', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json' }),
      )
    : 1,
);
// After the build: the browser battery serves dist/.
statuses.push(
  timed('security', () => vitest(securityRun!)),
  timed('reliability', () => vitest(reliabilityRun!)),
);

function readJson<T>(path: string): T | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return null;
  }
}
type VitestReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
const vitestReports = VITEST_RUNS.map((vitestRun) => readJson<VitestReport>(`.tmp/${vitestRun.report}`));
const unit = vitestReports.every(Boolean)
  ? vitestReports.reduce((sum, report) => ({
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
const ok = statuses.every((status) => status === 0) && unit !== null && e2e !== null && failed === 0 && skipped === 0;

console.log(`\nWhere the time went:\n${stageTimes.join('\n')}\n`);
console.log(slowestTests([...VITEST_RUNS.map((vitestRun) => `.tmp/${vitestRun.report}`), '.tmp/playwright.json']).join('\n'));
printPlaywrightFailures('.tmp/playwright.json', 'Failed browser tests');
const missing = VITEST_RUNS.filter((_, index) => !vitestReports[index]).map((vitestRun) => vitestRun.report);
console.log(
  `\nunit+api+batteries: ${unit ? `${unit.numPassedTests} passed` : `no report (${missing.join(', ')})`}; e2e: ${e2e ? `${e2e.stats.expected} passed` : 'no report'}${buildStatus ? '; build failed' : ''}`,
);
if (skipped) console.log(`${skipped} tests were skipped: CI runs every test`);
console.log(`tests: ${passed} passed, ${failed + (ok ? 0 : Math.max(0, 1 - failed))} failed`);
process.exit(ok ? 0 : 1);
