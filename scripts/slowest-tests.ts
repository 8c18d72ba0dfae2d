/**
 * The slowest tests of the runners' JSON reports in .tmp/ (vitest's and Playwright's), so a CI log
 * shows where the time went the day a slow test lands (docs/testing.md, "Where the time goes").
 * `npm test` and `npm run test:cloud` print them at their end; `tsx scripts/slowest-tests.ts
 * [report ...]` prints them for any reports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

export interface TestTime {
  /** Which run: the report's name, e.g. `playwright-cloud`. */
  run: string;
  title: string;
  ms: number;
}

interface VitestReport {
  testResults?: { name: string; assertionResults?: { fullName?: string; title: string; duration?: number | null }[] }[];
}
interface PlaywrightSuite {
  title: string;
  specs?: { title: string; tests: { projectName: string; results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** Every test of one report with its duration (a Playwright test's retries summed). */
export function testTimes(reportPath: string): TestTime[] {
  if (!existsSync(reportPath)) return [];
  let report: VitestReport & { suites?: PlaywrightSuite[] };
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8')) as VitestReport & { suites?: PlaywrightSuite[] };
  } catch {
    return [];
  }
  const run = basename(reportPath, '.json');
  const times: TestTime[] = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      times.push({ run, title: `${basename(file.name)}: ${test.fullName ?? test.title}`, ms: test.duration ?? 0 });
    }
  }
  const visit = (suite: PlaywrightSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        times.push({ run, title: `[${test.projectName}] ${[...path, spec.title].join(' > ')}`, ms });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, [suite.title]);
  return times;
}

/** The `count` slowest tests of these reports, one line each, and each report's total. */
export function slowestTests(reportPaths: string[], count = 15): string[] {
  const all = reportPaths.flatMap(testTimes);
  if (!all.length) return [];
  const totals = reportPaths
    .map((path) => ({ run: basename(path, '.json'), ms: testTimes(path).reduce((sum, time) => sum + time.ms, 0) }))
    .filter((total) => total.ms > 0)
    .map((total) => `${total.run} ${(total.ms / 1000).toFixed(0)} s`);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  return [
    `The ${Math.min(count, all.length)} slowest tests (sum of test times: ${totals.join(', ')}):`,
    ...all
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count)
      .map((time) => `${seconds(time.ms)}  ${time.run}  ${time.title.length > 150 ? `${time.title.slice(0, 147)}...` : time.title}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const reports = process.argv.slice(2);
  console.log(slowestTests(reports.length ? reports : ['.tmp/vitest.json', '.tmp/playwright.json']).join('\n'));
}
