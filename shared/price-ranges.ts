/**
 * The menu's price ranges (decision 0280): the owner sets the boundaries in Shop settings
 * (`ShopSettings.priceBoundaries`, whole dollars, smallest first); [20, 40] gives "Under $20",
 * "$20 to $40" and "Over $40". An item is in the range its price falls in, so a new price moves it
 * at once. A price on a boundary belongs to the range that starts there ($40.00 is "Over $40", as
 * the demo's tags had it). Pure; the Shop settings editor and the server's model-write guard
 * (which the cloud runs too) both apply `priceBoundariesProblem`, so both refuse the same.
 */

/** What a shop that has saved no boundaries gets. */
export const DEFAULT_PRICE_BOUNDARIES: readonly number[] = [20, 40];
/** At most this many boundaries (seven ranges). */
export const MAX_PRICE_BOUNDARIES = 6;
/** The largest boundary, in dollars. */
export const MAX_PRICE_BOUNDARY = 100_000;

export const PRICE_BOUNDARY_MESSAGES = {
  list: 'Price boundaries must be a list of whole dollar amounts',
  whole: `Each price boundary is a whole number of dollars from 1 to ${MAX_PRICE_BOUNDARY.toLocaleString('en-US')}`,
  ascending: 'Price boundaries go from smallest to largest, each larger than the one before',
  count: `At most ${MAX_PRICE_BOUNDARIES} price boundaries`,
} as const;

/** Why a boundary list cannot be stored; null when it can (null or absent: the default; empty: no price filter). */
export function priceBoundariesProblem(list: unknown): string | null {
  if (list === null || list === undefined) return null;
  if (!Array.isArray(list)) return PRICE_BOUNDARY_MESSAGES.list;
  if (list.length > MAX_PRICE_BOUNDARIES) return PRICE_BOUNDARY_MESSAGES.count;
  let previous = 0;
  for (const value of list as unknown[]) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_PRICE_BOUNDARY) {
      return PRICE_BOUNDARY_MESSAGES.whole;
    }
    if (value <= previous) return PRICE_BOUNDARY_MESSAGES.ascending;
    previous = value;
  }
  return null;
}

/** The boundaries a shop's menu uses: the stored ones when valid, else the default. */
export function priceBoundariesOf(record: { priceBoundaries?: readonly (number | null)[] | null } | null | undefined): readonly number[] {
  const stored = record?.priceBoundaries;
  return stored && priceBoundariesProblem(stored) === null ? (stored as number[]) : DEFAULT_PRICE_BOUNDARIES;
}

export interface PriceRange {
  /** As the menu's URL carries it among the selected filters: price-under-20, price-20-40, price-over-40. */
  id: string;
  /** Under $20, $20 to $40, Over $40. */
  name: string;
  /** Prices from `min` (inclusive; null: from 0) to `max` (exclusive; null: no limit). */
  min: number | null;
  max: number | null;
}

const dollars = (value: number) => `$${value.toLocaleString('en-US')}`;

/** The ranges the boundaries give, cheapest first; none for no boundaries. */
export function priceRanges(boundaries: readonly number[]): PriceRange[] {
  if (boundaries.length === 0) return [];
  const ranges: PriceRange[] = [
    { id: `price-under-${boundaries[0]}`, name: `Under ${dollars(boundaries[0]!)}`, min: null, max: boundaries[0]! },
  ];
  for (let i = 1; i < boundaries.length; i += 1) {
    const [min, max] = [boundaries[i - 1]!, boundaries[i]!];
    ranges.push({ id: `price-${min}-${max}`, name: `${dollars(min)} to ${dollars(max)}`, min, max });
  }
  const last = boundaries[boundaries.length - 1]!;
  ranges.push({ id: `price-over-${last}`, name: `Over ${dollars(last)}`, min: last, max: null });
  return ranges;
}

/** The range a price falls in; undefined for an item with no price. */
export function priceRangeOf(price: number | null | undefined, ranges: readonly PriceRange[]): PriceRange | undefined {
  if (typeof price !== 'number' || !Number.isFinite(price)) return undefined;
  return ranges.find((range) => (range.min === null || price >= range.min) && (range.max === null || price < range.max));
}

/**
 * A category named "Price" is what shops used for price ranges before they were computed (the
 * demo seeded one): its tags stay ordinary tags, but the menu's panel leaves it out, as the
 * computed Price group takes its place (decision 0281). Renamed, it shows again.
 */
export const isFormerPriceCategory = (name: string): boolean => name.trim().toLowerCase() === 'price';
