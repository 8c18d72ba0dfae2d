/**
 * A page's <head> (decision 0214): title, description, canonical URL, robots, Open Graph and
 * Twitter card tags, and its schema.org JSON-LD (shared/structured-data.ts), from the URL and the
 * page's first-screen data. One function for both sides: the local server writes it into the
 * HTML it sends (server/http/page-head.ts), the SPA applies it to `document.head` on every
 * client-side navigation (src/hooks/use-page-head.ts), so a page reads the same either way.
 * Pure: no DOM, no I/O, the clock an argument.
 */
import type { Thing, WithContext } from 'schema-dts';
import { BUILT_IN_TAGS, isDepartment, type DepartmentTagId } from './catalogue';
import { isMapUrl, type ShopHoursSource } from './shop-hours';
import { isPrivateRoute, itemPath, matchSpaRoute } from './spa-routes';
import {
  absoluteUrl,
  clipText,
  coordinatesFromMapUrl,
  itemListOf,
  liquorStore,
  parseUsAddress,
  productOf,
  urlContextOf,
  type ItemFacts,
  type ShopFacts,
  type UrlContext,
} from './structured-data';

/** The share card's size (SHARE_CARD_PATH, shared/structured-data.ts). */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

/**
 * The /events page's part of its head, built by eventsHeadOf (shared/event-structured-data.ts):
 * kept out of this module, which every page loads on static hosting, so the event and RSVP rules
 * load only on /events (decision 0355).
 */
export interface EventsHead {
  /** The soonest upcoming event: the description's "Next:" and the card's picture. */
  next?: { name: string; date: string; img?: string | null };
  /** Its Event blocks, the soonest MAX_EVENT_BLOCKS. */
  jsonLd: Array<WithContext<Thing>>;
}

/** A meta tag of the card: Open Graph's take `property`, Twitter's `name`. */
export interface HeadMeta {
  property?: string;
  name?: string;
  content: string;
}

export interface PageHead {
  /** What the server answers: 404 for a path no route shows and for an item that does not exist. */
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute; null for pages not to be indexed. */
  canonical: string | null;
  /** "noindex" for sign-in, admin and not-found pages. */
  robots: string | null;
  /** Open Graph and Twitter card tags, in order. */
  meta: HeadMeta[];
  jsonLd: Array<WithContext<Thing>>;
}

/** The settings record's fields the head reads (SELECTIONS.shopSettings). */
export interface ShopSettingsLike extends ShopHoursSource {
  name?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  mapUrl?: string | null;
}

export interface PageHeadInput {
  pathname: string;
  search: URLSearchParams | string;
  /** Where the shop is served (scheme, host, port): PUBLIC_ORIGIN or what the server announces. */
  origin: string;
  now: Date;
  shop: ShopFacts;
  /** The item of an /item page: null when it does not exist, undefined when not known (yet). */
  item?: ItemFacts | null;
  /** The items a menu or a search shows, for its ItemList (decision 0380); undefined when not known. */
  list?: ReadonlyArray<{ id: string; name: string }>;
  /** The head of /events from its events (eventsHeadOf), undefined when they are not known. */
  eventsHead?: EventsHead;
  /**
   * A page's own title where its route does not say it: the admin pages only. Every other route
   * (public, sign-in, not found) has its title from the route and its data, and ignores this.
   */
  title?: string;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const normalAddress = (text: string) => squash(text).toLowerCase().replace(/[.,]/g, '');

/** A stored list of texts (the hours), or null for anything else a record might hold. */
const textList = (value: unknown): Array<string | null> | null =>
  Array.isArray(value) ? value.map((entry: unknown) => (typeof entry === 'string' ? entry : null)) : null;

/**
 * The shop's facts: the settings record's values, each falling back to the code's defaults.
 * Coordinates come from the owner's map link; the defaults' own coordinates count only while the
 * address is still the defaults' (they would put a moved shop in the wrong place). Whatever the
 * record holds, this and pageHead never throw: a value of the wrong kind counts as not set.
 */
export function shopFactsOf(record: ShopSettingsLike | null | undefined, defaults: ShopFacts): ShopFacts {
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? squash(value) : fallback);
  const addressLine = text(record?.address, defaults.addressLine);
  const mapUrl = isMapUrl(record?.mapUrl) ? record.mapUrl : record ? null : defaults.mapUrl;
  const coordinates =
    coordinatesFromMapUrl(mapUrl) ??
    (normalAddress(addressLine) === normalAddress(defaults.addressLine) ? defaults.coordinates : undefined);
  return {
    name: text(record?.name, defaults.name),
    addressLine,
    phone: text(record?.phone, defaults.phone),
    email: text(record?.email, defaults.email),
    mapUrl,
    ...(coordinates ? { coordinates } : {}),
    hours: record ? { weeklyHours: textList(record.weeklyHours), specialDates: textList(record.specialDates) } : defaults.hours,
  };
}

/** A meta description of at most `max` characters (160: what search results show), cut at a word with an ellipsis. */
export const clip = (text: string, max = 160): string => clipText(text, max);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const longDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
const dayName = (date: string) => longDate.format(new Date(`${date}T12:00:00Z`));

const departmentName = (id: DepartmentTagId) => BUILT_IN_TAGS.find((tag) => tag.id === id)!.name;

/** "Patterson, NY", or the whole address when it has no recognisable town. */
function placeName(shop: ShopFacts): string {
  const parts = parseUsAddress(shop.addressLine);
  return parts.addressLocality && parts.addressRegion ? `${parts.addressLocality}, ${parts.addressRegion}` : shop.addressLine;
}

/** The full title of a page: "Wine | Patterson Wine & Liquor", or the shop's name alone. */
export function pageTitle(shopName: string, title?: string): string {
  return title ? `${title} | ${shopName}` : shopName;
}

interface PageParts {
  status?: 200 | 404;
  title?: string;
  description: string;
  /** A path; the canonical URL and og:url. */
  path?: string | null;
  noindex?: boolean;
  ogType?: 'website' | 'product';
  image?: { url: string; alt: string; width?: number; height?: number };
  extraMeta?: HeadMeta[];
  jsonLd?: Array<WithContext<Thing> | null>;
}

function pageParts(input: PageHeadInput, urls: UrlContext): PageParts {
  const { shop, now } = input;
  const search = typeof input.search === 'string' ? new URLSearchParams(input.search) : input.search;
  const route = matchSpaRoute(input.pathname);
  const where = placeName(shop);
  const shopCard = { url: urls.shopImage, alt: shop.name, ...SHARE_CARD_SIZE };
  const shopDescription = `${shop.name}, a wine and liquor shop in ${where}: wine, liquor and extras, tastings and events. ${shop.addressLine}, ${shop.phone}.`;
  if (!route) {
    return { status: 404, title: 'Page not found', description: `This page does not exist. ${shopDescription}`, noindex: true };
  }
  switch (route.name) {
    case 'home':
      return { title: 'Home', description: shopDescription, path: '/home', image: shopCard, jsonLd: [liquorStore(shop, urls, now)] };
    case 'aboutus':
      return {
        title: 'About Us',
        description: `Who we are, our opening hours and how to find ${shop.name}: ${shop.addressLine}. Call ${shop.phone}.`,
        path: '/aboutus',
        image: shopCard,
        jsonLd: [liquorStore(shop, urls, now)],
      };
    case 'menu': {
      const category = search.get('category');
      if (!isDepartment(category)) {
        return {
          title: 'Menu',
          description: `Browse the wine, liquor and extras of ${shop.name} in ${where}.`,
          path: '/menu',
          image: shopCard,
        };
      }
      const name = departmentName(category);
      const what = { wine: 'Wines', liquor: 'Spirits and liquor', extras: 'Mixers, glassware, gifts and other extras' }[category];
      return {
        title: name,
        description: `${what} at ${shop.name} in ${where}. Filter the ${name.toLowerCase()} menu and see each bottle's price.`,
        path: `/menu?category=${category}`,
        image: shopCard,
        jsonLd: [input.list ? itemListOf(input.list, urls) : null],
      };
    }
    case 'events': {
      const next = input.eventsHead?.next;
      const description = next
        ? `Upcoming tastings and events at ${shop.name} in ${where}. Next: ${next.name}, ${dayName(next.date)}.`
        : `Tastings and events at ${shop.name} in ${where}.`;
      return {
        title: 'Events',
        description,
        path: '/events',
        image: next?.img ? { url: absoluteUrl(urls.origin, next.img), alt: next.name } : shopCard,
        jsonLd: input.eventsHead?.jsonLd ?? [],
      };
    }
    case 'item': {
      const path = itemPath(route.params.id ?? '');
      if (input.item === null) {
        return { status: 404, title: 'Item not found', description: `This item is not on our shelves. ${shopDescription}`, noindex: true };
      }
      const item = input.item;
      if (!item) return { description: shopDescription, path, image: shopCard };
      const price = typeof item.price === 'number' && Number.isFinite(item.price) ? usd.format(item.price) : '';
      const description = item.description?.trim()
        ? clip(item.description)
        : clip(`${item.name}${price ? `, ${price}` : ''} at ${shop.name} in ${where}.`);
      return {
        title: item.name,
        description,
        path,
        ogType: 'product',
        image: item.img ? { url: absoluteUrl(urls.origin, item.img), alt: item.name } : shopCard,
        extraMeta: price
          ? [
              { property: 'product:price:amount', content: item.price!.toFixed(2) },
              { property: 'product:price:currency', content: 'USD' },
              { name: 'twitter:label1', content: 'Price' },
              { name: 'twitter:data1', content: price },
            ]
          : [],
        // The shop beside the product: the offer names it by its @id (decision 0380).
        jsonLd: [productOf(item, urls), liquorStore(shop, urls, now)],
      };
    }
    case 'search':
      // Results pages are not for search engines: the menus and item pages are.
      return {
        title: 'Search',
        description: `Search the wine, liquor and extras of ${shop.name} in ${where}.`,
        noindex: true,
        jsonLd: [input.list ? itemListOf(input.list, urls) : null],
      };
    case 'login':
      return { title: 'Log in', description: `Log in to ${shop.name}.`, noindex: true };
    case 'signup':
      return { title: 'Sign Up', description: `Create an account at ${shop.name}.`, noindex: true };
    case 'forgotPassword':
      return { title: 'Forgot password', description: `Ask for a link to set a new password at ${shop.name}.`, noindex: true };
    case 'resetPassword':
      return { title: 'Set a new password', description: `Set a new password for your account at ${shop.name}.`, noindex: true };
    case 'account':
      return { title: 'Your account', description: `Your account at ${shop.name}.`, noindex: true };
    case 'pickupList':
      return { title: 'Your pickup list', description: `Bottles to reserve for pickup at ${shop.name}.`, noindex: true };
    case 'reservations':
      return { title: 'Your reservations', description: `Your reservations for pickup at ${shop.name}.`, noindex: true };
    case 'confirmEmail':
      return {
        title: 'Confirm your email address',
        description: `Confirm the email address of your account at ${shop.name}.`,
        noindex: true,
      };
    default:
      if (isPrivateRoute(route.name)) return { title: input.title ?? 'Admin', description: `${shop.name} admin portal.`, noindex: true };
      return { description: shopDescription };
  }
}

/** The head of the page at `pathname` + `search`. */
export function pageHead(input: PageHeadInput): PageHead {
  const urls = urlContextOf(input.origin);
  const parts = pageParts(input, urls);
  const title = pageTitle(input.shop.name, parts.title);
  const description = clip(parts.description);
  const canonical = parts.path && !parts.noindex ? absoluteUrl(input.origin, parts.path) : null;
  const meta: HeadMeta[] = [
    { property: 'og:site_name', content: input.shop.name },
    { property: 'og:locale', content: 'en_US' },
    { property: 'og:type', content: parts.ogType ?? 'website' },
    { property: 'og:title', content: parts.title ?? input.shop.name },
    { property: 'og:description', content: description },
  ];
  if (canonical) meta.push({ property: 'og:url', content: canonical });
  if (parts.image) {
    meta.push({ property: 'og:image', content: parts.image.url }, { property: 'og:image:alt', content: parts.image.alt });
    if (parts.image.width) {
      meta.push(
        { property: 'og:image:width', content: String(parts.image.width) },
        { property: 'og:image:height', content: String(parts.image.height) },
      );
    }
  }
  meta.push(...(parts.extraMeta ?? []));
  meta.push(
    { name: 'twitter:card', content: parts.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: parts.title ?? input.shop.name },
    { name: 'twitter:description', content: description },
  );
  if (parts.image) meta.push({ name: 'twitter:image', content: parts.image.url }, { name: 'twitter:image:alt', content: parts.image.alt });
  return {
    status: parts.status ?? 200,
    title,
    description,
    canonical,
    robots: parts.noindex ? 'noindex' : null,
    meta,
    jsonLd: (parts.jsonLd ?? []).filter((block): block is WithContext<Thing> => block !== null),
  };
}
