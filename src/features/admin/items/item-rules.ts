/**
 * The admin item rules (product §4 item sort and search, §5 item save): pure functions, no React,
 * no I/O, so they are tested directly (item-rules.test.ts).
 */
import type { ModelRecord } from '../../../lib/catalogue';
import { formatBottleSize } from '../../../../shared/bottle-size';
import type { ItemFacts, ItemFormValues } from '../../../../shared/item-rules';
import { factsFromForm, parsePrice } from '../../../../shared/item-rules';
import { isSaleShown } from '../../../../shared/sale-rule';

export {
  EMPTY_ITEM_FORM,
  ITEM_MESSAGES,
  parsePrice,
  validateItemSave,
  type ItemField,
  type ItemFormValues,
  type SaveRefusal,
} from '../../../../shared/item-rules';

type ItemModel = ModelRecord<'Item'>;

/**
 * An item as the admin screens read it: the schema's fields, with absent values as null, its
 * tags as a list and `promoted` as a boolean. `updatedAt` is what a later update is conditioned on.
 * `stock` is the shelf's count, which staff edit and export (decision 0367); `heldStock` what open
 * reservations hold of it and `offeredStock` what visitors may still reserve.
 */
export type AdminItem = Pick<ItemModel, 'id' | 'name' | 'updatedAt'> & {
  [Field in 'price' | 'description' | 'upc' | 'img' | keyof ItemFacts | 'stockCountedAt']: NonNullable<ItemModel[Field]> | null;
} & { tags: string[]; promoted: boolean; onSale: boolean; priceHistory: string[]; heldStock: number; offeredStock: number | null };

const text = (value: number | string | null) => (value === null ? '' : String(value));

/**
 * The editor's values for an existing item. Sale is ticked as the storefront shows it: a mark
 * whose rule no longer holds is unticked, so saving clears it (decision 0292).
 */
export function formFromItem(item: AdminItem, now: Date = new Date()): ItemFormValues {
  return {
    name: item.name,
    price: item.price === null ? '' : String(item.price),
    description: item.description ?? '',
    upc: item.upc ?? '',
    img: item.img ?? '',
    hasNewImage: false,
    promoted: item.promoted,
    onSale: isSaleShown(item, now),
    tags: [...item.tags],
    size: formatBottleSize(item.sizeMl, item.packCount) ?? '',
    abv: text(item.abv),
    vintage: item.vintage ?? '',
    stock: text(item.stock),
    limitPerCustomer: text(item.limitPerCustomer),
  };
}

// ---------- What a save sends ----------

/** The facts a save sends: all of them (an empty one clears it), and the count time when the count is new (decision 0275). */
type FactsInput = ItemFacts & { stockCountedAt?: string };

export interface ItemCreateInput extends Partial<FactsInput> {
  name: string;
  price: number;
  description: string;
  img: string;
  promoted: boolean;
  onSale?: boolean;
  tags: string[];
  upc?: string;
}

export interface ItemUpdateInput extends Partial<FactsInput> {
  id: string;
  promoted: boolean;
  onSale: boolean;
  tags: string[];
  name?: string;
  price?: number;
  description?: string;
  img?: string;
  upc?: string;
}

/**
 * The facts to save. A count typed on a new item, or changed from the one loaded (`before`), is
 * stamped `now` as when the stock was counted; an unchanged or cleared count keeps its time.
 */
function factsInput(values: ItemFormValues, before: number | null | undefined, now: Date): FactsInput {
  const facts = factsFromForm(values);
  const counted = facts.stock !== null && facts.stock !== before;
  return { ...facts, ...(counted ? { stockCountedAt: now.toISOString() } : {}) };
}

/** The create input, once validated and once the image is stored at `img`. */
export function buildCreateInput(values: ItemFormValues, img: string, now: Date = new Date()): ItemCreateInput {
  const upc = values.upc.trim();
  return {
    name: values.name.trim(),
    price: parsePrice(values.price) ?? 0,
    description: values.description.trim(),
    img,
    promoted: values.promoted,
    tags: [...values.tags],
    ...(values.onSale ? { onSale: true } : {}),
    ...(upc ? { upc } : {}),
    // A fact not given is left out, not sent as null: DynamoDB would keep a null attribute, which
    // `attributeExists: false` (not counted, no size) does not match (decision 0273).
    ...Object.fromEntries(Object.entries(factsInput(values, undefined, now)).filter(([, value]) => value !== null)),
  };
}

/**
 * The update input (product §5): only the non-empty fields among name, price, img, description and
 * upc; promoted, Sale, tags and the facts always (an emptied fact is cleared). `img` is the newly stored
 * image when one was uploaded; `before` the item as loaded, whose count decides whether the stock
 * was counted now.
 */
export function buildUpdateInput(
  id: string,
  values: ItemFormValues,
  img: string = values.img,
  before: Pick<AdminItem, 'stock'> | null = null,
  now: Date = new Date(),
): ItemUpdateInput {
  const input: ItemUpdateInput = {
    id,
    promoted: values.promoted,
    onSale: values.onSale,
    tags: [...values.tags],
    ...factsInput(values, before?.stock, now),
  };
  const name = values.name.trim();
  const price = parsePrice(values.price);
  const description = values.description.trim();
  const upc = values.upc.trim();
  if (name) input.name = name;
  if (price) input.price = price;
  if (img) input.img = img;
  if (description) input.description = description;
  if (upc) input.upc = upc;
  return input;
}

// ---------- Sort and search ----------

export type ItemSort = 'az' | 'za' | 'price-asc' | 'price-desc' | 'promoted';

/** The Sort By options in menu order; Reset (null) goes back to the list's own order. */
export const SORT_OPTIONS: readonly { value: ItemSort | null; label: string }[] = [
  { value: 'az', label: 'A-Z' },
  { value: 'za', label: 'Z-A' },
  { value: 'price-asc', label: 'Price Low-High' },
  { value: 'price-desc', label: 'Price High-Low' },
  { value: 'promoted', label: 'Promoted' },
  { value: null, label: 'Reset' },
];

/** The label shown beside Sort By: the option's label, or '' when the sort is reset. */
export function sortLabel(sort: ItemSort | null): string {
  return sort ? (SORT_OPTIONS.find((option) => option.value === sort)?.label ?? '') : '';
}

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

/** Items without a price go last in both price orders; equal prices by name. */
function byPrice(direction: 1 | -1) {
  return (a: { name: string; price: number | null }, b: { name: string; price: number | null }) => {
    if (a.price === null || b.price === null) return a.price === b.price ? byName(a, b) : a.price === null ? 1 : -1;
    return (a.price - b.price) * direction || byName(a, b);
  };
}

/**
 * The items in the chosen order (a new array; null keeps the given order). Names compare as a
 * shopper reads them (case and accents ignored, numbers by value). Promoted puts the promoted
 * items first, each group in the given order.
 */
export function sortItems<T extends { name: string; price: number | null; promoted: boolean }>(
  items: readonly T[],
  sort: ItemSort | null,
): T[] {
  const sorted = [...items];
  switch (sort) {
    case 'az':
      return sorted.sort(byName);
    case 'za':
      return sorted.sort((a, b) => byName(b, a));
    case 'price-asc':
      return sorted.sort(byPrice(1));
    case 'price-desc':
      return sorted.sort(byPrice(-1));
    case 'promoted':
      return sorted.sort((a, b) => Number(b.promoted) - Number(a.promoted));
    default:
      return sorted;
  }
}

/** The items whose name or UPC contains the query, case-insensitively (all of them for a blank query). */
export function searchItems<T extends { name: string; upc: string | null }>(items: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase('en-US');
  if (!needle) return [...items];
  return items.filter(
    (item) => item.name.toLocaleLowerCase('en-US').includes(needle) || (item.upc ?? '').toLocaleLowerCase('en-US').includes(needle),
  );
}

/** The work an item may still need (decision 0297): items from the till come without both. */
export const ITEM_NEEDS = { photo: 'Needs photo', description: 'Needs description' } as const;
export type ItemNeed = keyof typeof ITEM_NEEDS;

/** The needs a URL's `needs` parameter names ("photo,description"), in a fixed order; anything else is ignored. */
export function parseItemNeeds(param: string | null): ItemNeed[] {
  const named = new Set((param ?? '').split(',').map((part) => part.trim()));
  return (Object.keys(ITEM_NEEDS) as ItemNeed[]).filter((need) => named.has(need));
}

/** The items that have every one of the needs (no photo; no description, or only spaces). */
export function filterItemNeeds<T extends Pick<AdminItem, 'img' | 'description'>>(items: readonly T[], needs: readonly ItemNeed[]): T[] {
  return items.filter(
    (item) => (!needs.includes('photo') || !item.img) && (!needs.includes('description') || !(item.description ?? '').trim()),
  );
}
