/**
 * The public data a storefront page shows on its first screen, by URL. The local server runs
 * these queries as the public API key while it serves the page's HTML and inlines the answers,
 * so the first render needs no round trip and the first banner or item picture downloads beside
 * the scripts (decision 0125: Lighthouse). The SPA's query hooks take the answers as initial data; where
 * there are none (AWS hosting serves index.html as a static file) they fetch through the Amplify
 * client as always. Hooks and server share the selections and filters below, so an inlined answer
 * has exactly the shape of a fetched one.
 */
import { byIndex, isDepartment, MAX_PAGE_SIZE, PLAUSIBLE_ID, type DepartmentTagId } from './catalogue';
import { SHOP_SETTINGS_ID } from './shop-hours';
import { matchSpaRoute, type SpaRouteMatch } from './spa-routes';

/** The fields each storefront query reads (the Amplify client's `selectionSet`). */
export const SELECTIONS = {
  banner: ['id', 'img', 'index', 'description'],
  promotedItem: ['id', 'name', 'price', 'img'],
  // The card's size and stock badge, and what the menu sorts by (decisions 0283, 0284).
  // The Sale mark and until when it holds decide the Sale badge; never the price history, which
  // only admins may read (decisions 0292, 0295).
  menuItem: ['id', 'name', 'price', 'img', 'tags', 'sizeMl', 'packCount', 'stock', 'promoted', 'createdAt', 'onSale', 'saleEndsAt'],
  /** The header's shop-wide search (decision 0300): a card's fields and what it searches besides the name. */
  searchItem: [
    'id',
    'name',
    'price',
    'img',
    'tags',
    'sizeMl',
    'packCount',
    'stock',
    'promoted',
    'createdAt',
    'onSale',
    'saleEndsAt',
    'upc',
    'description',
  ],
  category: ['id', 'name', 'type', 'visible', 'index'],
  tag: ['id', 'name', 'categoryId', 'index'],
  item: [
    'id',
    'name',
    'price',
    'img',
    'description',
    'tags',
    'sizeMl',
    'packCount',
    'abv',
    'vintage',
    'stock',
    'stockCountedAt',
    'onSale',
    'saleEndsAt',
    // Its GTIN in the JSON-LD, when valid (decision 0380).
    'upc',
    // "Limit 2 per customer", and the shelf the fair share is of: how many the reserve control offers (decisions 0371, 0374).
    'limitPerCustomer',
    'shelfStock',
    'heldStock',
  ],
  /** The same product's other sizes, offered as choices on the item page (decision 0285). */
  sizeChoice: ['id', 'name', 'price', 'sizeMl', 'packCount', 'stock'],
  /** With its RSVP fields (product §2 Events): the places left, Full, Closed or Cancelled on the page and in its JSON-LD. */
  event: [
    'id',
    'name',
    'date',
    'time',
    'description',
    'img',
    'takesRsvp',
    'rsvpCapacity',
    'rsvpPartyLimit',
    'rsvpWaitingList',
    'isTasting',
    'rsvpTaken',
    'cancelledAt',
  ],
  shopSettings: ['id', 'name', 'address', 'phone', 'email', 'mapUrl', 'weeklyHours', 'specialDates', 'priceBoundaries', 'tastingRules'],
  /** What the Shop settings screen edits beyond what the storefront shows: the till feed's warning (decision 0377). */
  adminShopSettings: [
    'id',
    'name',
    'address',
    'phone',
    'email',
    'mapUrl',
    'weeklyHours',
    'specialDates',
    'priceBoundaries',
    'tastingRules',
    'tillFeedWarnHours',
    'googleStoreCode',
    // One customer's share of an item's shelf when reserving (decision 0374).
    'reservationShareCap',
  ],
} as const;

/** The filters of the storefront's item lists. */
export const FILTERS = {
  promoted: { promoted: { eq: true } },
  menu: (menu: DepartmentTagId) => ({ tags: { contains: menu } }),
  /** The items of a product (decision 0274): asked by the exact name; `sizeChoices` applies the rule to the answer. */
  sameName: (name: string) => ({ name: { eq: name } }),
} as const;

/** The names the SPA's hooks look answers up by. */
export const firstScreenKeys = {
  banners: 'banners',
  promotedItems: 'promoted-items',
  menuItems: (menu: DepartmentTagId) => `menu-items:${menu}`,
  categories: 'categories',
  tags: 'tags',
  item: (id: string) => `item:${id}`,
  sizeChoices: (id: string) => `item-sizes:${id}`,
  events: 'events',
  shopSettings: 'shop-settings',
  searchItems: 'search-items',
} as const;

/**
 * How wide a page draws its pictures (the `img` `sizes`), shared so the server's preload hint
 * asks for the variant the page will: a different one would be downloaded twice.
 */
export const IMAGE_SIZES = {
  banner: '(max-width: 72rem) 100vw, 68rem',
  itemPage: '(max-width: 50rem) min(90vw, 26rem), 28rem',
} as const;

export interface FirstScreenQuery {
  key: string;
  /** One root field; its answer is inlined whole (`get`) or as its items when it fits one page (`list`). */
  field: string;
  kind: 'get' | 'list';
  query: string;
  variables?: Record<string, unknown>;
  /** The picture to preload: read from the answer, drawn at these `sizes`. */
  preloadImage?: { sizes: string; pick: (answer: unknown) => string | null | undefined };
  /**
   * A query that needs an earlier one's answer (the item's name): `variables` made from the answer
   * under `key`, or null when there is nothing to ask (the answer is then `none`).
   */
  after?: { key: string; variables: (answer: unknown) => Record<string, unknown> | null; none: unknown };
}

const LIST_FIELDS = { Banner: 'listBanners', Item: 'listItems', Category: 'listCategories', Tag: 'listTags', Event: 'listEvents' } as const;

function list(
  key: string,
  model: keyof typeof LIST_FIELDS,
  selection: readonly string[],
  filter?: object,
  limit = MAX_PAGE_SIZE,
): FirstScreenQuery {
  const field = LIST_FIELDS[model];
  // $nextToken: the server reads a longer list's further pages to draw the page (server/http/first-screen.ts).
  const variables = filter ? `$filter: Model${model}FilterInput, $nextToken: String` : '$nextToken: String';
  return {
    key,
    field,
    kind: 'list',
    query: `query FirstScreen(${variables}) { ${field}(${filter ? 'filter: $filter, ' : ''}limit: ${limit}, nextToken: $nextToken) { items { ${selection.join(' ')} } nextToken } }`,
    variables: filter ? { filter } : undefined,
  };
}

/**
 * The most items a search page inlines: about what fits in the inlining cap (96 KB) with their
 * descriptions. A bigger catalogue costs the server a read of this many, not of a whole page of
 * 1,000, to find that /search is the app's.
 */
export const SEARCH_FIRST_SCREEN_ITEMS = 200;

/** The filter asking for an item's other sizes: its name, when it has a size (no size, no choices). */
export function sizeChoicesVariables(answer: unknown): Record<string, unknown> | null {
  const item = answer as { name?: unknown; sizeMl?: unknown } | null;
  if (!item || typeof item.name !== 'string' || !item.sizeMl) return null;
  return { filter: FILTERS.sameName(item.name) };
}

/** The banner the carousel shows first, in the carousel's own order. */
const firstBannerImage = (answer: unknown) =>
  byIndex(answer as Array<{ img?: string | null; index?: number | null }>).find((banner) => banner.img)?.img;

/** The queries of a route's own content (the route as shared/spa-routes.ts matched it). */
function pageQueries(route: SpaRouteMatch, search: URLSearchParams): FirstScreenQuery[] {
  switch (route.name) {
    case 'home':
      return [
        {
          ...list(firstScreenKeys.banners, 'Banner', SELECTIONS.banner),
          preloadImage: { sizes: IMAGE_SIZES.banner, pick: firstBannerImage },
        },
        list(firstScreenKeys.promotedItems, 'Item', SELECTIONS.promotedItem, FILTERS.promoted),
      ];
    case 'menu': {
      const menu = search.get('category');
      if (!isDepartment(menu)) return [];
      return [
        list(firstScreenKeys.menuItems(menu), 'Item', SELECTIONS.menuItem, FILTERS.menu(menu)),
        list(firstScreenKeys.categories, 'Category', SELECTIONS.category),
        list(firstScreenKeys.tags, 'Tag', SELECTIONS.tag),
      ];
    }
    case 'events':
      return [list(firstScreenKeys.events, 'Event', SELECTIONS.event)];
    case 'search':
      // A search with words: the whole catalogue, which fits in the page when the shop is small
      // (a bigger one is the app's to read); without any, the page asks for nothing.
      if (!(search.get('q') ?? '').trim()) return [];
      return [
        list(firstScreenKeys.searchItems, 'Item', SELECTIONS.searchItem, undefined, SEARCH_FIRST_SCREEN_ITEMS),
        list(firstScreenKeys.categories, 'Category', SELECTIONS.category),
        list(firstScreenKeys.tags, 'Tag', SELECTIONS.tag),
      ];
    case 'item': {
      const id = route.params.id ?? '';
      if (!PLAUSIBLE_ID.test(id)) return [];
      return [
        {
          key: firstScreenKeys.item(id),
          field: 'getItem',
          kind: 'get',
          query: `query FirstScreen($id: ID!) { getItem(id: $id) { ${SELECTIONS.item.join(' ')} } }`,
          variables: { id },
          preloadImage: { sizes: IMAGE_SIZES.itemPage, pick: (answer) => (answer as { img?: string | null } | null)?.img },
        },
        {
          ...list(firstScreenKeys.sizeChoices(id), 'Item', SELECTIONS.sizeChoice, FILTERS.sameName('')),
          after: { key: firstScreenKeys.item(id), variables: sizeChoicesVariables, none: [] },
        },
        // The item's tags are shown as facts by their categories (decision 0285).
        list(firstScreenKeys.categories, 'Category', SELECTIONS.category),
        list(firstScreenKeys.tags, 'Tag', SELECTIONS.tag),
      ];
    }
    default:
      return [];
  }
}

/** The shop's details and hours, which every storefront page shows in its footer (decision 0193). */
const shopSettingsQuery: FirstScreenQuery = {
  key: firstScreenKeys.shopSettings,
  field: 'getShopSettings',
  kind: 'get',
  query: `query FirstScreen($id: ID!) { getShopSettings(id: $id) { ${SELECTIONS.shopSettings.join(' ')} } }`,
  variables: { id: SHOP_SETTINGS_ID },
};

/**
 * What to inline for a page, or nothing. `pathname` and `search` are the request's; the route is
 * matched as the SPA and the server's 404s match it (shared/spa-routes.ts), so one matcher decides.
 */
export function firstScreenQueries(pathname: string, search: URLSearchParams): FirstScreenQuery[] {
  const route = matchSpaRoute(pathname);
  if (!route) return [];
  if (route.name === 'aboutus') return [shopSettingsQuery];
  const queries = pageQueries(route, search);
  return queries.length ? [...queries, shopSettingsQuery] : [];
}
