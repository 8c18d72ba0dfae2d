/**
 * Honest stock (decision 0273): what an item's count of units on the shelf (`Item.stock`) tells
 * a visitor, and how long ago it was counted (`Item.stockCountedAt`). A count of null means the
 * shop does not count this item, and nothing is shown. Pure and small: the storefront's cards
 * import it. Tested in stock.test.ts.
 */

/** "Only N left" from this many units down to 1. */
export const LOW_STOCK = 3;

/** The most units one item may count (a till's typo of 10 million is refused, not shown). */
export const MAX_STOCK = 1_000_000;

export type StockLevel = 'in' | 'low' | 'out';

export interface StockStatus {
  level: StockLevel;
  /** "In stock", "Only 2 left", "Out of stock". */
  label: string;
}

export const STOCK_LABELS = {
  in: 'In stock',
  low: (units: number) => `Only ${units} left`,
  out: 'Out of stock',
} as const;

/** The status a visitor sees, or null when the item's stock is not counted. */
export function stockStatus(stock: number | null | undefined): StockStatus | null {
  if (stock === null || stock === undefined || !Number.isFinite(stock)) return null;
  if (stock <= 0) return { level: 'out', label: STOCK_LABELS.out };
  if (stock <= LOW_STOCK) return { level: 'low', label: STOCK_LABELS.low(Math.floor(stock)) };
  return { level: 'in', label: STOCK_LABELS.in };
}

/** Whether a visitor can buy it now: counted and above 0, or not counted (the shop did not say it is out). */
export const mayBeInStock = (stock: number | null | undefined): boolean => stockStatus(stock)?.level !== 'out';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * How long ago, in words: "just now", "5 minutes ago", "2 hours ago", "3 days ago", "2 months ago",
 * "1 year ago" (whole units, rounded down). A time ahead of `now` (another machine's clock) is "just now".
 */
export function timeAgo(at: Date, now: Date): string {
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 30 * DAY) return plural(Math.floor(elapsed / DAY), 'day');
  if (elapsed < 365 * DAY) return plural(Math.floor(elapsed / (30 * DAY)), 'month');
  return plural(Math.floor(elapsed / (365 * DAY)), 'year');
}

/**
 * "Stock counted 2 hours ago" from `Item.stockCountedAt` (an ISO date-time), or null when there is
 * no count time or the item's stock is not counted.
 */
export function stockCountedPhrase(
  stockCountedAt: string | null | undefined,
  now: Date = new Date(),
  stock?: number | null,
): string | null {
  if (!stockCountedAt || stock === null) return null;
  const at = new Date(stockCountedAt);
  if (Number.isNaN(at.getTime())) return null;
  return `Stock counted ${timeAgo(at, now)}`;
}

export const STOCK_MESSAGES = {
  stock: `Units in stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-US')}`,
} as const;

/** What a stored count must be: null (not counted) or a whole number from 0 to MAX_STOCK; the message when not. */
export function stockProblem(stock: unknown): string | null {
  if (stock === null || stock === undefined) return null;
  return Number.isInteger(stock) && (stock as number) >= 0 && (stock as number) <= MAX_STOCK ? null : STOCK_MESSAGES.stock;
}
