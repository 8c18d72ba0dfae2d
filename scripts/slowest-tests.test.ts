import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slowestTests, testTimes } from './slowest-tests';

const dir = mkdtempSync(join(tmpdir(), 'slowest-'));
const write = (name: string, report: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(report));
  return path;
};

describe('slowest tests', () => {
  const vitest = write('vitest.json', {
    testResults: [
      { name: '/repo/server/a.test.ts', assertionResults: [{ fullName: 'a fast one', title: 'fast', duration: 12 }] },
      { name: '/repo/server/b.test.ts', assertionResults: [{ fullName: 'b slow one', title: 'slow', duration: 9_000 }] },
    ],
  });
  const playwright = write('playwright-cloud.json', {
    suites: [
      {
        title: 'pickup.spec.ts',
        specs: [{ title: 'reserves', tests: [{ projectName: 'storefront', results: [{ duration: 4_000 }, { duration: 1_500 }] }] }],
        suites: [{ title: 'at 390 px', specs: [{ title: 'cancels', tests: [{ projectName: 'admin', results: [{ duration: 700 }] }] }] }],
      },
    ],
  });

  it('reads vitest and Playwright reports, nested suites and retries included', () => {
    expect(testTimes(vitest).map((time) => [time.title, time.ms])).toEqual([
      ['a.test.ts: a fast one', 12],
      ['b.test.ts: b slow one', 9_000],
    ]);
    expect(testTimes(playwright).map((time) => [time.title, time.ms])).toEqual([
      ['[storefront] pickup.spec.ts > reserves', 5_500],
      ['[admin] pickup.spec.ts > at 390 px > cancels', 700],
    ]);
  });

  it('lists the slowest first across reports, with each report total', () => {
    const lines = slowestTests([vitest, playwright, join(dir, 'missing.json')], 2);
    expect(lines[0]).toBe('The 2 slowest tests (sum of test times: vitest 9 s, playwright-cloud 6 s):');
    expect(lines.slice(1).map((line) => line.trim())).toEqual([
      '9.0 s  vitest  b.test.ts: b slow one',
      '5.5 s  playwright-cloud  [storefront] pickup.spec.ts > reserves',
    ]);
  });

  it('says nothing when there is no report', () => {
    expect(slowestTests([join(dir, 'none.json')])).toEqual([]);
  });
});
