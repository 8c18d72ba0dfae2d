/** Pure display helpers: no React, no I/O. */

export const ELLIPSIS = '...';

/**
 * Shortens a name to `max` characters followed by an ellipsis, only when it is longer than `max`.
 * Counts code points, so an accented letter or an emoji is never cut in half.
 */
export function truncateName(name: string | null | undefined, max: number): string {
  if (!name) return '';
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  return chars.slice(0, Math.max(0, max)).join('') + ELLIPSIS;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A price in US dollars with two decimals: 12.99 gives $12.99, 1234.5 gives $1,234.50. Empty when unknown. */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return '';
  return usd.format(price);
}
