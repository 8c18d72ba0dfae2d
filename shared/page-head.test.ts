/** The page head builder, without a server: what each route gets. */
import { describe, expect, it } from 'vitest';
import { clip, pageHead, shopFactsOf, type PageHeadInput, type ShopSettingsLike } from './page-head';
import { eventsHeadOf, MAX_EVENT_BLOCKS, type EventFacts } from './event-structured-data';
import { MAX_DESCRIPTION_LENGTH, MAX_LIST_ITEMS, type ShopFacts } from './structured-data';
import { brandTagsOf, withOfferFacts } from './item-offer';

const DEFAULTS: ShopFacts = {
  name: 'Patterson Wine & Liquor',
  addressLine: '3140 Route 22, Patterson, NY 12563',
  phone: '(845) 555-0142',
  email: 'hello@pattersonwine.example',
  mapUrl: null,
  coordinates: { lat: 41.5126, lng: -73.6029 },
  hours: null,
};
const base: PageHeadInput = {
  pathname: '/home',
  search: '',
  origin: 'https://shop.example',
  now: new Date('2026-11-23T15:00:00Z'),
  shop: DEFAULTS,
};
type EventsPageInput = PageHeadInput & { events?: readonly EventFacts[] };
/** The head of a page, its events' part built as the server builds it. */
const headOf = ({ events, ...input }: EventsPageInput) =>
  pageHead(events ? { ...input, eventsHead: eventsHeadOf(events, input.shop, input.origin, input.now) } : input);
const meta = (head: ReturnType<typeof pageHead>, key: string) =>
  head.meta.find((entry) => entry.property === key || entry.name === key)?.content;

describe('pageHead', () => {
  it('gives an item its title, price card and Product; a missing item a 404 not to index', () => {
    const item = pageHead({
      ...base,
      pathname: '/item/abc',
      item: { id: 'abc', name: 'Rosé', price: 19, img: '/media/r.png', description: 'Pink.' },
    });
    expect([item.status, item.title, item.description, item.canonical, item.robots]).toEqual([
      200,
      'Rosé | Patterson Wine & Liquor',
      'Pink.',
      'https://shop.example/item/abc',
      null,
    ]);
    expect(meta(item, 'og:image')).toBe('https://shop.example/media/r.png');
    expect(meta(item, 'product:price:amount')).toBe('19.00');
    expect(item.jsonLd.map((block) => (block as { '@type': string })['@type'])).toEqual(['Product', 'LiquorStore']);

    const missing = pageHead({ ...base, pathname: '/item/abc', item: null });
    expect([missing.status, missing.title, missing.canonical, missing.robots, missing.jsonLd]).toEqual([
      404,
      'Item not found | Patterson Wine & Liquor',
      null,
      'noindex',
      [],
    ]);
    // Not known yet (the SPA still loading, or a failed query): no claim either way.
    const unknown = pageHead({ ...base, pathname: '/item/abc' });
    expect([unknown.status, unknown.robots, unknown.jsonLd]).toEqual([200, null, []]);
  });

  it('404s and noindexes a path no route shows; noindexes sign-in and admin pages with their own titles', () => {
    expect(pageHead({ ...base, pathname: '/nope' })).toMatchObject({
      status: 404,
      title: 'Page not found | Patterson Wine & Liquor',
      robots: 'noindex',
      canonical: null,
    });
    expect(pageHead({ ...base, pathname: '/admin-tags', title: 'Tags · Admin' })).toMatchObject({
      status: 200,
      title: 'Tags · Admin | Patterson Wine & Liquor',
      robots: 'noindex',
      canonical: null,
    });
    expect(pageHead({ ...base, pathname: '/signup' })).toMatchObject({ title: 'Sign Up | Patterson Wine & Liquor', robots: 'noindex' });
    // A customer's pickup pages (decision 0318): signed-in pages, never indexed.
    expect(pageHead({ ...base, pathname: '/pickup-list' })).toMatchObject({
      status: 200,
      title: 'Your pickup list | Patterson Wine & Liquor',
      robots: 'noindex',
      canonical: null,
    });
    expect(pageHead({ ...base, pathname: '/reservations' })).toMatchObject({
      title: 'Your reservations | Patterson Wine & Liquor',
      robots: 'noindex',
    });
  });

  it('names the next event on /events and lists only upcoming ones', () => {
    const head = headOf({
      ...base,
      pathname: '/events',
      events: [
        { id: '1', name: 'Old', date: '2026-11-01', time: '18:00', description: 'x' },
        { id: '2', name: 'Bourbon night', date: '2026-12-04', time: '18:00', description: 'y', img: '/media/b.png' },
      ],
    });
    expect(head.description).toBe(
      'Upcoming tastings and events at Patterson Wine & Liquor in Patterson, NY. Next: Bourbon night, Friday, December 4.',
    );
    expect(head.jsonLd).toHaveLength(1);
    expect(meta(head, 'og:image')).toBe('https://shop.example/media/b.png');
  });
});

describe('pageHead: titles, URLs and size', () => {
  it("takes a public page's title from its route, whatever title is passed (only admin pages name themselves)", () => {
    for (const pathname of ['/home', '/events', '/aboutus', '/menu', '/login']) {
      expect(pageHead({ ...base, pathname, title: 'Something else' }).title, pathname).not.toMatch(/Something else/);
    }
    expect(pageHead({ ...base, pathname: '/item/abc', title: 'Other', item: { id: 'abc', name: 'Rosé', price: 1 } }).title).toBe(
      'Rosé | Patterson Wine & Liquor',
    );
    expect(pageHead({ ...base, pathname: '/menu', search: 'category=wine', title: 'Other' }).title).toBe('Wine | Patterson Wine & Liquor');
  });

  it('gives the canonical URL and the Product the same item URL, the id encoded once', () => {
    const head = pageHead({ ...base, pathname: '/item/a%20b', item: { id: 'a b', name: 'Odd', price: 2 } });
    expect(head.canonical).toBe('https://shop.example/item/a%20b');
    expect(head.jsonLd[0]).toMatchObject({
      url: head.canonical,
      offers: { url: head.canonical, availability: 'https://schema.org/InStoreOnly' },
    });
  });

  it(`carries at most ${MAX_EVENT_BLOCKS} Event blocks (the soonest) and descriptions of at most ${MAX_DESCRIPTION_LENGTH} characters`, () => {
    expect(MAX_EVENT_BLOCKS).toBe(20);
    const description = 'A long evening of pours and talk. '.repeat(300);
    const events: EventFacts[] = Array.from({ length: 1000 }, (_, index) => ({
      id: `e${index}`,
      name: `Event ${index}`,
      // Listed latest first: the cap must keep the soonest, not the first given.
      date: `2027-${String(12 - Math.floor(index / 100)).padStart(2, '0')}-${String(28 - (index % 28)).padStart(2, '0')}`,
      time: index % 2 ? '7 PM' : '18:00',
      description,
    }));
    const head = headOf({ ...base, pathname: '/events', events });
    expect(head.jsonLd).toHaveLength(MAX_EVENT_BLOCKS);
    const dates = head.jsonLd.map((block) => String((block as { startDate: string }).startDate).slice(0, 10));
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe([...events.map((event) => event.date)].sort()[0]);
    for (const block of head.jsonLd)
      expect((block as { description: string }).description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(JSON.stringify(head).length).toBeLessThan(40_000);

    const item = pageHead({ ...base, pathname: '/item/abc', item: { id: 'abc', name: 'Rosé', price: 19, description } });
    expect((item.jsonLd[0] as { description: string }).description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(item.description.length).toBeLessThanOrEqual(160);
    for (const entry of item.meta) expect(entry.content.length, entry.property ?? entry.name).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
  });
});

describe('pageHead on hostile stored text', () => {
  const hostile: Array<[string, ShopSettingsLike]> = [
    ['a malformed %-escape in the map link', { mapUrl: 'https://maps.google.com/%E0%A4%A' }],
    ['a map link with a bare %', { mapUrl: 'https://www.google.com/maps/place/%/@41.5,-73.6,17z' }],
    ['a backtracking address', { address: `x,${' .'.repeat(4990)}x` }],
    [
      'markup, lone surrogates and control characters',
      { name: '</script><script>alert(1)</script>\ud800', address: '\u0000\udfff, \u202e NY 12563', phone: '\u0007', email: '<a>' },
    ],
    [
      '10,000 characters everywhere',
      {
        name: 'N'.repeat(10_000),
        address: 'A, '.repeat(3_333),
        phone: '5'.repeat(10_000),
        email: 'e'.repeat(10_000),
        mapUrl: `https://maps.google.com/?q=${'1,'.repeat(4_000)}`,
      },
    ],
    ['hours of the wrong kind', { weeklyHours: 'abcdefg' as unknown as string[], specialDates: 'closed' as unknown as string[] }],
    [
      'unreadable hours',
      {
        weeklyHours: [null, '25:00-99:00', '', 'closed', '09:00-', '-', 'x'],
        specialDates: [null, '2026-13-45 closed', `2026-12-24 10:00-18:00 ${'x'.repeat(10_000)}`],
      },
    ],
    [
      'thousands of special dates',
      {
        weeklyHours: Array(7).fill('09:00-21:00'),
        specialDates: Array.from({ length: 5_000 }, (_, index) => `2027-01-${String((index % 28) + 1).padStart(2, '0')} closed`),
      },
    ],
    ['values that are not text', { name: 42, address: {}, phone: [], email: true, mapUrl: 7 } as unknown as ShopSettingsLike],
  ];
  const hostileEvents = [
    { id: '1', name: 'Bad day', date: '2026-99-99', time: '19:00' },
    { id: '2', name: 'Bad time', date: '2026-12-01', time: '99:99-\ud800 pm' },
    { id: '3', name: null, date: '2026-12-01', time: 'x'.repeat(10_000) },
    { id: '4', name: 'Not a date', date: null, time: null },
  ] as unknown as EventFacts[];
  const routes: Array<Partial<EventsPageInput>> = [
    { pathname: '/home' },
    { pathname: '/aboutus' },
    { pathname: '/menu', search: 'category=wine' },
    { pathname: '/events', events: hostileEvents },
    {
      pathname: '/item/%E0%A4%A',
      item: { id: '%E0%A4%A', name: 'x'.repeat(10_000), price: 1e21, img: '%', description: '\ud800'.repeat(600) },
    },
    { pathname: '/nope' },
    { pathname: '/admin-items', title: 'Items · Admin' },
  ];

  it.each(hostile)('never throws, and still describes the shop (%s)', (_, record) => {
    const shop = shopFactsOf(record, DEFAULTS);
    for (const route of routes) {
      const head = headOf({ ...base, ...route, shop });
      expect(head.title, route.pathname).toBeTruthy();
      // Every block survives JSON, as the server writes it.
      expect(() => JSON.parse(JSON.stringify(head.jsonLd)), route.pathname).not.toThrow();
      if (route.pathname === '/home' || route.pathname === '/aboutus')
        expect(head.jsonLd.map((block) => (block as { '@type': string })['@type'])).toEqual(['LiquorStore']);
      const hours = (head.jsonLd[0] as { openingHoursSpecification?: unknown[] } | undefined)?.openingHoursSpecification ?? [];
      expect(hours.length).toBeLessThanOrEqual(7 + 60);
    }
    expect(
      headOf({ ...base, pathname: '/events', events: hostileEvents, shop }).jsonLd.map((block) => (block as { name: unknown }).name),
    ).toEqual([null, 'Bad time']);
  });
});

describe('shopFactsOf', () => {
  it("takes the record over the defaults, and the defaults' coordinates only for the defaults' address", () => {
    expect(shopFactsOf(null, DEFAULTS).coordinates).toEqual(DEFAULTS.coordinates);
    expect(shopFactsOf({ name: ' My  Shop ', address: '3140 Route 22, Patterson, NY 12563.' }, DEFAULTS)).toMatchObject({
      name: 'My Shop',
      coordinates: DEFAULTS.coordinates,
    });
    expect(shopFactsOf({ address: '1 Main St, Brewster, NY 10509' }, DEFAULTS).coordinates).toBeUndefined();
    expect(
      shopFactsOf({ address: '1 Main St, Brewster, NY 10509', mapUrl: 'https://www.openstreetmap.org/?mlat=41.39&mlon=-73.61' }, DEFAULTS)
        .coordinates,
    ).toEqual({ lat: 41.39, lng: -73.61 });
    expect(shopFactsOf({ mapUrl: 'javascript:alert(1)' }, DEFAULTS).mapUrl).toBeNull();
  });
});

describe('clip', () => {
  it('keeps short texts and cuts long ones at a word', () => {
    expect(clip('  a  b ')).toBe('a b');
    const long = 'word '.repeat(60);
    expect(clip(long).length).toBeLessThanOrEqual(160);
    expect(clip(long)).toMatch(/word…$/);
  });
});

describe("pageHead: an item's GTIN and brand, the menus' ItemList (decision 0380)", () => {
  it('claims a GTIN only when the UPC is one, names the brand from a "Brand" tag, and offers at the shop by its @id', () => {
    const brands = brandTagsOf([{ id: 'cat-brand', name: 'Brand' }], [{ id: 'tag-th', name: 'Tamarack Hollow', categoryId: 'cat-brand' }]);
    const item = withOfferFacts(
      { id: 'abc', name: 'Bourbon', price: 30, upc: '036000291452', stock: 2, tags: ['liquor', 'tag-th'] },
      brands,
    );
    const head = pageHead({ ...base, pathname: '/item/abc', item });
    const product = head.jsonLd[0] as Record<string, unknown>;
    expect(product).toMatchObject({ gtin12: '036000291452', brand: { '@type': 'Brand', name: 'Tamarack Hollow' } });
    expect(product.offers).toMatchObject({
      availability: 'https://schema.org/LimitedAvailability',
      availableAtOrFrom: { '@id': 'https://shop.example/#store' },
      seller: { '@id': 'https://shop.example/#store' },
    });
    expect(head.jsonLd[1]).toMatchObject({ '@type': 'LiquorStore', '@id': 'https://shop.example/#store' });
    const wrong = pageHead({ ...base, pathname: '/item/abc', item: withOfferFacts({ ...item, upc: '036000291453', tags: ['liquor'] }) });
    expect(JSON.stringify(wrong.jsonLd[0])).not.toMatch(/gtin|brand/);
  });

  it("lists a menu's and a search's items by name, each once, at most MAX_LIST_ITEMS", () => {
    const list = Array.from({ length: MAX_LIST_ITEMS + 5 }, (_, i) => ({
      id: `i${i}`,
      name: `Item ${String(i).padStart(3, '0')}`,
    })).reverse();
    const menu = pageHead({ ...base, pathname: '/menu', search: 'category=wine', list: [...list, list[0]!] });
    const block = menu.jsonLd[0] as unknown as {
      numberOfItems: number;
      itemListElement: Array<{ position: number; url: string; name: string }>;
    };
    expect(block.numberOfItems).toBe(MAX_LIST_ITEMS + 5);
    expect(block.itemListElement).toHaveLength(MAX_LIST_ITEMS);
    expect(block.itemListElement[0]).toEqual({ '@type': 'ListItem', position: 1, url: 'https://shop.example/item/i0', name: 'Item 000' });
    expect(pageHead({ ...base, pathname: '/search', search: 'q=cab', list }).jsonLd[0]).toMatchObject({ '@type': 'ItemList' });
    expect(pageHead({ ...base, pathname: '/menu', search: 'category=wine', list: [] }).jsonLd).toEqual([]);
  });
});
