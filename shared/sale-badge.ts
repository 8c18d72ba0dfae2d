/**
 * The public Sale badge, from what visitors may read (decision 0295): apart from shared/sale-rule.ts
 * so that the storefront's pages carry this check and not the rule's history arithmetic.
 */

/** Marked Sale, and the mark holds until after `now`. */
export function isSaleBadgeShown(item: { onSale?: boolean | null; saleEndsAt?: string | null }, now: Date): boolean {
  if (item.onSale !== true || typeof item.saleEndsAt !== 'string') return false;
  const ends = Date.parse(item.saleEndsAt);
  return !Number.isNaN(ends) && now.getTime() < ends;
}
