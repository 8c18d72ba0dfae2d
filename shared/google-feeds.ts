/**
 * Google's local inventory feeds (decision 0379): `/feeds/products.tsv` (Merchant Center's product
 * data specification) and `/feeds/local-inventory.tsv` (its local product inventory data
 * specification), tab-separated with a header row, built from the catalogue as it is. Both
 * backends build them here: the local server on each fetch, the cloud on its schedule. The admin
 * items screen counts with the same plan (`feedPlan`), so its line says what the feeds list.
 *
 * Never a `sale_price` nor any former price: an advertised "was" price is forbidden in New York
 * (9 NYCRR §99.6, design §7); each row carries the price the item sells for now.
 */
import { isDepartment } from './catalogue';
import { formatBottleSize } from './bottle-size';
import { gtinOf } from './gtin';
import { brandOf } from './item-offer';
import { itemPath } from './spa-routes';
import { stockStatus } from './stock';

export const FEED_PATHS = { products: '/feeds/products.tsv', localInventory: '/feeds/local-inventory.tsv' } as const;
/** Merchant Center reads a .tsv as tab-separated text (UTF-8). */
export const FEED_CONTENT_TYPE = 'text/tab-separated-values; charset=utf-8';

export const PRODUCT_COLUMNS = [
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
] as const;
export const LOCAL_INVENTORY_COLUMNS = ['store_code', 'id', 'availability', 'quantity', 'price', 'pickup_method', 'pickup_sla'] as const;

/**
 * Google's product categories for what a package store sells (Merchant Center requires alcohol to
 * be categorised as an alcoholic beverage, so it is shown to adults only); Extras (mixers, glasses,
 * snacks) name none: Google picks theirs.
 */
export const GOOGLE_CATEGORIES = {
  wine: 'Food, Beverages & Tobacco > Beverages > Alcoholic Beverages > Wine',
  liquor: 'Food, Beverages & Tobacco > Beverages > Alcoholic Beverages > Liquor & Spirits',
} as const;

/** The store-code setting (Shop settings): the store code of the shop's Business Profile. */
export const STORE_CODE = { maxLength: 64, label: 'Google store code' } as const;
export const FEED_MESSAGES = {
  storeCode: `${STORE_CODE.label}: at most ${STORE_CODE.maxLength} letters, digits, dashes, dots or underscores, as Business Profile shows it`,
} as const;
const STORE_CODE_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Why a store code cannot be kept (the Shop settings editor and both backends' model guards); null when it can. Unset or blank is "not set". */
export function storeCodeProblem(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' && value.length <= STORE_CODE.maxLength && STORE_CODE_PATTERN.test(value)
    ? null
    : FEED_MESSAGES.storeCode;
}

/** What the feeds read of an item. */
export interface FeedItem {
  id: string;
  name: string;
  price?: number | null;
  upc?: string | null;
  description?: string | null;
  img?: string | null;
  tags?: ReadonlyArray<string | null> | null;
  sizeMl?: number | null;
  packCount?: number | null;
  /** What visitors are offered (decision 0367): shelf minus held; null when not counted. */
  stock?: number | null;
}

export interface FeedPlan<T extends FeedItem = FeedItem> {
  /** Items with a GTIN and a price, in id order. */
  listed: Array<T & { gtin: string }>;
  /** Left out, each counted once: no valid UPC first, then no price. */
  noUpc: number;
  noPrice: number;
}

const hasPrice = (price: unknown): price is number => typeof price === 'number' && Number.isFinite(price) && price >= 0;

/** Which items the feeds list, and how many each reason leaves out. */
export function feedPlan<T extends FeedItem>(items: readonly T[]): FeedPlan<T> {
  const plan: FeedPlan<T> = { listed: [], noUpc: 0, noPrice: 0 };
  for (const item of items) {
    const gtin = gtinOf(item.upc);
    if (!gtin) plan.noUpc += 1;
    else if (!hasPrice(item.price)) plan.noPrice += 1;
    else plan.listed.push({ ...item, gtin: gtin.digits });
  }
  plan.listed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return plan;
}

/** The admin line (decision 0379): "Google feeds: 12 items listed, 3 left out (no UPC: 2, no price: 1)". */
export function feedSummary(plan: Pick<FeedPlan, 'noUpc' | 'noPrice'> & { listed: { length: number } }): string {
  const items = (count: number) => `${count.toLocaleString('en-US')} item${count === 1 ? '' : 's'}`;
  const out = plan.noUpc + plan.noPrice;
  return `Google feeds: ${items(plan.listed.length)} listed, ${out.toLocaleString('en-US')} left out (no UPC: ${plan.noUpc}, no price: ${plan.noPrice})`;
}

/**
 * A value as one TSV cell: tabs, line breaks and every other control character as spaces, runs of
 * spaces as one. Not only \t \r \n: readers also end a line at \v, \f, U+001C-U+001E, U+0085
 * (Python's splitlines) or U+2028/U+2029, and a NUL ends a C string (decision 0383).
 */
export const tsvCell = (value: string | number | null | undefined): string =>
  value === null || value === undefined
    ? ''
    : String(value)
        .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
        .replace(/ {2,}/g, ' ')
        .trim();

const tsv = (columns: readonly string[], rows: ReadonlyArray<readonly (string | number | null | undefined)[]>): string =>
  [columns.join('\t'), ...rows.map((row) => row.map(tsvCell).join('\t'))].join('\n') + '\n';

/** "12.99 USD", the specification's price. */
export const feedPrice = (price: number): string => `${price.toFixed(2)} USD`;

/**
 * The store's availability (local inventory): in_stock, limited_availability ("Only N left"),
 * out_of_stock. An item not counted is in_stock with no quantity: it is on the menu and sold at
 * the counter, and nothing counted says otherwise (its page's JSON-LD says InStoreOnly, 0286).
 */
export function localAvailability(stock: number | null | undefined): 'in_stock' | 'limited_availability' | 'out_of_stock' {
  const level = stockStatus(stock)?.level;
  return level === 'out' ? 'out_of_stock' : level === 'low' ? 'limited_availability' : 'in_stock';
}

/** The products feed's availability has no limited value: a few left is in stock. */
const productAvailability = (stock: number | null | undefined) =>
  localAvailability(stock) === 'out_of_stock' ? 'out_of_stock' : 'in_stock';

/** The item's title: its name and size ("Tamarack Hollow Bourbon, 750 mL"): one product in several sizes is several items (decision 0274). */
const titleOf = (item: FeedItem) => {
  const size = formatBottleSize(item.sizeMl, item.packCount);
  return size ? `${item.name}, ${size}` : item.name;
};

export interface FeedShop {
  name: string;
  /** "Patterson, NY": where, for an item without a description. */
  place: string;
}

/** The products feed, one row per listed item. Links are absolute under `origin` (PUBLIC_ORIGIN). */
export function productsFeed(plan: FeedPlan, origin: string, shop: FeedShop, brands: ReadonlyMap<string, string> = new Map()): string {
  return tsv(
    PRODUCT_COLUMNS,
    plan.listed.map((item) => {
      const department = (item.tags ?? []).find(isDepartment);
      const brand = brandOf(item.tags, brands);
      const description = item.description?.trim() || `${titleOf(item)} at ${shop.name} in ${shop.place}.`;
      return [
        item.id,
        titleOf(item).slice(0, 150),
        description.slice(0, 5000),
        `${origin}${itemPath(item.id)}`,
        // No photo, no image_link: a drawing of a bottle is not the product (Merchant Center says so for that item).
        item.img ? (/^https?:\/\//i.test(item.img) ? item.img : `${origin}${item.img.startsWith('/') ? '' : '/'}${item.img}`) : '',
        productAvailability(item.stock),
        feedPrice(item.price!),
        item.gtin,
        brand ?? '',
        'new',
        department === 'wine' || department === 'liquor' ? GOOGLE_CATEGORIES[department] : '',
      ];
    }),
  );
}

/** Ready for pickup the same day when the shop's preparation time is short; else the next day. */
export const SAME_DAY_PREPARATION_MINUTES = 240;
export const pickupSlaOf = (preparationMinutes: number): 'same day' | 'next day' =>
  preparationMinutes <= SAME_DAY_PREPARATION_MINUTES ? 'same day' : 'next day';

/**
 * The local inventory feed: the shop's store code on every row, the store's availability and what
 * visitors are offered (shelf minus held), reserved online and paid in the store. No rows while no
 * store code is set: a row without one is refused by Merchant Center.
 */
export function localInventoryFeed(plan: FeedPlan, storeCode: string | null | undefined, preparationMinutes: number): string {
  const code = storeCodeProblem(storeCode) === null ? (storeCode ?? '') : '';
  const sla = pickupSlaOf(preparationMinutes);
  return tsv(
    LOCAL_INVENTORY_COLUMNS,
    code
      ? plan.listed.map((item) => {
          const counted = stockStatus(item.stock) !== null;
          return [
            code,
            item.id,
            localAvailability(item.stock),
            counted ? Math.max(0, Math.floor(item.stock!)) : '',
            feedPrice(item.price!),
            'reserve',
            sla,
          ];
        })
      : [],
  );
}
