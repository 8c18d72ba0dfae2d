/**
 * Screenshots for people to look at, at the widths a test takes (`WIDTHS`: a phone's and a
 * desktop's; the phone's alone on the cloud), into the test's output folder as `<name>-<width>.png`;
 * `atEachWidth` brings a part into view at each width. Taken when `E2E_SCREENSHOTS` is set
 * (docs/testing.md): a run that keeps no pictures, as CI's, does not wait for them (decision 0394).
 * Either way the viewport is Playwright's default after, so a test goes on the same with or without.
 */
import { test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { WIDTHS } from './scope';

const TAKEN = Boolean(process.env.E2E_SCREENSHOTS);

export async function screenshotsAtWidths(page: Page, name: string, testInfo: TestInfo, atEachWidth?: () => Promise<void>): Promise<void> {
  for (const width of TAKEN ? WIDTHS : []) {
    await page.setViewportSize({ width, height: 900 });
    // The admin sidebar slides away when the width falls under its breakpoint.
    await page.waitForTimeout(600);
    // What to bring into view once the page has its width (a part of a long dialog).
    await atEachWidth?.();
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * One picture for people to look at, of the page or of a part of it (a dialog, an entry), into the
 * test's output folder as `<name>.png`, when `E2E_SCREENSHOTS` is set. Animations are shown ended
 * (a toast in place, not sliding in).
 */
export async function screenshot(target: Page | Locator, name: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<void> {
  if (!TAKEN) return;
  const path = test.info().outputPath(`${name}.png`);
  await ('goto' in target
    ? target.screenshot({ path, fullPage, animations: 'disabled' })
    : target.screenshot({ path, animations: 'disabled' }));
}
