/**
 * Before the batteries: the built SPA for the browser battery (`SECURITY_DIST_DIR`, or `dist/`
 * built when its sources changed). After them: the figures of every battery in one table.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfNeeded } from '../../scripts/build-if-needed';
import type { BatteryFigures } from './support/figures';

export default function setup(project: TestProject) {
  const figuresDir = mkdtempSync(join(tmpdir(), 'security-figures-'));
  project.provide('securityFiguresDir', figuresDir);
  if (!process.env.SECURITY_DIST_DIR) buildIfNeeded();
  const distDir = resolve(process.env.SECURITY_DIST_DIR ?? 'dist');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`no built app in ${distDir}`);
  project.provide('securityDistDir', distDir);

  return () => {
    const batteries = readdirSync(figuresDir).map((file) => JSON.parse(readFileSync(join(figuresDir, file), 'utf8')) as BatteryFigures);
    rmSync(figuresDir, { recursive: true, force: true });
    const width = Math.max(...batteries.map((figures) => figures.name.length), 7);
    console.log('\nSecurity batteries');
    for (const figures of batteries) {
      console.log(`  ${figures.name.padEnd(width)}  ${String(figures.attempts).padStart(5)} attempts  ${figures.failures.length} failures`);
      for (const failure of figures.failures) console.log(`    - ${failure}`);
    }
    const attempts = batteries.reduce((sum, figures) => sum + figures.attempts, 0);
    const failures = batteries.reduce((sum, figures) => sum + figures.failures.length, 0);
    console.log(`  ${'total'.padEnd(width)}  ${String(attempts).padStart(5)} attempts  ${failures} failures\n`);
  };
}
