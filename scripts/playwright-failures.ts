/**
 * The failed tests of a Playwright JSON report, one line each with the first line of its error.
 * `npm test` and `npm run test:cloud` print them last, because a CI log is often read from its
 * tail, where later suites' output would otherwise bury Playwright's own failure report.
 */
import { readFileSync } from 'node:fs';

interface ReportSuite {
  title: string;
  file?: string;
  specs?: { title: string; line?: number; tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[] }[];
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
        const error = test.results.map((result) => result.error?.message).find(Boolean) ?? '';
        const firstLine =
          error
            // eslint-disable-next-line no-control-regex -- strips the reporter's colour codes
            .replace(/\u001b\[[0-9;]*m/g, '')
            .split('\n')
            .find((line) => line.trim()) ?? '';
        failures.push(`[${test.projectName}] ${file}:${spec.line ?? '?'} ${[...path, spec.title].join(' › ')}: ${firstLine.trim()}`);
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
