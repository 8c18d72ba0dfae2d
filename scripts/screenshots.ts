/**
 * `npx tsx scripts/screenshots.ts [baseUrl] [path...]`: full-page screenshots of a running shop at
 * phone (390 px) and desktop (1440 px) widths in Chromium (scripts/chromium.ts), into .tmp/screenshots/, for a
 * person to look at. Waits for the network to settle, so images are in.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium';

const [baseUrl = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
const routes = paths.length ? paths : ['/home'];
mkdirSync('.tmp/screenshots', { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
for (const width of [390, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 900 } });
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  for (const route of routes) {
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
    const file = `.tmp/screenshots/${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
