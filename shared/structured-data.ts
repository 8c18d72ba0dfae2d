/**
 * schema.org JSON-LD for the storefront's pages (decision 0219): the shop as a LiquorStore on /home,
 * /aboutus and /item/{id}, a Product with its Offer on /item/{id}, the Offer at the LiquorStore by
 * its @id, and an ItemList on the menus and search (decision 0380), each description at most
 * MAX_DESCRIPTION_LENGTH characters; the Events of /events are built apart
 * (shared/event-structured-data.ts, decision 0355). Pure (the clock is an argument) and typed with
 * schema-dts, so TypeScript checks every property name and enumeration value against schema.org.
 * Used by the local server (which writes the blocks into the page's HTML) and by the SPA (which
 * keeps them right across client-side navigation), through shared/page-head.ts.
 *
 * Never a former or "was" price (9 NYCRR §99.6 on liquor price advertising): an Offer carries the
 * price an item sells for now and nothing else (no priceSpecification, no priceValidUntil).
 */
import type { GeoCoordinates, ItemList, LiquorStore, OpeningHoursSpecification, PostalAddress, Product, WithContext } from 'schema-dts';
import { MAX_SPECIAL_DATES, newYorkTime, specialDatesOf, weeklyHoursOf, WEEKDAYS, type DayHours, type ShopHoursSource } from './shop-hours';
import { itemPath } from './spa-routes';

// ---------------------------------------------------------------------------------------------
// Addresses

/** US states and territories by name, for addresses that spell the state out. */
const STATE_CODES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
};
const STATE_CODE_SET = new Set(Object.values(STATE_CODES));
/** The most words a state's name has ("District of Columbia"). */
const STATE_NAME_WORDS = Math.max(...Object.keys(STATE_CODES).map((name) => name.split(' ').length));

/**
 * An address longer than this is not parsed: it is kept whole as the street address. A real one
 * is well under 100 characters.
 */
export const MAX_PARSED_ADDRESS_LENGTH = 300;
/**
 * The longest text any regular expression of the address parser is run on (a comma part that may
 * name the country, a word that may be a ZIP code): the parser splits and joins with plain string
 * operations, so its work grows linearly with the address, whatever the address holds.
 */
export const ADDRESS_PATTERN_INPUT_MAX = 40;
const ZIP = /^\d{5}(?:-\d{4})?$/;
const COUNTRY = /^(?:US|USA|U\.S\.A?\.?|United States(?: of America)?)$/i;
const isZip = (text: string) => text.length <= 10 && ZIP.test(text);
const isCountry = (text: string) => text.length <= ADDRESS_PATTERN_INPUT_MAX && COUNTRY.test(text);

export interface AddressParts {
  streetAddress: string;
  addressLocality?: string;
  addressRegion?: string;
  postalCode?: string;
  addressCountry: 'US';
}

/** Runs of whitespace as one space, trimmed: without a regular expression, so linear on any text. */
function collapseWhitespace(text: string): string {
  let out = '';
  let pendingSpace = false;
  for (const char of text) {
    if (char.trim() === '') {
      pendingSpace = out.length > 0;
      continue;
    }
    if (pendingSpace) out += ' ';
    pendingSpace = false;
    out += char;
  }
  return out;
}

/** Text without the dots and spaces it ends with ("Patterson." as "Patterson"). */
function withoutTrailingDots(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === '.' || text[end - 1] === ' ')) end -= 1;
  return text.slice(0, end);
}

function stateCode(text: string): string | undefined {
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  const code = STATE_CODES[name.toLowerCase()] ?? name.toUpperCase();
  return STATE_CODE_SET.has(code) ? code : undefined;
}

/** "[City ]State[ ZIP]", a comma part read word by word from its end; the state as a code or a name. */
function cityStateZip(part: string): { city: string; region: string; postalCode?: string } | undefined {
  const words = part.split(' ');
  const postalCode = words.length > 1 && isZip(words[words.length - 1]!) ? words.pop() : undefined;
  // The longest state name first: "Charleston West Virginia" is in West Virginia, not Virginia.
  for (let count = Math.min(STATE_NAME_WORDS, words.length); count >= 1; count -= 1) {
    const region = stateCode(words.slice(-count).join(' '));
    if (region) return { city: withoutTrailingDots(words.slice(0, -count).join(' ')), region, ...(postalCode ? { postalCode } : {}) };
  }
  return undefined;
}

/**
 * The shop's one-line address ("3140 Route 22, Patterson, NY 12563") as PostalAddress parts.
 * Understands a ZIP+4, a state spelled out, a missing comma before the state ("Patterson NY
 * 12563"), extra street lines ("3140 Route 22, Suite 4, Patterson, NY 12563", or on lines of
 * their own) and a trailing country. When it cannot tell the parts apart, or the address is over
 * MAX_PARSED_ADDRESS_LENGTH, the whole line is the street address: schema.org accepts that, and
 * nothing wrong is claimed. Linear in the address's length (decision 0221: no backtracking).
 */
export function parseUsAddress(line: string): AddressParts {
  const text = typeof line === 'string' ? line : '';
  const whole = collapseWhitespace(text);
  if (whole.length > MAX_PARSED_ADDRESS_LENGTH) return { streetAddress: whole, addressCountry: 'US' };
  const parts = text.replaceAll('\n', ',').split(',').map(collapseWhitespace).filter(Boolean);
  if (parts.length > 1 && isCountry(parts[parts.length - 1]!)) parts.pop();
  const fallback: AddressParts = { streetAddress: parts.join(', ') || whole, addressCountry: 'US' };
  if (parts.length < 2) return fallback;

  let postalCode: string | undefined;
  // "..., NY, 12563": the ZIP on its own.
  if (parts.length >= 3 && isZip(parts[parts.length - 1]!)) postalCode = parts.pop();
  const last = cityStateZip(parts[parts.length - 1]!);
  if (!last || (last.postalCode && postalCode)) return fallback;
  postalCode ??= last.postalCode;
  const before = parts.slice(0, -1);
  const addressLocality = last.city || (before.length >= 2 ? before.pop() : undefined);
  if (!addressLocality || before.length === 0) return fallback;
  return {
    streetAddress: before.join(', '),
    addressLocality,
    addressRegion: last.region,
    ...(postalCode ? { postalCode } : {}),
    addressCountry: 'US',
  };
}

export function postalAddress(line: string): PostalAddress {
  return { '@type': 'PostalAddress', ...parseUsAddress(line) };
}

// ---------------------------------------------------------------------------------------------
// Where the shop is

export interface Coordinates {
  lat: number;
  lng: number;
}

const inRange = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);
const pair = (text: string | null | undefined): Coordinates | undefined => {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)/.exec(text ?? '');
  if (!match) return undefined;
  const [lat, lng] = [Number(match[1]), Number(match[2])];
  return inRange(lat, lng) ? { lat, lng } : undefined;
};

/** A URL's path with its %-escapes decoded; as it is when one is malformed ("%E0%A4%A"). */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The coordinates a map link carries, if any: OpenStreetMap (`?mlat=..&mlon=..`,
 * `#map=zoom/lat/lon`) and Google Maps (`@lat,lng`, `?q=lat,lng`, `ll=`, `query=`, `center=`)
 * links. Undefined for a link naming a place by text: no coordinates are made up. Never throws,
 * whatever the owner stored.
 */
export function coordinatesFromMapUrl(mapUrl: string | null | undefined): Coordinates | undefined {
  if (!mapUrl) return undefined;
  let url: URL;
  try {
    url = new URL(mapUrl);
  } catch {
    return undefined;
  }
  const params = url.searchParams;
  const mlat = Number(params.get('mlat') ?? NaN);
  const mlon = Number(params.get('mlon') ?? NaN);
  if (params.has('mlat') && params.has('mlon') && inRange(mlat, mlon)) return { lat: mlat, lng: mlon };
  const osm = /map=\d+(?:\.\d+)?\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)/.exec(url.hash);
  if (osm && inRange(Number(osm[1]), Number(osm[2]))) return { lat: Number(osm[1]), lng: Number(osm[2]) };
  const at = /@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(decodedPath(url.pathname));
  if (at && inRange(Number(at[1]), Number(at[2]))) return { lat: Number(at[1]), lng: Number(at[2]) };
  for (const name of ['q', 'query', 'll', 'center', 'destination']) {
    const found = pair(params.get(name));
    if (found) return found;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Opening hours

const DAY_URLS = WEEKDAYS.map((day) => `https://schema.org/${day}` as const);

/** A closing time for schema.org: "00:00" and "24:00" (midnight at the day's end) as 23:59, Google's end of a day. */
const closesAt = (time: string) => (time === '00:00' || time === '24:00' ? '23:59' : time);

function hoursKey(hours: DayHours): string {
  return hours ? `${hours.open}-${closesAt(hours.close)}` : 'closed';
}

/**
 * The shop's hours as schema.org OpeningHoursSpecification: one per group of weekdays with the
 * same hours (closed days left out, which says closed), then one per special date from today (New
 * York) on, valid from and through that day; a closed day opens and closes at "00:00", as Google
 * reads a day closed all day. A special date's label is its `name`. Nothing when no weekly hours
 * are set.
 */
export function openingHoursSpecification(source: ShopHoursSource | null | undefined, now: Date): OpeningHoursSpecification[] {
  const week = weeklyHoursOf(source);
  if (!week) return [];
  const groups = new Map<string, { hours: NonNullable<DayHours>; days: number[] }>();
  // Monday first, as people read a week; Sunday last.
  for (const weekday of [1, 2, 3, 4, 5, 6, 0]) {
    const hours = week[weekday];
    if (!hours) continue;
    const key = hoursKey(hours);
    const group = groups.get(key) ?? { hours, days: [] };
    group.days.push(weekday);
    groups.set(key, group);
  }
  const specs: OpeningHoursSpecification[] = [...groups.values()].map(({ hours, days }) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: days.map((day) => DAY_URLS[day]!),
    opens: hours.open,
    closes: closesAt(hours.close),
  }));
  const today = newYorkTime(now).date;
  // As many as the settings form accepts (MAX_SPECIAL_DATES): a record written otherwise cannot swell the head.
  for (const special of specialDatesOf(source)
    .filter((entry) => entry.date >= today)
    .slice(0, MAX_SPECIAL_DATES)) {
    specs.push({
      '@type': 'OpeningHoursSpecification',
      ...(special.label ? { name: special.label } : {}),
      opens: special.hours ? special.hours.open : '00:00',
      closes: special.hours ? closesAt(special.hours.close) : '00:00',
      validFrom: special.date,
      validThrough: special.date,
    });
  }
  return specs;
}

// ---------------------------------------------------------------------------------------------
// The JSON-LD objects

/** The longest description a JSON-LD block or a meta tag carries, ellipsis included. */
export const MAX_DESCRIPTION_LENGTH = 500;

/** Whether the UTF-16 unit at `index` starts a surrogate pair (half an emoji must not be cut off). */
const isHighSurrogate = (text: string, index: number) => {
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff;
};

/**
 * A text of at most `max` characters, whitespace runs as one space: kept whole when it fits, else
 * cut at the last word that fits (a cut within a long word when there is none in the last 40%),
 * trailing punctuation dropped, with an ellipsis.
 */
export function clipText(text: string, max: number): string {
  const flat = collapseWhitespace(text);
  if (flat.length <= max) return flat;
  let cut = flat.slice(0, max - 1);
  if (isHighSurrogate(cut, cut.length - 1)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.6) cut = cut.slice(0, space);
  let end = cut.length;
  while (end > 0 && ' ,.;:!?-'.includes(cut[end - 1]!)) end -= 1;
  return `${cut.slice(0, end)}…`;
}

/** A description for JSON-LD: as written (trimmed) when it fits MAX_DESCRIPTION_LENGTH, else clipped; undefined when empty. */
export function jsonLdDescription(text: string | null | undefined): string | undefined {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (!trimmed) return undefined;
  return trimmed.length <= MAX_DESCRIPTION_LENGTH ? trimmed : clipText(trimmed, MAX_DESCRIPTION_LENGTH);
}

/** What the builders know of the shop: the settings record with code defaults filled in. */
export interface ShopFacts {
  name: string;
  addressLine: string;
  phone: string;
  email: string;
  /** The owner's map link (https), or null. */
  mapUrl: string | null;
  /** Where the shop is, when known. */
  coordinates?: Coordinates;
  hours: ShopHoursSource | null;
}

/** Absolute URLs for a page: the origin the server announces (never a request's Host). */
export interface UrlContext {
  origin: string;
  /** An absolute picture of the shop for cards and JSON-LD. */
  shopImage: string;
}

export const absoluteUrl = (origin: string, path: string): string => {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
};

/** The shop-wide picture for link previews and JSON-LD (public/share-card.png, 1200x630). */
export const SHARE_CARD_PATH = '/share-card.png';

/** The absolute URLs the blocks of a page served at `origin` use. */
export const urlContextOf = (origin: string): UrlContext => ({ origin, shopImage: absoluteUrl(origin, SHARE_CARD_PATH) });

/** A US phone number as +1-845-555-0142, as Google's examples write it; other numbers unchanged. */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? `+1-${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}` : phone.trim();
}

export const storeId = (origin: string) => `${origin}/#store`;

export function geoOf(coordinates: Coordinates | undefined): { geo?: GeoCoordinates } {
  if (!coordinates) return {};
  return { geo: { '@type': 'GeoCoordinates', latitude: coordinates.lat, longitude: coordinates.lng } };
}

/** The shop as a LiquorStore (/home, /aboutus). */
export function liquorStore(shop: ShopFacts, urls: UrlContext, now: Date): WithContext<LiquorStore> {
  const hours = openingHoursSpecification(shop.hours, now);
  const coordinates = shop.coordinates;
  const hasMap =
    shop.mapUrl ??
    (coordinates
      ? `https://www.openstreetmap.org/?mlat=${coordinates.lat.toFixed(5)}&mlon=${coordinates.lng.toFixed(5)}#map=17/${coordinates.lat.toFixed(5)}/${coordinates.lng.toFixed(5)}`
      : null);
  return {
    '@context': 'https://schema.org',
    '@type': 'LiquorStore',
    '@id': storeId(urls.origin),
    name: shop.name,
    url: absoluteUrl(urls.origin, '/home'),
    image: urls.shopImage,
    address: postalAddress(shop.addressLine),
    telephone: internationalPhone(shop.phone),
    email: shop.email,
    ...geoOf(coordinates),
    ...(hasMap ? { hasMap } : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
  };
}

/** What an item page knows of its item (SELECTIONS.item). */
export interface ItemFacts {
  id: string;
  name: string;
  price?: number | null;
  img?: string | null;
  description?: string | null;
  /**
   * The size as the page shows it ("750 mL") and the offer's availability, made from the item's
   * facts by shared/item-offer.ts (`withOfferFacts`). Given, not computed here: this module is in
   * every public page's scripts, and the size and stock rules are not (design §4).
   */
  size?: string | null;
  availability?: 'InStock' | 'LimitedAvailability' | 'OutOfStock' | 'InStoreOnly';
  /** The UPC when it is a GTIN Google accepts (shared/gtin.ts, applied by item-offer.ts): 8, 12, 13 or 14 digits. */
  gtin?: string | null;
  /** The brand, where the shop names one (a tag of its "Brand" category; decision 0380). */
  brand?: string | null;
}

/** A price as schema.org wants it: a string with two decimals, no currency sign. */
export const priceText = (price: number) => price.toFixed(2);

/**
 * An item as a Product with one Offer (/item/{id}): the price it sells for now, in US dollars,
 * its availability from the counted stock (InStoreOnly when not counted), and its size as the
 * page shows it ("750 mL", schema.org's Product `size` as text: decision 0286), its GTIN
 * (`gtin12`, `gtin13`... by its length) and brand when known, and the shop's LiquorStore (its
 * @id, the block on the same page) as where it is offered and who sells it (decision 0380). Null
 * when the item has no price: a Product with no offer, review or rating is not a valid rich result.
 */
export function productOf(item: ItemFacts, urls: UrlContext): WithContext<Product> | null {
  if (typeof item.price !== 'number' || !Number.isFinite(item.price) || item.price < 0) return null;
  const url = absoluteUrl(urls.origin, itemPath(item.id));
  const description = jsonLdDescription(item.description);
  const { size, gtin, brand } = item;
  const store = { '@id': storeId(urls.origin) };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name,
    url,
    image: item.img ? [absoluteUrl(urls.origin, item.img)] : [urls.shopImage],
    ...(description ? { description } : {}),
    ...(size ? { size } : {}),
    ...(gtin ? { [`gtin${gtin.length}`]: gtin } : {}),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: priceText(item.price),
      priceCurrency: 'USD',
      availability: `https://schema.org/${item.availability ?? 'InStoreOnly'}`,
      itemCondition: 'https://schema.org/NewCondition',
      availableAtOrFrom: store,
      seller: store,
    },
  };
}

/** The most items an ItemList names: a page's head stays small whatever the menu's size. */
export const MAX_LIST_ITEMS = 50;

/**
 * A menu's or a search's items as an ItemList (decision 0380): each ListItem its position, the
 * item's URL and name; by name, each item once, at most MAX_LIST_ITEMS, so the server's and the
 * browser's lists agree whatever order each loaded them in. Null for none.
 */
export function itemListOf(items: ReadonlyArray<{ id: string; name: string }>, urls: UrlContext): WithContext<ItemList> | null {
  const unique = [...new Map(items.map((item) => [item.id, item])).values()].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1,
  );
  if (unique.length === 0) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: unique.length,
    itemListElement: unique.slice(0, MAX_LIST_ITEMS).map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: absoluteUrl(urls.origin, itemPath(item.id)),
      name: item.name,
    })),
  };
}
