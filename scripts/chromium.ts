/**
 * The Chromium every browser test, screenshot and benchmark drives: `CHROMIUM_PATH` when set,
 * else Playwright's own browser when `npx playwright install` has put it there, else the
 * system's (Debian's `chromium`). Playwright cannot download its browser on every machine, so
 * `npm test` installs Debian's when it finds none and runs as root (`ensureChromium`).
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { canInstallDebianPackages, installDebianPackages } from './debian-packages';

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

/**
 * Debian's build of Chromium's headless shell: the browser Playwright itself runs headless tests
 * on, the same Blink without the whole browser around it, and about a sixth less of the browser
 * suite's time on two cores (decision 0394). Lighthouse and the benchmarks keep the whole browser
 * their budgets were measured on.
 */
export const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The browser the browser tests launch: `CHROMIUM_PATH` when set, else Debian's headless shell when installed, else findChromium's. */
export function findTestChromium(lookup: Lookup = {}): string | null {
  const { env = process.env, exists = existsSync } = lookup;
  if (!env.CHROMIUM_PATH && exists(SYSTEM_HEADLESS_SHELL)) return SYSTEM_HEADLESS_SHELL;
  return findChromium(lookup);
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
 * A browser for the tests: the one found, or Debian's (with its headless shell), installed with
 * apt-get when this runs as root on a machine with none (fresh CI machines). Returns its path or
 * throws what to do.
 */
export function ensureChromium(): string {
  const found = findTestChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH || !canInstallDebianPackages()) return chromiumPath();
  installDebianPackages(['chromium', 'chromium-headless-shell', 'fonts-dejavu-core'], NONE_FOUND);
  return findTestChromium() ?? chromiumPath();
}
