/**
 * A storefront page as the local server sends it (decisions 0214 and 0217): its status (404 for a path no SPA
 * route shows and for an item that does not exist), its head (shared/page-head.ts: title,
 * description, canonical URL, robots, Open Graph and Twitter cards, JSON-LD) and its first
 * screen (first-screen.ts). The head rides on the first screen's answers: no query of its own.
 *
 * Cached apart from the GraphQL answers (AppServices.pageCache), with the same invalidation (any
 * write), keyed by what the page is
 * (its route, the item id or department, the day in New York, since "upcoming" changes at
 * midnight), never by a request header: absolute URLs use the origin the server announces
 * (PUBLIC_ORIGIN, or the address it listens on), so a forged Host can never poison a cached page.
 */
import { isDepartment, PLAUSIBLE_ID } from '../../shared/catalogue';
import { firstScreenKeys, type FirstScreenQuery } from '../../shared/first-screen';
import { pageHead, shopFactsOf, type PageHead, type ShopSettingsLike } from '../../shared/page-head';
import { newYorkTime } from '../../shared/shop-hours';
import { matchSpaRoute, MENU_URL_PARAMS, SEARCH_URL_PARAMS, spaRoutePath } from '../../shared/spa-routes';
import { brandTagsOf, withOfferFacts, type ItemOfferSource } from '../../shared/item-offer';
import { eventsHeadOf, type EventFacts } from '../../shared/event-structured-data';
import type { ItemFacts, ShopFacts } from '../../shared/structured-data';
import { escapeXml, jsonLdBlock } from '../markup';
import { firstScreenOf, firstScreenQueriesOf, type FirstScreenDeps } from './first-screen';
import { SERVER_RENDERED_ROUTES, type PageMarkup } from './page-markup';
import type { ResponseCache } from './response-cache';

export interface PageDeps extends FirstScreenDeps {
  /** Scheme, host and port of absolute URLs: PUBLIC_ORIGIN, or what the server announces. */
  origin: () => string;
  /** The shop's facts where the settings record says nothing (shared/shop.ts). */
  defaults: ShopFacts;
  now?: () => number;
  /** The renderer of the public pages' body (decision 0388); null without one in the build. */
  markup?: PageMarkup | null;
  /** Told of a body that could not be rendered (the page goes out without it). */
  onBodyFailed?: (path: string, error: unknown) => void;
}

export interface RenderedPage {
  status: 200 | 404;
  /** The <head> elements that replace index.html's defaults. */
  head: string;
  /** The first screen's data block and preload hints; empty when not inlined. */
  firstScreen: string;
  /** True when the body was drawn with answers the block leaves out, which the app reads at once (decision 0393). */
  leftOut?: boolean;
  /** #root's server-rendered markup; empty for a page the SPA alone draws. */
  body: string;
  /** When the body was drawn (ms): the clock it read, which the app hydrates with (lib/hydration.ts). */
  drawnAt: number;
}

/** The head as HTML: every text escaped, JSON-LD as data blocks. */
export function renderHead(head: PageHead): string {
  const parts = [`<title>${escapeXml(head.title)}</title>`, `<meta name="description" content="${escapeXml(head.description)}">`];
  if (head.robots) parts.push(`<meta name="robots" content="${escapeXml(head.robots)}">`);
  if (head.canonical) parts.push(`<link rel="canonical" href="${escapeXml(head.canonical)}">`);
  for (const meta of head.meta) {
    const key = meta.property ? `property="${escapeXml(meta.property)}"` : `name="${escapeXml(meta.name ?? '')}"`;
    parts.push(`<meta ${key} content="${escapeXml(meta.content)}">`);
  }
  for (const block of head.jsonLd) parts.push(jsonLdBlock(block));
  return parts.join('');
}

/**
 * Where a request for an SPA route spelt otherwise than its one path (a trailing slash, another
 * case, another percent-encoding of an item's id) is sent for good: that path, with the request's
 * query string, as a relative URL. Null for a path already canonical or no route's. Answered
 * before any query, so /Item/<id>/ never serves a page of its own (a soft 404 or a page without
 * its head) and every page has one URL. The Location is always "/" and then neither "/" nor a
 * backslash: never one a browser reads as another host (//evil.example, /\evil.example).
 */
export function canonicalRedirect(url: URL): string | null {
  const route = matchSpaRoute(url.pathname);
  if (!route) return null;
  const path = spaRoutePath(route);
  if (path === url.pathname) return null;
  const location = `${path}${url.search}`;
  return /^\/[^/\\]/.test(location) ? location : null;
}

/**
 * What the page depends on: its queries (as the first screen was keyed) and what its head reads
 * of the URL. Null for a page without queries (nothing to save) or with an id no item can have;
 * with renderPage keeping no 404, made-up URLs add no entries.
 */
function pageKey(url: URL, queries: FirstScreenQuery[], today: string, minute: number): string | null {
  const route = matchSpaRoute(url.pathname);
  if (!route || queries.length === 0) return null;
  const asked = JSON.stringify(queries.map(({ key, variables }) => [key, variables]));
  // The body reads the clock (a sale that ends, a count's "2 hours ago"): a drawn page is kept
  // for the minute it was drawn in, by what it reads of the query string.
  const drawn = SERVER_RENDERED_ROUTES.has(route.name) ? `:${minute}:${drawnSearch(url)}` : '';
  if (route.name === 'item')
    return PLAUSIBLE_ID.test(route.params.id ?? '') ? `page:item:${route.params.id}:${today}${drawn}:${asked}` : null;
  return `page:${route.name}:${today}${drawn}:${asked}`;
}

/**
 * The query string a page is drawn with: a menu's own parameters (MENU_URL_PARAMS), in one order,
 * and /search's words; nothing for the other pages. A link's tracking parameters (utm_*, fbclid)
 * draw and key the same page, so they cannot fill the cache or make every visit a new render.
 */
function drawnSearch(url: URL): string {
  const route = matchSpaRoute(url.pathname)?.name;
  if (route !== 'menu' && route !== 'search') return '';
  const kept = new URLSearchParams();
  for (const name of route === 'menu' ? MENU_URL_PARAMS : SEARCH_URL_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `?${search}` : '';
}

/**
 * Whether the page is drawn even when its answers are too large to inline (decision 0391): a
 * department's menu in its plain form (no search, filter or sort), whose whole list the server
 * reads to draw it; the app reads the list itself (the menu's first reads) and takes the drawn
 * markup over once it is in. A menu's other forms, one per search a visitor may type, stay the
 * app's alone: each would read and draw the whole department again.
 */
function drawnWithoutInlining(url: URL, deps: PageDeps): boolean {
  // A renderer with no room would not draw it: its whole list is then not read.
  if (!deps.markup?.hasRoom() || matchSpaRoute(url.pathname)?.name !== 'menu') return false;
  const kept = new URLSearchParams(drawnSearch(url));
  return isDepartment(kept.get('category')) && [...kept.keys()].length === 1;
}

/**
 * #root's markup for a public page, drawn with `answers`: those the page inlines, or a plain
 * menu's whole list (drawnWithoutInlining). Empty with none (another page whose answers are too
 * large to inline, /search, which reads the whole catalogue): drawn without its data it would be
 * a shell with a spinner, nothing a crawler can use. Empty too without a renderer, for other
 * pages, when the renderer is busy (`complete` false: not kept), and when rendering fails (the SPA
 * draws the page as before; the operator gets a line).
 */
async function bodyOf(
  url: URL,
  answers: Record<string, unknown> | null,
  deps: PageDeps,
  now: Date,
): Promise<{ body: string; complete: boolean }> {
  const route = matchSpaRoute(url.pathname);
  if (!answers || !deps.markup || !route || !SERVER_RENDERED_ROUTES.has(route.name)) return { body: '', complete: true };
  try {
    const body = await deps.markup.render(deps.origin(), `${url.pathname}${drawnSearch(url)}`, answers, now.getTime());
    return body === null ? { body: '', complete: false } : { body, complete: true };
  } catch (error) {
    deps.onBodyFailed?.(url.pathname, error);
    return { body: '', complete: true };
  }
}

async function build(
  url: URL,
  queries: FirstScreenQuery[],
  deps: PageDeps,
  now: Date,
): Promise<{ page: RenderedPage; cacheable: boolean }> {
  const whole = drawnWithoutInlining(url, deps);
  const {
    markup,
    partialMarkup,
    answers,
    cacheable,
    complete: answered,
  } = queries.length
    ? await firstScreenOf(queries, deps, whole)
    : { markup: '', partialMarkup: '', answers: {}, cacheable: true, complete: false };
  const route = matchSpaRoute(url.pathname);
  let item: ItemFacts | null | undefined;
  if (route?.name === 'item') {
    const id = route.params.id ?? '';
    const key = firstScreenKeys.item(id);
    // An id the API could not have handed out names no item; an error leaves it unknown (200, the SPA retries).
    const answer = answers[key] as (ItemFacts & ItemOfferSource) | null | undefined;
    const categories = (answers[firstScreenKeys.categories] ?? []) as Array<{ id: string; name?: string | null }>;
    const tags = (answers[firstScreenKeys.tags] ?? []) as Array<{ id: string; name?: string | null; categoryId?: string | null }>;
    item = !PLAUSIBLE_ID.test(id) ? null : key in answers ? answer && withOfferFacts(answer, brandTagsOf(categories, tags)) : undefined;
  }
  // A menu's ItemList (decision 0380): the department's items as inlined.
  const menu = route?.name === 'menu' ? url.searchParams.get('category') : null;
  const list = isDepartment(menu)
    ? (answers[firstScreenKeys.menuItems(menu)] as Array<{ id: string; name: string }> | null | undefined)
    : undefined;
  const origin = deps.origin();
  const shop = shopFactsOf(answers[firstScreenKeys.shopSettings] as ShopSettingsLike | null | undefined, deps.defaults);
  const events = answers[firstScreenKeys.events] as EventFacts[] | null | undefined;
  const head = pageHead({
    pathname: url.pathname,
    search: url.searchParams,
    origin,
    now,
    shop,
    item,
    list: list ?? undefined,
    eventsHead: events ? eventsHeadOf(events, shop, origin, now) : undefined,
  });
  const drawnWhole = !markup && whole && answered;
  const { body, complete } = await bodyOf(url, markup || drawnWhole ? answers : null, deps, now);
  // Drawn with answers too large to inline: the app hydrates the page with those that fit and
  // reads the rest itself (decision 0393).
  const leftOut = drawnWhole && body !== '';
  return {
    page: {
      status: head.status,
      head: renderHead(head),
      firstScreen: markup || (leftOut ? partialMarkup : ''),
      ...(leftOut ? { leftOut } : {}),
      body,
      drawnAt: now.getTime(),
    },
    cacheable: cacheable && complete,
  };
}

/**
 * A menu drawn from its whole list (decision 0391) is drawn again at most this often: a write
 * (any customer's pickup list is one) and a minute both end a cached page, and drawing 10,000
 * bottles holds the server for most of a second. In between, the last drawing is sent; the app
 * reads the list itself and shows it as it is now.
 */
export const WHOLE_LIST_REDRAW_MS = 10_000;

/** Per server (its page cache): the builds under way by page and store version, and each big menu's last drawing. */
interface PageBuilds {
  underWay: Map<string, Promise<RenderedPage>>;
  lastWhole: Map<string, { page: RenderedPage; at: number }>;
}
const buildsOf = new WeakMap<ResponseCache, PageBuilds>();

/** The page at `url`: status, head and first screen, cached until the next write (or the next day in New York). */
export async function renderPage(url: URL, deps: PageDeps): Promise<RenderedPage> {
  const now = new Date(deps.now?.() ?? Date.now());
  const queries = firstScreenQueriesOf(url);
  const today = newYorkTime(now).date;
  const key = pageKey(url, queries, today, Math.floor(now.getTime() / 60_000));
  const version = deps.version();
  if (!key) return (await build(url, queries, deps, now)).page;
  const cached = deps.cache.get(key, version);
  if (cached) return JSON.parse(cached.toString('utf8')) as RenderedPage;
  let builds = buildsOf.get(deps.cache);
  if (!builds) buildsOf.set(deps.cache, (builds = { underWay: new Map(), lastWhole: new Map() }));
  const whole = drawnWithoutInlining(url, deps) ? pageKey(url, queries, today, 0)! : null;
  const last = whole ? builds.lastWhole.get(whole) : undefined;
  if (last && now.getTime() - last.at < WHOLE_LIST_REDRAW_MS) return last.page;
  // Requests for a page that is being built wait for that build rather than making their own.
  const buildKey = `${key}\u0000${version}`;
  const underWay = builds.underWay.get(buildKey);
  if (underWay) return underWay;
  const building = build(url, queries, deps, now).then(({ page, cacheable }) => {
    // A 404 (an item that does not exist) is not kept: a getItem by key is cheap to ask again, and
    // a stream of made-up ids would otherwise push every cached GraphQL answer out of the cache.
    if (cacheable && page.status === 200) {
      deps.cache.set(key, version, Buffer.from(JSON.stringify(page)));
      // Only a page drawn from a list it could not inline: an inlined one is cheap to build again,
      // and its answers must follow every write.
      if (whole && page.leftOut) {
        for (const [drawn, { at }] of builds.lastWhole) if (now.getTime() - at >= WHOLE_LIST_REDRAW_MS) builds.lastWhole.delete(drawn);
        builds.lastWhole.set(whole, { page, at: now.getTime() });
      }
    }
    return page;
  });
  builds.underWay.set(buildKey, building);
  try {
    return await building;
  } finally {
    builds.underWay.delete(buildKey);
  }
}
