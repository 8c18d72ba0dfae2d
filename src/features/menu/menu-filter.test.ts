import { describe, expect, it } from 'vitest';
import { priceRanges } from '../../../shared/price-ranges';
import {
  effectiveTags,
  facetCounts,
  filterGroupsFor,
  filterMenuItems,
  foldText,
  indexMenuItems,
  isMenuCategory,
  menuSearch,
  menuSelection,
  offeredGroups,
  parseMenuFilters,
  PRICE_GROUP_ID,
  sameFilters,
  toggleTag,
  type CategoryRecord,
  type MenuItem,
  type TagRecord,
} from './menu-filter';

const categories: CategoryRecord[] = [
  { id: 'region', name: 'Region', type: ['Wine', 'Liquor'], visible: true, index: 2 },
  { id: 'department', name: 'Department', type: ['Wine', 'Liquor', 'Extras'], visible: false, index: 0 },
  { id: 'wine-type', name: 'Wine Type', type: ['wine'], visible: true, index: 1 },
  { id: 'spirit', name: 'Spirit', type: ['LIQUOR'], visible: true, index: 3 },
  { id: 'empty', name: 'Empty', type: ['Wine'], visible: true, index: 4 },
  { id: 'unset', name: 'Unset', type: null, visible: true, index: 5 },
];

const tags: TagRecord[] = [
  { id: 'tag-france', name: 'France', categoryId: 'region', index: 1 },
  { id: 'tag-california', name: 'California', categoryId: 'region', index: 0 },
  { id: 'tag-white', name: 'White', categoryId: 'wine-type', index: 1 },
  { id: 'tag-red', name: 'Red', categoryId: 'wine-type', index: 0 },
  { id: 'tag-rose', name: 'Rosé', categoryId: 'wine-type', index: 2 },
  { id: 'wine', name: 'Wine', categoryId: 'department', index: 0 },
  { id: 'tag-gin', name: 'Gin', categoryId: 'spirit', index: 0 },
];

const item = (id: string, name: string, itemTags: string[]): MenuItem => ({ id, name, price: 10, img: null, tags: itemTags });

const items: MenuItem[] = [
  item('cab', 'Stone Ridge Cabernet Sauvignon 2021', ['wine', 'tag-red', 'tag-california']),
  item('bdx', 'Château Belle Rive Bordeaux', ['wine', 'tag-red', 'tag-france']),
  item('chard', 'Laurel Bend Chardonnay', ['wine', 'tag-white', 'tag-california']),
  item('rose', 'Maison Lumière Côtes de Provence Rosé', ['wine', 'tag-rose', 'tag-france']),
  item('gin', 'Putnam County Dry Gin', ['liquor', 'tag-gin']),
  item('cab-franc', 'Taconic Ridge Cabernet Franc', ['wine', 'tag-red']),
];

const wine = indexMenuItems(items, 'wine');
const ids = (list: readonly MenuItem[]) => list.map((entry) => entry.id);

describe('menu categories', () => {
  it('knows wine, liquor and extras only', () => {
    expect(['wine', 'liquor', 'extras'].every(isMenuCategory)).toBe(true);
    expect(isMenuCategory('Wine')).toBe(false);
    expect(isMenuCategory('beer')).toBe(false);
    expect(isMenuCategory(null)).toBe(false);
    expect(isMenuCategory('toString')).toBe(false);
  });
});

describe('filterGroupsFor', () => {
  it('offers the visible categories of the menu (type in any case), by index, tags by index', () => {
    expect(filterGroupsFor(categories, tags, 'wine')).toEqual([
      {
        id: 'wine-type',
        name: 'Wine Type',
        tags: [
          { id: 'tag-red', name: 'Red' },
          { id: 'tag-white', name: 'White' },
          { id: 'tag-rose', name: 'Rosé' },
        ],
      },
      {
        id: 'region',
        name: 'Region',
        tags: [
          { id: 'tag-california', name: 'California' },
          { id: 'tag-france', name: 'France' },
        ],
      },
    ]);
    expect(filterGroupsFor(categories, tags, 'liquor').map((group) => group.id)).toEqual(['region', 'spirit']);
  });

  it('leaves out hidden categories, those of other menus and those without tags', () => {
    expect(filterGroupsFor(categories, tags, 'extras')).toEqual([]);
  });

  it('gives an empty panel when there are no categories', () => {
    expect(filterGroupsFor([], tags, 'wine')).toEqual([]);
    expect(filterGroupsFor(categories, [], 'wine')).toEqual([]);
  });

  it('does not reorder its input', () => {
    const before = categories.map((category) => category.id);
    filterGroupsFor(categories, tags, 'wine');
    expect(categories.map((category) => category.id)).toEqual(before);
  });
});

describe('indexMenuItems', () => {
  it('keeps the items carrying the menu tag, sorted by name', () => {
    expect(ids(wine.map((entry) => entry.item))).toEqual(['bdx', 'chard', 'rose', 'cab', 'cab-franc']);
    expect(ids(indexMenuItems(items, 'liquor').map((entry) => entry.item))).toEqual(['gin']);
    expect(indexMenuItems(items, 'extras')).toEqual([]);
  });
});

const wineGroups = filterGroupsFor(categories, tags, 'wine');
/** The selection of these ticked tag ids, grouped as the wine panel groups them. */
const pick = (...tagIds: string[]) => menuSelection(new Set(tagIds), wineGroups);

describe('menuSelection', () => {
  it("groups the ticked tags by the panel's groups, in order, leaving out tags no group offers", () => {
    expect(pick('tag-france', 'tag-red', 'tag-gin', 'wine').map((set) => [...set])).toEqual([['tag-red'], ['tag-france']]);
    expect(pick().map((set) => set.size)).toEqual([0, 0]);
  });
});

describe('filterMenuItems', () => {
  const none = pick();

  it('shows every item of the menu when no tag is selected and nothing is searched', () => {
    expect(ids(filterMenuItems(wine, none, ''))).toEqual(['bdx', 'chard', 'rose', 'cab', 'cab-franc']);
  });

  it('shows the items having the one selected tag', () => {
    expect(ids(filterMenuItems(wine, pick('tag-red'), ''))).toEqual(['bdx', 'cab', 'cab-franc']);
  });

  it('combines tags of one group with OR', () => {
    expect(ids(filterMenuItems(wine, pick('tag-white', 'tag-rose'), ''))).toEqual(['chard', 'rose']);
    expect(ids(filterMenuItems(wine, pick('tag-california', 'tag-france'), ''))).toEqual(['bdx', 'chard', 'rose', 'cab']);
  });

  it('combines groups with AND: Red + France gives the French reds', () => {
    expect(ids(filterMenuItems(wine, pick('tag-red', 'tag-france'), ''))).toEqual(['bdx']);
    expect(ids(filterMenuItems(wine, pick('tag-white', 'tag-france'), ''))).toEqual([]);
    expect(ids(filterMenuItems(wine, pick('tag-red', 'tag-white', 'tag-california'), ''))).toEqual(['chard', 'cab']);
    expect(ids(filterMenuItems(wine, pick('tag-red', 'tag-white', 'tag-california', 'tag-france'), ''))).toEqual(['bdx', 'chard', 'cab']);
  });

  it('narrows by name, ignoring case and surrounding spaces', () => {
    expect(ids(filterMenuItems(wine, none, 'CAB'))).toEqual(['cab', 'cab-franc']);
    expect(ids(filterMenuItems(wine, none, '  ridge '))).toEqual(['cab', 'cab-franc']);
    expect(filterMenuItems(wine, none, 'zinfandel')).toEqual([]);
  });

  it('ignores accents in the search and the names', () => {
    expect(ids(filterMenuItems(wine, none, 'rose'))).toEqual(['rose']);
    expect(ids(filterMenuItems(wine, none, 'chateau'))).toEqual(['bdx']);
    expect(ids(filterMenuItems(wine, none, 'Château'))).toEqual(['bdx']);
  });

  it('applies search and tags together', () => {
    expect(ids(filterMenuItems(wine, pick('tag-california'), 'cab'))).toEqual(['cab']);
    expect(filterMenuItems(wine, pick('tag-white'), 'cab')).toEqual([]);
  });

  it('handles 5,000 items', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      item(`i${i}`, `Wine number ${i}`, ['wine', i % 2 ? 'tag-red' : 'tag-white', i % 5 ? 'tag-california' : 'tag-france']),
    );
    const index = indexMenuItems(many, 'wine');
    expect(filterMenuItems(index, pick('tag-red'), '')).toHaveLength(2500);
    expect(filterMenuItems(index, pick('tag-red'), 'number 49')).toHaveLength(56);
    expect(filterMenuItems(index, pick('tag-red', 'tag-france'), '')).toHaveLength(500);
    const counts = facetCounts(index, wineGroups, pick('tag-red', 'tag-france'), '');
    expect(Object.fromEntries(counts)).toEqual({
      'tag-red': 500,
      'tag-white': 500,
      'tag-rose': 0,
      'tag-california': 2000,
      'tag-france': 500,
    });
  });
});

describe('facetCounts', () => {
  const count = (selection: ReturnType<typeof pick>, query = '') => Object.fromEntries(facetCounts(wine, wineGroups, selection, query));

  it("with nothing ticked, counts the menu's items carrying each tag", () => {
    expect(count(pick())).toEqual({ 'tag-red': 3, 'tag-white': 1, 'tag-rose': 1, 'tag-california': 2, 'tag-france': 2 });
  });

  it("counts a tag among the items passing the other groups' selections, its own group's ticks aside", () => {
    // Red ticked: the regions count reds only; the wine types still count every wine.
    expect(count(pick('tag-red'))).toEqual({ 'tag-red': 3, 'tag-white': 1, 'tag-rose': 1, 'tag-california': 1, 'tag-france': 1 });
    // Red + France: the types count French wines, the regions reds.
    expect(count(pick('tag-red', 'tag-france'))).toEqual({
      'tag-red': 1,
      'tag-white': 0,
      'tag-rose': 1,
      'tag-california': 1,
      'tag-france': 1,
    });
    // Two types ticked: the regions count reds and whites.
    expect(count(pick('tag-red', 'tag-white'))).toEqual({
      'tag-red': 3,
      'tag-white': 1,
      'tag-rose': 1,
      'tag-california': 2,
      'tag-france': 1,
    });
  });

  it('follows the search', () => {
    expect(count(pick(), 'ridge')).toEqual({ 'tag-red': 2, 'tag-white': 0, 'tag-rose': 0, 'tag-california': 1, 'tag-france': 0 });
  });

  it('ignores tags no group offers (department tags, hidden categories)', () => {
    expect(facetCounts(wine, wineGroups, pick(), '').has('wine')).toBe(false);
  });
});

describe('offeredGroups', () => {
  it('gives each tag its count and leaves out tags that would give nothing, unless ticked', () => {
    const selected = new Set(['tag-red', 'tag-france']);
    const counts = facetCounts(wine, wineGroups, menuSelection(selected, wineGroups), 'bordeaux');
    expect(offeredGroups(wineGroups, counts, selected)).toEqual([
      { id: 'wine-type', name: 'Wine Type', tags: [{ id: 'tag-red', name: 'Red', count: 1 }] },
      { id: 'region', name: 'Region', tags: [{ id: 'tag-france', name: 'France', count: 1 }] },
    ]);
    // A ticked tag giving nothing stays, to be unticked.
    const stale = new Set(['tag-white', 'tag-france']);
    expect(offeredGroups(wineGroups, facetCounts(wine, wineGroups, menuSelection(stale, wineGroups), ''), stale)).toEqual([
      {
        id: 'wine-type',
        name: 'Wine Type',
        tags: [
          { id: 'tag-red', name: 'Red', count: 1 },
          { id: 'tag-white', name: 'White', count: 0 },
          { id: 'tag-rose', name: 'Rosé', count: 1 },
        ],
      },
      {
        id: 'region',
        name: 'Region',
        tags: [
          { id: 'tag-california', name: 'California', count: 1 },
          { id: 'tag-france', name: 'France', count: 0 },
        ],
      },
    ]);
  });

  it('leaves out a group with nothing to offer', () => {
    const liquorGroups = filterGroupsFor(categories, tags, 'liquor');
    const liquor = indexMenuItems(items, 'liquor');
    const counts = facetCounts(liquor, liquorGroups, menuSelection(new Set(), liquorGroups), '');
    expect(offeredGroups(liquorGroups, counts, new Set())).toEqual([
      { id: 'spirit', name: 'Spirit', tags: [{ id: 'tag-gin', name: 'Gin', count: 1 }] },
    ]);
  });
});

describe('effectiveTags', () => {
  it('keeps only the selected tags the panel offers', () => {
    const groups = filterGroupsFor(categories, tags, 'liquor');
    expect([...effectiveTags(['tag-gin', 'tag-red', 'wine', 'tag-france'], groups)]).toEqual(['tag-gin', 'tag-france']);
  });
});

describe('URL state', () => {
  const plain = { sort: 'featured', inStock: false } as const;

  it('reads tags, search, order and "In stock only" from the query string', () => {
    expect(parseMenuFilters('?category=wine&tags=tag-red,tag-france&q=cab')).toEqual({
      tags: ['tag-red', 'tag-france'],
      q: 'cab',
      ...plain,
    });
    expect(parseMenuFilters('?category=wine&tags=tag-red%2Ctag-france')).toEqual({ tags: ['tag-red', 'tag-france'], q: '', ...plain });
    expect(parseMenuFilters('?category=wine')).toEqual({ tags: [], q: '', ...plain });
    expect(parseMenuFilters(new URLSearchParams('tags=,tag-red,,tag-red,&q=a%20b'))).toEqual({ tags: ['tag-red'], q: 'a b', ...plain });
    expect(parseMenuFilters('?category=wine&sort=price-desc&stock=in')).toEqual({ tags: [], q: '', sort: 'price-desc', inStock: true });
    // A misspelt or stale order is the default one; any other stock value is no filter.
    expect(parseMenuFilters('?sort=cheapest&stock=yes')).toEqual({ tags: [], q: '', ...plain });
    expect(parseMenuFilters('?sort=constructor')).toMatchObject({ sort: 'featured' });
  });

  it('writes them back readably, leaving out what is empty or the default', () => {
    expect(menuSearch('wine', { tags: ['tag-red', 'tag-france'], q: 'cab', ...plain })).toBe(
      '?category=wine&tags=tag-red,tag-france&q=cab',
    );
    expect(menuSearch('liquor', { tags: [], q: '', ...plain })).toBe('?category=liquor');
    expect(menuSearch('wine', { tags: [], q: 'pinot noir & co', ...plain })).toBe('?category=wine&q=pinot%20noir%20%26%20co');
    expect(menuSearch('wine', { tags: [], q: '', sort: 'newest', inStock: true })).toBe('?category=wine&sort=newest&stock=in');
  });

  it('round-trips', () => {
    const filters = { tags: ['0b9f6c1e-5d7a-4c1b-9a53-2f0c8e6d4b71', 'tag-c'], q: 'x,y? &z=1', sort: 'price-asc', inStock: true } as const;
    expect(parseMenuFilters(menuSearch('extras', filters))).toEqual(filters);
  });

  it('compares and toggles selections', () => {
    expect(sameFilters({ tags: ['a'], q: 'x', ...plain }, { tags: ['a'], q: 'x', ...plain })).toBe(true);
    expect(sameFilters({ tags: ['a'], q: 'x', ...plain }, { tags: ['b'], q: 'x', ...plain })).toBe(false);
    expect(sameFilters({ tags: [], q: 'x', ...plain }, { tags: [], q: 'y', ...plain })).toBe(false);
    expect(sameFilters({ tags: [], q: '', ...plain }, { tags: [], q: '', sort: 'name', inStock: false })).toBe(false);
    expect(sameFilters({ tags: [], q: '', ...plain }, { tags: [], q: '', sort: 'featured', inStock: true })).toBe(false);
    expect(toggleTag(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleTag(['a'], 'c')).toEqual(['a', 'c']);
  });
});

describe('foldText', () => {
  it('lower-cases and strips accents', () => {
    expect(foldText('Côtes de Provence ROSÉ')).toBe('cotes de provence rose');
  });
});

describe('price ranges (decision 0280)', () => {
  const ranges = priceRanges([20, 40]);
  const priced = (id: string, price: number | null, itemTags: string[]) => ({ ...item(id, id, ['wine', ...itemTags]), price });
  const cellar = [
    priced('cheap-red', 12.99, ['tag-red']),
    priced('mid-red', 29.99, ['tag-red', 'tag-france']),
    priced('rioja', 45, ['tag-red']),
    priced('white-40', 40, ['tag-white']),
    priced('no-price', null, ['tag-white']),
  ];
  const groups = filterGroupsFor(categories, tags, 'wine', ranges);
  const index = indexMenuItems(cellar, 'wine', ranges);
  const choose = (...ids: string[]) => menuSelection(new Set(ids), groups);

  it('adds a Price group last, with the ranges the boundaries give', () => {
    expect(groups.at(-1)).toEqual({
      id: PRICE_GROUP_ID,
      name: 'Price',
      tags: [
        { id: 'price-under-20', name: 'Under $20' },
        { id: 'price-20-40', name: '$20 to $40' },
        { id: 'price-over-40', name: 'Over $40' },
      ],
    });
    expect(filterGroupsFor(categories, tags, 'wine', []).some((group) => group.id === PRICE_GROUP_ID)).toBe(false);
  });

  it('leaves out a category named Price, the former price filter, whose tags stay ordinary tags', () => {
    const withFormer = [...categories, { id: 'price', name: 'Price', type: ['Wine'], visible: true, index: 9 }];
    const withFormerTags = [...tags, { id: 'tag-under-20', name: 'Under $20', categoryId: 'price', index: 0 }];
    const names = filterGroupsFor(withFormer, withFormerTags, 'wine', ranges).map((group) => group.name);
    expect(names.filter((name) => name === 'Price')).toHaveLength(1);
    expect(filterGroupsFor(withFormer, withFormerTags, 'wine', ranges).at(-1)!.id).toBe(PRICE_GROUP_ID);
  });

  it('matches each item by its price, a boundary price in the range starting there, no price in none', () => {
    expect(ids(filterMenuItems(index, choose('price-under-20'), ''))).toEqual(['cheap-red']);
    expect(ids(filterMenuItems(index, choose('price-20-40'), ''))).toEqual(['mid-red']);
    expect(ids(filterMenuItems(index, choose('price-over-40'), ''))).toEqual(['rioja', 'white-40']);
    // OR within the group, AND with the categories.
    expect(ids(filterMenuItems(index, choose('price-under-20', 'price-over-40', 'tag-red'), ''))).toEqual(['cheap-red', 'rioja']);
  });

  it('a new price moves the item to its new range at once', () => {
    const repriced = cellar.map((entry) => (entry.id === 'mid-red' ? { ...entry, price: 45 } : entry));
    const again = indexMenuItems(repriced, 'wine', ranges);
    expect(ids(filterMenuItems(again, choose('price-over-40'), ''))).toEqual(['mid-red', 'rioja', 'white-40']);
    expect(filterMenuItems(again, choose('price-20-40'), '')).toEqual([]);
  });

  it('counts each range for the other selections, as a tag is counted', () => {
    const counts = facetCounts(index, groups, choose('tag-red'), '');
    expect(counts.get('price-under-20')).toBe(1);
    expect(counts.get('price-20-40')).toBe(1);
    expect(counts.get('price-over-40')).toBe(1);
    expect(counts.get('tag-white')).toBe(2);
    const offered = offeredGroups(groups, facetCounts(index, groups, choose('price-under-20'), ''), new Set(['price-under-20']));
    expect(offered.find((group) => group.id === 'wine-type')!.tags.map((tag) => `${tag.name} (${tag.count})`)).toEqual(['Red (1)']);
  });

  it('keeps a range in the URL as the tags are kept', () => {
    expect(menuSearch('wine', { tags: ['tag-red', 'price-20-40'], q: '', sort: 'featured', inStock: false })).toBe(
      '?category=wine&tags=tag-red,price-20-40',
    );
    expect(parseMenuFilters('?category=wine&tags=price-over-40').tags).toEqual(['price-over-40']);
    expect([...effectiveTags(['price-over-40', 'price-10-30'], groups)]).toEqual(['price-over-40']);
  });

  it('handles 5,000 items with their prices', () => {
    const many = Array.from({ length: 5000 }, (_, i) => priced(`i${i}`, 5 + (i % 60), [i % 2 ? 'tag-red' : 'tag-white']));
    const big = indexMenuItems(many, 'wine', ranges);
    const expected = (keep: (entry: (typeof many)[number]) => boolean) => many.filter(keep).length;
    expect(filterMenuItems(big, choose('price-under-20'), '')).toHaveLength(expected((entry) => entry.price! < 20));
    expect(filterMenuItems(big, choose('price-over-40', 'tag-red'), '')).toHaveLength(
      expected((entry) => entry.price! >= 40 && entry.tags.includes('tag-red')),
    );
    expect(expected((entry) => entry.price! < 20)).toBeGreaterThan(1000);
  });
});
