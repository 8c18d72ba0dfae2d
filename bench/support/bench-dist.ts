/**
 * The browser parts measure a build of their own in `.tmp/bench-dist` (not `dist/`, which
 * `npm start` and the tests own), made fresh on every run so the figures are of the sources as
 * they are now. Vite builds the SPA in a few seconds.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export const BENCH_DIST_DIR = resolve('.tmp/bench-dist');

let built = false;

export function buildBenchDist(): string {
  if (!built) {
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', BENCH_DIST_DIR, '--emptyOutDir', '--logLevel', 'error'],
      { stdio: 'inherit' },
    );
    built = true;
  }
  return BENCH_DIST_DIR;
}
