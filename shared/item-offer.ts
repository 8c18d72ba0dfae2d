/**
 * What an item's JSON-LD offer says of its facts (decision 0286): the size as the page shows it,
 * its UPC when it is a valid GTIN (decision 0380), and the availability from the counted stock: InStock, LimitedAvailability ("Only N left"),
 * OutOfStock, and InStoreOnly when the stock is not counted (nothing is sold online). The local
 * server applies it to the item it inlines, the item page's own chunk to the item it shows; both
 * hand the result to shared/page-head.ts, which stays free of these rules (design §4's JS budget).
 */
import { formatBottleSize } from './bottle-size';
import { gtinOf } from './gtin';
import { stockStatus } from './stock';
import type { ItemFacts } from './structured-data';

export interface ItemOfferSource {
  sizeMl?: number | null;
  packCount?: number | null;
  stock?: number | null;
  upc?: string | null;
}

const AVAILABILITY = { in: 'InStock', low: 'LimitedAvailability', out: 'OutOfStock' } as const;

export function availabilityOf(stock: number | null | undefined): NonNullable<ItemFacts['availability']> {
  const level = stockStatus(stock)?.level;
  return level ? AVAILABILITY[level] : 'InStoreOnly';
}

/**
 * The catalogue's brand names by tag id (decision 0380): the tags of a category named "Brand" or
 * "Producer", when the shop keeps one; the shop has no brand field, so nothing else names one.
 */
export function brandTagsOf(
  categories: ReadonlyArray<{ id: string; name?: string | null }>,
  tags: ReadonlyArray<{ id: string; name?: string | null; categoryId?: string | null }>,
): Map<string, string> {
  const brandCategories = new Set(categories.filter((c) => /^(?:brands?|producers?)$/i.test((c.name ?? '').trim())).map((c) => c.id));
  return new Map(tags.filter((tag) => tag.categoryId && brandCategories.has(tag.categoryId) && tag.name).map((tag) => [tag.id, tag.name!]));
}

/** An item's brand: the name of its first tag that is one (brandTagsOf); null when none. */
export const brandOf = (tags: ReadonlyArray<string | null> | null | undefined, brands: ReadonlyMap<string, string>): string | null =>
  (tags ?? []).map((tag) => (tag ? brands.get(tag) : undefined)).find(Boolean) ?? null;

/** The item with its offer's size, availability, GTIN and brand. */
export function withOfferFacts<T extends ItemOfferSource & Pick<ItemFacts, 'id' | 'name'> & { tags?: ReadonlyArray<string | null> | null }>(
  item: T,
  brands: ReadonlyMap<string, string> = new Map(),
): T & Pick<ItemFacts, 'size' | 'availability' | 'gtin' | 'brand'> {
  return {
    ...item,
    size: formatBottleSize(item.sizeMl, item.packCount),
    availability: availabilityOf(item.stock),
    gtin: gtinOf(item.upc)?.digits ?? null,
    brand: brandOf(item.tags, brands),
  };
}
