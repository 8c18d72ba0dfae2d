import { describe, expect, it } from 'vitest';
import { formatAbv, labelFacts } from '../../../shared/item-facts';
import { sizeOptions, tagFacts } from './item-facts-view';

describe('labelFacts', () => {
  it('gives size, ABV and vintage in that order, only those the item has', () => {
    expect(labelFacts({ sizeMl: 250, packCount: 4, abv: 13.5, vintage: '2019' })).toEqual([
      { label: 'Size', value: '4 × 250 mL' },
      { label: 'ABV', value: '13.5%' },
      { label: 'Vintage', value: '2019' },
    ]);
    expect(labelFacts({ sizeMl: 1750, abv: 0, vintage: 'NV' })).toEqual([
      { label: 'Size', value: '1.75 L' },
      { label: 'ABV', value: '0%' },
      { label: 'Vintage', value: 'NV' },
    ]);
    expect(labelFacts({ sizeMl: null, abv: null, vintage: null })).toEqual([]);
    expect(formatAbv(40)).toBe('40%');
    expect(formatAbv(12.25)).toBe('12.25%');
  });
});

describe('tagFacts', () => {
  const categories = [
    { id: 'department', name: 'Department', visible: true, index: 0 },
    { id: 'grape', name: 'Grape', visible: true, index: 2 },
    { id: 'region', name: 'Region', visible: true, index: 1 },
    { id: 'secret', name: 'Staff picks', visible: false, index: 3 },
  ];
  const tags = [
    { id: 'wine', name: 'Wine', categoryId: 'department' },
    { id: 'merlot', name: 'Merlot', categoryId: 'grape', index: 1 },
    { id: 'cab', name: 'Cabernet Sauvignon', categoryId: 'grape', index: 0 },
    { id: 'bordeaux', name: 'Bordeaux', categoryId: 'region', index: 0 },
    { id: 'pick', name: 'Pick', categoryId: 'secret' },
    { id: 'malbec', name: 'Malbec', categoryId: 'grape', index: 2 },
  ];

  it('groups the tags by visible category, both in their order, departments and hidden categories left out', () => {
    expect(tagFacts(['wine', 'merlot', 'bordeaux', 'cab', 'pick', 'unknown-tag'], categories, tags)).toEqual([
      { label: 'Region', value: 'Bordeaux' },
      { label: 'Grape', value: 'Cabernet Sauvignon, Merlot' },
    ]);
    expect(tagFacts(['wine'], categories, tags)).toEqual([]);
  });
});

describe('sizeOptions', () => {
  const vodka = (id: string, sizeMl: number | null, price: number, stock: number | null = null, name = 'Tito Vodka') => ({
    id,
    name,
    price,
    sizeMl,
    packCount: null,
    stock,
  });

  it('offers the sizes of the same name, smallest first, the page item marked, each with price and stock', () => {
    const big = vodka('big', 1750, 34.99, 0);
    expect(
      sizeOptions(big, [vodka('small', 750, 19.99, 2), big, vodka('none', null, 5), vodka('other', 1000, 1, 9, 'Other Vodka')]),
    ).toEqual([
      { id: 'small', size: '750 mL', price: 19.99, stock: 2, current: false },
      { id: 'big', size: '1.75 L', price: 34.99, stock: 0, current: true },
    ]);
  });

  it('offers nothing with one size only, or for an item without a size', () => {
    expect(sizeOptions(vodka('a', 750, 1), [vodka('a', 750, 1), vodka('b', 750, 2)])).toEqual([]);
    expect(sizeOptions(vodka('a', null, 1), [vodka('b', 750, 2), vodka('c', 1000, 2)])).toEqual([]);
  });
});
