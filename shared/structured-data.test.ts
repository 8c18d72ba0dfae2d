/** The schema.org builders: addresses, map coordinates, opening hours, New York offsets, the objects. */
import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withOfferFacts } from './item-offer';
import { buildEventCalendar } from './event-calendar';
import { DEFAULT_EVENT_MINUTES } from './event-schedule';
import { eventOf, newYorkIsoTime, upcomingEventFacts, type EventFacts } from './event-structured-data';
import {
  ADDRESS_PATTERN_INPUT_MAX,
  clipText,
  coordinatesFromMapUrl,
  internationalPhone,
  liquorStore,
  MAX_DESCRIPTION_LENGTH,
  MAX_PARSED_ADDRESS_LENGTH,
  openingHoursSpecification,
  parseUsAddress,
  productOf,
  type ShopFacts,
} from './structured-data';

const SHOP: ShopFacts = {
  name: 'Patterson Wine & Liquor',
  addressLine: '3140 Route 22, Patterson, NY 12563',
  phone: '(845) 555-0142',
  email: 'hello@pattersonwine.example',
  mapUrl: 'https://www.openstreetmap.org/?mlat=41.51260&mlon=-73.60290#map=17/41.51260/-73.60290',
  coordinates: { lat: 41.5126, lng: -73.6029 },
  hours: {
    weeklyHours: ['12:00-18:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-21:00', '09:00-00:00', 'closed'],
    specialDates: ['2026-11-26 closed Thanksgiving', '2026-12-24 10:00-18:00 Christmas Eve', '2026-11-01 closed Past'],
  },
};
const URLS = { origin: 'https://shop.example', shopImage: 'https://shop.example/share-card.png' };
const NOW = new Date('2026-11-23T15:00:00Z');

describe('parseUsAddress', () => {
  it.each([
    [
      '3140 Route 22, Patterson, NY 12563',
      { streetAddress: '3140 Route 22', addressLocality: 'Patterson', addressRegion: 'NY', postalCode: '12563' },
    ],
    [
      '3140 Route 22, Patterson NY 12563',
      { streetAddress: '3140 Route 22', addressLocality: 'Patterson', addressRegion: 'NY', postalCode: '12563' },
    ],
    [
      '3140 Route 22, Suite 4, Patterson, New York 12563-1234, USA',
      { streetAddress: '3140 Route 22, Suite 4', addressLocality: 'Patterson', addressRegion: 'NY', postalCode: '12563-1234' },
    ],
    ['  3140  Route 22 ,Patterson , ny ', { streetAddress: '3140 Route 22', addressLocality: 'Patterson', addressRegion: 'NY' }],
    [
      '3140 Route 22, Patterson, NY, 12563',
      { streetAddress: '3140 Route 22', addressLocality: 'Patterson', addressRegion: 'NY', postalCode: '12563' },
    ],
  ])('reads %s', (line, parts) => {
    expect(parseUsAddress(line)).toEqual({ ...parts, addressCountry: 'US' });
  });

  it.each([
    [
      '3140 Route 22\nPatterson NY 12563',
      { streetAddress: '3140 Route 22', addressLocality: 'Patterson', addressRegion: 'NY', postalCode: '12563' },
    ],
    [
      '1 Main St, Charleston West Virginia 25301',
      { streetAddress: '1 Main St', addressLocality: 'Charleston', addressRegion: 'WV', postalCode: '25301' },
    ],
    ['1 Main St, St. Louis. MO.', { streetAddress: '1 Main St', addressLocality: 'St. Louis', addressRegion: 'MO' }],
    [
      '1 Main St, Washington, District of Columbia 20001, United States of America',
      { streetAddress: '1 Main St', addressLocality: 'Washington', addressRegion: 'DC', postalCode: '20001' },
    ],
  ])('reads %j too', (line, parts) => {
    expect(parseUsAddress(line)).toEqual({ ...parts, addressCountry: 'US' });
  });

  it.each(['Behind the post office', '3140 Route 22, Patterson', 'Patterson, Atlantis 12563', 'NY 12563'])(
    'keeps %s whole as the street when the parts cannot be told apart',
    (line) => {
      expect(parseUsAddress(line)).toEqual({ streetAddress: line, addressCountry: 'US' });
    },
  );

  describe('linear work on any address (no backtracking)', () => {
    const execInputs: number[] = [];
    afterEach(() => {
      vi.restoreAllMocks();
      execInputs.length = 0;
    });
    /** Every string any regular expression runs on while parsing (test, exec, match, replace and split all go through exec). */
    function parseWatched(line: string) {
      const exec = RegExp.prototype.exec;
      vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (this: RegExp, input: string) {
        execInputs.push(String(input).length);
        return exec.call(this, input);
      });
      const parts = parseUsAddress(line);
      vi.restoreAllMocks();
      return parts;
    }

    it('sees every regular expression call (the spy works)', () => {
      parseWatched('3140 Route 22, Patterson, USA');
      expect(execInputs.length).toBeGreaterThan(0);
    });

    const long = 10_000;
    it.each([
      ['spaced dots', `x,${' .'.repeat(4990)}x`],
      ['dots, no spaces', `x,${'.'.repeat(long)}x`],
      ['words ending in a state', `x,${' a'.repeat(long / 2)} NY 12563`],
      ['a state name again and again', `1 Main St, ${'New York '.repeat(long / 9)}`],
      ['commas', `${', '.repeat(long / 2)}NY`],
      ['zips', `1 Main St, Patterson NY${' 12563'.repeat(long / 6)}`],
    ])('keeps a 10,000-character address (%s) whole, running no pattern on more than ADDRESS_PATTERN_INPUT_MAX characters', (_, line) => {
      expect(line.length).toBeGreaterThanOrEqual(long - 20);
      const parts = parseWatched(line);
      expect(parts.addressLocality).toBeUndefined();
      expect(parts.streetAddress.length).toBeGreaterThan(MAX_PARSED_ADDRESS_LENGTH);
      expect(Math.max(0, ...execInputs)).toBeLessThanOrEqual(ADDRESS_PATTERN_INPUT_MAX);
    });

    it('reads an address padded to 10,000 characters with whitespace, which collapses', () => {
      const line = `1 Main St,${' \t'.repeat(long / 2)}Patterson NY 12563`;
      expect(parseWatched(line)).toEqual({
        streetAddress: '1 Main St',
        addressLocality: 'Patterson',
        addressRegion: 'NY',
        postalCode: '12563',
        addressCountry: 'US',
      });
      expect(Math.max(0, ...execInputs)).toBeLessThanOrEqual(ADDRESS_PATTERN_INPUT_MAX);
    });

    it.each([
      ['spaced dots', `x,${' .'.repeat(140)}x`],
      ['words ending in a state', `x,${' a'.repeat(140)} NY 12563`],
      ['a state name again and again', `1 Main St, ${'New York '.repeat(30)}`],
      ['zips', `1 Main St, Patterson NY${' 12563'.repeat(45)}`],
    ])(
      'parses an address just under MAX_PARSED_ADDRESS_LENGTH (%s) the same way: patterns on short pieces only, a bounded number of them',
      (_, line) => {
        expect(line.length).toBeLessThanOrEqual(MAX_PARSED_ADDRESS_LENGTH);
        parseWatched(line);
        expect(Math.max(0, ...execInputs)).toBeLessThanOrEqual(ADDRESS_PATTERN_INPUT_MAX);
        // One ZIP test per comma part and per word at most, plus the country: linear in the address.
        expect(execInputs.length).toBeLessThanOrEqual(line.length);
      },
    );

    it('still reads a long but real address', () => {
      const street = `${'Building 4, '.repeat(20)}3140 Route 22`;
      expect(parseUsAddress(`${street}, Patterson, NY 12563`)).toMatchObject({
        streetAddress: street,
        addressLocality: 'Patterson',
        postalCode: '12563',
      });
    });
  });
});

describe('coordinatesFromMapUrl', () => {
  it('reads OpenStreetMap and Google Maps links, and invents nothing for others', () => {
    expect(coordinatesFromMapUrl(SHOP.mapUrl)).toEqual({ lat: 41.5126, lng: -73.6029 });
    expect(coordinatesFromMapUrl('https://www.openstreetmap.org/#map=17/41.51/-73.60')).toEqual({ lat: 41.51, lng: -73.6 });
    expect(coordinatesFromMapUrl('https://www.google.com/maps/place/Shop/@41.5126,-73.6029,17z')).toEqual({ lat: 41.5126, lng: -73.6029 });
    expect(coordinatesFromMapUrl('https://maps.google.com/?q=41.5126,-73.6029')).toEqual({ lat: 41.5126, lng: -73.6029 });
    expect(coordinatesFromMapUrl('https://maps.google.com/?q=3140+Route+22+Patterson')).toBeUndefined();
    expect(coordinatesFromMapUrl('https://www.openstreetmap.org/?mlat=141&mlon=-73')).toBeUndefined();
    expect(coordinatesFromMapUrl('not a url')).toBeUndefined();
    expect(coordinatesFromMapUrl(null)).toBeUndefined();
  });

  it('never throws on a malformed %-escape: no coordinates, or those the link still shows', () => {
    expect(() => decodeURIComponent('/%E0%A4%A')).toThrow(URIError);
    expect(coordinatesFromMapUrl('https://maps.google.com/%E0%A4%A')).toBeUndefined();
    expect(coordinatesFromMapUrl('https://maps.google.com/%')).toBeUndefined();
    expect(coordinatesFromMapUrl('https://www.google.com/maps/place/%E0%A4%A/@41.5126,-73.6029,17z')).toEqual({
      lat: 41.5126,
      lng: -73.6029,
    });
  });
});

describe('openingHoursSpecification', () => {
  it('groups weekdays with the same hours, leaves closed days out, ends midnight at 23:59, then the special dates from today on', () => {
    expect(openingHoursSpecification(SHOP.hours, NOW)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [
          'https://schema.org/Monday',
          'https://schema.org/Tuesday',
          'https://schema.org/Wednesday',
          'https://schema.org/Thursday',
        ],
        opens: '09:00',
        closes: '21:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Friday'], opens: '09:00', closes: '23:59' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Sunday'], opens: '12:00', closes: '18:00' },
      {
        '@type': 'OpeningHoursSpecification',
        name: 'Thanksgiving',
        opens: '00:00',
        closes: '00:00',
        validFrom: '2026-11-26',
        validThrough: '2026-11-26',
      },
      {
        '@type': 'OpeningHoursSpecification',
        name: 'Christmas Eve',
        opens: '10:00',
        closes: '18:00',
        validFrom: '2026-12-24',
        validThrough: '2026-12-24',
      },
    ]);
  });

  it('says nothing without weekly hours, and takes "today" in New York', () => {
    expect(openingHoursSpecification({ weeklyHours: null, specialDates: ['2026-11-26 closed'] }, NOW)).toEqual([]);
    // 2026-11-27 01:00 UTC is still the 26th in New York: Thanksgiving is today, so listed.
    const late = openingHoursSpecification({ ...SHOP.hours }, new Date('2026-11-27T01:00:00Z'));
    expect(late.some((spec) => typeof spec === 'object' && 'validFrom' in spec && spec.validFrom === '2026-11-26')).toBe(true);
    const next = openingHoursSpecification({ ...SHOP.hours }, new Date('2026-11-27T06:00:00Z'));
    expect(next.some((spec) => typeof spec === 'object' && 'validFrom' in spec && spec.validFrom === '2026-11-26')).toBe(false);
  });
});

describe('newYorkIsoTime', () => {
  const at = (date: string, time: string) => newYorkIsoTime({ date, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) });
  it('gives the offset New York keeps on that day: -04:00 in summer, -05:00 in winter, across both 2026 changes', () => {
    expect(at('2026-07-04', '19:00')).toBe('2026-07-04T19:00:00-04:00');
    expect(at('2026-01-15', '08:30')).toBe('2026-01-15T08:30:00-05:00');
    // DST starts 2026-03-08 and ends 2026-11-01 (2 AM local).
    expect(at('2026-03-07', '18:00')).toBe('2026-03-07T18:00:00-05:00');
    expect(at('2026-03-08', '18:00')).toBe('2026-03-08T18:00:00-04:00');
    expect(at('2026-10-31', '18:00')).toBe('2026-10-31T18:00:00-04:00');
    expect(at('2026-11-01', '18:00')).toBe('2026-11-01T18:00:00-05:00');
    // The same instant as Date reads it.
    expect(new Date(at('2026-07-04', '19:00')).toISOString()).toBe('2026-07-04T23:00:00.000Z');
    // The hour skipped in spring and the one repeated in autumn: the instants the .ics files use.
    expect(new Date(at('2026-03-08', '02:30')).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(new Date(at('2026-11-01', '01:30')).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('the JSON-LD objects', () => {
  it('describes the shop as a LiquorStore with absolute URLs, geo, the map and the hours', () => {
    const store = liquorStore(SHOP, URLS, NOW);
    expect(store).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LiquorStore',
      name: SHOP.name,
      url: 'https://shop.example/home',
      telephone: '+1-845-555-0142',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '3140 Route 22',
        addressLocality: 'Patterson',
        addressRegion: 'NY',
        postalCode: '12563',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 41.5126, longitude: -73.6029 },
      hasMap: SHOP.mapUrl,
    });
    expect((store as { openingHoursSpecification?: unknown[] }).openingHoursSpecification).toHaveLength(5);
    expect(liquorStore({ ...SHOP, coordinates: undefined, mapUrl: null }, URLS, NOW)).not.toHaveProperty('geo');
  });

  it("gives a Product one Offer at today's price as a two-decimal string in USD, and never a former price", () => {
    const product = productOf({ id: 'abc', name: 'Cabernet', price: 24.5, img: '/media/x.png', description: ' Dry. ' }, URLS)!;
    expect(product).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Cabernet',
      url: 'https://shop.example/item/abc',
      image: ['https://shop.example/media/x.png'],
      description: 'Dry.',
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example/item/abc',
        price: '24.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStoreOnly',
        itemCondition: 'https://schema.org/NewCondition',
        // The shop's LiquorStore, by its @id (decision 0380).
        availableAtOrFrom: { '@id': 'https://shop.example/#store' },
        seller: { '@id': 'https://shop.example/#store' },
      },
    });
    // No GTIN given (none, or not a valid one), none claimed.
    expect(JSON.stringify(product)).not.toMatch(/priceValidUntil|priceSpecification|StrikethroughPrice|highPrice|lowPrice|InStock"|gtin/);
    expect(productOf({ id: 'abc', name: 'Cabernet', price: 24.5, gtin: '4006381333931' }, URLS)).toMatchObject({ gtin13: '4006381333931' });
    expect(productOf({ id: 'abc', name: 'No price', price: null }, URLS)).toBeNull();
    // The item's page, its id encoded as one path segment (itemPath, as the canonical URL).
    expect(productOf({ id: 'a b/c', name: 'Odd id', price: 1 }, URLS)).toMatchObject({ url: 'https://shop.example/item/a%20b%2Fc' });
  });

  it('says the availability from the counted stock and the size as the page shows it (decision 0286)', () => {
    const offer = (stock: number | null) =>
      productOf(withOfferFacts({ id: 'v', name: 'Vodka', price: 20, stock }), URLS)!.offers as { availability: string };
    expect(offer(null).availability).toBe('https://schema.org/InStoreOnly');
    expect(offer(12).availability).toBe('https://schema.org/InStock');
    expect(offer(4).availability).toBe('https://schema.org/InStock');
    expect(offer(3).availability).toBe('https://schema.org/LimitedAvailability');
    expect(offer(1).availability).toBe('https://schema.org/LimitedAvailability');
    expect(offer(0).availability).toBe('https://schema.org/OutOfStock');
    expect(productOf(withOfferFacts({ id: 'v', name: 'Vodka', price: 20, sizeMl: 1750 }), URLS)).toMatchObject({ size: '1.75 L' });
    expect(productOf(withOfferFacts({ id: 'v', name: 'Cans', price: 20, sizeMl: 250, packCount: 4 }), URLS)).toMatchObject({
      size: '4 × 250 mL',
    });
    expect(productOf(withOfferFacts({ id: 'v', name: 'Vodka', price: 20 }), URLS)).not.toHaveProperty('size');
  });

  it("cuts a Product's or an Event's description to MAX_DESCRIPTION_LENGTH at a word, with an ellipsis", () => {
    expect(MAX_DESCRIPTION_LENGTH).toBe(500);
    const long = 'Notes of cherry and oak. '.repeat(400);
    const product = productOf({ id: 'abc', name: 'Cabernet', price: 24.5, description: long }, URLS) as { description: string };
    const event = eventOf({ id: 'e', name: 'Tasting', date: '2026-12-05', time: '17:30', description: long }, SHOP, URLS) as {
      description: string;
    };
    for (const { description } of [product, event]) {
      expect(description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
      expect(description.length).toBeGreaterThan(MAX_DESCRIPTION_LENGTH * 0.6);
      expect(description).toMatch(/[a-z]…$/);
      expect(long.startsWith(description.slice(0, -1))).toBe(true);
    }
    // Never half of an emoji, and a cut within a word when a long word leaves none to cut at.
    expect(clipText(`${'a'.repeat(498)}🍷🍷`, MAX_DESCRIPTION_LENGTH)).toBe(`${'a'.repeat(498)}…`);
    expect(clipText(`${'a'.repeat(497)}🍷🍷`, MAX_DESCRIPTION_LENGTH)).toBe(`${'a'.repeat(497)}🍷…`);
    expect(clipText('x'.repeat(1000), 10)).toBe(`${'x'.repeat(9)}…`);
    // Kept as written when it fits.
    expect(productOf({ id: 'abc', name: 'Cabernet', price: 1, description: ' Dry.\nRed. ' }, URLS)).toMatchObject({
      description: 'Dry.\nRed.',
    });
  });

  it('gives an Event at the shop with the New York offset, or the day alone without a time', () => {
    const event = eventOf(
      { id: 'e', name: 'Tasting', date: '2026-12-05', time: '17:30', description: 'Reds.', img: '/media/e.png' },
      SHOP,
      URLS,
    );
    expect(event).toMatchObject({
      '@type': 'Event',
      startDate: '2026-12-05T17:30:00-05:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: SHOP.name, address: { streetAddress: '3140 Route 22', addressLocality: 'Patterson' } },
      image: ['https://shop.example/media/e.png'],
      organizer: { '@type': 'LiquorStore', name: SHOP.name, url: 'https://shop.example/home' },
    });
    expect(eventOf({ id: 'e', name: 'Later', date: '2026-12-06', time: null }, SHOP, URLS)).toMatchObject({
      startDate: '2026-12-06',
      image: [URLS.shopImage],
    });
    expect(eventOf({ id: 'e', name: 'Later', date: '2026-12-06', time: null }, SHOP, URLS)).not.toHaveProperty('endDate');
  });

  it('never claims an event is free (no price is recorded), says it is cancelled once staff cancelled it, and how many places are left where it takes RSVPs (decision 0353)', () => {
    const base: EventFacts = { id: 'e', name: 'Tasting', date: '2026-12-05', time: '17:30' };
    expect(eventOf(base, SHOP, URLS)).toMatchObject({ eventStatus: 'https://schema.org/EventScheduled' });
    expect(eventOf(base, SHOP, URLS)).not.toHaveProperty('isAccessibleForFree');
    expect(eventOf(base, SHOP, URLS)).not.toHaveProperty('remainingAttendeeCapacity');
    const rsvp = { ...base, takesRsvp: true, rsvpCapacity: 24, rsvpTaken: 12 };
    expect(eventOf(rsvp, SHOP, URLS)).toMatchObject({ remainingAttendeeCapacity: 12 });
    expect(eventOf({ ...rsvp, rsvpTaken: null }, SHOP, URLS)).toMatchObject({ remainingAttendeeCapacity: 24 });
    expect(eventOf({ ...rsvp, rsvpTaken: 30 }, SHOP, URLS)).toMatchObject({ remainingAttendeeCapacity: 0 });
    // RSVPs turned off keep their numbers in the record, but nothing is claimed.
    expect(eventOf({ ...rsvp, takesRsvp: false }, SHOP, URLS)).not.toHaveProperty('remainingAttendeeCapacity');
    const cancelled = eventOf({ ...rsvp, cancelledAt: '2026-12-01T15:00:00.000Z' }, SHOP, URLS);
    expect(cancelled).toMatchObject({ eventStatus: 'https://schema.org/EventCancelled' });
    expect(cancelled).not.toHaveProperty('remainingAttendeeCapacity');
  });

  it.each([
    ['17:30', '2026-12-05T17:30:00-05:00', '2026-12-05T19:30:00-05:00'],
    ['7:30 pm', '2026-12-05T19:30:00-05:00', '2026-12-05T21:30:00-05:00'],
    ['7 PM', '2026-12-05T19:00:00-05:00', '2026-12-05T21:00:00-05:00'],
    ['7-9 PM', '2026-12-05T19:00:00-05:00', '2026-12-05T21:00:00-05:00'],
    ['10 pm to 1 am', '2026-12-05T22:00:00-05:00', '2026-12-06T01:00:00-05:00'],
  ])('reads the time %j as the .ics file does: start %s, end %s', (time, startDate, endDate) => {
    const facts: EventFacts = { id: 'e1', name: 'Tasting', date: '2026-12-05', time };
    expect(eventOf(facts, SHOP, URLS)).toMatchObject({ startDate, endDate });
    // The very instants of the event's .ics file, read back by a calendar library.
    const ics = buildEventCalendar({ ...facts }, { shop: { name: SHOP.name, address: SHOP.addressLine } })!;
    const root = new ICAL.Component(ICAL.parse(ics));
    for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const vevent = new ICAL.Event(root.getFirstSubcomponent('vevent')!);
    expect(vevent.startDate.toJSDate().getTime()).toBe(Date.parse(startDate));
    expect(vevent.endDate.toJSDate().getTime()).toBe(Date.parse(endDate));
  });

  it('ends an event with a start and no end DEFAULT_EVENT_MINUTES later, and leaves an unreadable time to the day alone', () => {
    const event = eventOf({ id: 'e', name: 'Tasting', date: '2026-07-04', time: '19:00' }, SHOP, URLS) as {
      startDate: string;
      endDate: string;
    };
    expect(Date.parse(event.endDate) - Date.parse(event.startDate)).toBe(DEFAULT_EVENT_MINUTES * 60_000);
    const vague = eventOf({ id: 'e', name: 'Tasting', date: '2026-07-04', time: 'after work' }, SHOP, URLS);
    expect(vague).toMatchObject({ startDate: '2026-07-04' });
    expect(vague).not.toHaveProperty('endDate');
  });

  it('lists the events from today in New York on, soonest first', () => {
    const events = [
      { id: '1', name: 'B', date: '2026-11-30', time: '18:00' },
      { id: '2', name: 'Past', date: '2026-11-22', time: '18:00' },
      { id: '3', name: 'A', date: '2026-11-30', time: '12:00' },
      { id: '4', name: 'Today', date: '2026-11-23', time: null },
      { id: '5', name: 'Bad', date: 'soon', time: null },
    ];
    expect(upcomingEventFacts(events, NOW).map((event) => event.name)).toEqual(['Today', 'A', 'B']);
  });

  it('orders by the time as read, not as written ("7 PM" after "12:00", "9 am" before it), and drops days that do not exist', () => {
    const events = [
      { id: '1', name: 'Evening', date: '2026-11-30', time: '7 PM' },
      { id: '2', name: 'Noon', date: '2026-11-30', time: '12:00' },
      { id: '3', name: 'Morning', date: '2026-11-30', time: '9 am' },
      { id: '4', name: 'All day', date: '2026-11-30', time: null },
      { id: '5', name: 'No such day', date: '2026-11-31', time: null },
    ];
    expect(upcomingEventFacts(events, NOW).map((event) => event.name)).toEqual(['Morning', 'Noon', 'Evening', 'All day']);
  });

  it('writes US phone numbers in international form', () => {
    expect(internationalPhone('(845) 555-0142')).toBe('+1-845-555-0142');
    expect(internationalPhone('1 845 555 0142')).toBe('+1-845-555-0142');
    expect(internationalPhone('555-0142')).toBe('555-0142');
  });
});
