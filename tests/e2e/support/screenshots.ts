/**
 * Screenshots for people to look at, at the widths a test takes (`WIDTHS`: a phone's and a
 * desktop's; the phone's alone on the cloud), into the test's output folder as `<name>-<width>.png`;
 * `atEachWidth` brings a part into view at each width; the viewport goes back to Playwright's
 * default after.
 */
import type { Page, TestInfo } from '@playwright/test';
import { WIDTHS } from './scope';

export async function screenshotsAtWidths(page: Page, name: string, testInfo: TestInfo, atEachWidth?: () => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The admin sidebar slides away when the width falls under its breakpoint.
    await page.waitForTimeout(600);
    // What to bring into view once the page has its width (a part of a long dialog).
    await atEachWidth?.();
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
