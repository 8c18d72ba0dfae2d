/**
 * The Chromium every browser test, screenshot and benchmark drives: `CHROMIUM_PATH` when set,
 * else Playwright's own browser when `npx playwright install` has put it there, else the
 * system's (Debian's `chromium`). Playwright cannot download its browser on every machine, so
 * `npm test` installs Debian's when it finds none and runs as root (`ensureChromium`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Where the system's Chromium is found, first match wins. */
export const SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** No background traffic or updates that could land inside a test or a measurement. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Lookup {
  env?: NodeJS.ProcessEnv;
  exists?: (path: string) => boolean;
  playwrightPath?: () => string;
}

const playwrightChromium = () => {
  try {
    return chromium.executablePath();
  } catch {
    return '';
  }
};

/** The browser to launch, or null when there is none. A `CHROMIUM_PATH` that does not exist is not replaced by another. */
export function findChromium({ env = process.env, exists = existsSync, playwrightPath = playwrightChromium }: Lookup = {}): string | null {
  if (env.CHROMIUM_PATH) return exists(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  const own = playwrightPath();
  if (own && exists(own)) return own;
  return SYSTEM_CHROMIUM_PATHS.find((path) => exists(path)) ?? null;
}

const NONE_FOUND =
  'No Chromium found for the browser tests. Install one (as root: apt-get install chromium fonts-dejavu-core; ' +
  'or npx playwright install chromium) or set CHROMIUM_PATH to a Chromium executable.';

/** The browser's path for a launch; throws with what to do when there is none. */
export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.` : NONE_FOUND);
  return found;
}

/**
 * A browser for the tests: the one found, or Debian's, installed with apt-get when this runs as
 * root on a machine with none (fresh CI machines). Returns its path or throws what to do.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return chromiumPath();
  console.log("No Chromium found: installing Debian's (apt-get install chromium fonts-dejavu-core)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${run.status}). ${NONE_FOUND}`);
  }
  return chromiumPath();
}
