/**
 * Add to calendar on /events (decision 0212), in a real Chromium at phone and desktop widths: the
 * .ics download opens in a real iCalendar parser (ical.js) with the event at the right New York
 * time, the Google Calendar link carries the right dates, the feed link gives the upcoming
 * events, and the page stays accessible. Screenshots: .tmp/screens/event-calendar-<width>.png.
 *
 * The local server serves the files (`LOCAL_SERVER_ONLY`); the AWS build has no such routes, so the page
 * builds the same file in the browser: the second test shows that path, here by serving the page
 * without its embedded client config (as static hosting does), and on the cloud run as it is.
 */
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS, CLOUD, LOCAL_SERVER_ONLY, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

const FIRST_EVENT = 'Finger Lakes Riesling Tasting';

function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return { root, events: root.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)) };
}

async function openEvents(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  await page.goto('/events');
  await expect(page.locator('.event-list > li')).toHaveCount(4);
}

/** The first event's entry, its date (YYYY-MM-DD, from the page) and its calendar controls. */
async function firstEvent(page: Page) {
  const entry = page.locator('.event-list > li').first();
  await expect(entry.getByRole('heading', { level: 2 })).toHaveText(FIRST_EVENT);
  const date = (await entry.locator('time.event__date').getAttribute('datetime'))!;
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const group = entry.getByRole('group', { name: `Add to calendar: ${FIRST_EVENT}` });
  return {
    entry,
    date,
    download: group.getByRole('link', { name: `Download .ics file for ${FIRST_EVENT}` }),
    google: group.getByRole('link', { name: `Google Calendar: add ${FIRST_EVENT} (opens in a new tab)` }),
  };
}

/** Presses Tab from the event's heading until `target` has the focus: it is in the keyboard's path. */
async function tabTo(page: Page, from: Locator, target: Locator) {
  await from.click();
  for (let presses = 0; presses < 8; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('the control cannot be reached with Tab');
}

/** The first event as its file must hold it: a 15:00 tasting, two hours, in New York time. */
function expectFirstEventFile(text: string, date: string) {
  const { events } = parse(text);
  expect(events).toHaveLength(1);
  const event = events[0]!;
  expect(event.summary).toBe(FIRST_EVENT);
  expect(event.uid).toMatch(/^event-[A-Za-z0-9_-]+@pattersonwine\.example$/);
  expect(event.startDate.zone?.tzid).toBe('America/New_York');
  expect(event.startDate.toString()).toBe(`${date}T15:00:00`);
  expect(event.endDate.toString()).toBe(`${date}T17:00:00`);
  // 15:00 in New York is 19:00 UTC in summer (EDT) and 20:00 UTC in winter (EST).
  const utcHour = event.startDate.toJSDate().getUTCHours();
  expect(utcHour).toBe(
    new Date(`${date}T12:00:00Z`).toLocaleString('en-US', { timeZone: 'America/New_York', timeZoneName: 'short' }).endsWith('EDT')
      ? 19
      : 20,
  );
  expect(event.location).toBe('Patterson Wine & Liquor, 3140 Route 22, Patterson, NY 12563');
  expect(event.description).toContain('Rieslings');
  return event;
}

function expectGoogleLink(href: string | null, date: string) {
  const url = new URL(href!);
  expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
  expect(url.searchParams.get('action')).toBe('TEMPLATE');
  expect(url.searchParams.get('text')).toBe(FIRST_EVENT);
  const compact = date.replaceAll('-', '');
  expect(url.searchParams.get('dates')).toBe(`${compact}T150000/${compact}T170000`);
  expect(url.searchParams.get('ctz')).toBe('America/New_York');
  expect(url.searchParams.get('location')).toBe('Patterson Wine & Liquor, 3140 Route 22, Patterson, NY 12563');
}

test.describe('add to calendar', () => {
  for (const width of WIDTHS) {
    test(`the server's .ics download, the Google link and the feed at ${width} px`, LOCAL_SERVER_ONLY, async ({ page }) => {
      await openEvents(page, width);
      const { entry, date, download, google } = await firstEvent(page);

      // The feed: beside the heading, the upcoming events (the four seeded ones).
      const feed = page.getByRole('link', { name: 'Subscribe (iCal feed)' });
      await expect(feed).toHaveAttribute('href', '/events.ics');
      const feedResponse = await page.request.get('/events.ics');
      expect(feedResponse.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(parse(await feedResponse.text()).events.map((event) => event.summary)).toEqual([
        FIRST_EVENT,
        'Bourbon & Rye Night',
        'Saturday Evening Rosé Pop-Up',
        'Customer Appreciation Weekend',
      ]);

      // The download, from the keyboard: Tab to it, Enter.
      await expect(download).toHaveAttribute('href', /^\/events\/[A-Za-z0-9_-]+\.ics$/);
      await tabTo(page, entry.getByRole('heading', { level: 2 }), download);
      const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(file.suggestedFilename()).toBe('finger-lakes-riesling-tasting.ics');
      expect(file.url()).toMatch(/\/events\/[A-Za-z0-9_-]+\.ics$/);
      const parsed = expectFirstEventFile(await readFile(await file.path(), 'utf8'), date);
      expect(parsed.component.getFirstPropertyValue('url')).toBe(new URL('/events', page.url()).href);

      // Google Calendar: a new tab, the page not exposed to it, the dates right.
      await tabTo(page, entry.getByRole('heading', { level: 2 }), google);
      await expect(google).toHaveAttribute('target', '_blank');
      await expect(google).toHaveAttribute('rel', /\bnoopener\b/);
      expectGoogleLink(await google.getAttribute('href'), date);

      // Laid out within the window, and seen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const controls = await entry
        .locator('.add-to-calendar__action')
        .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
      for (const height of controls) expect(height).toBeGreaterThanOrEqual(44);
      await page.mouse.click(1, 1);
      await screenshot(page, `event-calendar-${width}`, { fullPage: true });
      await screenshot(entry, `event-calendar-entry-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test(
    'where no server serves .ics files (the AWS build), the page builds the same file in the browser',
    BOTH_BACKENDS,
    async ({ page }) => {
      // Locally, serve /events as static hosting does: without the client config the local server
      // embeds. The cloud run's page is static hosting's own.
      if (!CLOUD) {
        await page.route(/\/events$/, async (route) => {
          if (route.request().resourceType() !== 'document') return route.fallback();
          const response = await route.fetch();
          const body = (await response.text()).replace(/<script id="amplify-outputs"[^>]*>[\s\S]*?<\/script>/, '');
          await route.fulfill({ response, body });
        });
      }
      const asked: string[] = [];
      await page.route(/\/events(\/[^/]*)?\.ics$/, (route) => {
        asked.push(route.request().url());
        return route.abort();
      });
      await openEvents(page, 390);
      const { date, download, google } = await firstEvent(page);
      await expect(page.getByRole('link', { name: 'Subscribe (iCal feed)' })).toHaveCount(0);
      expectGoogleLink(await google.getAttribute('href'), date);

      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe('finger-lakes-riesling-tasting.ics');
      expect(file.url()).toMatch(/^blob:/);
      expect(asked).toEqual([]);
      const text = await readFile(await file.path(), 'utf8');
      const built = expectFirstEventFile(text, date);
      expect(built.sequence).toBeGreaterThanOrEqual(0);
      expect(built.component.getFirstPropertyValue('last-modified')).not.toBeNull();
      if (!CLOUD) {
        // The same bytes as the server's own file: one builder, the same record, the same UID.
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        const href = (await download.getAttribute('href'))!;
        expect(text).toBe(await (await page.request.get(href)).text());
      }
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});
