/**
 * The admin item rules (product §4 item sort and search, §5 item save): pure functions, no React,
 * no I/O, so they are tested directly (item-rules.test.ts).
 */
import type { ModelRecord } from '../../../lib/catalogue';
import type { ItemFormValues } from '../../../../shared/item-rules';
import { parsePrice } from '../../../../shared/item-rules';

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
 */
export type AdminItem = Pick<ItemModel, 'id' | 'name' | 'updatedAt'> & {
  [Field in 'price' | 'description' | 'upc' | 'img']: NonNullable<ItemModel[Field]> | null;
} & { tags: string[]; promoted: boolean };

/** The editor's values for an existing item. */
export function formFromItem(item: AdminItem): ItemFormValues {
  return {
    name: item.name,
    price: item.price === null ? '' : String(item.price),
    description: item.description ?? '',
    upc: item.upc ?? '',
    img: item.img ?? '',
    hasNewImage: false,
    promoted: item.promoted,
    tags: [...item.tags],
  };
}

// ---------- What a save sends ----------

export interface ItemCreateInput {
  name: string;
  price: number;
  description: string;
  img: string;
  promoted: boolean;
  tags: string[];
  upc?: string;
}

export interface ItemUpdateInput {
  id: string;
  promoted: boolean;
  tags: string[];
  name?: string;
  price?: number;
  description?: string;
  img?: string;
  upc?: string;
}

/** The create input, once validated and once the image is stored at `img`. */
export function buildCreateInput(values: ItemFormValues, img: string): ItemCreateInput {
  const upc = values.upc.trim();
  return {
    name: values.name.trim(),
    price: parsePrice(values.price) ?? 0,
    description: values.description.trim(),
    img,
    promoted: values.promoted,
    tags: [...values.tags],
    ...(upc ? { upc } : {}),
  };
}

/**
 * The update input (product §5): only the non-empty fields among name, price, img, description and
 * upc; promoted and tags always. `img` is the newly stored image when one was uploaded.
 */
export function buildUpdateInput(id: string, values: ItemFormValues, img: string = values.img): ItemUpdateInput {
  const input: ItemUpdateInput = { id, promoted: values.promoted, tags: [...values.tags] };
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
