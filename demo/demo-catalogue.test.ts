import { isSaleBadgeShown, isSaleShown } from '../shared/sale-rule';
import { describe, it, expect } from 'vitest';
import { formatBottleSize, sizeChoices } from '../shared/bottle-size';
import { itemFactsProblem } from '../shared/item-facts';
import { rsvpFieldsProblem } from '../shared/rsvp-rules';
import { stockStatus } from '../shared/stock';
import { buildDemoCatalogue, demoImageSize, isValidUpc, localDatePlus, upcCheckDigit, type DemoItem } from './demo-catalogue';

const TODAY = new Date(2025, 5, 14, 10, 30); // 14 June 2025, local time
const cat = buildDemoCatalogue(TODAY);
const DEPARTMENTS = ['wine', 'liquor', 'extras'];

function department(item: DemoItem): string[] {
  return item.tags.filter((t) => DEPARTMENTS.includes(t));
}

describe('categories and tags', () => {
  it('has the built-in Department category first, hidden, for all three menus', () => {
    const dep = cat.categories.find((c) => c.id === 'department');
    expect(dep).toEqual({ id: 'department', name: 'Department', type: ['Wine', 'Liquor', 'Extras'], visible: false, index: 0 });
  });

  it('holds the built-in tags wine, liquor and extras in Department', () => {
    const builtIn = cat.tags.filter((t) => t.categoryId === 'department');
    expect(builtIn.map(({ id, name, index }) => ({ id, name, index }))).toEqual([
      { id: 'wine', name: 'Wine', index: 0 },
      { id: 'liquor', name: 'Liquor', index: 1 },
      { id: 'extras', name: 'Extras', index: 2 },
    ]);
  });

  it('seeds no Price category: the menu computes price ranges from the prices (decision 0280)', () => {
    expect(cat.categories.map((c) => c.name.toLowerCase())).not.toContain('price');
    expect(cat.tags.map((t) => t.name)).not.toContain('Under $20');
  });

  it('has further visible categories, one per menu at least, indexed from 0 in order', () => {
    expect(cat.categories.length).toBeGreaterThanOrEqual(5);
    expect(cat.categories.map((c) => c.index)).toEqual(cat.categories.map((_, i) => i));
    expect(new Set(cat.categories.map((c) => c.id)).size).toBe(cat.categories.length);
    for (const c of cat.categories) {
      expect(c.name.trim()).not.toBe('');
      expect(c.type.length).toBeGreaterThan(0);
      for (const t of c.type) expect(['Wine', 'Liquor', 'Extras']).toContain(t);
    }
    for (const menu of ['Wine', 'Liquor', 'Extras'] as const) {
      expect(
        cat.categories.some((c) => c.visible && c.type.includes(menu)),
        menu,
      ).toBe(true);
    }
  });

  it('gives every category at least one tag, unique ids, indexes from 0 per category', () => {
    expect(new Set(cat.tags.map((t) => t.id)).size).toBe(cat.tags.length);
    for (const c of cat.categories) {
      const tags = cat.tags.filter((t) => t.categoryId === c.id);
      expect(tags.length, c.id).toBeGreaterThan(0);
      expect(tags.map((t) => t.index)).toEqual(tags.map((_, i) => i));
    }
    const categoryIds = new Set(cat.categories.map((c) => c.id));
    for (const t of cat.tags) {
      expect(categoryIds.has(t.categoryId), t.id).toBe(true);
      expect(t.name.trim()).not.toBe('');
    }
  });

  it('has the expected wine types, spirits and extras kinds', () => {
    const names = (categoryId: string) => cat.tags.filter((t) => t.categoryId === categoryId).map((t) => t.name);
    expect(names('wine-type')).toEqual(expect.arrayContaining(['Red', 'White', 'Rosé', 'Sparkling']));
    expect(names('spirit')).toEqual(expect.arrayContaining(['Whiskey', 'Bourbon', 'Vodka', 'Gin', 'Rum', 'Tequila']));
    expect(names('extras-type')).toEqual(expect.arrayContaining(['Mixers', 'Glassware', 'Gift Sets', 'Snacks']));
    expect(names('region')).toEqual(expect.arrayContaining(['New York', 'California', 'France', 'Italy', 'Spain']));
  });
});

describe('items', () => {
  it('has at least 48 items: about 22 wines, 16 liquors and 10 extras', () => {
    expect(cat.items.length).toBeGreaterThanOrEqual(48);
    const count = (d: string) => cat.items.filter((i) => i.tags.includes(d)).length;
    expect(count('wine')).toBeGreaterThanOrEqual(20);
    expect(count('liquor')).toBeGreaterThanOrEqual(14);
    expect(count('extras')).toBeGreaterThanOrEqual(8);
  });

  it('puts every item in exactly one department', () => {
    for (const item of cat.items) expect(department(item), item.name).toHaveLength(1);
  });

  it('uses only tags that exist, each once, and at least one beyond the department', () => {
    const tagIds = new Set(cat.tags.map((t) => t.id));
    for (const item of cat.items) {
      for (const t of item.tags) expect(tagIds.has(t), `${item.name}: ${t}`).toBe(true);
      expect(new Set(item.tags).size, item.name).toBe(item.tags.length);
      expect(item.tags.length, item.name).toBeGreaterThan(1);
    }
  });

  it('tags items only with categories shown in their department menu', () => {
    const categoryOf = new Map(cat.tags.map((t) => [t.id, cat.categories.find((c) => c.id === t.categoryId)!]));
    const menu: Record<string, string> = { wine: 'Wine', liquor: 'Liquor', extras: 'Extras' };
    for (const item of cat.items) {
      const dep = menu[department(item)[0]!]!;
      for (const t of item.tags) expect(categoryOf.get(t)!.type, `${item.name}: ${t}`).toContain(dep);
    }
  });

  it('tags wines with a wine type, liquors with a spirit and extras with a kind', () => {
    const inCategory = (item: DemoItem, categoryId: string) =>
      item.tags.some((t) => cat.tags.find((x) => x.id === t)?.categoryId === categoryId);
    for (const item of cat.items) {
      const dep = department(item)[0];
      const expected = dep === 'wine' ? 'wine-type' : dep === 'liquor' ? 'spirit' : 'extras-type';
      expect(inCategory(item, expected), item.name).toBe(true);
    }
  });

  it('has unique names (a product in several sizes once a size), dollar prices with two decimals and short descriptions', () => {
    expect(new Set(cat.items.map((i) => `${i.name} ${i.sizeMl}`)).size).toBe(cat.items.length);
    for (const item of cat.items) {
      expect(item.name.trim()).not.toBe('');
      expect(item.price).toBeGreaterThan(0);
      expect(item.price).toBeLessThan(500);
      expect(item.price.toFixed(2), item.name).toMatch(/^\d+\.\d9$/);
      expect(Number(item.price.toFixed(2))).toBe(item.price);
      const sentences = item.description.split(/(?<=[.!?])\s+/).filter(Boolean);
      expect(sentences.length, item.description).toBeGreaterThanOrEqual(1);
      expect(sentences.length, item.description).toBeLessThanOrEqual(3);
      expect(item.description).toMatch(/[.!?]$/);
    }
  });

  it('has names with XML special characters (the renderer must escape them)', () => {
    expect(cat.items.some((i) => i.name.includes('&'))).toBe(true);
    expect(cat.items.some((i) => i.name.includes("'"))).toBe(true);
  });

  it('has unique 12-digit UPC-A codes with valid check digits', () => {
    for (const item of cat.items) {
      expect(item.upc, item.name).toMatch(/^\d{12}$/);
      expect(isValidUpc(item.upc), item.upc).toBe(true);
    }
    expect(new Set(cat.items.map((i) => i.upc)).size).toBe(cat.items.length);
  });

  it('promotes about 8 items spread over the three departments', () => {
    const promoted = cat.items.filter((i) => i.promoted);
    expect(promoted.length).toBeGreaterThanOrEqual(6);
    expect(promoted.length).toBeLessThanOrEqual(10);
    for (const d of DEPARTMENTS)
      expect(
        promoted.some((i) => i.tags.includes(d)),
        d,
      ).toBe(true);
    for (const item of cat.items) expect(typeof item.promoted).toBe('boolean');
  });

  it('describes a product picture for every item: bottles for wine and liquor', () => {
    for (const item of cat.items) {
      expect(demoImageSize(item.image), item.name).toEqual({ width: 600, height: 800 });
      const dep = department(item)[0];
      if (dep === 'wine') expect(item.image).toMatchObject({ kind: 'bottle', labelStyle: 'classic' });
      if (dep === 'liquor') expect(item.image).toMatchObject({ kind: 'bottle', labelStyle: 'bold' });
      if (dep === 'extras') expect(['can', 'box', 'glass', 'bag', 'jar']).toContain(item.image.kind);
      if ('label' in item.image) {
        expect(item.image.label.brand.trim(), item.name).not.toBe('');
        expect(item.image.label.title.trim(), item.name).not.toBe('');
      }
    }
  });
});

describe('UPC-A check digit', () => {
  it('accepts known good codes and rejects a wrong check digit or length', () => {
    expect(upcCheckDigit('03600029145')).toBe(2);
    expect(isValidUpc('036000291452')).toBe(true);
    expect(isValidUpc('036000291453')).toBe(false);
    expect(isValidUpc('012345678905')).toBe(true);
    expect(isValidUpc('01234567890')).toBe(false);
    expect(isValidUpc('03600029145a')).toBe(false);
  });
});

describe('banners', () => {
  it('has 3 banners indexed 0..2 with the shop messaging, rendered 1900x370', () => {
    expect(cat.banners).toHaveLength(3);
    expect(cat.banners.map((b) => b.index)).toEqual([0, 1, 2]);
    for (const b of cat.banners) {
      expect(b.description.length).toBeGreaterThan(20);
      expect(b.description.length).toBeLessThanOrEqual(300);
      expect(b.image.kind).toBe('banner');
      expect(demoImageSize(b.image)).toEqual({ width: 1900, height: 370 });
    }
    const text = JSON.stringify(cat.banners);
    expect(text).toContain('Patterson Wine & Liquor');
    expect(text).toMatch(/20 years/);
    expect(text).toMatch(/tasting/i);
    expect(text).toMatch(/New York/);
  });
});

describe('events', () => {
  it('has 4 upcoming events after today, in date order', () => {
    expect(cat.events).toHaveLength(4);
    const today = localDatePlus(TODAY, 0);
    expect(today).toBe('2025-06-14');
    const dates = cat.events.map((e) => e.date);
    for (const d of dates) {
      expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(`${d}T00:00:00Z`))).toBe(false);
      expect(d > today, d).toBe(true);
    }
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates).toEqual(['2025-06-21', '2025-06-27', '2025-07-05', '2025-07-19']);
  });

  it('falls on days a shop holds events: a Saturday afternoon, Friday and Saturday evenings, a weekend', () => {
    const days = cat.events.map((e) => new Date(`${e.date}T00:00:00Z`).getUTCDay());
    expect(days).toEqual([6, 5, 6, 6]);
    expect(cat.events.map((e) => e.time)).toEqual(['15:00', '19:00', '17:30', null]);
    expect(cat.events[3]!.name).toMatch(/Weekend/);
    // July 4 2026 is a Saturday (observed Friday the 3rd): no event on either.
    const july = buildDemoCatalogue(new Date(2026, 5, 28));
    for (const e of july.events) expect(['2026-07-03', '2026-07-04']).not.toContain(e.date);
  });

  it('has one event without a time, one in the afternoon and the others in the evening', () => {
    const times = cat.events.map((e) => e.time);
    expect(times).toContain(null);
    expect(times).toContain('15:00');
    expect(times).toContain('19:00');
    for (const t of times) if (t !== null) expect(t).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
  });

  it('shows the RSVPs and tasting rules: the guided tasting takes RSVPs with a waiting list, the walk-in ones none, all are tastings', () => {
    for (const event of cat.events) {
      const { name: _name, date: _date, time: _time, description: _description, image: _image, ...fields } = event;
      expect(rsvpFieldsProblem(fields), event.name).toBeNull();
      expect(event.isTasting, event.name).toBe(true);
    }
    expect(cat.events.filter((event) => event.takesRsvp).map((event) => [event.name, event.rsvpCapacity, event.rsvpWaitingList])).toEqual([
      ['Bourbon & Rye Night', 16, true],
    ]);
  });

  it('has names and descriptions, images 800x500, and at least one event without an image', () => {
    for (const e of cat.events) {
      expect(e.name.trim()).not.toBe('');
      expect(e.description.length).toBeGreaterThan(20);
      if (e.image) {
        expect(e.image.kind).toBe('event');
        expect(demoImageSize(e.image)).toEqual({ width: 800, height: 500 });
      }
    }
    expect(cat.events.some((e) => e.image === null)).toBe(true);
    expect(cat.events.some((e) => e.image !== null)).toBe(true);
  });

  it('counts days on the local calendar across month and year ends', () => {
    const dec = buildDemoCatalogue(new Date(2025, 11, 20, 23, 59));
    expect(dec.events.map((e) => e.date)).toEqual(['2025-12-27', '2026-01-02', '2026-01-10', '2026-01-24']);
    const leap = buildDemoCatalogue(new Date(2028, 1, 26));
    expect(leap.events[0]!.date).toBe('2028-03-04');
    expect(localDatePlus(new Date(2028, 1, 27), 2)).toBe('2028-02-29');
  });
});

describe('determinism', () => {
  it('gives the same catalogue for the same day, whatever the time of day', () => {
    expect(JSON.stringify(buildDemoCatalogue(new Date(2025, 5, 14, 0, 1)))).toBe(JSON.stringify(cat));
    expect(buildDemoCatalogue(new Date(2025, 5, 14, 23, 59))).toEqual(cat);
  });

  it('changes only the event dates, the stock count time and the Sale item price history for another day', () => {
    const other = buildDemoCatalogue(new Date(2026, 0, 2));
    const countless = (items: DemoItem[]) =>
      items.map(({ stockCountedAt: _counted, priceHistory: _history, saleEndsAt: _ends, ...item }) => item);
    expect(countless(other.items)).toEqual(countless(cat.items));
    expect(other.items.find((item) => item.stock !== undefined)?.stockCountedAt).toBe(new Date(2026, 0, 1, 21).toISOString());
    expect(other.categories).toEqual(cat.categories);
    expect(other.tags).toEqual(cat.tags);
    expect(other.banners).toEqual(cat.banners);
    expect(other.events.map((e) => e.date)).not.toEqual(cat.events.map((e) => e.date));
    expect(other.events.map((e) => e.name)).toEqual(cat.events.map((e) => e.name));
  });

  it('returns fresh objects: changing one result does not change the next', () => {
    const a = buildDemoCatalogue(TODAY);
    a.items[0]!.tags.push('x');
    a.items[0]!.name = 'changed';
    a.categories[0]!.type.pop();
    if (a.items[0]!.image.kind === 'bottle') a.items[0]!.image.label.title = 'changed';
    a.banners[0]!.image = { ...a.banners[0]!.image };
    expect(buildDemoCatalogue(TODAY)).toEqual(cat);
  });
});

describe('item facts', () => {
  const byName = (name: string) => cat.items.filter((item) => item.name === name);

  it('gives every wine and spirit a size, an ABV the rules allow, and every wine a vintage', () => {
    for (const item of cat.items.filter((i) => !i.tags.includes('extras'))) {
      expect(itemFactsProblem({ ...item }, TODAY), item.name).toBeNull();
      expect(item.sizeMl, item.name).toBeGreaterThan(0);
      expect(item.abv, item.name).toBeGreaterThan(0);
      if (item.tags.includes('wine')) expect(item.vintage, item.name).toMatch(/^(\d{4}|NV)$/);
    }
    expect(formatBottleSize(byName('Golden Hour Late Harvest Riesling 2021')[0]!.sizeMl, null)).toBe('375 mL');
    const tonic = byName('Highbridge Tonic Water, 4-Pack')[0]!;
    expect(formatBottleSize(tonic.sizeMl, tonic.packCount)).toBe('4 × 237 mL');
  });

  it('has every stock state: in stock, only a few left, out of stock and not counted', () => {
    const labels = cat.items.map((item) => stockStatus(item.stock)?.label ?? 'not counted');
    expect(labels.filter((label) => label === 'Out of stock')).toHaveLength(1);
    expect(labels.filter((label) => label === 'Only 2 left').length).toBeGreaterThanOrEqual(2);
    expect(labels.filter((label) => label === 'not counted').length).toBeGreaterThanOrEqual(3);
    expect(labels.filter((label) => label === 'In stock').length).toBeGreaterThan(cat.items.length / 2);
    for (const item of cat.items) {
      if (item.stock === undefined) expect(item, item.name).not.toHaveProperty('stockCountedAt');
      else expect(Date.parse(item.stockCountedAt!), item.name).toBeLessThan(TODAY.getTime());
    }
  });

  it('offers the vodka in three sizes, each with its own price and UPC', () => {
    const vodka = byName('Clear Lake Premium Vodka')[0]!;
    const choices = sizeChoices(
      { ...vodka, id: vodka.upc },
      cat.items.map((item) => ({ ...item, id: item.upc })),
    );
    expect(choices.map((choice) => formatBottleSize(choice.sizeMl, choice.packCount))).toEqual(['50 mL', '750 mL', '1.75 L']);
    expect(new Set(choices.map((choice) => choice.price)).size).toBe(3);
  });
});

describe('the Sale item (decision 0292)', () => {
  it('has one item marked Sale, lawfully on the day it is seeded, whatever the day', () => {
    for (const day of [new Date(2026, 0, 1, 0, 5), new Date(2026, 10, 26, 12), new Date(2026, 2, 31, 23, 55)]) {
      const onSale = buildDemoCatalogue(day).items.filter((item) => item.onSale);
      expect(onSale).toHaveLength(1);
      expect(isSaleShown(onSale[0]!, day)).toBe(true);
      expect(isSaleBadgeShown(onSale[0]!, day)).toBe(true);
      // Next month the months roll over and the badge goes, on the public pages too (decision 0295).
      expect(isSaleShown(onSale[0]!, new Date(day.getFullYear(), day.getMonth() + 1, 15))).toBe(false);
      expect(isSaleBadgeShown(onSale[0]!, new Date(day.getFullYear(), day.getMonth() + 1, 15))).toBe(false);
    }
  });
});
