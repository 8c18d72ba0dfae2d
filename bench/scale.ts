/**
 * /menu with 5,000 items and 200 tags (design §4), in Debian's Chromium on this machine, no
 * throttling: (a) navigation to the wine menu until the grid shows its first cards (budget
 * 250 ms; the server draws it, decision 0393), and until the app has read the list and taken the
 * drawn grid over (budget 250 ms), (b) a keystroke in the search box until the grid shows the filtered list (budget 20 ms;
 * 50 ms on the shop-wide search, which also searches descriptions and UPCs).
 * Both again on the menu sorted by price with "In stock only" (decision 0284: the order is made
 * once per sort, the keystroke filters it), and on the shop-wide search page (decision 0300),
 * which reads every item with its description and searches names, tags, descriptions and UPCs.
 *
 * "Shows" means painted: a MutationObserver sees the change, then the time is taken after the
 * next frame (requestAnimationFrame, then a task), the usual stand-in for "after paint". A
 * keystroke is timed from its keydown event's timeStamp, so the time the input event waited for
 * the main thread counts too.
 */
import { chromium, type Page } from '@playwright/test';
import { buildBenchDist } from './support/bench-dist';
import { startTarget } from './support/child-target';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium';
import { SCALE_ITEMS, SCALE_MENU, SCALE_TAGS } from './support/scale-catalogue';
import { formatTable, median, metric, type Metric } from './support/summary';

// Nine: one navigation swings by ±40 ms on this machine from one second to the next, and the
// median of five moved by 20-30 ms between runs of identical code.
const NAVIGATIONS = Number(process.env.SCALE_NAVIGATIONS ?? 9);
/** One key each, typed into an empty search box: each changes which items match. */
const KEYS = ['c', 'm', 'p', 's', 't', 'b', 'g', 'h', 'l', 'd', 'v'];
const BUDGET = { gridMs: 250, keystrokeMs: 20, searchKeystrokeMs: 50 };
const GRID_CARD = '.menu-grid li';
/** The menu sorted by price, in stock only. */
const SORTED = '&sort=price-asc&stock=in';
/** The shop-wide search for a letter most names hold. */
const SEARCH = '/search?q=a';

/**
 * Installed before the app's scripts: `gridShown` resolves with the time after the first card was
 * painted; `takenOver` with the time after the app has hydrated the drawn menu (or drawn it anew):
 * its render after hydration drops the drawn list's fingerprint (decision 0393).
 */
function watchFirstCards(selector: string) {
  // No named helpers in here: the page gets this function's text, and tsx names them with a helper the page lacks.
  const watch = window as unknown as { gridShown: Promise<number>; takenOver: Promise<number> };
  watch.gridShown = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  watch.takenOver = new Promise((resolve) => {
    let drawn = false;
    const observer = new MutationObserver(() => {
      const fingerprint = document.querySelector('[data-list-fingerprint]');
      if (fingerprint) drawn = true;
      if (!drawn || fingerprint || !document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-list-fingerprint'] });
  });
}

/**
 * Navigations in one tab, each with an empty HTTP cache (as a first visit to the menu) and, being
 * a page load, an empty query cache. One tab, not a fresh context per run: each new window of
 * this Chromium first loads its own UI pages (omnibox WebUI) in the background, which on two cores
 * competed with the page and is no cost of the shop's. The tab is warmed up by one visit first.
 */
async function measureNavigations(page: Page, url: string, runs: number, readsToo = false) {
  const cdp = await page.context().newCDPSession(page);
  await page.addInitScript(watchFirstCards, GRID_CARD);
  let listRequests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && request.postData()?.includes('listItems')) listRequests += 1;
  });
  await page.goto(url);
  const coldServerMs = await page.evaluate(() => (window as unknown as { gridShown: Promise<number> }).gridShown);
  await page.waitForTimeout(1000);
  const navigations: Array<{ gridMs: number; listRequests: number; readMs: number }> = [];
  for (let i = 0; i < runs; i += 1) {
    await cdp.send('Network.clearBrowserCache');
    listRequests = 0;
    await page.goto(url);
    const gridMs = await page.evaluate(() => (window as unknown as { gridShown: Promise<number> }).gridShown);
    // A menu the server drew shows its grid before the app has its list (decision 0393): the app
    // takes it over once it has read the list, and its next render drops the drawn fingerprint.
    let readMs = Number.NaN;
    if (readsToo) readMs = await page.evaluate(() => (window as unknown as { takenOver: Promise<number> }).takenOver);
    navigations.push({ gridMs, listRequests, readMs });
  }
  const count = (await page.locator('.menu-results__count').textContent()) ?? '';
  return { navigations, count, coldServerMs };
}

/**
 * Types one key into the page's search box holding `base` (empty on a menu, which then shows every
 * card; a letter on the search page, which shows none for a blank search); ms from its keydown to
 * the paint after `results` changed.
 */
async function measureKeystroke(page: Page, key: string, results = '.menu-results', base = ''): Promise<number> {
  const search = page.getByRole('main').getByRole('searchbox');
  await search.fill(base);
  await page.locator(GRID_CARD).first().waitFor();
  // Let the cleared box's deferred render and its URL write (300 ms after typing, see
  // use-menu-filters.ts) finish, so each sample times its own keystroke alone.
  await page.waitForTimeout(400);
  await page.evaluate((resultsSelector) => {
    const state = window as unknown as { keystroke: Promise<number> };
    state.keystroke = new Promise((resolve, reject) => {
      let keyAt = Number.NaN;
      document.addEventListener(
        'keydown',
        (event) => {
          keyAt = event.timeStamp;
        },
        { once: true, capture: true },
      );
      const results = document.querySelector(resultsSelector)!;
      const observer = new MutationObserver(() => {
        if (Number.isNaN(keyAt)) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - keyAt)));
      });
      observer.observe(results, { childList: true, subtree: true, characterData: true });
      setTimeout(() => reject(new Error('the grid did not change within 5 s of the keystroke')), 5000);
    });
  }, results);
  await search.press(key);
  return page.evaluate(() => (window as unknown as { keystroke: Promise<number> }).keystroke);
}

/** Measures a running shop whose catalogue is the scale one; exported for runs against a dev server. */
export async function measureScale(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const url = `${baseUrl}/menu?category=${SCALE_MENU}`;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // A returning visitor: the 21+ gate covers /menu on a first visit (decision 0185).
    await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
    const navigation = await measureNavigations(page, url, NAVIGATIONS, true);
    const keystrokes: Array<{ key: string; ms: number }> = [];
    for (const key of KEYS) keystrokes.push({ key, ms: await measureKeystroke(page, key) });
    const sortedPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await sortedPage.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
    const sorted = await measureNavigations(sortedPage, `${url}${SORTED}`, NAVIGATIONS);
    const sortedKeystrokes: Array<{ key: string; ms: number }> = [];
    for (const key of KEYS) sortedKeystrokes.push({ key, ms: await measureKeystroke(sortedPage, key) });
    const searchPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await searchPage.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
    const search = await measureNavigations(searchPage, `${baseUrl}${SEARCH}`, NAVIGATIONS);
    const searchKeystrokes: Array<{ key: string; ms: number }> = [];
    for (const key of KEYS) searchKeystrokes.push({ key, ms: await measureKeystroke(searchPage, key, '.search-page', 'a') });
    return {
      url,
      ...navigation,
      keystrokes,
      sorted: { ...sorted, keystrokes: sortedKeystrokes },
      search: { ...search, keystrokes: searchKeystrokes },
    };
  } finally {
    await browser.close();
  }
}

export async function runScale(): Promise<Metric[]> {
  const distDir = buildBenchDist();
  const seedStarted = Date.now();
  const target = await startTarget('bench/support/shop-target.ts', ['scale'], { DIST_DIR: distDir });
  const seedS = (Date.now() - seedStarted) / 1000;
  let measured: Awaited<ReturnType<typeof measureScale>>;
  try {
    measured = await measureScale(target.url);
  } finally {
    await target.stop();
  }
  const { url, navigations, count, coldServerMs, keystrokes, sorted, search } = measured;

  const gridMs = median(navigations.map((n) => n.gridMs));
  const readMs = median(navigations.map((n) => n.readMs));
  const keyMs = median(keystrokes.map((k) => k.ms));
  const sortedGridMs = median(sorted.navigations.map((n) => n.gridMs));
  const sortedKeyMs = median(sorted.keystrokes.map((k) => k.ms));
  const searchGridMs = median(search.navigations.map((n) => n.gridMs));
  const searchKeyMs = median(search.keystrokes.map((k) => k.ms));
  console.log(
    `\nScale: ${SCALE_ITEMS} items, ${SCALE_TAGS} tags (seeded and started in ${seedS.toFixed(1)} s); ${url}, 1280x800, no throttling`,
  );
  console.log(`The menu reads its items in pages of 1000: ${navigations[0]!.listRequests} listItems requests; grid shows "${count}".`);
  console.log(
    formatTable(
      ['measure', 'median', 'runs'],
      [
        ['navigation to first cards painted', `${gridMs.toFixed(0)} ms`, navigations.map((n) => n.gridMs.toFixed(0)).join(', ')],
        [
          'navigation to the list read (the app takes the drawn grid over)',
          `${readMs.toFixed(0)} ms`,
          navigations.map((n) => n.readMs.toFixed(0)).join(', '),
        ],
        ['the same, first visit after the server started (nothing cached, JIT cold)', `${coldServerMs.toFixed(0)} ms`, '1 run'],
        ['keystroke to filtered grid painted', `${keyMs.toFixed(1)} ms`, keystrokes.map((k) => `${k.key}:${k.ms.toFixed(0)}`).join(', ')],
        [
          `navigation, ${SORTED} ("${sorted.count}")`,
          `${sortedGridMs.toFixed(0)} ms`,
          sorted.navigations.map((n) => n.gridMs.toFixed(0)).join(', '),
        ],
        [`keystroke, ${SORTED}`, `${sortedKeyMs.toFixed(1)} ms`, sorted.keystrokes.map((k) => `${k.key}:${k.ms.toFixed(0)}`).join(', ')],
        [
          `navigation, ${SEARCH} ("${search.count}")`,
          `${searchGridMs.toFixed(0)} ms`,
          search.navigations.map((n) => n.gridMs.toFixed(0)).join(', '),
        ],
        [
          'keystroke, shop-wide search',
          `${searchKeyMs.toFixed(1)} ms`,
          search.keystrokes.map((k) => `${k.key}:${k.ms.toFixed(0)}`).join(', '),
        ],
      ],
    ),
  );
  return [
    metric(
      'scale',
      `/menu grid shown (${SCALE_ITEMS} items)`,
      `${gridMs.toFixed(0)} ms`,
      `<= ${BUDGET.gridMs} ms`,
      gridMs <= BUDGET.gridMs,
    ),
    metric(
      'scale',
      `/menu list read, the app takes over (${SCALE_ITEMS} items)`,
      `${readMs.toFixed(0)} ms`,
      `<= ${BUDGET.gridMs} ms`,
      readMs <= BUDGET.gridMs,
    ),
    metric(
      'scale',
      'search keystroke to filtered grid',
      `${keyMs.toFixed(1)} ms`,
      `<= ${BUDGET.keystrokeMs} ms`,
      keyMs <= BUDGET.keystrokeMs,
    ),
    metric(
      'scale',
      '/menu grid shown, sorted by price, in stock only',
      `${sortedGridMs.toFixed(0)} ms`,
      `<= ${BUDGET.gridMs} ms`,
      sortedGridMs <= BUDGET.gridMs,
    ),
    metric(
      'scale',
      'search keystroke, sorted by price, in stock only',
      `${sortedKeyMs.toFixed(1)} ms`,
      `<= ${BUDGET.keystrokeMs} ms`,
      sortedKeyMs <= BUDGET.keystrokeMs,
    ),
    metric('scale', `${SEARCH} results shown`, `${searchGridMs.toFixed(0)} ms`, `<= ${BUDGET.gridMs} ms`, searchGridMs <= BUDGET.gridMs),
    metric(
      'scale',
      'shop-wide search keystroke to results',
      `${searchKeyMs.toFixed(1)} ms`,
      `<= ${BUDGET.searchKeystrokeMs} ms`,
      searchKeyMs <= BUDGET.searchKeystrokeMs,
    ),
  ];
}
