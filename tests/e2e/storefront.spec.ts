/**
 * The public storefront (product §2) in a real Chromium against the freshly seeded demo catalogue
 * (demo/demo-catalogue.ts): age gate, banner carousel, promoted window, menu filters,
 * item page, events, about, footer, and an accessibility check of every public page.
 * These tests only read: the server and its data are shared with the other spec files.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { shop, shopAddressLine } from '../../shared/shop';
import { buildDemoCatalogue } from '../../demo/demo-catalogue';
import { BOTH_BACKENDS, BROWSER_ALONE } from './support/scope';
import { promotedCards } from './support/home-page';

const TITLE_SUFFIX = ' | Patterson Wine & Liquor';

/** Every test but the age gate's own starts as a visitor who has confirmed their age. */
async function asVerifiedVisitor(page: Page) {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** The local calendar day `days` from now, in the parts the events page shows. */
function dayParts(days: number) {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return {
    weekday: day.toLocaleDateString('en-US', { weekday: 'short' }),
    day: String(day.getDate()),
    monthYear: day.toLocaleDateString('en-US', { month: 'short', year: 'numeric' }),
  };
}

// ---------------------------------------------------------------------------------------------
// Age gate

test.describe('age gate', () => {
  // Every other public page on a first visit, at phone and desktop widths: gate-and-filters.spec.ts.
  test('covers home until confirmed, traps focus, and never shows again', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/home');
    const gate = page.getByRole('dialog');
    await expect(gate).toBeVisible();
    await expect(gate).toHaveAttribute('aria-modal', 'true');
    await expect(gate).toContainText('You must be 21 years or older to enter this site');
    const confirm = gate.getByRole('button', { name: 'I am 21+' });
    await expect(confirm).toBeFocused();

    // The page behind is inert, and focus cannot leave the dialog.
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    // Escape does not dismiss it, and a click on the page behind does nothing.
    await page.keyboard.press('Escape');
    await expect(gate).toBeVisible();
    await page.locator('.site-nav__link', { hasText: 'Liquor' }).click({ force: true });
    await expect(page).toHaveURL(/\/home$/);
    await expect(gate).toBeVisible();
    await expectNoSeriousViolations(page);

    await confirm.click();
    await expect(gate).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
    expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBe('true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/events$/);

    await page.goto('/home');
    await page.reload();
    await expect(promotedCards(page)).toHaveCount(3);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Home: banner carousel, promoted window, map

test.describe('home', () => {
  test.beforeEach(async ({ page }) => {
    await asVerifiedVisitor(page);
  });

  test('the banner carousel shows the banners in order with dots, arrows and play/pause', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: 'Shop news' });
    const slides = carousel.locator('.banner-carousel__slide');
    await expect(slides).toHaveCount(3);
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');

    // The first banner is the page's priority image; the others load lazily.
    const images = slides.locator('img');
    await expect(images.nth(0)).toHaveAttribute('fetchpriority', 'high');
    await expect(images.nth(0)).not.toHaveAttribute('loading', 'lazy');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
    await expect(images.nth(0)).toHaveAttribute('srcset', /-w1900\.webp 1900w/);
    await expect(images.nth(0)).toHaveAttribute('width', '1900');
    await expect(images.nth(0)).toHaveAttribute('height', '370');
    await expect(images.nth(0)).toHaveJSProperty('complete', true);
    expect(await images.nth(0).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const dot = (n: number) => carousel.getByRole('button', { name: `Banner ${n}`, exact: true });
    const shows = async (n: number) => {
      await expect(dot(n)).toHaveAttribute('aria-current', 'true');
      await expect(slides.nth(n - 1)).toHaveAttribute('aria-hidden', 'false');
    };
    // Embla has taken over once it positions the slides.
    await expect(carousel.locator('.banner-carousel__container')).toHaveAttribute('style', /transform/);
    await shows(1);

    await dot(3).click();
    await shows(3);
    await carousel.getByRole('button', { name: 'Next banner' }).click();
    await shows(1); // loops
    await carousel.getByRole('button', { name: 'Previous banner' }).click();
    await shows(3);
    await dot(1).click();
    await shows(1);

    // Autoplay is off by default: nothing moves on its own.
    await page.waitForTimeout(3600);
    await shows(1);

    // Play: a visible Pause control, and the next banner after about 3 seconds.
    await carousel.getByRole('button', { name: 'Play banners' }).click();
    const pause = carousel.getByRole('button', { name: 'Pause banners' });
    await expect(pause).toBeVisible();
    await expect(pause).toContainText('Pause');
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');
    await pause.click();
    await expect(carousel.getByRole('button', { name: 'Play banners' })).toBeVisible();
    const current = await carousel.locator('.carousel-dots__dot[aria-current="true"]').getAttribute('aria-label');
    await page.waitForTimeout(3600);
    await expect(carousel.locator('.carousel-dots__dot[aria-current="true"]')).toHaveAttribute('aria-label', current!);
  });

  test('a swipe beyond a third of the width changes the banner, a shorter one does not', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/home');
    const carousel = page.getByRole('region', { name: 'Shop news' });
    await expect(carousel.locator('.banner-carousel__container')).toHaveAttribute('style', /transform/);
    const viewport = carousel.locator('.banner-carousel__viewport');
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    const drag = async (fraction: number) => {
      const startX = box.x + box.width * 0.5;
      await page.mouse.move(startX, y);
      await page.mouse.down();
      await page.mouse.move(startX - box.width * fraction, y, { steps: 25 });
      await page.waitForTimeout(150); // a slow swipe: no fling
      await page.mouse.up();
    };
    const current = () => carousel.locator('.carousel-dots__dot[aria-current="true"]');

    await drag(0.25);
    await expect(current()).toHaveAttribute('aria-label', 'Banner 1');
    await page.waitForTimeout(1200);
    await expect(current()).toHaveAttribute('aria-label', 'Banner 1');

    await drag(0.4);
    await expect(current()).toHaveAttribute('aria-label', 'Banner 2');
    await page.waitForTimeout(1200);
    await drag(-0.4);
    await expect(current()).toHaveAttribute('aria-label', 'Banner 1');
  });

  test('the promoted arrows step by one and do nothing at either end', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/home');
    const cards = promotedCards(page);
    await expect(cards).toHaveCount(3);
    const previous = page.getByRole('button', { name: 'Previous promoted items' });
    const next = page.getByRole('button', { name: 'Next promoted items' });
    const names = async () => cards.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));

    for (const card of await cards.all()) {
      await expect(card.locator('.product-card__name')).toHaveText(/^.{1,7}(\.\.\.)?$/);
      await expect(card.locator('.product-card__price')).toHaveText(/^\$\d+\.\d{2}$/);
    }
    await expect(previous).toBeDisabled();
    const first = await names();
    let steps = 0;
    while (await next.isEnabled()) {
      const before = await names();
      await next.click();
      steps += 1;
      const after = await names();
      expect(after.slice(0, 2)).toEqual(before.slice(1)); // moved by exactly one
    }
    // The seed promotes 8 items: 5 steps from the first window of 3 to the last.
    expect(steps).toBe(5);
    await expect(next).toBeDisabled();
    const last = await names();
    await next.click({ force: true });
    expect(await names()).toEqual(last);

    while (await previous.isEnabled()) await previous.click();
    expect(await names()).toEqual(first);
    await expect(previous).toBeDisabled();

    await cards.nth(1).click();
    await expect(page).toHaveURL(/\/item\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first[1]!);
  });

  test('the shop map is a lazily loaded OpenStreetMap embed at the shop', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveTitle(`Home${TITLE_SUFFIX}`);
    // The frame is made only when its box comes near the viewport.
    await expect(page.locator('.visit iframe')).toHaveCount(0);
    await page.getByRole('region', { name: 'Visit Us', exact: true }).scrollIntoViewIfNeeded();
    const map = page.locator('.visit iframe');
    await expect(map).toHaveAttribute('loading', 'lazy');
    await expect(map).toHaveAttribute('title', /Map showing Patterson Wine & Liquor/);
    const src = new URL((await map.getAttribute('src'))!);
    expect(src.origin + src.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
    expect(src.searchParams.get('marker')).toBe(`${shop.coordinates.lat.toFixed(5)},${shop.coordinates.lng.toFixed(5)}`);
    await expect(page.getByRole('region', { name: 'Visit Us', exact: true })).toContainText(shop.address.street);
  });
});

// ---------------------------------------------------------------------------------------------
// Menu

test.describe('menu', () => {
  test.beforeEach(async ({ page }) => {
    await asVerifiedVisitor(page);
  });

  const grid = (page: Page) => page.locator('.menu-grid > li');
  /** Waits until the grid shows exactly these names, in this order. */
  const expectNames = (page: Page, names: string[]) => expect(page.locator('.menu-grid .product-card__name')).toHaveText(names);
  const status = (page: Page) => page.locator('.menu-results__count');

  test('opened directly, shows the whole wine menu from the page itself, without a round trip', BOTH_BACKENDS, async ({ page }) => {
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) bodies.push(request.postData() ?? '');
    });
    await page.goto('/menu?category=wine');
    await expect(grid(page)).toHaveCount(22);
    await expect(page.locator('.menu-filters legend')).toHaveText(['Wine Type', 'Region', 'Price']);
    // The first touch loads the data client, ready for the next page.
    const dataClient = page.waitForResponse(/amplify-runtime-[\w-]+\.js$/);
    await page.getByRole('searchbox', { name: 'Search Wine' }).press('a');
    await dataClient;
    expect(bodies).toEqual([]);
  });

  test('reached inside the app, shows a spinner, then the whole wine menu, read in pages of 1000', BOTH_BACKENDS, async ({ page }) => {
    const bodies: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.goto('/aboutus');
    await page.route('**/graphql', async (route) => {
      bodies.push(route.request().postData() ?? '');
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wine' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading Wine' })).toBeVisible();
    release();
    await expect(grid(page)).toHaveCount(22);
    await expect(status(page)).toHaveText('22 items');
    await expect(page).toHaveTitle(`Wine${TITLE_SUFFIX}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wine');
    const search = page.getByRole('searchbox', { name: 'Search Wine' });
    await expect(search).toHaveAttribute('placeholder', 'Search...');

    const itemList = bodies.find((body) => body.includes('listItems'));
    expect(itemList).toBeDefined();
    expect(JSON.parse(itemList!).variables).toMatchObject({ limit: 1000, filter: { tags: { contains: 'wine' } } });

    // Every card: image, name, price.
    const card = page.locator('.menu-grid .product-card').first();
    await expect(card.locator('img')).toHaveAttribute('srcset', /\.webp 400w/);
    await expect(card.locator('img')).toHaveAttribute('width', '600');
    await expect(card.locator('img')).toHaveAttribute('height', '800');
    await expect(card.locator('.product-card__price')).toHaveText(/^\$\d+\.\d{2}$/);
  });

  test('the filter panel offers the visible categories of each menu, in order', BOTH_BACKENDS, async ({ page }) => {
    const legends = page.locator('.menu-filters legend');
    await page.goto('/menu?category=wine');
    await expect(legends).toHaveText(['Wine Type', 'Region', 'Price']);
    const wineType = page.getByRole('group', { name: 'Wine Type' });
    await expect(wineType.getByRole('checkbox')).toHaveCount(5);
    // Each tag with its count in the menu (decision 0188).
    await expect(wineType.locator('label')).toHaveText(['Red (9)', 'White (6)', 'Rosé (2)', 'Sparkling (3)', 'Dessert & Fortified (2)']);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liquor' }).click();
    await expect(page).toHaveTitle(`Liquor${TITLE_SUFFIX}`);
    await expect(legends).toHaveText(['Spirit', 'Region', 'Price']);
    await expect(grid(page)).toHaveCount(18);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Extras' }).click();
    await expect(page).toHaveTitle(`Extras${TITLE_SUFFIX}`);
    await expect(legends).toHaveText(['Product Type', 'Price']);
    await expect(grid(page)).toHaveCount(10);
    // The hidden Department category (built-in tags) is never offered.
    await expect(page.getByRole('checkbox', { name: 'Extras' })).toHaveCount(0);
  });

  test('filters: one tag, a union of two in one group, search, search with a tag, and none found', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/menu?category=wine');
    await expect(grid(page)).toHaveCount(22);

    const red = page.getByRole('checkbox', { name: 'Red' });
    await red.check();
    await expect(page).toHaveURL(/[?&]tags=tag-red(&|$)/);
    await expect(grid(page)).toHaveCount(9);
    await expect(status(page)).toHaveText('9 items');

    // Two tags of one group: items with either (Rosé or Sparkling). Across groups they narrow
    // (Red + France = French reds): gate-and-filters.spec.ts.
    await red.uncheck();
    await page.getByRole('checkbox', { name: 'Rosé' }).check();
    await page.getByRole('checkbox', { name: 'Sparkling' }).check();
    await expect(page).toHaveURL(/tags=tag-rose,tag-sparkling/);
    await expectNames(page, [
      'Casa Marzo Prosecco NV',
      'Clos Saint-Aubin Brut Champagne NV',
      'Coastal Blush Dry Rosé 2023',
      'Maison Lumière Côtes de Provence Rosé 2023',
      'Mar Blanca Cava Brut NV',
    ]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(grid(page)).toHaveCount(22);
    await expect(page).toHaveURL(/\/menu\?category=wine$/);

    // Search: case-insensitive name contains.
    const search = page.getByRole('searchbox', { name: 'Search Wine' });
    await search.fill('CAB');
    await expect(page).toHaveURL(/[?&]q=CAB/);
    await expectNames(page, ['Stone Ridge Cellars Cabernet Sauvignon 2021', 'Taconic Ridge Cabernet Franc 2021']);

    // Search and a tag together.
    await search.fill('ridge');
    await expect(grid(page)).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'California' }).check();
    await expectNames(page, ['Stone Ridge Cellars Cabernet Sauvignon 2021']);
    await expect(page).toHaveURL(/tags=tag-california&q=ridge/);

    // Nothing found: an empty state with a way out.
    await search.fill('zinfandel');
    await expect(grid(page)).toHaveCount(0);
    await expect(page.getByText('No items match your search and filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(grid(page)).toHaveCount(22);
    await expect(search).toHaveValue('');
  });

  test('the filtered view lives in the URL: shared links, reload and back', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/menu?category=wine&tags=tag-red,tag-white&q=ch');
    const search = page.getByRole('searchbox', { name: 'Search Wine' });
    const white = page.getByRole('checkbox', { name: 'White' });
    await expect(search).toHaveValue('ch');
    await expect(page.getByRole('checkbox', { name: 'Red' })).toBeChecked();
    await expect(white).toBeChecked();
    const redOrWhiteWithCh = [
      'Château Belle Rive Bordeaux Supérieur 2019',
      'Domaine des Trois Chênes Sancerre 2022',
      'Laurel Bend Chardonnay 2022',
      'Tenuta Colle Alto Chianti Classico 2020',
    ];
    await expectNames(page, redOrWhiteWithCh);

    await page.reload();
    await expect(search).toHaveValue('ch');
    await expect(white).toBeChecked();
    await expectNames(page, redOrWhiteWithCh);

    // Typing replaces the history entry; ticking a tag adds one.
    const historyLength = () => page.evaluate(() => history.length);
    const before = await historyLength();
    await search.press('End');
    await search.pressSequentially('a', { delay: 30 });
    await expect(page).toHaveURL(/tags=tag-red,tag-white&q=cha$/);
    await expectNames(page, ['Château Belle Rive Bordeaux Supérieur 2019', 'Laurel Bend Chardonnay 2022']);
    expect(await historyLength()).toBe(before);
    await white.uncheck();
    await expect(page).toHaveURL(/tags=tag-red&q=cha$/);
    await expectNames(page, ['Château Belle Rive Bordeaux Supérieur 2019']);
    expect(await historyLength()).toBe(before + 1);

    await page.goBack();
    await expect(page).toHaveURL(/tags=tag-red,tag-white&q=cha$/);
    await expect(white).toBeChecked();
    await expect(search).toHaveValue('cha');
    await expectNames(page, ['Château Belle Rive Bordeaux Supérieur 2019', 'Laurel Bend Chardonnay 2022']);

    // To an item and back: the same view, from the cache (no new item list request).
    let listRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.postData()?.includes('listItems')) listRequests += 1;
    });
    await page.locator('.menu-grid .product-card').first().click();
    await expect(page).toHaveURL(/\/item\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Château Belle Rive Bordeaux Supérieur 2019');
    await page.goBack();
    await expect(page).toHaveURL(/tags=tag-red,tag-white&q=cha$/);
    await expect(search).toHaveValue('cha');
    await expect(white).toBeChecked();
    await expectNames(page, ['Château Belle Rive Bordeaux Supérieur 2019', 'Laurel Bend Chardonnay 2022']);
    expect(listRequests).toBe(0);
  });

  test('grid columns follow the breakpoints: 4, 3 under 1500px, 2 under 1200px, 1 under 1080px', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/menu?category=wine');
    await expect(grid(page)).toHaveCount(22);
    const columns = () => page.locator('.menu-grid').evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length);
    for (const [width, expected] of [
      [1600, 4],
      [1499, 3],
      [1200, 3],
      [1199, 2],
      [1080, 2],
      [1079, 1],
      [800, 1],
      [390, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      expect(await columns(), `${width}px`).toBe(expected);
    }
  });

  test('on a phone the filter panel folds behind a Filters button', BROWSER_ALONE, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/menu?category=liquor');
    await expect(grid(page)).toHaveCount(18);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('checkbox', { name: 'Gin' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('checkbox', { name: 'Gin' }).check();
    await expect(toggle).toContainText('1 selected');
    await page.getByRole('button', { name: 'Show 2 items' }).click();
    await expect(page.getByRole('checkbox', { name: 'Gin' })).toBeHidden();
    await expect(grid(page)).toHaveCount(2);
    await expectNoSeriousViolations(page);
  });

  test('a menu without a known category offers the three menus', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/menu?category=beer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Menu');
    await page.getByRole('main').getByRole('link', { name: 'Extras' }).click();
    await expect(page).toHaveURL(/\/menu\?category=extras$/);
    await expect(grid(page)).toHaveCount(10);
  });
});

// ---------------------------------------------------------------------------------------------
// Item page

test.describe('item page', () => {
  test.beforeEach(async ({ page }) => {
    await asVerifiedVisitor(page);
  });

  test('shows the name, price, image and description inside header and footer', BOTH_BACKENDS, async ({ page }) => {
    await page.goto('/menu?category=wine');
    await page.getByRole('link', { name: /Stone Ridge Cellars Cabernet Sauvignon 2021/ }).click();
    await expect(page).toHaveURL(/\/item\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stone Ridge Cellars Cabernet Sauvignon 2021');
    await expect(page).toHaveTitle(`Stone Ridge Cellars Cabernet Sauvignon 2021${TITLE_SUFFIX}`);
    await expect(page.locator('.item-page__price')).toHaveText('$29.99');
    await expect(page.getByText('A full-bodied Cabernet with blackcurrant')).toBeVisible();
    const image = page.getByRole('img', { name: 'Stone Ridge Cellars Cabernet Sauvignon 2021' });
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Wine' }).click();
    await expect(page).toHaveURL(/\/menu\?category=wine$/);
  });

  test('an unknown item gets a clear not-found state', BOTH_BACKENDS, async ({ page }) => {
    await page.goto('/item/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that item");
    await expect(page).toHaveTitle(`Item not found${TITLE_SUFFIX}`);
    await expectNoSeriousViolations(page);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('first screen inlined by the server', () => {
  test.beforeEach(async ({ page }) => {
    await asVerifiedVisitor(page);
  });

  test('opened directly, each page with first-screen data draws from the page itself: no query at all', BOTH_BACKENDS, async ({ page }) => {
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) bodies.push(request.postData() ?? '');
    });
    const heading = page.getByRole('heading', { level: 1 });
    await page.goto('/menu?category=liquor', { waitUntil: 'networkidle' });
    await expect(page.locator('.menu-grid > li')).toHaveCount(18);
    const itemPath = await page.locator('.menu-grid .product-card').first().getAttribute('href');
    const itemName = await page.locator('.menu-grid .product-card__name').first().textContent();
    const pages: Array<[path: string, ready: () => Promise<void>]> = [
      ['/home', () => expect(promotedCards(page)).toHaveCount(3)],
      [itemPath!, () => expect(heading).toHaveText(itemName!)],
      ['/item/00000000-0000-4000-8000-000000000000', () => expect(heading).toHaveText("We couldn't find that item")],
      ['/events', () => expect(page.locator('.event-list > li')).toHaveCount(4)],
    ];
    for (const [path, ready] of pages) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await ready();
    }
    expect(bodies).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Events, about, footer

test.describe('events, about and footer', () => {
  test.beforeEach(async ({ page }) => {
    await asVerifiedVisitor(page);
  });

  test('events: upcoming first, with weekday, day, month and year, image, time and description', BOTH_BACKENDS, async ({ page }) => {
    await page.goto('/events');
    await expect(page).toHaveTitle(`Events${TITLE_SUFFIX}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcoming Events');
    const entries = page.locator('.event-list > li');
    await expect(entries).toHaveCount(4);
    await expect(entries.locator('h2')).toHaveText([
      'Finger Lakes Riesling Tasting',
      'Bourbon & Rye Night',
      'Saturday Evening Rosé Pop-Up',
      'Customer Appreciation Weekend',
    ]);
    // Times in US 12-hour form; no time is announced later.
    await expect(entries.locator('.event__time')).toHaveText(['3:00 PM', '7:00 PM', '5:30 PM', 'Time to be announced']);

    // On the days a shop holds them (decision 0199: a Saturday afternoon, Friday and Saturday evenings, a weekend).
    const seeded = buildDemoCatalogue(new Date()).events;
    for (const [index, weekday] of ['Sat', 'Fri', 'Sat', 'Sat'].entries()) {
      const [year, month, date] = seeded[index]!.date.split('-').map(Number) as [number, number, number];
      const parts = dayParts(
        Math.round((new Date(year, month - 1, date).getTime() - new Date(new Date().toDateString()).getTime()) / 86_400_000),
      );
      expect(parts.weekday).toBe(weekday);
      const entry = entries.nth(index);
      await expect(entry.locator('.event__weekday')).toHaveText(parts.weekday);
      await expect(entry.locator('.event__day')).toHaveText(parts.day);
      await expect(entry.locator('.event__month')).toHaveText(parts.monthYear);
      await expect(entry.locator('.event__month')).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
      await expect(entry.locator('.event__weekday')).toHaveText(/^[A-Z][a-z]{2}$/);
    }
    // A picture each; the shop logo stands in when an event has none.
    await expect(entries.nth(0).locator('img')).toHaveAttribute('srcset', /\.webp 800w/);
    await expect(entries.nth(0).locator('img')).toHaveAttribute('width', '800');
    await expect(entries.nth(3).locator('img')).toHaveAttribute('src', /logo.*\.svg$/);
    await expect(entries.nth(1)).toContainText('A guided after-work tasting');
    await expectNoSeriousViolations(page);
  });

  test('about us: Who We Are, Our Mission, Our Team', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/aboutus');
    await expect(page).toHaveTitle(`About Us${TITLE_SUFFIX}`);
    // Then where and when to find the shop (decision 0193; tests/e2e/shop-settings.spec.ts).
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Who We Are',
      'Our Mission',
      'Our Team',
      'Visit Us',
    ]);
    for (const section of shop.about) {
      await expect(page.getByRole('region', { name: section.heading })).toContainText(section.paragraphs[0]);
    }
    await expectNoSeriousViolations(page);
  });

  test('the footer gives the contact details on every public page', BOTH_BACKENDS, async ({ page }) => {
    for (const path of ['/home', '/menu?category=extras', '/events', '/aboutus']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('heading', { name: 'Contact' })).toBeVisible();
      await expect(footer).toContainText(shopAddressLine);
      await expect(footer.getByRole('link', { name: shop.phone })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
      await expect(footer.getByRole('link', { name: shop.email })).toHaveAttribute('href', `mailto:${shop.email}`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Accessibility of the remaining public pages

test.describe('accessibility', () => {
  test.beforeEach(async ({ page }) => {
    await asVerifiedVisitor(page);
  });

  test('home, menu and item pages have no serious or critical violations', BROWSER_ALONE, async ({ page }) => {
    await page.goto('/home');
    await expect(promotedCards(page)).toHaveCount(3);
    await expect(page.locator('.banner-carousel__container')).toHaveAttribute('style', /transform/);
    await expectNoSeriousViolations(page);

    await page.goto('/menu?category=wine&tags=tag-red');
    await expect(page.locator('.menu-grid > li')).toHaveCount(9);
    await expectNoSeriousViolations(page);

    await page.locator('.menu-grid .product-card').first().click();
    await expect(page.locator('.item-page__price')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
