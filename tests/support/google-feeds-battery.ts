/**
 * Google's local inventory feeds (decision 0379), the battery both backends run: the local server
 * (server/http/google-feeds-api.test.ts, routes built on each fetch) and the emulated cloud
 * (tests/cloud/google-feeds.test.ts, written to the media bucket by the catalogue function's
 * schedule and served by the hosting's /feeds/ rewrite). Items of every kind (with and without a
 * UPC, a right and a wrong check digit, with and without a price, counted, at 0, not counted, with
 * bottles held by a reservation) are checked against Merchant Center's product data and local
 * product inventory specifications: the header's names, one tab-separated cell per column, the
 * availability values, "12.99 USD" prices, GTIN check digits (computed here, apart from
 * shared/gtin.ts), absolute links (https when the site is), and never a sale price.
 */
import { expect, it } from 'vitest';
import { pickupSlots } from '../../shared/pickup-slots';

type Answer = { data?: Record<string, unknown> | null; errors?: Array<{ errorType?: string; message: string }> };
type Caller = (query: string, variables?: Record<string, unknown>) => Promise<Answer>;

export interface GoogleFeedsTarget {
  admin: Caller;
  guest: Caller;
  /** A new signed-in customer with a confirmed address. */
  customer(): Promise<Caller>;
  /** The site's origin, as the feeds' links must start. */
  origin: string;
  /** The feeds as Merchant Center fetches them: GET on the site at `path`. */
  fetchFeed(path: string): Promise<{ status: number; contentType: string; text: string }>;
  /** Brings the feeds up to date as the backend does (the cloud's schedule; nothing locally, where each fetch builds them). */
  publish(): Promise<void>;
}

const PRODUCT_HEADER = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'availability',
  'price',
  'gtin',
  'brand',
  'condition',
  'google_product_category',
];
const LOCAL_HEADER = ['store_code', 'id', 'availability', 'quantity', 'price', 'pickup_method', 'pickup_sla'];
const PRODUCT_AVAILABILITY = new Set(['in_stock', 'out_of_stock', 'preorder', 'backorder']);
const LOCAL_AVAILABILITY = new Set(['in_stock', 'limited_availability', 'out_of_stock', 'on_display_to_order']);
const PICKUP_SLA = new Set(['same day', 'next day', '2-day', '3-day', '4-day', '5-day', '6-day', 'multi-week']);
const PRICE = /^\d+\.\d{2} USD$/;
const HOURS = Array.from({ length: 7 }, () => '10:00-21:00');

const CREATE_ITEM = `mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }`;
const UPDATE_ITEM = `mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id updatedAt } }`;
const GET_SETTINGS = 'query { getShopSettings(id: "shop") { id } }';
const CREATE_SETTINGS = `mutation ($input: CreateShopSettingsInput!) { createShopSettings(input: $input) { id googleStoreCode } }`;
const UPDATE_SETTINGS = `mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id googleStoreCode } }`;
const SET_LINE = `mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }`;
const RESERVE = `mutation ($slotStart: String!) { reserve(slotStart: $slotStart) { id } }`;

/** GS1's check digit, written here apart from shared/gtin.ts so the two check each other. */
function checkDigit(body: string): string {
  const digits = [...body].reverse().map(Number);
  const sum = digits.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}
const validGtin = (gtin: string) => /^(\d{8}|\d{12,14})$/.test(gtin) && checkDigit(gtin.slice(0, -1)) === gtin.slice(-1);

/** The rows of a TSV feed: the header's names, then each row as a record of them; every line has one cell per column. */
function parseTsv(text: string, header: readonly string[]): Array<Record<string, string>> {
  expect(text.endsWith('\n'), 'the feed ends with a line break').toBe(true);
  const lines = text.slice(0, -1).split('\n');
  expect(lines[0]!.split('\t')).toEqual(header);
  return lines.slice(1).map((line, i) => {
    const cells = line.split('\t');
    expect(cells.length, `line ${i + 2}: ${JSON.stringify(line)}`).toBe(header.length);
    expect(line).not.toMatch(/\r/);
    return Object.fromEntries(header.map((name, column) => [name, cells[column]!]));
  });
}

const ok = async (answer: Promise<Answer>) => {
  const body = await answer;
  expect(body.errors).toBeUndefined();
  return body.data!;
};

export function googleFeedsBattery(target: GoogleFeedsTarget): void {
  const { admin } = target;
  // 12-digit UPCs of this run: "7" (not a restricted prefix), 9 digits of the clock, the item's digit, the check digit.
  const run = String(Date.now() % 1_000_000_000).padStart(9, '0');
  const upc = (n: number) => `7${run}${n}${checkDigit(`7${run}${n}`)}`;
  const wrongCheck = (n: number) => `7${run}${n}${(Number(checkDigit(`7${run}${n}`)) + 1) % 10}`;
  const storeCode = `PATTERSON-${run.slice(-4)}`;
  const ids: Record<string, string> = {};

  async function create(key: string, input: Record<string, unknown>) {
    ids[key] = ((await ok(admin(CREATE_ITEM, { input: { tags: ['wine'], ...input } }))).createItem as { id: string }).id;
  }

  async function feeds() {
    await target.publish();
    const products = await target.fetchFeed('/feeds/products.tsv');
    const local = await target.fetchFeed('/feeds/local-inventory.tsv');
    for (const feed of [products, local]) {
      expect(feed.status).toBe(200);
      expect(feed.contentType).toMatch(/^text\/tab-separated-values/);
      expect(feed.text).not.toMatch(/sale_price|sale price/i);
    }
    return { products: parseTsv(products.text, PRODUCT_HEADER), local: parseTsv(local.text, LOCAL_HEADER) };
  }

  it('the store code is checked by the server: a tab, a line break or a space in it is refused, and a visitor cannot set it', async () => {
    const exists = Boolean((await ok(admin(GET_SETTINGS))).getShopSettings);
    const write = exists ? UPDATE_SETTINGS : CREATE_SETTINGS;
    for (const bad of ['A\tB', 'A\nB', 'two words', 'x'.repeat(65)]) {
      const refused = await admin(write, { input: { id: 'shop', googleStoreCode: bad } });
      expect(refused.errors?.[0]?.errorType, bad).toBe('ValidationError');
    }
    const guest = await target.guest(UPDATE_SETTINGS, { input: { id: 'shop', googleStoreCode: 'HIJACK' } });
    expect(guest.errors?.length).toBeGreaterThan(0);
    const saved = await ok(
      admin(write, { input: { id: 'shop', googleStoreCode: storeCode, weeklyHours: HOURS, pickupPreparationMinutes: 0 } }),
    );
    expect(Object.values(saved)[0]).toMatchObject({ googleStoreCode: storeCode });
  });

  it("lists every item with a valid UPC and a price, in the specifications' formats, and leaves the others out", async () => {
    await create('counted', { name: `Feed Counted Cabernet ${run}`, upc: upc(1), price: 12.99, stock: 10, sizeMl: 750 });
    await create('zero', { name: `Feed Zero Merlot ${run}`, upc: upc(2), price: 20, stock: 0 });
    await create('uncounted', { name: `Feed Uncounted Rye ${run}`, upc: upc(3), price: 30, tags: ['liquor'] });
    await create('held', { name: `Feed Held Gin ${run}`, upc: upc(4), price: 15, stock: 5, tags: ['liquor'] });
    await create('hostile', {
      name: `Feed Tab\tName ${run}`,
      upc: upc(5),
      price: 9.5,
      stock: 2,
      description: 'Line one\nline two\tand a tab\r\nand more',
      tags: ['extras'],
    });
    await create('noUpc', { name: `Feed No UPC ${run}`, price: 10, stock: 4 });
    await create('badCheck', { name: `Feed Wrong Check ${run}`, upc: wrongCheck(6), price: 10, stock: 4 });
    await create('noPrice', { name: `Feed No Price ${run}`, upc: upc(7), stock: 4 });

    // A customer holds 3 of the 5 bottles on the shelf: 2 are offered (decision 0367).
    const customer = await target.customer();
    await ok(customer(SET_LINE, { itemId: ids.held, quantity: 3 }));
    const slot = pickupSlots({ weeklyHours: HOURS }, new Date(), { preparationMinutes: 0 })[0]!.slots[0]!.start;
    await ok(customer(RESERVE, { slotStart: slot }));

    const { products, local } = await feeds();
    const product = (key: string) => products.find((row) => row.id === ids[key]);
    const inventory = (key: string) => local.find((row) => row.id === ids[key]);

    for (const key of ['noUpc', 'badCheck', 'noPrice']) {
      expect(product(key), key).toBeUndefined();
      expect(inventory(key), key).toBeUndefined();
    }
    for (const row of products) {
      expect(PRODUCT_AVAILABILITY.has(row.availability!), row.availability).toBe(true);
      expect(row.price).toMatch(PRICE);
      expect(validGtin(row.gtin!), row.gtin).toBe(true);
      expect(row.link!.startsWith(`${target.origin}/item/`), row.link).toBe(true);
      if (row.image_link) expect(row.image_link.startsWith(target.origin), row.image_link).toBe(true);
      expect(row.condition).toBe('new');
      expect(row.title!.length).toBeGreaterThan(0);
      expect(row.description!.length).toBeGreaterThan(0);
    }
    if (target.origin.startsWith('https:')) for (const row of products) expect(row.link).toMatch(/^https:\/\//);
    for (const row of local) {
      expect(LOCAL_AVAILABILITY.has(row.availability!), row.availability).toBe(true);
      expect(row.price).toMatch(PRICE);
      expect(row.quantity).toMatch(/^(\d+)?$/);
      expect(row.pickup_method).toBe('reserve');
      expect(PICKUP_SLA.has(row.pickup_sla!), row.pickup_sla).toBe(true);
      expect(row.store_code).toBe(storeCode);
    }

    expect(product('counted')).toEqual({
      id: ids.counted,
      title: `Feed Counted Cabernet ${run}, 750 mL`,
      description: expect.stringContaining(`Feed Counted Cabernet ${run}`),
      link: `${target.origin}/item/${ids.counted}`,
      image_link: '',
      availability: 'in_stock',
      price: '12.99 USD',
      gtin: upc(1),
      brand: '',
      condition: 'new',
      google_product_category: 'Food, Beverages & Tobacco > Beverages > Alcoholic Beverages > Wine',
    });
    expect(product('uncounted')!.google_product_category).toBe(
      'Food, Beverages & Tobacco > Beverages > Alcoholic Beverages > Liquor & Spirits',
    );
    expect(product('hostile')!.google_product_category).toBe('');
    expect(product('hostile')!.title).toBe(`Feed Tab Name ${run}`);
    expect(product('hostile')!.description).toBe('Line one line two and a tab and more');
    expect(product('zero')!.availability).toBe('out_of_stock');
    expect(product('held')!.availability).toBe('in_stock');

    expect(inventory('counted')).toEqual({
      store_code: storeCode,
      id: ids.counted,
      availability: 'in_stock',
      quantity: '10',
      price: '12.99 USD',
      pickup_method: 'reserve',
      pickup_sla: 'same day',
    });
    expect(inventory('zero')).toMatchObject({ availability: 'out_of_stock', quantity: '0' });
    // Not counted: on the menu and sold at the counter, with no quantity claimed.
    expect(inventory('uncounted')).toMatchObject({ availability: 'in_stock', quantity: '' });
    // Shelf 5, 3 held: 2 offered, "Only 2 left".
    expect(inventory('held')).toMatchObject({ availability: 'limited_availability', quantity: '2', price: '15.00 USD' });
  });

  it('follows the catalogue: a new price and count show in the next fetch', async () => {
    await ok(admin(UPDATE_ITEM, { input: { id: ids.counted, price: 14.5, stock: 0 } }));
    const { products, local } = await feeds();
    expect(products.find((row) => row.id === ids.counted)).toMatchObject({ price: '14.50 USD', availability: 'out_of_stock' });
    expect(local.find((row) => row.id === ids.counted)).toMatchObject({ price: '14.50 USD', availability: 'out_of_stock', quantity: '0' });
  });
}
