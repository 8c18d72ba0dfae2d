import { describe, expect, it } from 'vitest';
import { BOTTLE_SIZE_MESSAGES, bottleSizeProblem, formatBottleSize, isSizeRefusal, parseBottleSize, sizeChoices } from './bottle-size';

describe('formatBottleSize', () => {
  it('writes millilitres under a litre and litres from one litre up', () => {
    expect(formatBottleSize(750)).toBe('750 mL');
    expect(formatBottleSize(50)).toBe('50 mL');
    expect(formatBottleSize(375, null)).toBe('375 mL');
    expect(formatBottleSize(1000)).toBe('1 L');
    expect(formatBottleSize(1750)).toBe('1.75 L');
    expect(formatBottleSize(1500)).toBe('1.5 L');
    expect(formatBottleSize(3000)).toBe('3 L');
    expect(formatBottleSize(1234)).toBe('1.234 L');
  });

  it('writes a pack as count × size, and a pack of one as the size alone', () => {
    expect(formatBottleSize(250, 4)).toBe('4 \u00d7 250 mL');
    expect(formatBottleSize(355, 12)).toBe('12 \u00d7 355 mL');
    expect(formatBottleSize(1000, 2)).toBe('2 \u00d7 1 L');
    expect(formatBottleSize(750, 1)).toBe('750 mL');
  });

  it('says nothing without a size', () => {
    expect(formatBottleSize(null)).toBeNull();
    expect(formatBottleSize(undefined, 4)).toBeNull();
    expect(formatBottleSize(0)).toBeNull();
    expect(formatBottleSize(Number.NaN)).toBeNull();
  });
});

describe('parseBottleSize', () => {
  const cases: Array<[string, number, number | null]> = [
    ['750 mL', 750, null],
    ['750ML', 750, null],
    ['750 ml', 750, null],
    ['750ml.', 750, null],
    ['1.75L', 1750, null],
    ['1.75 LTR', 1750, null],
    ['1.75 L', 1750, null],
    ['50ml', 50, null],
    ['3L BOX', 3000, null],
    ['3 l box', 3000, null],
    ['1.5 liter', 1500, null],
    ['1.5 Litres', 1500, null],
    ['1 LT', 1000, null],
    ['.375 L', 375, null],
    ['70cl', 700, null],
    ['750ML BTL', 750, null],
    ['4/250ML', 250, 4],
    ['4 x 250 mL', 250, 4],
    ['4 \u00d7 250 mL', 250, 4],
    ['4X250ML', 250, 4],
    ['4PK 250ML', 250, 4],
    ['4 pack 250 ml', 250, 4],
    ['250ML 4PK', 250, 4],
    ['6PK 12OZ CANS', 355, 6],
    ['24-pk 12 oz cans', 355, 24],
    ['12 oz', 355, null],
    ['12 fl oz', 355, null],
    ['16OZ', 473, null],
    ['1/750ML', 750, null],
    // What tills write in a stock file (decision 0365).
    ['1L', 1000, null],
    ['50ML 10PK', 50, 10],
    ['4/6/12OZ', 355, 24],
    ['4/6/12 OZ CANS', 355, 24],
    ['2 x 12 x 330ml', 330, 24],
    ['  750   ML  ', 750, null],
  ];
  for (const [text, sizeMl, packCount] of cases) {
    it(`reads "${text}"`, () => {
      expect(parseBottleSize(text)).toEqual({ sizeMl, packCount });
    });
  }

  it('reads what it writes', () => {
    for (const [ml, pack] of [
      [750, null],
      [1750, null],
      [50, null],
      [3000, null],
      [250, 4],
      [1234, null],
    ] as const) {
      expect(parseBottleSize(formatBottleSize(ml, pack)!)).toEqual({ sizeMl: ml, packCount: pack });
    }
  });

  it('reads an empty text as no size', () => {
    expect(parseBottleSize('')).toEqual({ sizeMl: null, packCount: null });
    expect(parseBottleSize('   ')).toEqual({ sizeMl: null, packCount: null });
  });

  it('refuses a number without a unit, unknown units and stray words', () => {
    for (const text of [
      '750',
      '1.75',
      'big',
      'ml',
      '750 grams',
      '750ml of joy',
      '1,75 L',
      '-750 ml',
      '1e3 ml',
      '750 ml 4/250ml',
      '4PK 6/250ML',
      '4PK 6/4/250ML',
    ]) {
      expect(parseBottleSize(text), text).toEqual({ error: BOTTLE_SIZE_MESSAGES.size });
    }
  });

  it('refuses sizes and packs out of range', () => {
    expect(parseBottleSize('0 ml')).toEqual({ error: BOTTLE_SIZE_MESSAGES.sizeRange });
    expect(parseBottleSize('0.2 ml')).toEqual({ error: BOTTLE_SIZE_MESSAGES.sizeRange });
    expect(parseBottleSize('101 L')).toEqual({ error: BOTTLE_SIZE_MESSAGES.sizeRange });
    expect(parseBottleSize('0/250ML')).toEqual({ error: BOTTLE_SIZE_MESSAGES.packRange });
    expect(parseBottleSize('500PK 12OZ')).toEqual({ error: BOTTLE_SIZE_MESSAGES.packRange });
    // A case of packs is judged by its cans: 4 × 6 × 6 is 144.
    expect(parseBottleSize('4/6/6/12OZ')).toEqual({ error: BOTTLE_SIZE_MESSAGES.packRange });
    expect(parseBottleSize('4/0/12OZ')).toEqual({ error: BOTTLE_SIZE_MESSAGES.packRange });
  });

  it('answers quickly even for hostile text', () => {
    const started = performance.now();
    for (const text of ['1'.repeat(10_000) + 'x', '4/'.repeat(5_000), '750 ' + 'ml '.repeat(3_000)]) {
      expect(isSizeRefusal(parseBottleSize(text))).toBe(true);
    }
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('bottleSizeProblem', () => {
  it('allows whole millilitres in range, a pack of 1 to 100, and nothing', () => {
    expect(bottleSizeProblem(750, null)).toBeNull();
    expect(bottleSizeProblem(100_000, 100)).toBeNull();
    expect(bottleSizeProblem(undefined, undefined)).toBeNull();
    expect(bottleSizeProblem(null, 1)).toBeNull();
  });

  it('refuses fractions, zero, negatives, text and huge values', () => {
    for (const size of [0, -750, 750.5, '750', 100_001, Number.NaN])
      expect(bottleSizeProblem(size, null), String(size)).toBe(BOTTLE_SIZE_MESSAGES.sizeRange);
    for (const pack of [0, -1, 2.5, '4', 101]) expect(bottleSizeProblem(750, pack), String(pack)).toBe(BOTTLE_SIZE_MESSAGES.packRange);
  });
});

describe('sizeChoices', () => {
  const item = (id: string, name: string, sizeMl: number | null, packCount: number | null = null) => ({ id, name, sizeMl, packCount });
  const small = item('a', 'Tito’s Handmade Vodka', 750);
  const large = item('b', ' tito’s  handmade VODKA ', 1750);
  const mini = item('c', 'Tito’s Handmade Vodka', 50);
  const pack = item('d', 'Tito’s Handmade Vodka', 50, 4);
  const twin = item('e', 'Tito’s Handmade Vodka', 750);
  const other = item('f', 'Grey Goose', 1000);
  const unsized = item('g', 'Tito’s Handmade Vodka', null);

  it('offers the same product in each of its sizes, smallest first', () => {
    expect(sizeChoices(small, [other, large, small, mini, unsized]).map((choice) => choice.id)).toEqual(['c', 'a', 'b']);
    expect(sizeChoices(large, [small, large]).map((choice) => choice.id)).toEqual(['a', 'b']);
  });

  it('counts a pack as a size of its own, by its whole volume', () => {
    expect(sizeChoices(small, [small, mini, pack]).map((choice) => choice.id)).toEqual(['c', 'd', 'a']);
  });

  it('keeps one item per size, the item itself first among equals', () => {
    expect(sizeChoices(twin, [small, twin, large]).map((choice) => choice.id)).toEqual(['e', 'b']);
    expect(sizeChoices(large, [small, twin, large]).map((choice) => choice.id)).toEqual(['a', 'b']);
  });

  it('offers no choice with one size or without a size', () => {
    expect(sizeChoices(small, [small, twin, other])).toEqual([]);
    expect(sizeChoices(unsized, [small, large])).toEqual([]);
    expect(sizeChoices(other, [other, small, large])).toEqual([]);
  });
});
