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

/**
 * What visitors are offered (decision 0367): the shelf's count less the bottles open reservations
 * hold, never below 0; null when the shop does not count the item.
 */
export function offeredStock(shelf: number | null | undefined, held: number | null | undefined): number | null {
  if (shelf === null || shelf === undefined) return null;
  return Math.max(0, shelf - Math.max(0, held ?? 0));
}

/** The two facts of a stored item's stock, and what it offers. */
export interface StockFacts {
  stock?: number | null;
  shelfStock?: number | null;
  heldStock?: number | null;
}

/**
 * The shelf's count of a stored item. An item stored before the count and the holds were kept
 * apart has only `stock`, from which its holds were already taken: the shelf is that plus them.
 */
export function shelfCount({ stock, shelfStock, heldStock }: StockFacts): number | null {
  if (shelfStock !== null && shelfStock !== undefined) return shelfStock;
  return stock === null || stock === undefined ? null : stock + (heldStock ?? 0);
}

/**
 * How each change moves the two facts (decision 0367): a hold (reserving) and a release (a lowered
 * line, a cancel, an expiry) change only what is held; a pick-up takes the bottles off both the
 * shelf and the holds; a count (the till, an import, the editor) sets only the shelf. What is
 * offered follows from the two.
 */
export type StockMove = { kind: 'hold' | 'release' | 'pickUp'; units: number } | { kind: 'count'; shelf: number | null };

export function moveStock(facts: StockFacts, move: StockMove): { stock: number | null; shelfStock: number | null; heldStock: number } {
  let shelf = shelfCount(facts);
  let held = Math.max(0, facts.heldStock ?? 0);
  if (move.kind === 'count') shelf = move.shelf;
  else if (move.kind === 'hold') held += move.units;
  else {
    held = Math.max(0, held - move.units);
    // Picked up: the bottles left the shelf with the customer.
    if (move.kind === 'pickUp' && shelf !== null) shelf = Math.max(0, shelf - move.units);
  }
  return { shelfStock: shelf, heldStock: held, stock: offeredStock(shelf, held) };
}

/**
 * When open reservations hold more of an item than the shelf's last count (decision 0367: the till
 * counted fewer than are held): the count and the holds; null when they fit, or the item is not
 * counted. The stock file's report warns of it (stock-import.ts) and staff's reservations name
 * each open reservation holding the item (decision 0378).
 */
export function heldOverCount(facts: StockFacts): { counted: number; held: number } | null {
  const counted = shelfCount(facts);
  const held = Math.max(0, facts.heldStock ?? 0);
  return counted !== null && held > counted ? { counted, held } : null;
}

/** What staff read of an item's stock: "6 on the shelf, 2 held, 4 offered"; null when not counted. */
export function staffStockText(facts: StockFacts): string | null {
  const shelf = shelfCount(facts);
  const held = Math.max(0, facts.heldStock ?? 0);
  if (shelf === null) return held ? `Not counted, ${held} held` : null;
  if (!held) return `${shelf} on the shelf`;
  return `${shelf} on the shelf, ${held} held, ${offeredStock(shelf, held)} offered`;
}

export const STOCK_MESSAGES = {
  stock: `Units in stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-US')}`,
  /** Kept by the server from counts and reservations (decision 0367). */
  /** On each open reservation holding an item held over its count (decision 0378). */
  shortReservation: (counted: number, name: string, held: number) => `Short: the till counts ${counted} ${name}, ${held} held`,
  serverOnly: (field: string) =>
    `${field} is kept by the shop's server from the counts and the reservations; write stock (the count) instead`,
} as const;

/** What a stored count must be: null (not counted) or a whole number from 0 to MAX_STOCK; the message when not. */
export function stockProblem(stock: unknown): string | null {
  if (stock === null || stock === undefined) return null;
  return Number.isInteger(stock) && (stock as number) >= 0 && (stock as number) <= MAX_STOCK ? null : STOCK_MESSAGES.stock;
}
