import { describe, expect, it } from 'vitest';
import { elsewhereCounts, joinPrepared, MAX_QUERY_LENGTH, prepareForSearch, queryWords, searchShop, type SearchItem } from './shop-search';

const item = (id: string, name: string, tags: string[], extra: Partial<SearchItem> = {}): SearchItem => ({
  id,
  name,
  price: 10,
  img: null,
  tags,
  ...extra,
});

const tagNames = new Map([
  ['tag-red', 'Red'],
  ['tag-spain', 'España'],
  ['tag-malbec', 'Malbec'],
]);

const items = [
  item('rioja', 'Rioja Reserva', ['wine', 'tag-red', 'tag-spain'], { description: 'Aged in oak.' }),
  item('malbec', 'Andes Malbec', ['wine', 'tag-red', 'tag-malbec']),
  item('blend', 'House Red', ['wine'], { description: 'A juicy MALBEC blend.' }),
  item('bitters', 'Malbec Bitters', ['extras', 'liquor']),
  item('vodka-175', 'Clear Lake Vodka', ['liquor'], { sizeMl: 1750, upc: '012345678905' }),
  item('vodka-750', 'Clear Lake Vodka', ['liquor'], { sizeMl: 750, upc: '012345678912' }),
];
const index = prepareForSearch(items);
const ids = (query: string) => searchShop(index, query, tagNames).map((group) => [group.department, group.items.map((found) => found.id)]);

describe('the shop-wide search', () => {
  it('finds a word in the name, a tag name, the description or the UPC, ignoring case and accents', () => {
    expect(ids('malbec')).toEqual([
      ['wine', ['malbec', 'blend']],
      ['liquor', ['bitters']],
      ['extras', ['bitters']],
    ]);
    expect(ids('espana')).toEqual([['wine', ['rioja']]]);
    expect(ids('OAK')).toEqual([['wine', ['rioja']]]);
    expect(ids('678912')).toEqual([['liquor', ['vodka-750']]]);
  });

  it('needs every word, wherever each is found', () => {
    expect(ids('red España')).toEqual([['wine', ['rioja']]]);
    expect(ids('red  rioja ')).toEqual([['wine', ['rioja']]]);
    expect(ids('red france')).toEqual([]);
  });

  it('puts the names that hold every word first, then the rest in menu order (name, then the smaller size)', () => {
    expect(ids('red')).toEqual([['wine', ['blend', 'malbec', 'rioja']]]);
    expect(ids('vodka')).toEqual([['liquor', ['vodka-750', 'vodka-175']]]);
  });

  it('finds the same in pages prepared one by one and joined as in the catalogue prepared whole', () => {
    const joined = joinPrepared([prepareForSearch(items.slice(3)), prepareForSearch(items.slice(0, 3))]);
    expect(joined.map((entry) => entry.item.id)).toEqual(index.map((entry) => entry.item.id));
    for (const query of ['malbec', 'red', 'vodka', 'espana oak', '0123']) {
      expect(searchShop(joined, query, tagNames)).toEqual(searchShop(index, query, tagNames));
    }
  });

  it('finds nothing for a blank query, and reads only the first 100 characters', () => {
    expect(searchShop(index, '   ', tagNames)).toEqual([]);
    expect(queryWords(`${'x'.repeat(MAX_QUERY_LENGTH)} rioja`)).toEqual(['x'.repeat(MAX_QUERY_LENGTH)]);
  });
});

describe('the offer of a department menu that found nothing', () => {
  const menus = {
    wine: items.filter((entry) => entry.tags.includes('wine')),
    liquor: items.filter((entry) => entry.tags.includes('liquor')),
    extras: items.filter((entry) => entry.tags.includes('extras')),
  };
  it('counts the names matching in each other department, as their menus would show them', () => {
    expect(elsewhereCounts(menus, 'liquor', 'Malbec')).toEqual([
      { department: 'wine', name: 'Wine', count: 1 },
      { department: 'extras', name: 'Extras', count: 1 },
    ]);
    // The blend's description names Malbec, but the Wine menu's search reads names: not counted.
    expect(elsewhereCounts(menus, 'extras', 'malbec')).toEqual([
      { department: 'wine', name: 'Wine', count: 1 },
      { department: 'liquor', name: 'Liquor', count: 1 },
    ]);
    expect(elsewhereCounts(menus, 'wine', 'gin')).toEqual([]);
    expect(elsewhereCounts({}, 'wine', 'malbec')).toEqual([]);
  });
});
