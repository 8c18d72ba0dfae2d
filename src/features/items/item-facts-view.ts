/**
 * What the item page says of an item's facts (decision 0285), pure: no React, no I/O.
 * - The label's facts (Size, ABV, Vintage) are shared/item-facts.ts `labelFacts`, which the
 *   admin's item cards show too.
 * - Its tags as facts, grouped by their category (Region, Grape, Spirit...): the visible
 *   categories in their order, each with the item's tags in theirs; the departments (which the
 *   breadcrumb names) and hidden categories are left out.
 * - Its sizes: `sizeChoices` of shared/bottle-size.ts, each with its size, price and stock.
 */
import { formatBottleSize, sizeChoices } from '../../../shared/bottle-size';
import { DEPARTMENT_CATEGORY_ID } from '../../../shared/catalogue';
import type { CategoryRecord, TagRecord } from '../../lib/catalogue';
import type { FactRow } from '../../../shared/item-facts';

const byIndexThenName = (a: { index?: number | null; name: string }, b: { index?: number | null; name: string }) =>
  (a.index ?? Number.POSITIVE_INFINITY) - (b.index ?? Number.POSITIVE_INFINITY) || a.name.localeCompare(b.name, 'en-US');

/** The item's tags as facts: one row per visible category it has tags of ("Region": "Bordeaux, France"). */
export function tagFacts(itemTags: readonly string[], categories: readonly CategoryRecord[], tags: readonly TagRecord[]): FactRow[] {
  const mine = new Set(itemTags);
  const byCategory = new Map<string, TagRecord[]>();
  for (const tag of tags) {
    if (!mine.has(tag.id)) continue;
    const list = byCategory.get(tag.categoryId);
    if (list) list.push(tag);
    else byCategory.set(tag.categoryId, [tag]);
  }
  return [...categories]
    .filter((category) => category.id !== DEPARTMENT_CATEGORY_ID && category.visible === true && byCategory.has(category.id))
    .sort(byIndexThenName)
    .map((category) => ({
      label: category.name,
      value: byCategory
        .get(category.id)!
        .sort(byIndexThenName)
        .map((tag) => tag.name)
        .join(', '),
    }));
}

export interface SizeOption {
  id: string;
  size: string;
  price: number | null;
  stock: number | null;
  current: boolean;
}

interface Sized {
  id: string;
  name: string;
  price: number | null;
  sizeMl: number | null;
  packCount: number | null;
  stock: number | null;
}

/** The sizes to choose from (none when there is no choice), smallest first, the page's own marked. */
export function sizeOptions(item: Sized, sameName: readonly Sized[]): SizeOption[] {
  return sizeChoices(item, sameName).map((choice) => ({
    id: choice.id,
    size: formatBottleSize(choice.sizeMl, choice.packCount)!,
    price: choice.price,
    stock: choice.stock,
    current: choice.id === item.id,
  }));
}
