/**
 * An item's facts (product §3): bottle size and pack, ABV, vintage, units in stock and when they
 * were counted. What each may hold, with the one set of messages the Item Editor, the CSV import
 * and both backends' model-write guards give (server/catalogue/model-guards.ts, which the cloud's
 * catalogue function runs too). Pure; tested in item-facts.test.ts.
 */
import { bottleSizeProblem, formatBottleSize } from './bottle-size';
import { stockProblem } from './stock';

/** The oldest vintage a label may carry. */
export const OLDEST_VINTAGE = 1800;

/** The newest vintage: next year's (a wine bottled early in the year, or a clock a day ahead). */
export const newestVintage = (now: Date = new Date()) => now.getUTCFullYear() + 1;

/** "NV": a non-vintage wine, as labels and tills write it. */
export const NON_VINTAGE = 'NV';

export const ITEM_FACT_MESSAGES = {
  abv: 'ABV must be a percentage from 0 to 100, such as 13.5',
  vintage: (now: Date = new Date()) => `Vintage must be a year from ${OLDEST_VINTAGE} to ${newestVintage(now)}, or NV`,
  stockCountedAt: 'The time stock was counted must be a date and time',
} as const;

/** The fields this module judges, as a write's input holds them. */
export const ITEM_FACT_FIELDS = ['sizeMl', 'packCount', 'abv', 'vintage', 'stock', 'stockCountedAt'] as const;

/** ABV as typed ("13.5", "40%"): a number, null when empty, NaN when it is not a percentage from 0 to 100. */
export function parseAbv(text: string): number | null {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!/^\d*\.?\d+$|^\d+\.$/.test(trimmed) || !(value >= 0 && value <= 100)) return Number.NaN;
  // Labels give ABV to a tenth or two: more decimals are noise from a spreadsheet.
  return Math.round(value * 100) / 100;
}

/** A vintage as typed ("2019", "nv", "N/V", "Non-vintage"): "2019" or "NV", null when empty, or undefined when it is neither. */
export function parseVintage(text: string, now: Date = new Date()): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^(?:nv|n\/v|n\.v\.?|non[- ]?vintage)$/i.test(trimmed)) return NON_VINTAGE;
  return vintageProblem(trimmed, now) === null ? trimmed : undefined;
}

/** Units in stock as typed: a whole number, null when empty (not counted), NaN when it is not a count. */
export function parseStock(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return Number.NaN;
  const value = Number(trimmed);
  return stockProblem(value) === null ? value : Number.NaN;
}

function vintageProblem(vintage: unknown, now: Date): string | null {
  if (vintage === null || vintage === undefined || vintage === NON_VINTAGE) return null;
  if (typeof vintage === 'string' && /^\d{4}$/.test(vintage)) {
    const year = Number(vintage);
    if (year >= OLDEST_VINTAGE && year <= newestVintage(now)) return null;
  }
  return ITEM_FACT_MESSAGES.vintage(now);
}

/**
 * Why a write's facts may not be stored (the first problem's message), or null. Only the fields the
 * input holds are judged; null clears a fact and is always allowed.
 */
export function itemFactsProblem(input: Readonly<Record<string, unknown>>, now: Date = new Date()): string | null {
  const sizeProblem = bottleSizeProblem(input.sizeMl, input.packCount);
  if (sizeProblem) return sizeProblem;
  const { abv } = input;
  if (abv !== null && abv !== undefined && !(typeof abv === 'number' && abv >= 0 && abv <= 100)) return ITEM_FACT_MESSAGES.abv;
  const vintage = vintageProblem(input.vintage, now);
  if (vintage) return vintage;
  const stock = stockProblem(input.stock);
  if (stock) return stock;
  const counted = input.stockCountedAt;
  if (counted !== null && counted !== undefined && (typeof counted !== 'string' || Number.isNaN(Date.parse(counted)))) {
    return ITEM_FACT_MESSAGES.stockCountedAt;
  }
  return null;
}

// What the item page and the admin's item cards say of the label's facts (decision 0285).

export interface FactRow {
  label: string;
  value: string;
}

export interface FactsSource {
  sizeMl?: number | null;
  packCount?: number | null;
  abv?: number | null;
  vintage?: string | null;
}

/** "13.5%", "40%", "0%": as labels print it, no trailing zeros. */
export const formatAbv = (abv: number) => `${String(Number(abv.toFixed(2)))}%`;

/** Size, ABV and vintage, those the item has, in that order. */
export function labelFacts(item: FactsSource): FactRow[] {
  const rows: FactRow[] = [];
  const size = formatBottleSize(item.sizeMl, item.packCount);
  if (size) rows.push({ label: 'Size', value: size });
  if (typeof item.abv === 'number' && Number.isFinite(item.abv)) rows.push({ label: 'ABV', value: formatAbv(item.abv) });
  if (item.vintage) rows.push({ label: 'Vintage', value: item.vintage });
  return rows;
}

/**
 * "Limit 2 per customer" (decision 0371), as the item page says it near the reserve control; null
 * without a limit. Here, beside the other facts the page shows, so the page holds none of the
 * reserving rules (shared/customer-limits.ts judges the value).
 */
export const limitPerCustomerText = (limit: number | null | undefined): string | null =>
  typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 ? `Limit ${limit} per customer` : null;
