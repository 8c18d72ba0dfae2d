/**
 * What an item's JSON-LD offer says of its facts (decision 0286): the size as the page shows it,
 * and the availability from the counted stock: InStock, LimitedAvailability ("Only N left"),
 * OutOfStock, and InStoreOnly when the stock is not counted (nothing is sold online). The local
 * server applies it to the item it inlines, the item page's own chunk to the item it shows; both
 * hand the result to shared/page-head.ts, which stays free of these rules (design §4's JS budget).
 */
import { formatBottleSize } from './bottle-size';
import { stockStatus } from './stock';
import type { ItemFacts } from './structured-data';

export interface ItemOfferSource {
  sizeMl?: number | null;
  packCount?: number | null;
  stock?: number | null;
}

const AVAILABILITY = { in: 'InStock', low: 'LimitedAvailability', out: 'OutOfStock' } as const;

export function availabilityOf(stock: number | null | undefined): NonNullable<ItemFacts['availability']> {
  const level = stockStatus(stock)?.level;
  return level ? AVAILABILITY[level] : 'InStoreOnly';
}

/** The item with its offer's size and availability. */
export function withOfferFacts<T extends ItemOfferSource & Pick<ItemFacts, 'id' | 'name'>>(
  item: T,
): T & Pick<ItemFacts, 'size' | 'availability'> {
  return { ...item, size: formatBottleSize(item.sizeMl, item.packCount), availability: availabilityOf(item.stock) };
}
