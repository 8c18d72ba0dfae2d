/**
 * The public data a storefront page shows on its first screen, by URL. The local server runs
 * these queries as the public API key while it serves the page's HTML and inlines the answers,
 * so the first render needs no round trip and the first banner or item picture downloads beside
 * the scripts (issue 8: Lighthouse). The SPA's query hooks take the answers as initial data; where
 * there are none (AWS hosting serves index.html as a static file) they fetch through the Amplify
 * client as always.
 */
import { DEPARTMENT_TAG_IDS, type DepartmentTagId } from './catalogue';

/** index.html's placeholder, and the id of the JSON data block the server puts there. */
export const FIRST_SCREEN_PLACEHOLDER = '<!--first-screen-->';
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/**
 * Marks index.html's modulepreload of the Amplify libraries, which a page with inlined data does
 * not need during its load: the server leaves it out of such pages.
 */
export const DATA_CLIENT_PRELOAD_ATTRIBUTE = 'data-client-preload';

/** The largest page the API hands out; a list that needs a second page is not inlined. */
const LIST_LIMIT = 1000;

/** The names the SPA's hooks look answers up by. */
export const firstScreenKeys = {
  banners: 'banners',
  promotedItems: 'promoted-items',
  menuItems: (menu: DepartmentTagId) => `menu-items:${menu}`,
  categories: 'categories',
  tags: 'tags',
  item: (id: string) => `item:${id}`,
  events: 'events',
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
}

const list = (key: string, field: string, args: string, selection: string, variables?: Record<string, unknown>): FirstScreenQuery => ({
  key,
  field,
  kind: 'list',
  query: `query FirstScreen${variables ? '($value: ID!)' : ''} { ${field}(${args}limit: ${LIST_LIMIT}) { items { ${selection} } nextToken } }`,
  variables,
});

/** The banner shown first: the lowest `index`. */
function firstBannerImage(answer: unknown): string | undefined {
  const banners = answer as Array<{ img?: string | null; index?: number | null }>;
  return [...banners].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).find((banner) => banner.img)?.img ?? undefined;
}

const isDepartment = (value: string | null): value is DepartmentTagId => (DEPARTMENT_TAG_IDS as readonly (string | null)[]).includes(value);

/** What to inline for a page, or nothing. `pathname` and `search` are the request's. */
export function firstScreenQueries(pathname: string, search: URLSearchParams): FirstScreenQuery[] {
  if (pathname === '/home') {
    return [
      { ...list(firstScreenKeys.banners, 'listBanners', '', 'id img index'), preloadImage: { sizes: IMAGE_SIZES.banner, pick: firstBannerImage } },
      list(firstScreenKeys.promotedItems, 'listItems', 'filter: { promoted: { eq: true } }, ', 'id name price img'),
    ];
  }
  if (pathname === '/menu') {
    const menu = search.get('category');
    if (!isDepartment(menu)) return [];
    return [
      list(firstScreenKeys.menuItems(menu), 'listItems', 'filter: { tags: { contains: $value } }, ', 'id name price img tags', { value: menu }),
      list(firstScreenKeys.categories, 'listCategories', '', 'id name type visible index'),
      list(firstScreenKeys.tags, 'listTags', '', 'id name categoryId index'),
    ];
  }
  if (pathname === '/events') return [list(firstScreenKeys.events, 'listEvents', '', 'id name date time description img')];
  const item = /^\/item\/([^/]+)$/.exec(pathname);
  if (item) {
    let id: string;
    try {
      id = decodeURIComponent(item[1]!);
    } catch {
      return [];
    }
    return [{
      key: firstScreenKeys.item(id),
      field: 'getItem',
      kind: 'get',
      query: 'query FirstScreen($value: ID!) { getItem(id: $value) { id name price img description tags } }',
      variables: { value: id },
      preloadImage: { sizes: IMAGE_SIZES.itemPage, pick: (answer) => (answer as { img?: string | null } | null)?.img },
    }];
  }
  return [];
}
