/**
 * The scale benchmark's catalogue (decision 0114): the demo catalogue topped up to 5,000 items and 200
 * tags through the server's own store, in one transaction (about a second, not 5,000 HTTP calls).
 * Deterministic: the same names, prices and tags on every run, so runs compare.
 */
import type { ModelStore } from '../../server/db/model-store';

export const SCALE_ITEMS = 5_000;
export const SCALE_TAGS = 200;
/** The menu measured: it holds most of the items, as a wine shop's wine list would. */
export const SCALE_MENU = 'wine';

type Department = 'wine' | 'liquor' | 'extras';

/** New categories that share the extra tags, with the menus whose filter panels show them. */
const EXTRA_CATEGORIES: Array<{ id: string; name: string; type: string[]; departments: Department[] }> = [
  { id: 'bench-grape', name: 'Grape', type: ['Wine'], departments: ['wine'] },
  { id: 'bench-producer', name: 'Producer', type: ['Wine', 'Liquor'], departments: ['wine', 'liquor'] },
  { id: 'bench-style', name: 'Style', type: ['Liquor', 'Extras'], departments: ['liquor', 'extras'] },
  { id: 'bench-occasion', name: 'Occasion', type: ['Wine', 'Liquor', 'Extras'], departments: ['wine', 'liquor', 'extras'] },
];

const PRODUCERS = [
  'Stone Ridge',
  'Hudson Bend',
  'Old Mill',
  'Château Verne',
  'Bodega Alta',
  'Maple Hollow',
  'Rosé Point',
  'Cedar Lane',
  'Iron Gate',
  'Silver Creek',
  'Blue Heron',
  'Fox Hill',
];
const KINDS: Record<Department, string[]> = {
  wine: [
    'Cabernet Sauvignon',
    'Merlot',
    'Pinot Noir',
    'Chardonnay',
    'Riesling',
    'Sauvignon Blanc',
    'Malbec',
    'Syrah',
    'Tempranillo',
    'Prosecco',
  ],
  liquor: ['Bourbon', 'Rye Whiskey', 'Single Malt', 'London Dry Gin', 'Reposado Tequila', 'Dark Rum', 'Vodka', 'Brandy'],
  extras: ['Cocktail Bitters', 'Tonic Water', 'Gift Box', 'Corkscrew', 'Wine Glasses', 'Cocktail Cherries'],
};

/** A small deterministic generator (mulberry32), so the catalogue is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedScaleCatalogue(store: ModelStore): { items: number; tags: number } {
  const next = random(8);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const existingItems = store.list('Item', { limit: 1000 }).items;
  const existingTags = store.list('Tag', { limit: 1000 }).items;
  const images = [...new Set(existingItems.map((item) => item.img as string))];

  store.transaction(() => {
    const tagsByDepartment: Record<Department, string[]> = { wine: [], liquor: [], extras: [] };
    const newTagCount = SCALE_TAGS - existingTags.length;
    EXTRA_CATEGORIES.forEach((category, c) => {
      store.create('Category', { id: category.id, name: category.name, type: category.type, visible: true, index: 100 + c });
      const count = Math.floor(newTagCount / EXTRA_CATEGORIES.length) + (c < newTagCount % EXTRA_CATEGORIES.length ? 1 : 0);
      for (let t = 0; t < count; t += 1) {
        const id = `${category.id}-${t}`;
        store.create('Tag', { id, name: `${category.name} ${t + 1}`, categoryId: category.id, index: t });
        for (const department of category.departments) tagsByDepartment[department].push(id);
      }
    });
    for (let i = existingItems.length; i < SCALE_ITEMS; i += 1) {
      const roll = next();
      const department: Department = roll < 0.7 ? 'wine' : roll < 0.9 ? 'liquor' : 'extras';
      const tags = new Set<string>([department]);
      for (let t = 0; t < 3; t += 1) tags.add(pick(tagsByDepartment[department]));
      store.create('Item', {
        name: `${pick(PRODUCERS)} ${pick(KINDS[department])} ${1990 + (i % 35)} No. ${i}`,
        price: Math.round((8 + next() * 190) * 100) / 100,
        description: 'A bottle from the scale benchmark catalogue.',
        tags: [...tags],
        promoted: false,
        upc: String(200000000000 + i),
        img: images[i % images.length],
        // The facts the menu's cards show and its sort and stock filter read (decisions 0283, 0284):
        // sizes and counts in a fixed pattern, one in nine counted out, one in five not counted.
        sizeMl: [750, 1750, 375, 1000][i % 4],
        stock: i % 5 === 0 ? null : i % 9 === 0 ? 0 : i % 13,
      });
    }
  });
  return { items: SCALE_ITEMS, tags: SCALE_TAGS };
}
