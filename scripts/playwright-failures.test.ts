import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { playwrightFailures } from './playwright-failures';

const dir = mkdtempSync(join(tmpdir(), 'pw-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function report(suites: unknown): string {
  const path = join(dir, `${Math.random()}.json`);
  writeFileSync(path, JSON.stringify({ suites }));
  return path;
}

describe('playwrightFailures', () => {
  it('names each failed test with the spec line that failed and the first lines of its error, colour codes stripped', () => {
    const message = [
      '\u001b[2mexpect(\u001b[22mreceived).toMatchObject(expected)',
      '',
      '- Expected',
      '+ Received',
      '  Object {',
      '-   "time": "09:05",',
      '+   "time": null,',
      '  }',
      'more',
      'and more',
    ].join('\n');
    const path = report([
      {
        title: 'admin-events.spec.ts',
        file: 'admin-events.spec.ts',
        specs: [
          { title: 'passes', line: 3, tests: [{ projectName: 'admin', status: 'expected', results: [{}] }] },
          {
            title: 'an event with a time',
            line: 105,
            tests: [
              {
                projectName: 'admin',
                status: 'unexpected',
                results: [{ error: { message, location: { file: '/x/tests/e2e/admin-events.spec.ts', line: 158 } } }],
              },
            ],
          },
        ],
      },
    ]);
    const [failure, ...others] = playwrightFailures(path);
    expect(others).toEqual([]);
    const lines = failure!.split('\n');
    expect(lines[0]).toBe(
      '[admin] admin-events.spec.ts:105 an event with a time (at admin-events.spec.ts:158): expect(received).toMatchObject(expected)',
    );
    expect(lines.slice(1).map((line) => line.trim())).toEqual([
      '- Expected',
      '+ Received',
      'Object {',
      '-   "time": "09:05",',
      '+   "time": null,',
      '}',
      'more',
    ]);
  });

  it('reads a missing or broken report as no failures', () => {
    expect(playwrightFailures(join(dir, 'absent.json'))).toEqual([]);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{');
    expect(playwrightFailures(broken)).toEqual([]);
  });
});
