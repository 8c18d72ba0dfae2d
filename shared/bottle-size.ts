/**
 * A bottle's size as people read it and as tills write it (decision 0271): stored as whole
 * millilitres per bottle or can (`Item.sizeMl`) and a pack count (`Item.packCount`, null for a
 * single one); shown metric, as the labels of wine and spirits are ("750 mL", "1.75 L",
 * "4 × 250 mL"). Pure and small: the storefront's cards import it. Tested in bottle-size.test.ts.
 */

/** The largest bottle or can (a half-barrel keg is 58,674 mL) and the largest pack. */
export const MAX_SIZE_ML = 100_000;
export const MAX_PACK_COUNT = 100;

export const BOTTLE_SIZE_MESSAGES = {
  size: 'Please enter a bottle size with its unit, such as 750 mL, 1.75 L or 4 × 250 mL',
  sizeRange: `A bottle size must be from 1 mL to ${MAX_SIZE_ML / 1000} L`,
  packRange: `A pack holds from 1 to ${MAX_PACK_COUNT} bottles or cans`,
} as const;

/** A size as stored: millilitres per bottle or can, and the pack count (null: a single one). */
export interface BottleSize {
  sizeMl: number | null;
  packCount: number | null;
}

const MULTIPLY = '\u00d7';

/** 750 -> "750 mL", 1750 -> "1.75 L", 3000 -> "3 L"; a whole litre or more is written in litres. */
function formatVolume(ml: number): string {
  if (ml < 1000) return `${ml} mL`;
  // At most three decimals (whole millilitres), trailing zeros dropped: 1.75, 1.5, 3.
  return `${String(Number((ml / 1000).toFixed(3)))} L`;
}

/**
 * The size as shown: "750 mL", "1.75 L", "50 mL", "3 L", "4 × 250 mL"; null when there is no
 * size (a pack count without a size says nothing either).
 */
export function formatBottleSize(sizeMl: number | null | undefined, packCount?: number | null): string | null {
  if (sizeMl === null || sizeMl === undefined || !Number.isFinite(sizeMl) || sizeMl <= 0) return null;
  const volume = formatVolume(sizeMl);
  return packCount && packCount > 1 ? `${packCount} ${MULTIPLY} ${volume}` : volume;
}

/**
 * An item's name with its size, as a reservation line, the pick list and the reservation mails
 * name it ("Clear Lake Premium Vodka, 1.75 L"): three sizes may share one name (decision 0361).
 */
export function nameWithSize(item: { name: string; sizeMl?: number | null; packCount?: number | null }): string {
  const size = formatBottleSize(item.sizeMl, item.packCount);
  return size ? `${item.name}, ${size}` : item.name;
}

/** Millilitres per unit as tills and people write them. US fluid ounces are converted (decision 0271). */
const UNIT_ML: ReadonlyArray<[RegExp, number]> = [
  [/^(?:ml|mls|millilit(?:er|re)s?)$/, 1],
  [/^(?:cl|centilit(?:er|re)s?)$/, 10],
  [/^(?:l|lt|ltr|ltrs|lit(?:er|re)s?)$/, 1000],
  [/^(?:oz|fl\s*oz|fl\.\s*oz|floz|ounces?|fl\s*ounces?)$/, 29.5735295625],
];

/** Words a till writes after the size about the container ("3L BOX", "750ML BTL", "12OZ CANS"). */
const CONTAINER_WORDS = new Set([
  'box',
  'bx',
  'bag',
  'bib',
  'btl',
  'btls',
  'bt',
  'bottle',
  'bottles',
  'can',
  'cans',
  'cn',
  'glass',
  'pet',
  'plastic',
  'nr',
  'jug',
  'tetra',
  'carton',
  'keg',
  'each',
  'ea',
]);

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const UNIT = String.raw`(fl\.?\s*oz|fl\s*ounces?|[a-z]+)`;
/** A volume: a number and its unit, with or without a space ("750ML", "1.75 LTR", "12 oz"). */
const VOLUME = new RegExp(String.raw`^${NUMBER}\s*${UNIT}\b\.?`);
/** A pack written before the volume: "4/250ML", "4 x 250 mL", "4×250ml", "6*12oz"; a case of packs: "4/6/12OZ". */
const PACK_TIMES = /^(\d+)\s*(?:\/|x|\*|\u00d7)\s*/;
/** A pack written as a word, before or after the volume: "4PK", "6 pack", "24-pk", "12 ct". */
const PACK_WORD = /(?:^|\s)(\d+)\s*-?\s*(?:pk|pks|pack|packs|pck|ct|count)(?=\s|$)/;

const refusal = (message: string) => ({ error: message }) as const;

/**
 * Reads a size as a person or a till writes it: "750 mL", "750ML", "1.75L", "1.75 LTR", "50ml",
 * "3L BOX", "1.5 liter", "4 × 250 mL", "4/250ML", "4PK 250ML", "250ML 4PK", "12 oz" (355 mL), and a
 * till's case of packs, "4/6/12OZ" (24 × 355 mL).
 * An empty text is no size. A number without a unit is refused: "750" and "1.75" would be guesses.
 */
export function parseBottleSize(text: string): BottleSize | { error: string } {
  let rest = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (rest === '') return { sizeMl: null, packCount: null };
  if (rest.length > 60) return refusal(BOTTLE_SIZE_MESSAGES.size);
  let pack: number | null = null;
  const word = PACK_WORD.exec(rest);
  if (word) {
    pack = Number(word[1]);
    rest = (rest.slice(0, word.index) + ' ' + rest.slice(word.index + word[0].length)).trim().replace(/\s+/g, ' ');
  }
  // A case of packs multiplies out: "4/6/12OZ" is 4 six-packs, 24 cans of 12 oz (decision 0365).
  for (let times = PACK_TIMES.exec(rest); times; times = PACK_TIMES.exec(rest)) {
    if (word) return refusal(BOTTLE_SIZE_MESSAGES.size);
    pack = (pack ?? 1) * Number(times[1]);
    rest = rest.slice(times[0].length);
  }
  const volume = VOLUME.exec(rest);
  if (!volume) return refusal(BOTTLE_SIZE_MESSAGES.size);
  const unit = volume[2]!.replace(/\s+/g, ' ');
  const perUnit = UNIT_ML.find(([pattern]) => pattern.test(unit))?.[1];
  if (perUnit === undefined) return refusal(BOTTLE_SIZE_MESSAGES.size);
  const trailing = rest.slice(volume[0].length).trim();
  if (trailing && !trailing.split(/[\s,]+/).every((part) => CONTAINER_WORDS.has(part.replace(/\.$/, '')))) {
    return refusal(BOTTLE_SIZE_MESSAGES.size);
  }
  const sizeMl = Math.round(Number(volume[1]) * perUnit);
  if (!(sizeMl >= 1 && sizeMl <= MAX_SIZE_ML)) return refusal(BOTTLE_SIZE_MESSAGES.sizeRange);
  if (pack !== null && !(pack >= 1 && pack <= MAX_PACK_COUNT)) return refusal(BOTTLE_SIZE_MESSAGES.packRange);
  return { sizeMl, packCount: pack !== null && pack > 1 ? pack : null };
}

/** Whether a parse refused the text. */
export const isSizeRefusal = (parsed: BottleSize | { error: string }): parsed is { error: string } => 'error' in parsed;

/** What a stored size must be: whole millilitres within range, and a pack of whole bottles; the message when not. */
export function bottleSizeProblem(sizeMl: unknown, packCount: unknown): string | null {
  if (
    sizeMl !== null &&
    sizeMl !== undefined &&
    !(Number.isInteger(sizeMl) && (sizeMl as number) >= 1 && (sizeMl as number) <= MAX_SIZE_ML)
  ) {
    return BOTTLE_SIZE_MESSAGES.sizeRange;
  }
  if (
    packCount !== null &&
    packCount !== undefined &&
    !(Number.isInteger(packCount) && (packCount as number) >= 1 && (packCount as number) <= MAX_PACK_COUNT)
  ) {
    return BOTTLE_SIZE_MESSAGES.packRange;
  }
  return null;
}

/** What makes two items one product in several sizes: the same name, trimmed, spaces folded, any case (decision 0274). */
export const productKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

interface Sized {
  id: string;
  name: string;
  sizeMl?: number | null;
  packCount?: number | null;
}

/**
 * The size choices of an item (decision 0274): the items of the same product with a size, one
 * per distinct size (the item itself first among equals, then the first listed), smallest first;
 * empty when there are fewer than two sizes (no choice to make) or the item has no size.
 */
export function sizeChoices<T extends Sized>(item: T, items: readonly T[]): T[] {
  if (!item.sizeMl) return [];
  const key = productKey(item.name);
  const bySize = new Map<string, T>();
  for (const candidate of [item, ...items]) {
    if (!candidate.sizeMl || productKey(candidate.name) !== key) continue;
    const size = `${candidate.sizeMl}x${candidate.packCount && candidate.packCount > 1 ? candidate.packCount : 1}`;
    if (!bySize.has(size)) bySize.set(size, candidate);
  }
  if (bySize.size < 2) return [];
  const volume = (sized: T) => sized.sizeMl! * (sized.packCount && sized.packCount > 1 ? sized.packCount : 1);
  return [...bySize.values()].sort((a, b) => volume(a) - volume(b) || a.sizeMl! - b.sizeMl!);
}
