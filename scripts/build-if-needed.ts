/** Builds the SPA when dist/ is missing or older than any of its sources. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'amplify/data', 'shared', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * A production build whoever calls: under vitest NODE_ENV is `test`, which Vite keeps, and React's
 * development build (65 KB more, gzipped, and other behaviour) would be what the tests then serve.
 */
export const productionBuildEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ ...env, NODE_ENV: 'production' });

export function buildIfNeeded(): void {
  const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map(newestMtime));
  if (builtAt >= changedAt) return;
  console.log(builtAt ? 'Sources changed since the last build: building the app...' : 'Building the app (first start)...');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: productionBuildEnv(process.env),
  });
}
