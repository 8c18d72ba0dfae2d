import { describe, expect, it } from 'vitest';
import { BOTTLE_SIZE_MESSAGES } from '../../../../shared/bottle-size';
import { ITEM_FACT_MESSAGES } from '../../../../shared/item-facts';
import { MESSAGES } from '../../../../shared/messages';
import { STOCK_MESSAGES } from '../../../../shared/stock';
import {
  buildCreateInput,
  buildUpdateInput,
  EMPTY_ITEM_FORM,
  filterItemNeeds,
  formFromItem,
  ITEM_MESSAGES,
  parseItemNeeds,
  parsePrice,
  searchItems,
  sortItems,
  sortLabel,
  SORT_OPTIONS,
  validateItemSave,
  type AdminItem,
  type ItemFormValues,
} from './item-rules';
import { adminItem } from './test-items';

const complete: ItemFormValues = {
  ...EMPTY_ITEM_FORM,
  name: 'Merlot',
  price: '12.99',
  description: 'Soft and round.',
  hasNewImage: true,
  tags: ['wine', 'tag-red'],
};

describe('validateItemSave', () => {
  it('asks for a department tag first, in both modes', () => {
    const refusal = { message: MESSAGES.requiredTags, field: 'tags' };
    expect(validateItemSave({ ...complete, tags: [] }, 'create')).toEqual(refusal);
    expect(validateItemSave({ ...complete, tags: ['tag-red'] }, 'create')).toEqual(refusal);
    expect(validateItemSave({ ...EMPTY_ITEM_FORM, tags: ['tag-red'] }, 'update')).toEqual(refusal);
    expect(validateItemSave({ ...EMPTY_ITEM_FORM }, 'create')).toEqual(refusal);
  });

  it.each(['wine', 'liquor', 'extras'])('accepts the department tag %s', (tag) => {
    expect(validateItemSave({ ...complete, tags: [tag] }, 'create')).toBeNull();
  });

  it('on create requires name, price, image and description, naming the first missing field', () => {
    const missing = (field: string) => ({ message: ITEM_MESSAGES.missingRequired, field });
    expect(validateItemSave({ ...complete, name: '   ' }, 'create')).toEqual(missing('name'));
    expect(validateItemSave({ ...complete, price: '' }, 'create')).toEqual(missing('price'));
    expect(validateItemSave({ ...complete, price: '0' }, 'create')).toEqual(missing('price'));
    expect(validateItemSave({ ...complete, hasNewImage: false, img: '' }, 'create')).toEqual(missing('img'));
    expect(validateItemSave({ ...complete, description: '' }, 'create')).toEqual(missing('description'));
    expect(validateItemSave({ ...complete, name: '', description: '' }, 'create')).toEqual(missing('name'));
  });

  it('counts a stored image as an image', () => {
    expect(validateItemSave({ ...complete, hasNewImage: false, img: '/media/a.png' }, 'create')).toBeNull();
  });

  it('does not require upc or tags beyond the department', () => {
    expect(validateItemSave({ ...complete, upc: '', tags: ['extras'] }, 'create')).toBeNull();
  });

  it('on update requires nothing but the department tag', () => {
    expect(validateItemSave({ ...EMPTY_ITEM_FORM, tags: ['liquor'] }, 'update')).toBeNull();
  });

  it('refuses a typed price that is not a price', () => {
    const invalid = { message: ITEM_MESSAGES.invalidPrice, field: 'price' };
    expect(validateItemSave({ ...complete, price: 'abc' }, 'create')).toEqual(invalid);
    expect(validateItemSave({ ...complete, price: '-3' }, 'create')).toEqual(invalid);
    expect(validateItemSave({ ...EMPTY_ITEM_FORM, tags: ['wine'], price: '1e999' }, 'update')).toEqual(invalid);
    // In the order of the form: after the name, before the image and description.
    expect(validateItemSave({ ...complete, price: 'ten', description: '', hasNewImage: false }, 'create')).toEqual(invalid);
    expect(validateItemSave({ ...complete, price: 'ten', name: '' }, 'create')).toEqual({
      message: ITEM_MESSAGES.missingRequired,
      field: 'name',
    });
  });
});

describe('parsePrice', () => {
  it('reads prices as typed', () => {
    expect(parsePrice('12.99')).toBe(12.99);
    expect(parsePrice(' $7 ')).toBe(7);
    expect(parsePrice('3.456')).toBe(3.46);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('ten')).toBeNaN();
    expect(parsePrice('-1')).toBeNaN();
  });
});

describe('buildCreateInput', () => {
  it('sends every field, trimmed, with the stored image; upc and the facts only when given', () => {
    expect(buildCreateInput({ ...complete, name: ' Merlot ', promoted: true }, '/media/x.png')).toEqual({
      name: 'Merlot',
      price: 12.99,
      description: 'Soft and round.',
      img: '/media/x.png',
      promoted: true,
      tags: ['wine', 'tag-red'],
    });
    expect(buildCreateInput({ ...complete, upc: ' 0123 ' }, '/media/x.png').upc).toBe('0123');
  });
});

describe('buildUpdateInput', () => {
  it('sends only the non-empty fields, and always promoted, Sale and tags', () => {
    const none = { sizeMl: null, packCount: null, abv: null, vintage: null, stock: null, limitPerCustomer: null, onSale: false };
    expect(buildUpdateInput('i1', { ...EMPTY_ITEM_FORM, tags: ['wine'] })).toEqual({ id: 'i1', promoted: false, tags: ['wine'], ...none });
    expect(buildUpdateInput('i1', { ...EMPTY_ITEM_FORM, tags: [], price: '0' })).toEqual({ id: 'i1', promoted: false, tags: [], ...none });
  });

  it('sends every filled field', () => {
    const values = { ...complete, upc: '042', img: '/media/old.png', promoted: true };
    expect(buildUpdateInput('i1', values)).toEqual({
      id: 'i1',
      name: 'Merlot',
      price: 12.99,
      description: 'Soft and round.',
      upc: '042',
      img: '/media/old.png',
      promoted: true,
      onSale: false,
      tags: ['wine', 'tag-red'],
      sizeMl: null,
      packCount: null,
      abv: null,
      vintage: null,
      stock: null,
      limitPerCustomer: null,
    });
  });

  it('sends a newly stored image instead of the old one', () => {
    expect(buildUpdateInput('i1', { ...complete, img: '/media/old.png' }, '/media/new.png').img).toBe('/media/new.png');
  });
});

describe('formFromItem', () => {
  it('fills the editor from an item, and back again unchanged', () => {
    const item: AdminItem = {
      id: 'i1',
      name: 'Rye',
      price: 30,
      description: null,
      tags: ['liquor'],
      promoted: true,
      onSale: false,
      priceHistory: [],
      upc: null,
      img: '/media/r.png',
      sizeMl: 1750,
      packCount: null,
      abv: 45,
      vintage: null,
      limitPerCustomer: 2,
      heldStock: 0,
      offeredStock: null,
      stock: 2,
      stockCountedAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    const values = formFromItem(item);
    expect(values).toEqual({
      ...EMPTY_ITEM_FORM,
      name: 'Rye',
      price: '30',
      img: '/media/r.png',
      promoted: true,
      tags: ['liquor'],
      size: '1.75 L',
      abv: '45',
      stock: '2',
      limitPerCustomer: '2',
    });
    expect(buildUpdateInput(item.id, values, undefined, item)).toEqual({
      id: 'i1',
      name: 'Rye',
      price: 30,
      img: '/media/r.png',
      promoted: true,
      onSale: false,
      tags: ['liquor'],
      sizeMl: 1750,
      packCount: null,
      abv: 45,
      vintage: null,
      stock: 2,
      limitPerCustomer: 2,
    });
  });
});

describe('the limit per customer in the editor (decision 0371)', () => {
  it('sends it as typed, empty as none, and refuses 0, negatives, fractions and absurd values', () => {
    expect(buildUpdateInput('i1', { ...complete, limitPerCustomer: ' 2 ' }).limitPerCustomer).toBe(2);
    expect(buildUpdateInput('i1', { ...complete, limitPerCustomer: '' }).limitPerCustomer).toBeNull();
    expect(validateItemSave({ ...complete, limitPerCustomer: '2' }, 'update')).toBeNull();
    for (const bad of ['0', '-1', '1.5', '100', '1000000', 'two'])
      expect(validateItemSave({ ...complete, limitPerCustomer: bad }, 'update')).toEqual({
        message: 'The limit per customer must be a whole number from 1 to 99, or empty for no limit',
        field: 'limitPerCustomer',
      });
  });
});

describe('the item facts in the editor', () => {
  const now = new Date('2026-05-10T15:00:00.000Z');

  it('sends the facts as typed: a size as on the label, ABV, NV, units', () => {
    const values = { ...complete, size: '4 × 250 mL', abv: '5.5%', vintage: 'nv', stock: '24' };
    expect(validateItemSave(values, 'create')).toBeNull();
    expect(buildCreateInput(values, '/media/x.png', now)).toMatchObject({
      sizeMl: 250,
      packCount: 4,
      abv: 5.5,
      vintage: 'NV',
      stock: 24,
      stockCountedAt: '2026-05-10T15:00:00.000Z',
    });
    const single = buildCreateInput({ ...values, size: '1.75LTR' }, '/media/x.png', now);
    expect(single.sizeMl).toBe(1750);
    // No null attribute on a new item (a DynamoDB null is not an absent attribute).
    expect(single).not.toHaveProperty('packCount');
  });

  it('stamps the count time only when the count changes; an emptied fact is cleared', () => {
    const loaded = { stock: 12 };
    const counted = buildUpdateInput('i1', { ...complete, stock: '11' }, undefined, loaded, now);
    expect(counted).toMatchObject({ stock: 11, stockCountedAt: '2026-05-10T15:00:00.000Z' });
    const same = buildUpdateInput('i1', { ...complete, stock: '12' }, undefined, loaded, now);
    expect(same.stock).toBe(12);
    expect(same).not.toHaveProperty('stockCountedAt');
    const cleared = buildUpdateInput('i1', { ...complete, stock: '' }, undefined, loaded, now);
    expect(cleared).toMatchObject({ stock: null, sizeMl: null, abv: null, vintage: null });
    expect(cleared).not.toHaveProperty('stockCountedAt');
  });

  it('refuses facts that are not facts, naming the field, in both modes', () => {
    const refused = (facts: Partial<typeof complete>) => validateItemSave({ ...complete, ...facts }, 'update');
    expect(refused({ size: '750' })).toEqual({ message: BOTTLE_SIZE_MESSAGES.size, field: 'size' });
    expect(refused({ abv: '140' })).toEqual({ message: ITEM_FACT_MESSAGES.abv, field: 'abv' });
    expect(refused({ vintage: '1066' })).toEqual({ message: ITEM_FACT_MESSAGES.vintage(), field: 'vintage' });
    expect(refused({ stock: '-3' })).toEqual({ message: STOCK_MESSAGES.stock, field: 'stock' });
    expect(refused({ stock: '2.5' })).toEqual({ message: STOCK_MESSAGES.stock, field: 'stock' });
    expect(validateItemSave({ ...complete, size: 'big' }, 'create')).toEqual({ message: BOTTLE_SIZE_MESSAGES.size, field: 'size' });
  });
});

describe('sortItems', () => {
  const items = [
    { name: 'banana Liqueur', price: 20, promoted: false, upc: '111' },
    { name: 'Apple Brandy', price: 35.5, promoted: true, upc: '222' },
    { name: 'Zinfandel 2', price: null, promoted: false, upc: null },
    { name: 'Zinfandel 10', price: 9.99, promoted: true, upc: '333' },
    { name: 'Émile Rosé', price: 20, promoted: false, upc: '444' },
  ];
  const names = (list: typeof items) => list.map((item) => item.name);

  it('A-Z and Z-A ignore case and accents and compare numbers by value', () => {
    expect(names(sortItems(items, 'az'))).toEqual(['Apple Brandy', 'banana Liqueur', 'Émile Rosé', 'Zinfandel 2', 'Zinfandel 10']);
    expect(names(sortItems(items, 'za'))).toEqual(['Zinfandel 10', 'Zinfandel 2', 'Émile Rosé', 'banana Liqueur', 'Apple Brandy']);
  });

  it('price orders put a missing price last and equal prices by name', () => {
    expect(names(sortItems(items, 'price-asc'))).toEqual(['Zinfandel 10', 'banana Liqueur', 'Émile Rosé', 'Apple Brandy', 'Zinfandel 2']);
    expect(names(sortItems(items, 'price-desc'))).toEqual(['Apple Brandy', 'banana Liqueur', 'Émile Rosé', 'Zinfandel 10', 'Zinfandel 2']);
  });

  it('Promoted puts promoted items first, keeping the list order within each group', () => {
    expect(names(sortItems(items, 'promoted'))).toEqual(['Apple Brandy', 'Zinfandel 10', 'banana Liqueur', 'Zinfandel 2', 'Émile Rosé']);
  });

  it('Reset keeps the list order, and no sort changes the input', () => {
    const copy = [...items];
    expect(sortItems(items, null)).toEqual(items);
    sortItems(items, 'az');
    expect(items).toEqual(copy);
  });

  it('labels the sort, and Reset clears the label', () => {
    expect(SORT_OPTIONS.map((option) => option.label)).toEqual(['A-Z', 'Z-A', 'Price Low-High', 'Price High-Low', 'Promoted', 'Reset']);
    expect(sortLabel('price-desc')).toBe('Price High-Low');
    expect(sortLabel(null)).toBe('');
  });

  it('search finds by name or UPC, case-insensitively, as a substring', () => {
    expect(names(searchItems(items, 'ZIN'))).toEqual(['Zinfandel 2', 'Zinfandel 10']);
    expect(names(searchItems(items, '22'))).toEqual(['Apple Brandy']);
    expect(names(searchItems(items, 'rosé'))).toEqual(['Émile Rosé']);
    expect(names(searchItems(items, '  '))).toEqual(names(items));
    expect(searchItems(items, 'nothing like this')).toEqual([]);
  });
});

describe('the Needs photo and Needs description filters (decision 0297)', () => {
  const bare = adminItem({ id: 'bare', img: null, description: null });
  const spaces = adminItem({ id: 'spaces', img: '/media/x.png', description: '  ' });
  const done = adminItem({ id: 'done', img: '/media/x.png', description: 'Dry' });
  const items = [bare, spaces, done];
  const ids = (list: readonly AdminItem[]) => list.map((item) => item.id);

  it('reads the URL parameter, ignoring what it does not know', () => {
    expect(parseItemNeeds(null)).toEqual([]);
    expect(parseItemNeeds('description,photo,colour')).toEqual(['photo', 'description']);
  });

  it('keeps the items that need every need chosen', () => {
    expect(ids(filterItemNeeds(items, []))).toEqual(['bare', 'spaces', 'done']);
    expect(ids(filterItemNeeds(items, ['photo']))).toEqual(['bare']);
    expect(ids(filterItemNeeds(items, ['description']))).toEqual(['bare', 'spaces']);
    expect(ids(filterItemNeeds(items, ['photo', 'description']))).toEqual(['bare']);
  });
});

describe('the Sale mark in the editor (decision 0292)', () => {
  const now = new Date('2026-11-26T15:00:00Z');
  const aged = ['2026-06-01T16:00:00.000Z 30', '2026-11-05T16:00:00.000Z 25'];

  it('is ticked as the storefront shows it: a lapsed mark is unticked, so a save clears it', () => {
    expect(formFromItem({ ...adminItem({ price: 25, onSale: true, priceHistory: aged }) }, now).onSale).toBe(true);
    expect(formFromItem({ ...adminItem({ price: 25, onSale: true, priceHistory: aged }) }, new Date('2026-12-03T15:00:00Z')).onSale).toBe(
      false,
    );
    expect(formFromItem({ ...adminItem({ price: 25, onSale: false, priceHistory: aged }) }, now).onSale).toBe(false);
  });

  it('a create sends Sale only when ticked', () => {
    expect(buildCreateInput({ ...complete, onSale: true }, '/media/x.png').onSale).toBe(true);
    expect('onSale' in buildCreateInput(complete, '/media/x.png')).toBe(false);
  });
});
