/**
 * The item rules of product §5 that the Item Editor and the server's CSV import both apply (decision
 * 0257: "the same rules and messages as the Item Editor"): the editor's values, the price as
 * typed, and why a save is refused. Pure; tested in item-rules.test.ts.
 */
import { isSizeRefusal, parseBottleSize } from './bottle-size';
import { hasDepartmentTag } from './catalogue';
import { MAX_LIMIT_PER_CUSTOMER, parseLimitPerCustomer } from './customer-limits';
import { ITEM_FACT_MESSAGES, parseAbv, parseStock, parseVintage } from './item-facts';
import { PICKUP_MESSAGES } from './pickup-messages';
import { MESSAGES } from './messages';
import { STOCK_MESSAGES } from './stock';

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
  /** Marked Sale (New York's rule decides whether it may be: shared/sale-rule.ts). */
  onSale: boolean;
  tags: string[];
  /** The item's facts as typed (shared/item-facts.ts): a size as on the label ("750 mL", "4 × 250 mL"). */
  size: string;
  /** ABV, percent ("13.5"). */
  abv: string;
  /** A year or NV. */
  vintage: string;
  /** Units in stock; empty when not counted. */
  stock: string;
  /** "Limit N per customer" (decision 0371); empty for no limit. */
  limitPerCustomer: string;
}

export const EMPTY_ITEM_FORM: ItemFormValues = {
  name: '',
  price: '',
  description: '',
  upc: '',
  img: '',
  hasNewImage: false,
  promoted: false,
  onSale: false,
  tags: [],
  size: '',
  abv: '',
  vintage: '',
  stock: '',
  limitPerCustomer: '',
};

/**
 * The price as typed (a leading $ allowed), rounded to cents: a number, null when empty, or NaN
 * when it is not a price (negative, text, Infinity). A price of 0 counts as missing, as in the original specification
 * (a shop item is never free; its reset value is 0).
 */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(/^\$/, ''));
  if (!Number.isFinite(value) || value < 0) return Number.NaN;
  return Math.round(value * 100) / 100;
}

export type ItemField = 'tags' | 'name' | 'price' | 'img' | 'description' | 'size' | 'abv' | 'vintage' | 'stock' | 'limitPerCustomer';

export interface SaveRefusal {
  message: string;
  /** The first field concerned, to mark and focus. */
  field: ItemField;
}

/**
 * Every reason the editor may not save, in the order the editor reports them (product §5): a
 * department tag first ('Please select required tag(s)'), then on create name, price, image and
 * description ('Missing Required Fields'; a price of 0 is missing). A price that is typed but is
 * not a price is refused in both modes. `photoAndDescription: 'optional'` is the CSV import's
 * create (decision 0297): a till knows no photo or description, and staff add them later.
 */
export function itemSaveRefusals(
  values: ItemFormValues,
  mode: 'create' | 'update',
  photoAndDescription: 'required' | 'optional' = 'required',
): SaveRefusal[] {
  const refusals: SaveRefusal[] = [];
  const missing = (field: ItemField) => refusals.push({ message: ITEM_MESSAGES.missingRequired, field });
  if (!hasDepartmentTag(values.tags)) refusals.push({ message: MESSAGES.requiredTags, field: 'tags' });
  const price = parsePrice(values.price);
  if (mode === 'create' && !values.name.trim()) missing('name');
  if (Number.isNaN(price)) refusals.push({ message: ITEM_MESSAGES.invalidPrice, field: 'price' });
  else if (mode === 'create' && !price) missing('price');
  if (mode === 'create' && photoAndDescription === 'required') {
    if (!values.img && !values.hasNewImage) missing('img');
    if (!values.description.trim()) missing('description');
  }
  refusals.push(...itemFactRefusals(values));
  return refusals;
}

/** The facts as typed that are not facts (in both modes; an empty one is none), with the shared messages. */
function itemFactRefusals(values: Pick<ItemFormValues, FactField>): SaveRefusal[] {
  const refusals: SaveRefusal[] = [];
  const size = parseBottleSize(values.size);
  if (isSizeRefusal(size)) refusals.push({ message: size.error, field: 'size' });
  if (Number.isNaN(parseAbv(values.abv))) refusals.push({ message: ITEM_FACT_MESSAGES.abv, field: 'abv' });
  if (parseVintage(values.vintage) === undefined) refusals.push({ message: ITEM_FACT_MESSAGES.vintage(), field: 'vintage' });
  if (Number.isNaN(parseStock(values.stock))) refusals.push({ message: STOCK_MESSAGES.stock, field: 'stock' });
  if (Number.isNaN(parseLimitPerCustomer(values.limitPerCustomer)))
    refusals.push({ message: PICKUP_MESSAGES.itemLimit(MAX_LIMIT_PER_CUSTOMER), field: 'limitPerCustomer' });
  return refusals;
}

/** Why the editor may not save (the first reason, whose field it marks and focuses), or null. */
export const validateItemSave = (values: ItemFormValues, mode: 'create' | 'update'): SaveRefusal | null =>
  itemSaveRefusals(values, mode)[0] ?? null;

/** An item's facts as stored (product §3); null is "not given" (stock: not counted). */
export interface ItemFacts {
  sizeMl: number | null;
  packCount: number | null;
  abv: number | null;
  vintage: string | null;
  stock: number | null;
  limitPerCustomer: number | null;
}

/** The form's fields the facts are read from. */
type FactField = 'size' | 'abv' | 'vintage' | 'stock' | 'limitPerCustomer';

/** The facts the editor's (or an import row's) text says, once checked by itemSaveRefusals; what is not a fact is null. */
export function factsFromForm(values: Pick<ItemFormValues, FactField>): ItemFacts {
  const size = parseBottleSize(values.size);
  const abv = parseAbv(values.abv);
  const stock = parseStock(values.stock);
  const limit = parseLimitPerCustomer(values.limitPerCustomer);
  return {
    sizeMl: isSizeRefusal(size) ? null : size.sizeMl,
    packCount: isSizeRefusal(size) ? null : size.packCount,
    abv: Number.isNaN(abv) ? null : abv,
    vintage: parseVintage(values.vintage) ?? null,
    stock: Number.isNaN(stock) ? null : stock,
    limitPerCustomer: Number.isNaN(limit) ? null : limit,
  };
}
