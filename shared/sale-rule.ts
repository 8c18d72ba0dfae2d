/**
 * New York's "Sale" rule (9 NYCRR §99.6, design §7): an item may be called on Sale only while its
 * price is below the lowest price it had in the two previous calendar months, months as the shop's
 * clock (America/New_York) counts them. For a change made on 2026-11-26 those are September and
 * October 2026, and the price it "had" in a month includes the one in effect when the month began,
 * not only the changes made within it. No price known from before the first of those months (a new
 * item): no Sale (decision 0292).
 *
 * The price history is written by the server only (decision 0293): each entry is "<ISO instant>
 * <price>", the price set at that instant. It is kept bounded: per month from the second previous
 * one on, the lowest and the last price set; of the months before, only the last (the price in
 * effect when the second previous month began). That is all the rule needs, now and later.
 *
 * Both backends' write paths judge a Sale mark with `saleProblem` and keep the history with
 * `nextPriceHistory` (server/catalogue/price-history.ts). The history never leaves the server but
 * to admins (decision 0295): with each write that sets the price or the mark they also store
 * `saleEndsAt`, when the mark stops holding (`saleEndsAtOf`), and the public pages show the badge
 * from the mark and that time alone (`isSaleBadgeShown`), so a badge never outlives the rule. The
 * Item Editor, which reads the history, judges with `isSaleShown`. Pure.
 */
import { newYorkClockParts } from './shop-hours';

/** One entry of an item's price history: when the price was set, and the price. */
export interface PriceChange {
  at: string;
  price: number;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Entries the history may hold: one before the second previous month, and two per month of three. */
export const MAX_PRICE_HISTORY = 7;

const ENTRY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z) (\d+(?:\.\d+)?)$/;

/** An entry as stored; undefined when it is not one. */
export function parsePriceChange(entry: unknown): PriceChange | undefined {
  if (typeof entry !== 'string') return undefined;
  const match = ENTRY.exec(entry);
  if (!match || Number.isNaN(Date.parse(match[1]!))) return undefined;
  return { at: match[1]!, price: Number(match[2]) };
}

export const priceChangeText = ({ at, price }: PriceChange): string => `${at} ${price}`;

/** The stored history, oldest first; what is not an entry is left out. */
export function priceChangesOf(history: unknown): PriceChange[] {
  if (!Array.isArray(history)) return [];
  return history
    .map(parsePriceChange)
    .filter((change): change is PriceChange => change !== undefined)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

const HOUR = 3_600_000;

/**
 * The New York calendar month of an instant, as year * 12 + month - 1. New York is 4 or 5 hours
 * behind UTC: when both give the same month (all but a few hours a month) no time-zone lookup is
 * needed, which keeps a 5,000-item menu quick.
 */
export function newYorkMonthIndex(instant: Date | string): number {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const early = new Date(time - 5 * HOUR);
  const late = new Date(time - 4 * HOUR);
  if (early.getUTCMonth() === late.getUTCMonth()) return early.getUTCFullYear() * 12 + early.getUTCMonth();
  const { year, month } = newYorkClockParts(new Date(time));
  return year * 12 + month - 1;
}

const monthName = (index: number) => MONTH_NAMES[((index % 12) + 12) % 12]!;
const cents = (price: number) => Math.round(price * 100);
const dollars = (price: number) => `$${price.toFixed(2)}`;

/** What the rule compares the price with at `now`: the two previous months and the lowest price of them, if known. */
export function saleThreshold(history: unknown, now: Date): { months: [string, string]; lowest: number | null } {
  const current = newYorkMonthIndex(now);
  const first = current - 2;
  const months: [string, string] = [monthName(first), monthName(current - 1)];
  const changes = priceChangesOf(history).map((change) => ({ ...change, month: newYorkMonthIndex(change.at) }));
  const before = changes.filter((change) => change.month < first);
  const inEffectAtStart = before[before.length - 1];
  if (!inEffectAtStart) return { months, lowest: null };
  const during = changes.filter((change) => change.month >= first && change.month < current);
  return { months, lowest: Math.min(inEffectAtStart.price, ...during.map((change) => change.price)) };
}

export const SALE_MESSAGES = {
  notBelow: (months: [string, string], lowest: number) =>
    `An item may be marked Sale only while its price is below the lowest price it had in ${months[0]} and ${months[1]} (${dollars(lowest)})`,
  noHistory: (months: [string, string]) =>
    `An item may be marked Sale only while its price is below the lowest price it had in ${months[0]} and ${months[1]}, and this item has no price recorded from before ${months[0]} 1`,
  noPrice: 'An item without a price cannot be marked Sale',
  history: 'The price history is kept by the shop and cannot be written',
  saleEndsAt: 'When a Sale ends is worked out by the shop from the price and its history, and cannot be written',
} as const;

/** Why an item at `price`, with this history, may not be called on Sale at `now`; null when it may. */
export function saleProblem(price: unknown, history: unknown, now: Date): string | null {
  if (typeof price !== 'number' || !Number.isFinite(price)) return SALE_MESSAGES.noPrice;
  const { months, lowest } = saleThreshold(history, now);
  if (lowest === null) return SALE_MESSAGES.noHistory(months);
  return cents(price) < cents(lowest) ? null : SALE_MESSAGES.notBelow(months, lowest);
}

/** The badge: the item is marked Sale and the rule holds now. */
export function isSaleShown(item: { onSale?: boolean | null; price?: number | null; priceHistory?: unknown }, now: Date): boolean {
  return item.onSale === true && saleProblem(item.price, item.priceHistory, now) === null;
}

/**
 * The instant New York's next calendar month begins after `now` (midnight on the 1st, on New
 * York's clock, whatever DST says): the end of `now`'s month.
 */
export function newYorkMonthEnd(now: Date): string {
  const next = newYorkMonthIndex(now) + 1;
  // Midnight in New York is 04:00 UTC under daylight time, 05:00 under standard time.
  const early = Date.UTC(Math.floor(next / 12), next % 12, 1, 4);
  return new Date(newYorkMonthIndex(new Date(early)) === next ? early : early + HOUR).toISOString();
}

/**
 * Until when an item's Sale mark holds, judged at `now` (decision 0295): the end of this New York
 * month when it is marked and the rule holds, since next month the two previous months include
 * this one, when the price already was what it is; null otherwise. Stored as `saleEndsAt` with every
 * write that sets the price or the mark.
 */
export function saleEndsAtOf(onSale: unknown, price: unknown, history: unknown, now: Date): string | null {
  return onSale === true && saleProblem(price, history, now) === null ? newYorkMonthEnd(now) : null;
}

/** The public badge (shared/sale-badge.ts), exported here too for the rule's users. */
export { isSaleBadgeShown } from './sale-badge';

/**
 * The history after the price is set to `price` at `now` (nothing added when it is not a price),
 * compacted: of the months before the second previous one only the last entry, and per month since
 * the lowest and the last.
 */
export function nextPriceHistory(history: unknown, price: unknown, now: Date): string[] {
  const changes = priceChangesOf(history);
  if (typeof price === 'number' && Number.isFinite(price)) changes.push({ at: now.toISOString(), price });
  const first = newYorkMonthIndex(now) - 2;
  const byMonth = new Map<number, PriceChange[]>();
  let beforeFirst: PriceChange | undefined;
  for (const change of changes) {
    const month = newYorkMonthIndex(change.at);
    if (month < first) beforeFirst = change;
    else byMonth.set(month, [...(byMonth.get(month) ?? []), change]);
  }
  const kept: PriceChange[] = beforeFirst ? [beforeFirst] : [];
  for (const month of [...byMonth.keys()].sort((a, b) => a - b)) {
    const entries = byMonth.get(month)!;
    const last = entries[entries.length - 1]!;
    const lowest = entries.reduce((low, change) => (cents(change.price) < cents(low.price) ? change : low));
    if (lowest !== last) kept.push(lowest);
    kept.push(last);
  }
  return kept.slice(-MAX_PRICE_HISTORY).map(priceChangeText);
}

/**
 * The history a record has: its own, or for an item written before histories were kept, its
 * price since its last change (true, if shorter than it was: decision 0293).
 */
function historyOf(before: Readonly<Record<string, unknown>> | null): unknown {
  if (!before) return [];
  const history = before.priceHistory;
  if (Array.isArray(history) && history.length) return history;
  const price = before.price;
  const since = before.updatedAt;
  if (typeof price !== 'number' || typeof since !== 'string' || Number.isNaN(Date.parse(since))) return [];
  return [priceChangeText({ at: new Date(since).toISOString(), price })];
}

/** An item write as the rule judges it (saleWriteOf). */
export interface SaleWrite {
  /** The history the write leaves when it sets a price; null when the price is unchanged. */
  history: string[] | null;
  /** When it marks the item Sale, why it may not; else null. */
  problem: string | null;
  /** What `saleEndsAt` becomes when the write sets the price or the mark; undefined when neither. */
  saleEndsAt: string | null | undefined;
}

/**
 * An item write judged by the rule, as the server's write path (server/catalogue/price-history.ts)
 * and the Item Editor (before it sends) both see it.
 */
export function saleWriteOf(op: 'create' | 'update', before: object | null, input: object, now: Date): SaleWrite {
  return judgeSaleWrite(op, before as Readonly<Record<string, unknown>> | null, input as Readonly<Record<string, unknown>>, now);
}

function judgeSaleWrite(
  op: 'create' | 'update',
  before: Readonly<Record<string, unknown>> | null,
  input: Readonly<Record<string, unknown>>,
  now: Date,
): SaleWrite {
  const priceSet = 'price' in input && (op === 'create' || !before || input.price !== before.price);
  const price = 'price' in input ? input.price : before?.price;
  const history = priceSet ? nextPriceHistory(historyOf(before), price, now) : null;
  const judged = history ?? historyOf(before);
  const problem = input.onSale === true ? saleProblem(price, judged, now) : null;
  const onSale = 'onSale' in input ? input.onSale : before?.onSale;
  const saleEndsAt = priceSet || 'onSale' in input ? saleEndsAtOf(onSale, price, judged, now) : undefined;
  return { history, problem, saleEndsAt };
}
