/**
 * The admin item rules (SPEC §4 item sort and search, §5 item save): pure functions, no React,
 * no I/O, so they are tested directly (item-rules.test.ts).
 */
import { hasDepartmentTag } from '../../../../shared/catalogue';
import type { ModelRecord } from '../../../lib/catalogue';
import { MESSAGES } from '../../../../shared/messages';

type ItemModel = ModelRecord<'Item'>;

/**
 * An item as the admin screens read it: the schema's fields, with absent values as null, its
 * tags as a list and `promoted` as a boolean. `updatedAt` is what a later update is conditioned on.
 */
export type AdminItem = Pick<ItemModel, 'id' | 'name' | 'updatedAt'> & {
  [Field in 'price' | 'description' | 'upc' | 'img']: NonNullable<ItemModel[Field]> | null;
} & { tags: string[]; promoted: boolean };

export const ITEM_MESSAGES = {
  missingRequired: 'Missing Required Fields',
  invalidPrice: 'Please enter a valid price, such as 12.99',
  createError: 'Error Creating Item',
  updateError: 'Error Updating Item',
  deleteError: 'Error Deleting Item',
  loadError: 'Error Loading Items',
  created: 'Item Created',
  updated: 'Item Updated',
  deleted: 'Item Deleted',
  staleEdit: 'Someone else changed this item while you were editing. Its current values are now shown; make your changes again.',
  stalePromotion: 'Someone else changed or deleted this item. The list now shows its current state.',
} as const;

// ---------- The editor's values ----------

/** What the Item Editor holds: text as typed, the stored image URL, and whether a new file is chosen. */
export interface ItemFormValues {
  name: string;
  price: string;
  description: string;
  upc: string;
  /** The stored image (`/media/...png`), or '' when there is none yet. */
  img: string;
  /** A .png file is chosen and will be uploaded on save (it then replaces `img`). */
  hasNewImage: boolean;
  promoted: boolean;
  tags: string[];
}

export const EMPTY_ITEM_FORM: ItemFormValues = {
  name: '',
  price: '',
  description: '',
  upc: '',
  img: '',
  hasNewImage: false,
  promoted: false,
  tags: [],
};

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

/**
 * The price as typed (a leading $ allowed), rounded to cents: a number, null when empty, or NaN
 * when it is not a price (negative, text, Infinity). A price of 0 counts as missing, as in SPEC
 * (a shop item is never free; its reset value is 0).
 */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(/^\$/, ''));
  if (!Number.isFinite(value) || value < 0) return Number.NaN;
  return Math.round(value * 100) / 100;
}

export type ItemField = 'tags' | 'name' | 'price' | 'img' | 'description';

export interface SaveRefusal {
  message: string;
  /** The first field concerned, to mark and focus. */
  field: ItemField;
}

/**
 * Why the editor may not save, or null (SPEC §5): a department tag first ('Please select
 * required tag(s)'), then on create name, price, image and description ('Missing Required
 * Fields'; a price of 0 is missing). A price that is typed but is not a price is refused in
 * both modes.
 */
export function validateItemSave(values: ItemFormValues, mode: 'create' | 'update'): SaveRefusal | null {
  if (!hasDepartmentTag(values.tags)) return { message: MESSAGES.requiredTags, field: 'tags' };
  const price = parsePrice(values.price);
  const missing = { message: ITEM_MESSAGES.missingRequired } as const;
  if (mode === 'create' && !values.name.trim()) return { ...missing, field: 'name' };
  if (Number.isNaN(price)) return { message: ITEM_MESSAGES.invalidPrice, field: 'price' };
  if (mode === 'create') {
    if (!price) return { ...missing, field: 'price' };
    if (!values.img && !values.hasNewImage) return { ...missing, field: 'img' };
    if (!values.description.trim()) return { ...missing, field: 'description' };
  }
  return null;
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
 * The update input (SPEC §5): only the non-empty fields among name, price, img, description and
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
