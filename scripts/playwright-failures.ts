/**
 * The failed tests of a Playwright JSON report, each with the first lines of its error and the line
 * of the spec that failed (a one-line summary could not tell which of a test's expectations failed).
 * `npm test` and `npm run test:cloud` print them last, because a CI log is often read from its
 * tail, where later suites' output would otherwise bury Playwright's own failure report.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** Lines of each error printed: enough for the expected and received values. */
const ERROR_LINES = 8;

interface ReportSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    line?: number;
    tests: {
      projectName: string;
      status: string;
      results: { error?: { message?: string; location?: { file: string; line: number } } }[];
    }[];
  }[];
  suites?: ReportSuite[];
}

export function playwrightFailures(reportPath: string): string[] {
  let report: { suites?: ReportSuite[] };
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8')) as { suites?: ReportSuite[] };
  } catch {
    return [];
  }
  const failures: string[] = [];
  const visit = (suite: ReportSuite, path: string[], file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.map((result) => result.error).find((found) => found?.message);
        const lines = (error?.message ?? '')
          // eslint-disable-next-line no-control-regex -- strips the reporter's colour codes
          .replace(/\u001b\[[0-9;]*m/g, '')
          .split('\n')
          .filter((line) => line.trim())
          .slice(0, ERROR_LINES);
        const at = error?.location ? ` (at ${basename(error.location.file)}:${error.location.line})` : '';
        const [first = '', ...rest] = lines;
        failures.push(
          [
            `[${test.projectName}] ${file}:${spec.line ?? '?'} ${[...path, spec.title].join(' › ')}${at}: ${first.trim()}`,
            ...rest.map((line) => `      ${line}`),
          ].join('\n'),
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title], file);
  };
  for (const suite of report.suites ?? []) visit(suite, [], suite.file ?? suite.title);
  return failures;
}

/** Prints the failures, if any, under a heading. */
export function printPlaywrightFailures(reportPath: string, heading: string): void {
  const failures = playwrightFailures(reportPath);
  if (failures.length === 0) return;
  console.log(`\n${heading} (${failures.length}):`);
  for (const failure of failures) console.log(`  ✘ ${failure}`);
}
