import { describe, expect, it } from 'vitest';
import { findChromium, SYSTEM_CHROMIUM_PATHS } from './chromium';

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
