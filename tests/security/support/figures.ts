/**
 * The figures of a battery (the reliability and security batteries report them): how many attempts were made and how many
 * failed. An attempt is one hostile request with its checks; a failed check is recorded (not
 * thrown at once), so one run reports every failure, and the test fails at its end with the list.
 *
 *     const tally = battery('role matrix');
 *     await tally.attempt('listUsers as guest', async () => { expect(...) });
 *     // afterEach: the test fails if any attempt in it failed; global-setup prints the totals.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, expect, inject } from 'vitest';

export interface BatteryFigures {
  name: string;
  attempts: number;
  failures: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each battery writes its figures for the closing summary. */
    securityFiguresDir: string;
    /** The built SPA the browser battery serves. */
    securityDistDir: string;
  }
}

export interface Battery {
  /**
   * Runs one attempt (or `weight` of them, for one request carrying several, such as aliased
   * sign-ins); a failed check inside is recorded with the label.
   */
  attempt(label: string, check: () => unknown, weight?: number): Promise<void>;
  readonly figures: BatteryFigures;
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 3).join(' ').slice(0, 400);

export function battery(name: string): Battery {
  const figures: BatteryFigures = { name, attempts: 0, failures: [] };
  let failedInTest: string[] = [];

  afterEach(() => {
    const failed = failedInTest;
    failedInTest = [];
    expect(failed, `${failed.length} attempts failed`).toEqual([]);
  });
  afterAll(() => {
    const dir = inject('securityFiguresDir');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(figures));
    console.log(`[security] ${name}: ${figures.attempts} attempts, ${figures.failures.length} failures`);
  });

  return {
    figures,
    async attempt(label, check, weight = 1) {
      figures.attempts += weight;
      try {
        await check();
      } catch (error) {
        const line = `${label}: ${firstLine(error)}`;
        figures.failures.push(line);
        failedInTest.push(line);
      }
    },
  };
}
