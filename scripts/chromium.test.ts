import { describe, expect, it } from 'vitest';
import { findChromium, findTestChromium, SYSTEM_CHROMIUM_PATHS, SYSTEM_HEADLESS_SHELL } from './chromium';

const lookup = (present: string[], env: NodeJS.ProcessEnv = {}, own = '/root/.cache/ms-playwright/chromium-1/chrome') => ({
  env,
  exists: (path: string) => present.includes(path),
  playwrightPath: () => own,
});

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, and never swaps a missing one for another browser', () => {
    expect(findChromium(lookup(['/opt/chrome', '/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/chrome' }))).toBe('/opt/chrome');
    expect(findChromium(lookup(['/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/chrome' }))).toBeNull();
  });

  it("prefers Playwright's own browser when it is installed", () => {
    const own = '/root/.cache/ms-playwright/chromium-1/chrome';
    expect(findChromium(lookup([own, '/usr/bin/chromium']))).toBe(own);
  });

  it("falls back to the system's Chromium, in order", () => {
    expect(findChromium(lookup(['/usr/bin/google-chrome', '/usr/bin/chromium-browser']))).toBe('/usr/bin/chromium-browser');
    expect(findChromium(lookup(['/usr/bin/chromium'], {}, ''))).toBe(SYSTEM_CHROMIUM_PATHS[0]);
  });

  it('answers null when there is no browser at all', () => {
    expect(findChromium(lookup([]))).toBeNull();
  });
});

describe('findTestChromium', () => {
  it("takes Debian's headless shell over every other browser but CHROMIUM_PATH", () => {
    const own = '/root/.cache/ms-playwright/chromium-1/chrome';
    expect(findTestChromium(lookup([own, '/usr/bin/chromium', SYSTEM_HEADLESS_SHELL]))).toBe(SYSTEM_HEADLESS_SHELL);
    expect(findTestChromium(lookup(['/opt/chrome', SYSTEM_HEADLESS_SHELL], { CHROMIUM_PATH: '/opt/chrome' }))).toBe('/opt/chrome');
  });

  it('without the headless shell, finds what findChromium finds', () => {
    expect(findTestChromium(lookup(['/usr/bin/chromium'], {}, ''))).toBe('/usr/bin/chromium');
    expect(findTestChromium(lookup([]))).toBeNull();
  });
});
