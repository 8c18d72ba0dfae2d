/**
 * Renders the demo catalogue's pictures (demo-catalogue.ts) without any downloads: each
 * `DemoImageSpec` becomes an SVG drawing (studio-lit bottles, cans, boxes, glasses, bags and
 * jars with printed labels; banners; event cards) that sharp rasterises to a compact PNG.
 *
 * Text uses only the DejaVu fonts every Debian machine has; its width is measured with the
 * advance widths of those fonts (table below), since librsvg has no `textLength`.
 */
import sharp from 'sharp';
import { escapeXml } from '../server/markup';
import {
  demoImageSize,
  type BottleShape,
  type DemoBagImage,
  type DemoBannerImage,
  type DemoBottleImage,
  type DemoBoxImage,
  type DemoCanImage,
  type DemoEventImage,
  type DemoGlassImage,
  type DemoImageSpec,
  type DemoJarImage,
  type DemoLabel,
  type DemoTheme,
} from './demo-catalogue';

export type { DemoImageSpec } from './demo-catalogue';

/** Renders one demo picture to a PNG (product 600x800, banner 1900x370, event 800x500). */
export async function renderDemoImage(spec: DemoImageSpec): Promise<{ png: Buffer; width: number; height: number }> {
  const { width, height } = demoImageSize(spec);
  const svg = demoImageSvg(spec);
  const png = await sharp(Buffer.from(svg), { density: 72 })
    .resize(width, height, { fit: 'fill' })
    // Palette PNGs: a product picture is about 30-45 KB. Banners dither less to stay compact.
    .png({ palette: true, quality: 92, effort: 10, compressionLevel: 9, dither: spec.kind === 'banner' ? 0.5 : 0.8 })
    .toBuffer();
  return { png, width, height };
}

/** The SVG source of a demo picture. */
export function demoImageSvg(spec: DemoImageSpec): string {
  const ctx = new Ctx();
  const { width, height } = demoImageSize(spec);
  let body: string;
  switch (spec.kind) {
    case 'bottle':
      body = productScene(ctx, spec.backdrop, bottleShadowW(spec.shape), drawBottle(ctx, spec, true));
      break;
    case 'can':
      body = productScene(ctx, spec.backdrop, 175, drawCans(ctx, spec));
      break;
    case 'box':
      body = productScene(ctx, spec.backdrop, 200, drawBox(ctx, spec));
      break;
    case 'glass':
      body = productScene(ctx, spec.backdrop, 240, drawGlassware(ctx, spec));
      break;
    case 'bag':
      body = productScene(ctx, spec.backdrop, 170, drawBag(ctx, spec));
      break;
    case 'jar':
      body = productScene(ctx, spec.backdrop, 160, place(CX, BASE, 1.12, drawJar(ctx, spec)));
      break;
    case 'banner':
      body = drawBanner(ctx, spec);
      break;
    case 'event':
      body = drawEvent(ctx, spec);
      break;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${ctx.defs.join('')}</defs>${body}</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Drawing context, colours, text

class Ctx {
  defs: string[] = [];
  private n = 0;
  id(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }
  /** A linear gradient; stops are [offset 0..1, colour, opacity]. */
  linear(stops: Array<[number, string, number?]>, x1: number, y1: number, x2: number, y2: number, user = false): string {
    const id = this.id('g');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.defs.push(
      `<linearGradient id="${id}" x1="${n2(x1)}" y1="${n2(y1)}" x2="${n2(x2)}" y2="${n2(y2)}"${units}>${stopTags(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  radial(stops: Array<[number, string, number?]>, cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id('r');
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopTags(stops)}</radialGradient>`);
    return `url(#${id})`;
  }
  clip(content: string): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${content}</clipPath>`);
    return `url(#${id})`;
  }
}

function stopTags(stops: Array<[number, string, number?]>): string {
  return stops
    .map(([o, c, a]) => `<stop offset="${n2(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${n2(a)}"`}/>`)
    .join('');
}

function n2(v: number): string {
  return String(Math.round(v * 100) / 100);
}

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const f =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  return [parseInt(f.slice(0, 2), 16), parseInt(f.slice(2, 4), 16), parseInt(f.slice(4, 6), 16)];
}
function hex([r, g, b]: [number, number, number]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}
/** Mixes colour a towards b by t (0..1). */
function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
const darken = (c: string, t: number) => mix(c, '#000000', t);
function luminance(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

type FontKey = 'sans' | 'sansBold' | 'serif' | 'serifBold';
const SANS = 'DejaVu Sans, DejaVu Serif, sans-serif';
const SERIF = 'DejaVu Serif, DejaVu Sans, serif';

/** Advance widths (per 1000 em) of DejaVu Sans/Serif, regular and bold, for these characters. */
const WIDTH_CHARS =
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~éèêâàôöüñçíóáúÉ·—–’‘“”•★';
const WIDTHS: Record<FontKey, number[]> = {
  sans: '318,401,460,838,636,950,780,275,390,390,500,838,318,361,318,337,636,636,636,636,636,636,636,636,636,636,337,337,838,838,838,531,1000,684,686,698,770,632,575,775,752,295,295,656,557,863,748,787,603,787,695,635,611,732,684,989,685,611,685,390,337,390,838,500,500,613,635,550,635,615,352,635,634,278,278,579,278,974,634,612,635,635,411,521,392,634,592,818,592,592,525,636,337,636,838,615,615,615,613,613,612,612,634,634,550,278,612,613,634,632,318,1000,500,318,318,518,518,590,896'
    .split(',')
    .map(Number),
  sansBold:
    '348,456,521,838,696,1002,872,306,457,457,523,838,380,415,380,365,696,696,696,696,696,696,696,696,696,696,400,400,838,838,838,580,1000,774,762,734,830,683,683,821,837,372,372,775,637,995,837,850,733,850,770,720,682,812,774,1103,771,724,725,457,365,457,838,500,500,675,716,593,716,678,435,716,712,343,343,665,343,1042,712,687,716,716,493,595,478,712,652,924,645,652,582,712,365,712,838,678,678,678,675,675,687,687,712,712,593,343,687,675,712,683,380,1000,500,380,380,657,657,639,896'
      .split(',')
      .map(Number),
  serif:
    '318,402,460,838,636,950,890,275,390,390,500,838,318,338,318,337,636,636,636,636,636,636,636,636,636,636,337,337,838,838,838,536,1000,722,735,765,802,730,694,799,872,395,401,747,664,1024,875,820,673,820,753,685,667,843,722,1028,712,660,695,390,337,390,838,500,500,596,640,560,640,592,370,640,644,320,310,606,320,948,644,602,640,640,478,513,402,644,565,856,564,565,527,636,337,636,838,592,592,592,596,596,602,602,644,644,560,320,602,596,644,730,318,1000,500,318,318,511,511,590,600'
      .split(',')
      .map(Number),
  serifBold:
    '348,439,521,838,696,950,903,306,473,473,523,838,348,415,348,365,696,696,696,696,696,696,696,696,696,696,369,369,838,838,838,586,1000,776,845,796,867,762,710,854,945,468,473,869,703,1107,914,871,752,871,831,722,744,872,776,1123,776,714,730,473,365,473,838,500,500,648,699,609,699,636,430,699,727,380,362,693,380,1058,727,667,699,699,527,563,462,727,581,861,596,581,568,643,364,643,838,636,636,636,648,648,667,667,727,727,609,380,667,648,727,762,348,1000,500,348,348,575,575,639,600'
      .split(',')
      .map(Number),
};
const CHAR_INDEX = new Map([...WIDTH_CHARS].map((c, i) => [c, i] as const));

/** Width in pixels of a text line set in `font` at `size`, with letter spacing. */
export function textWidth(text: string, font: FontKey, size: number, spacing = 0): number {
  let w = 0;
  let n = 0;
  for (const ch of text) {
    const i = CHAR_INDEX.get(ch);
    w += ((i === undefined ? 700 : WIDTHS[font][i]!) * size) / 1000;
    n += 1;
  }
  return w + spacing * Math.max(0, n - 1);
}

/**
 * Splits `text` into at most `maxLines` lines no wider than `maxWidth`, preferring the fewest
 * lines and, among those, the most even line widths. Null when it does not fit.
 */
function wrapBalanced(text: string, font: FontKey, size: number, maxWidth: number, maxLines: number, spacing = 0): string[] | null {
  const words = text.split(/\s+/).filter(Boolean);
  for (let k = 1; k <= Math.min(maxLines, words.length); k++) {
    let best: string[] | null = null;
    let bestW = Infinity;
    const visit = (start: number, left: number, acc: string[]) => {
      if (left === 1) {
        const lines = [...acc, words.slice(start).join(' ')];
        const w = Math.max(...lines.map((l) => textWidth(l, font, size, spacing)));
        if (w <= maxWidth && w < bestW) {
          bestW = w;
          best = lines;
        }
        return;
      }
      for (let end = start + 1; end <= words.length - left + 1; end++) visit(end, left - 1, [...acc, words.slice(start, end).join(' ')]);
    };
    visit(0, k, []);
    if (best) return best;
  }
  return null;
}

interface Fitted {
  size: number;
  lines: string[];
}

/** The largest size from `max` down to `min` at which `text` wraps into `maxLines` lines. */
function fitText(
  text: string,
  font: FontKey,
  max: number,
  min: number,
  maxWidth: number,
  maxLines: number,
  spacingEm = 0,
  maxHeight = Infinity,
  lineHeight = 1.16,
): Fitted {
  for (let size = max; size >= min; size -= 0.5) {
    const lines = wrapBalanced(text, font, size, maxWidth, maxLines, spacingEm * size);
    if (lines && blockHeight({ size, lines }, lineHeight) <= maxHeight) return { size, lines };
  }
  // Still too long at the smallest size: shrink one line to fit.
  const size = Math.max(4, (min * maxWidth) / textWidth(text, font, min, spacingEm * min));
  return { size, lines: [text] };
}

interface TextStyle {
  font: FontKey;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  spacingEm?: number;
  opacity?: number;
  italic?: boolean;
}

/** Lines of text whose first baseline is at `y`. */
function textLines(x: number, y: number, f: Fitted, st: TextStyle, lineHeight = 1.16): string {
  const family = st.font.startsWith('serif') ? SERIF : SANS;
  const weight = st.font.endsWith('Bold') ? ' font-weight="bold"' : '';
  const spacing = st.spacingEm ? ` letter-spacing="${n2(st.spacingEm * f.size)}"` : '';
  const opacity = st.opacity === undefined ? '' : ` fill-opacity="${st.opacity}"`;
  const italic = st.italic ? ' font-style="italic"' : '';
  return f.lines
    .map((line, i) => {
      // letter-spacing also follows the last glyph; shift centred text back by half of it.
      const dx = st.spacingEm && (st.anchor ?? 'middle') === 'middle' ? (st.spacingEm * f.size) / 2 : 0;
      return (
        `<text x="${n2(x + dx)}" y="${n2(y + i * f.size * lineHeight)}" font-family="${family}" font-size="${n2(f.size)}"` +
        `${weight}${italic}${spacing}${opacity} fill="${st.fill}" text-anchor="${st.anchor ?? 'middle'}">${escapeXml(line)}</text>`
      );
    })
    .join('');
}

/** Height from the first line's cap top to the last baseline. */
function blockHeight(f: Fitted, lineHeight = 1.16): number {
  return f.size * 0.73 + (f.lines.length - 1) * f.size * lineHeight;
}

/** Text block vertically centred on `cy`. */
function textBlockCentered(x: number, cy: number, f: Fitted, st: TextStyle, lineHeight = 1.16): string {
  return textLines(x, cy - blockHeight(f, lineHeight) / 2 + f.size * 0.73, f, st, lineHeight);
}

/** Deterministic pseudo-random numbers from a string. */
function rng(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Product scene: soft studio background and a floor shadow

const W = 600;
const H = 800;
const CX = 300;
const BASE = 740;

function productScene(ctx: Ctx, backdrop: string, shadowHalfWidth: number, content: string): string {
  const bg = ctx.linear(
    [
      [0, lighten(backdrop, 0.55)],
      [0.55, backdrop],
      [1, darken(backdrop, 0.09)],
    ],
    0,
    0,
    0,
    1,
  );
  const glow = ctx.radial(
    [
      [0, '#ffffff', 0.75],
      [1, '#ffffff', 0],
    ],
    0.5,
    0.4,
    0.55,
  );
  const floor = ctx.linear(
    [
      [0, darken(backdrop, 0.02), 0],
      [1, darken(backdrop, 0.12), 1],
    ],
    0,
    0,
    0,
    1,
  );
  const shadow = ctx.radial([
    [0, '#000000', 0.38],
    [0.6, '#000000', 0.12],
    [1, '#000000', 0],
  ]);
  return (
    `<rect width="${W}" height="${H}" fill="${bg}"/>` +
    `<rect width="${W}" height="${H}" fill="${glow}"/>` +
    `<rect y="${BASE - 60}" width="${W}" height="${H - BASE + 60}" fill="${floor}"/>` +
    `<ellipse cx="${CX + 12}" cy="${BASE - 2}" rx="${shadowHalfWidth * 1.45}" ry="22" fill="${shadow}"/>` +
    content
  );
}

// ---------------------------------------------------------------------------------------------
// Bottles

interface Profile {
  bodyW: number;
  bodyTop: number;
  neckW: number;
  neckBottom: number;
  top: number;
  lipW: number;
  lipH: number;
  /** Bottom corner radius. */
  r: number;
  /** Shoulder curve handles: from the neck down, and from the body up. */
  s1: number;
  s2: number;
  /** Wine: the capsule (foil) reaches down to here. */
  capsuleBottom: number;
  cap: null | { type: 'screw' | 'stopper' | 'bartop'; top: number; halfW: number };
  label: { top: number; bottom: number; inset: number; round: number };
  liquidTop: number;
  decanter?: { baseW: number; bellyY: number };
}

const PROFILES: Record<BottleShape, Profile> = {
  bordeaux: {
    bodyW: 100,
    bodyTop: 328,
    neckW: 26,
    neckBottom: 268,
    top: 62,
    lipW: 29,
    lipH: 16,
    r: 14,
    s1: 24,
    s2: 30,
    capsuleBottom: 178,
    cap: null,
    label: { top: 455, bottom: 668, inset: 3, round: 0 },
    liquidTop: 190,
  },
  burgundy: {
    bodyW: 106,
    bodyTop: 420,
    neckW: 27,
    neckBottom: 215,
    top: 62,
    lipW: 30,
    lipH: 16,
    r: 16,
    s1: 70,
    s2: 105,
    capsuleBottom: 172,
    cap: null,
    label: { top: 478, bottom: 680, inset: 3, round: 0 },
    liquidTop: 184,
  },
  hock: {
    bodyW: 84,
    bodyTop: 440,
    neckW: 23,
    neckBottom: 200,
    top: 48,
    lipW: 26,
    lipH: 14,
    r: 12,
    s1: 95,
    s2: 120,
    capsuleBottom: 150,
    cap: null,
    label: { top: 488, bottom: 680, inset: 3, round: 0 },
    liquidTop: 161,
  },
  sparkling: {
    bodyW: 110,
    bodyTop: 425,
    neckW: 30,
    neckBottom: 225,
    top: 62,
    lipW: 35,
    lipH: 26,
    r: 18,
    s1: 70,
    s2: 105,
    capsuleBottom: 300,
    cap: null,
    label: { top: 490, bottom: 676, inset: 3, round: 0 },
    liquidTop: 310,
  },
  half: {
    bodyW: 74,
    bodyTop: 445,
    neckW: 20,
    neckBottom: 265,
    top: 125,
    lipW: 22,
    lipH: 12,
    r: 10,
    s1: 70,
    s2: 95,
    capsuleBottom: 205,
    cap: null,
    label: { top: 505, bottom: 685, inset: 3, round: 0 },
    liquidTop: 215,
  },
  port: {
    bodyW: 102,
    bodyTop: 380,
    neckW: 31,
    neckBottom: 300,
    top: 205,
    lipW: 35,
    lipH: 14,
    r: 16,
    s1: 30,
    s2: 45,
    capsuleBottom: 262,
    cap: { type: 'bartop', top: 160, halfW: 40 },
    label: { top: 462, bottom: 668, inset: 3, round: 0 },
    liquidTop: 280,
  },
  whiskey: {
    bodyW: 132,
    bodyTop: 365,
    neckW: 34,
    neckBottom: 305,
    top: 230,
    lipW: 38,
    lipH: 12,
    r: 28,
    s1: 22,
    s2: 30,
    capsuleBottom: 262,
    cap: { type: 'stopper', top: 160, halfW: 46 },
    label: { top: 430, bottom: 662, inset: 16, round: 8 },
    liquidTop: 318,
  },
  tall: {
    bodyW: 90,
    bodyTop: 312,
    neckW: 26,
    neckBottom: 250,
    top: 150,
    lipW: 29,
    lipH: 10,
    r: 18,
    s1: 26,
    s2: 34,
    capsuleBottom: 200,
    cap: { type: 'screw', top: 92, halfW: 31 },
    label: { top: 395, bottom: 650, inset: 10, round: 6 },
    liquidTop: 262,
  },
  square: {
    bodyW: 114,
    bodyTop: 330,
    neckW: 30,
    neckBottom: 300,
    top: 232,
    lipW: 34,
    lipH: 12,
    r: 12,
    s1: 8,
    s2: 10,
    capsuleBottom: 262,
    cap: { type: 'stopper', top: 168, halfW: 42 },
    label: { top: 400, bottom: 660, inset: 14, round: 4 },
    liquidTop: 312,
  },
  flask: {
    bodyW: 120,
    bodyTop: 390,
    neckW: 26,
    neckBottom: 285,
    top: 200,
    lipW: 29,
    lipH: 10,
    r: 42,
    s1: 30,
    s2: 70,
    capsuleBottom: 240,
    cap: { type: 'screw', top: 140, halfW: 31 },
    label: { top: 445, bottom: 660, inset: 14, round: 10 },
    liquidTop: 300,
  },
  decanter: {
    bodyW: 142,
    bodyTop: 540,
    neckW: 26,
    neckBottom: 282,
    top: 210,
    lipW: 32,
    lipH: 12,
    r: 0,
    s1: 70,
    s2: 150,
    capsuleBottom: 262,
    cap: { type: 'stopper', top: 150, halfW: 40 },
    label: { top: 470, bottom: 628, inset: 34, round: 10 },
    liquidTop: 300,
    decanter: { baseW: 96, bellyY: 540 },
  },
};

function bottleShadowW(shape: BottleShape): number {
  return PROFILES[shape].bodyW;
}

function bottlePath(p: Profile, cx = CX, base = BASE): string {
  const { bodyW: bw, neckW: nw, lipW: lw } = p;
  const lipBottom = p.top + p.lipH;
  const right: string[] = [
    `M${cx - lw},${p.top}`,
    `L${cx + lw},${p.top}`,
    `L${cx + lw},${lipBottom}`,
    `L${cx + nw},${lipBottom + 3}`,
    `L${cx + nw},${p.neckBottom}`,
  ];
  if (p.decanter) {
    const { baseW, bellyY } = p.decanter;
    right.push(
      `C${cx + nw + 4},${p.neckBottom + p.s1} ${cx + bw},${bellyY - p.s2} ${cx + bw},${bellyY}`,
      `C${cx + bw},${bellyY + 120} ${cx + bw - 26},${base} ${cx + baseW},${base}`,
      `L${cx - baseW},${base}`,
      `C${cx - bw + 26},${base} ${cx - bw},${bellyY + 120} ${cx - bw},${bellyY}`,
      `C${cx - bw},${bellyY - p.s2} ${cx - nw - 4},${p.neckBottom + p.s1} ${cx - nw},${p.neckBottom}`,
    );
  } else {
    right.push(
      `C${cx + nw},${p.neckBottom + p.s1} ${cx + bw},${p.bodyTop - p.s2} ${cx + bw},${p.bodyTop}`,
      `L${cx + bw},${base - p.r}`,
      `Q${cx + bw},${base} ${cx + bw - p.r},${base}`,
      `L${cx - bw + p.r},${base}`,
      `Q${cx - bw},${base} ${cx - bw},${base - p.r}`,
      `L${cx - bw},${p.bodyTop}`,
      `C${cx - bw},${p.bodyTop - p.s2} ${cx - nw},${p.neckBottom + p.s1} ${cx - nw},${p.neckBottom}`,
    );
  }
  right.push(`L${cx - nw},${lipBottom + 3}`, `L${cx - lw},${lipBottom}`, 'Z');
  return right.join(' ');
}

/** Horizontal shading of a cylinder between x1 and x2: dark rims, a window highlight left. */
function cylinderShade(ctx: Ctx, x1: number, x2: number, strength = 1): string {
  const s = (v: number) => Math.min(1, v * strength);
  return ctx.linear(
    [
      [0, '#000000', s(0.55)],
      [0.07, '#000000', s(0.22)],
      [0.17, '#ffffff', s(0.06)],
      [0.24, '#ffffff', s(0.34)],
      [0.3, '#ffffff', s(0.08)],
      [0.5, '#ffffff', 0],
      [0.72, '#000000', s(0.08)],
      [0.88, '#000000', s(0.26)],
      [1, '#000000', s(0.55)],
    ],
    x1,
    0,
    x2,
    0,
    true,
  );
}

/** A bottle standing on BASE at CX (600x800 frame); `withText` false leaves the label blank. */
function drawBottle(ctx: Ctx, spec: DemoBottleImage, withText: boolean): string {
  const p = PROFILES[spec.shape];
  const path = bottlePath(p);
  const clip = ctx.clip(`<path d="${path}"/>`);
  const clear = spec.liquid !== null;
  const out: string[] = [];
  const bodyShade = cylinderShade(ctx, CX - p.bodyW, CX + p.bodyW, clear ? 1.1 : 1.35);
  const neckShade = cylinderShade(ctx, CX - p.lipW, CX + p.lipW, clear ? 1.1 : 1.35);

  out.push(`<g clip-path="${clip}">`);
  if (clear) {
    // Clear glass: the backdrop seen through it, the liquid up to its fill line, a thick base.
    out.push(`<rect width="${W}" height="${H}" fill="${mix(spec.glass, spec.backdrop, 0.5)}"/>`);
    const liquid = spec.liquid!;
    const liq = ctx.linear(
      [
        [0, lighten(liquid, 0.12)],
        [1, darken(liquid, 0.18)],
      ],
      0,
      0,
      0,
      1,
    );
    out.push(`<rect y="${p.liquidTop}" width="${W}" height="${BASE - 14 - p.liquidTop}" fill="${liq}"/>`);
    out.push(`<rect y="${p.liquidTop - 2}" width="${W}" height="3" fill="${lighten(liquid, 0.35)}" fill-opacity="0.8"/>`);
    out.push(`<rect y="${BASE - 14}" width="${W}" height="14" fill="${mix(liquid, '#ffffff', 0.55)}" fill-opacity="0.9"/>`);
  } else {
    const g = ctx.linear(
      [
        [0, lighten(spec.glass, 0.1)],
        [0.5, spec.glass],
        [1, darken(spec.glass, 0.25)],
      ],
      0,
      0,
      0,
      1,
    );
    out.push(`<rect width="${W}" height="${H}" fill="${g}"/>`);
  }
  out.push(`<rect y="${p.neckBottom}" width="${W}" height="${BASE - p.neckBottom}" fill="${bodyShade}"/>`);
  out.push(`<rect y="0" width="${W}" height="${p.neckBottom}" fill="${neckShade}"/>`);
  // A soft light on the left shoulder and a crisp window reflection down the body.
  const shoulderGlow = ctx.radial([
    [0, '#ffffff', clear ? 0.35 : 0.28],
    [1, '#ffffff', 0],
  ]);
  out.push(
    `<ellipse cx="${CX - p.bodyW * 0.45}" cy="${(p.neckBottom + p.bodyTop) / 2 + 10}" rx="${p.bodyW * 0.5}" ry="${(p.bodyTop - p.neckBottom) / 2 + 30}" fill="${shoulderGlow}"/>`,
  );
  const streak = ctx.linear(
    [
      [0, '#ffffff', 0],
      [0.12, '#ffffff', clear ? 0.6 : 0.7],
      [0.85, '#ffffff', 0.45],
      [1, '#ffffff', 0],
    ],
    0,
    0,
    0,
    1,
  );
  const sx = CX - p.bodyW * 0.6;
  out.push(
    `<rect x="${sx}" y="${p.bodyTop - 10}" width="${Math.max(5, p.bodyW * 0.08)}" height="${BASE - p.bodyTop - 20}" rx="3" fill="${streak}"/>`,
  );
  const neckStreak = ctx.linear(
    [
      [0, '#ffffff', 0],
      [0.3, '#ffffff', 0.5],
      [1, '#ffffff', 0.05],
    ],
    0,
    0,
    0,
    1,
  );
  out.push(
    `<rect x="${CX - p.neckW * 0.55}" y="${p.top + p.lipH + 6}" width="${Math.max(3, p.neckW * 0.16)}" height="${p.neckBottom - p.top - p.lipH}" rx="2" fill="${neckStreak}"/>`,
  );
  // A soft rim light on the right.
  const rim = ctx.radial([
    [0, '#ffffff', 0.2],
    [0.6, '#ffffff', 0.08],
    [1, '#ffffff', 0],
  ]);
  out.push(
    `<ellipse cx="${CX + p.bodyW * 0.66}" cy="${(p.bodyTop + BASE) / 2}" rx="${p.bodyW * 0.12}" ry="${(BASE - p.bodyTop) / 2 - 10}" fill="${rim}"/>`,
  );

  // Wine: foil capsule over the top of the neck (clipped to the glass, so it follows the shape).
  if (!p.cap) {
    const cap = ctx.linear(
      [
        [0, lighten(spec.capsule, 0.18)],
        [1, darken(spec.capsule, 0.1)],
      ],
      0,
      0,
      0,
      1,
    );
    out.push(`<rect y="${p.top - 1}" width="${W}" height="${p.capsuleBottom - p.top + 1}" fill="${cap}"/>`);
    out.push(
      `<rect y="${p.top - 1}" width="${W}" height="${p.capsuleBottom - p.top + 1}" fill="${p.capsuleBottom > p.neckBottom ? bodyShade : neckShade}"/>`,
    );
    out.push(`<rect y="${p.capsuleBottom - 7}" width="${W}" height="2" fill="${darken(spec.capsule, 0.35)}" fill-opacity="0.6"/>`);
    out.push(`<rect y="${p.top + 10}" width="${W}" height="1.5" fill="#ffffff" fill-opacity="0.25"/>`);
  } else if (spec.labelStyle === 'bold') {
    // Spirits: a neck band in the label's accent colour.
    const y = p.neckBottom - 42;
    out.push(`<rect y="${y}" width="${W}" height="26" fill="${spec.label.paper}"/>`);
    out.push(
      `<rect y="${y + 3}" width="${W}" height="2" fill="${spec.label.accent}"/><rect y="${y + 21}" width="${W}" height="2" fill="${spec.label.accent}"/>`,
    );
    out.push(`<rect y="${y}" width="${W}" height="26" fill="${neckShade}" fill-opacity="0.7"/>`);
  }
  out.push('</g>');
  // Outline of the glass.
  out.push(
    `<path d="${path}" fill="none" stroke="${darken(clear ? spec.liquid! : spec.glass, 0.5)}" stroke-opacity="${clear ? 0.35 : 0.5}" stroke-width="1.5"/>`,
  );

  if (p.cap) out.push(drawCap(ctx, p, spec.capsule));
  out.push(drawBottleLabel(ctx, p, spec, withText));
  return out.join('');
}

function drawCap(ctx: Ctx, p: Profile, colour: string): string {
  const cap = p.cap!;
  const x = CX - cap.halfW;
  const w = cap.halfW * 2;
  const shade = cylinderShade(ctx, x, x + w, 0.9);
  const h = p.top - cap.top + 4;
  if (cap.type === 'screw') {
    const ridges = Array.from(
      { length: Math.floor(w / 6) },
      (_, i) => `<rect x="${x + 3 + i * 6}" y="${cap.top + 6}" width="1.5" height="${h - 12}" fill="#000000" fill-opacity="0.18"/>`,
    ).join('');
    return (
      `<rect x="${x}" y="${cap.top}" width="${w}" height="${h}" rx="5" fill="${colour}"/>` +
      ridges +
      `<rect x="${x}" y="${cap.top}" width="${w}" height="${h}" rx="5" fill="${shade}"/>` +
      `<rect x="${x}" y="${cap.top}" width="${w}" height="4" rx="2" fill="#ffffff" fill-opacity="0.25"/>`
    );
  }
  if (cap.type === 'bartop') {
    // Wooden bar-top stopper of a port bottle.
    const wood = '#8a5a32';
    return (
      `<rect x="${x}" y="${cap.top}" width="${w}" height="${h - 16}" rx="8" fill="${wood}"/>` +
      `<rect x="${x}" y="${cap.top}" width="${w}" height="${h - 16}" rx="8" fill="${shade}"/>` +
      `<rect x="${CX - p.lipW}" y="${p.top - 16}" width="${p.lipW * 2}" height="20" fill="${colour}"/>` +
      `<rect x="${CX - p.lipW}" y="${p.top - 16}" width="${p.lipW * 2}" height="20" fill="${shade}"/>`
    );
  }
  // Stopper: a broad head (in the capsule colour) over a short cork.
  const cork = '#c9a477';
  const headH = (h - 4) * 0.72;
  return (
    `<rect x="${CX - p.lipW + 2}" y="${cap.top + headH - 4}" width="${(p.lipW - 2) * 2}" height="${h - headH + 4}" fill="${cork}"/>` +
    `<rect x="${CX - p.lipW + 2}" y="${cap.top + headH - 4}" width="${(p.lipW - 2) * 2}" height="${h - headH + 4}" fill="${cylinderShade(ctx, CX - p.lipW, CX + p.lipW, 0.6)}"/>` +
    `<rect x="${x}" y="${cap.top}" width="${w}" height="${headH}" rx="10" fill="${colour}"/>` +
    `<rect x="${x}" y="${cap.top}" width="${w}" height="${headH}" rx="10" fill="${shade}"/>` +
    `<rect x="${x + 6}" y="${cap.top + 4}" width="${w - 12}" height="3" rx="1.5" fill="#ffffff" fill-opacity="0.3"/>`
  );
}

function drawBottleLabel(ctx: Ctx, p: Profile, spec: DemoBottleImage, withText: boolean): string {
  const halfW = (p.decanter ? p.bodyW : p.bodyW) - p.label.inset;
  const x1 = CX - halfW;
  const x2 = CX + halfW;
  const y1 = p.label.top;
  const y2 = p.label.bottom;
  const L = spec.label;
  const out: string[] = [];
  const rect = (extra: string) => `<rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}" rx="${p.label.round}" ${extra}/>`;
  out.push(rect(`fill="${L.paper}"`));
  if (spec.labelStyle === 'classic') {
    // Paper grain: a faint warm gradient.
    const paper = ctx.linear(
      [
        [0, '#ffffff', 0.25],
        [0.5, '#ffffff', 0],
        [1, '#8a6a3a', 0.12],
      ],
      0,
      0,
      0,
      1,
    );
    out.push(rect(`fill="${paper}"`));
    out.push(classicLabel(x1, y1, x2, y2, L, withText));
  } else {
    out.push(boldLabel(x1, y1, x2, y2, L, withText));
  }
  // The label wraps round the bottle: same cylinder shading, lighter.
  out.push(rect(`fill="${cylinderShade(ctx, CX - p.bodyW, CX + p.bodyW, spec.labelStyle === 'classic' ? 0.7 : 0.55)}"`));
  return out.join('');
}

/** Cream wine label: double frame, crest, spaced brand line, serif title, italic detail. */
function classicLabel(x1: number, y1: number, x2: number, y2: number, L: DemoLabel, withText: boolean): string {
  const w = x2 - x1;
  const h = y2 - y1;
  const cx = (x1 + x2) / 2;
  const padX = Math.max(14, w * 0.1);
  const inner = w - padX * 2 - 6;
  const out: string[] = [];
  out.push(
    `<rect x="${x1 + padX - 6}" y="${y1 + 9}" width="${w - 2 * padX + 12}" height="${h - 18}" fill="none" stroke="${L.accent}" stroke-width="1.6"/>`,
  );
  out.push(
    `<rect x="${x1 + padX - 2}" y="${y1 + 13}" width="${w - 2 * padX + 4}" height="${h - 26}" fill="none" stroke="${L.accent}" stroke-width="0.7"/>`,
  );
  // Crest with the brand's initial.
  const crestY = y1 + 38;
  const initial =
    [...L.brand.replace(/^(Château|Domaine|Maison|Bodega|Tenuta|Quinta|Clos|Casa|Villa|Finca|Poggio)\s+(des?\s+|do\s+|del\s+)?/, '')][0] ??
    'P';
  out.push(`<circle cx="${cx}" cy="${crestY}" r="15" fill="none" stroke="${L.accent}" stroke-width="1.4"/>`);
  out.push(`<circle cx="${cx}" cy="${crestY}" r="11.5" fill="${L.accent}" fill-opacity="0.1"/>`);
  out.push(
    `<path d="M${cx - 40},${crestY} L${cx - 21},${crestY} M${cx + 21},${crestY} L${cx + 40},${crestY}" stroke="${L.accent}" stroke-width="1"/>`,
  );
  if (!withText) {
    out.push(
      `<rect x="${cx - inner * 0.35}" y="${y1 + h * 0.48}" width="${inner * 0.7}" height="${h * 0.07}" fill="${L.ink}" fill-opacity="0.75"/>`,
    );
    out.push(
      `<rect x="${cx - inner * 0.25}" y="${y1 + h * 0.64}" width="${inner * 0.5}" height="${h * 0.035}" fill="${L.accent}" fill-opacity="0.8"/>`,
    );
    return out.join('');
  }
  out.push(textLines(cx, crestY + 6, { size: 16, lines: [initial] }, { font: 'serifBold', fill: L.accent }));
  const brand = fitText(L.brand.toUpperCase(), 'sansBold', 12, 8, inner, 2, 0.16);
  const brandY = y1 + 72;
  out.push(textLines(cx, brandY, brand, { font: 'sansBold', fill: L.accent, spacingEm: 0.16 }, 1.3));
  const brandBottom = brandY + (brand.lines.length - 1) * brand.size * 1.3;
  const detail = fitText(L.detail, 'serif', 13, 8, inner, 1);
  const detailY = y2 - 24;
  const ruleY = detailY - detail.size - 8;
  out.push(`<path d="M${cx - 22},${ruleY} L${cx + 22},${ruleY}" stroke="${L.accent}" stroke-width="1.2"/>`);
  out.push(textLines(cx, detailY, detail, { font: 'serif', fill: L.ink, italic: true, opacity: 0.85 }));
  const top = brandBottom + 12;
  const bottom = ruleY - 10;
  const title = fitText(L.title, 'serifBold', 30, 11, inner, 3, 0, bottom - top, 1.12);
  out.push(textBlockCentered(cx, (top + bottom) / 2, title, { font: 'serifBold', fill: L.ink }, 1.12));
  return out.join('');
}

/** Spirits label: a heavy frame, spaced brand, big uppercase sans title, accent rule, detail. */
function boldLabel(x1: number, y1: number, x2: number, y2: number, L: DemoLabel, withText: boolean): string {
  const w = x2 - x1;
  const h = y2 - y1;
  const cx = (x1 + x2) / 2;
  const inner = w - 34;
  const out: string[] = [];
  out.push(
    `<rect x="${x1 + 7}" y="${y1 + 7}" width="${w - 14}" height="${h - 14}" rx="4" fill="none" stroke="${L.accent}" stroke-width="2.5"/>`,
  );
  out.push(
    `<rect x="${x1 + 12}" y="${y1 + 12}" width="${w - 24}" height="${h - 24}" rx="2" fill="none" stroke="${L.accent}" stroke-width="0.8" stroke-opacity="0.8"/>`,
  );
  if (!withText) {
    out.push(
      `<rect x="${cx - inner * 0.36}" y="${y1 + h * 0.4}" width="${inner * 0.72}" height="${h * 0.12}" fill="${L.ink}" fill-opacity="0.85"/>`,
    );
    out.push(`<rect x="${cx - inner * 0.2}" y="${y1 + h * 0.62}" width="${inner * 0.4}" height="${h * 0.04}" fill="${L.accent}"/>`);
    return out.join('');
  }
  const brand = fitText(L.brand.toUpperCase(), 'sansBold', 15, 8, inner, 1, 0.2);
  const brandY = y1 + 40;
  out.push(textLines(cx, brandY, brand, { font: 'sansBold', fill: L.accent, spacingEm: 0.2 }));
  // Ornament under the brand: a small diamond between two rules.
  const oy = brandY + 14;
  out.push(`<path d="M${cx - 36},${oy} L${cx - 8},${oy} M${cx + 8},${oy} L${cx + 36},${oy}" stroke="${L.accent}" stroke-width="1.4"/>`);
  out.push(`<path d="M${cx},${oy - 4} L${cx + 4},${oy} L${cx},${oy + 4} L${cx - 4},${oy} Z" fill="${L.accent}"/>`);
  const detail = fitText(L.detail.toUpperCase(), 'sans', 11.5, 7, inner, 2, 0.08);
  const detailLast = y2 - 26;
  const detailFirst = detailLast - (detail.lines.length - 1) * detail.size * 1.25;
  out.push(textLines(cx, detailFirst, detail, { font: 'sans', fill: L.ink, spacingEm: 0.08, opacity: 0.9 }, 1.25));
  const ruleY = detailFirst - detail.size - 10;
  out.push(`<rect x="${cx - 30}" y="${ruleY}" width="60" height="3" fill="${L.accent}"/>`);
  const top = oy + 14;
  const bottom = ruleY - 12;
  const title = fitText(L.title.toUpperCase(), 'sansBold', 40, 11, inner, 3, 0.02, bottom - top, 1.1);
  out.push(textBlockCentered(cx, (top + bottom) / 2, title, { font: 'sansBold', fill: L.ink, spacingEm: 0.02 }, 1.1));
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Cans

function drawCans(ctx: Ctx, spec: DemoCanImage): string {
  // A second can behind and to the left, a little smaller: a multipack on the shelf.
  const back = `<g transform="translate(-118,-38) translate(${CX},${BASE}) scale(0.9) translate(${-CX},${-BASE})">${oneCan(ctx, spec)}</g>`;
  const dim = ctx.clip(
    `<path d="${canPath(CX, BASE, 200, 390)}" transform="translate(-118,-38) translate(${CX},${BASE}) scale(0.9) translate(${-CX},${-BASE})"/>`,
  );
  const pair =
    back +
    `<rect width="${W}" height="${H}" fill="#000000" fill-opacity="0.14" clip-path="${dim}"/>` +
    `<g transform="translate(34,0)">${oneCan(ctx, spec)}</g>`;
  return place(CX - 10, BASE, 1.16, pair);
}

function canPath(cx: number, base: number, w: number, h: number): string {
  const top = base - h;
  const hw = w / 2;
  const rimW = hw - 14;
  return [
    `M${cx - rimW},${top + 10}`,
    `C${cx - rimW - 4},${top + 22} ${cx - hw},${top + 26} ${cx - hw},${top + 44}`,
    `L${cx - hw},${base - 24}`,
    `C${cx - hw},${base - 10} ${cx - hw + 10},${base - 6} ${cx - hw + 14},${base - 4}`,
    `A${hw - 14},10 0 0 0 ${cx + hw - 14},${base - 4}`,
    `C${cx + hw - 10},${base - 6} ${cx + hw},${base - 10} ${cx + hw},${base - 24}`,
    `L${cx + hw},${top + 44}`,
    `C${cx + hw},${top + 26} ${cx + rimW + 4},${top + 22} ${cx + rimW},${top + 10}`,
    'Z',
  ].join(' ');
}

function oneCan(ctx: Ctx, spec: DemoCanImage): string {
  const w = 200;
  const h = 390;
  const top = BASE - h;
  const hw = w / 2;
  const path = canPath(CX, BASE, w, h);
  const clip = ctx.clip(`<path d="${path}"/>`);
  const silver = ctx.linear(
    [
      [0, '#f4f5f6'],
      [1, '#a9afb5'],
    ],
    0,
    0,
    0,
    1,
  );
  const L = spec.label;
  const out: string[] = [];
  out.push(`<g clip-path="${clip}">`);
  out.push(`<rect width="${W}" height="${H}" fill="${silver}"/>`);
  const bodyG = ctx.linear(
    [
      [0, lighten(spec.body, 0.12)],
      [1, darken(spec.body, 0.12)],
    ],
    0,
    0,
    0,
    1,
  );
  out.push(`<rect y="${top + 46}" width="${W}" height="${h - 72}" fill="${bodyG}"/>`);
  // Printed design: a paper-coloured panel between two accent bands, and a wave.
  const py1 = top + 120;
  const py2 = top + 300;
  out.push(
    `<path d="M0,${top + 96} Q${CX - 60},${top + 76} ${CX},${top + 96} T${W},${top + 96} L${W},${py1 - 6} L0,${py1 - 6} Z" fill="${L.accent}"/>`,
  );
  out.push(`<rect y="${py1}" width="${W}" height="${py2 - py1}" fill="${L.paper}"/>`);
  out.push(`<rect y="${py2 + 6}" width="${W}" height="8" fill="${L.accent}"/>`);
  const inner = w - 40;
  const brand = fitText(L.brand.toUpperCase(), 'sansBold', 15, 8, inner, 1, 0.18);
  out.push(textLines(CX, py1 + 32, brand, { font: 'sansBold', fill: L.accent, spacingEm: 0.18 }));
  const title = fitText(L.title.toUpperCase(), 'sansBold', 34, 12, inner, 2, 0.02);
  out.push(textBlockCentered(CX, (py1 + py2) / 2 + 8, title, { font: 'sansBold', fill: L.ink, spacingEm: 0.02 }, 1.08));
  const detail = fitText(L.detail, 'sansBold', 13, 8, inner, 1, 0.1);
  out.push(textLines(CX, py2 - 16, detail, { font: 'sansBold', fill: L.ink, spacingEm: 0.1, opacity: 0.8 }));
  out.push(`<rect width="${W}" height="${H}" fill="${cylinderShade(ctx, CX - hw, CX + hw, 0.9)}"/>`);
  out.push('</g>');
  // The lid seen from slightly above.
  const rimW = hw - 14;
  out.push(`<ellipse cx="${CX}" cy="${top + 12}" rx="${rimW}" ry="12" fill="#dfe3e6" stroke="#8f959b" stroke-width="2"/>`);
  out.push(`<ellipse cx="${CX}" cy="${top + 13}" rx="${rimW - 10}" ry="8" fill="#c6cbd0"/>`);
  out.push(`<rect x="${CX - 16}" y="${top + 7}" width="32" height="10" rx="5" fill="#eceff1" stroke="#8f959b" stroke-width="1.2"/>`);
  out.push(`<path d="${path}" fill="none" stroke="#000000" stroke-opacity="0.25" stroke-width="1.2"/>`);
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Boxes

interface BoxGeom {
  x: number;
  y: number;
  w: number;
  h: number;
  dx: number;
  dy: number;
}

function boxFaces(ctx: Ctx, g: BoxGeom, body: string): string {
  const { x, y, w, h, dx, dy } = g;
  const front = ctx.linear(
    [
      [0, lighten(body, 0.1)],
      [1, darken(body, 0.06)],
    ],
    0,
    0,
    1,
    1,
  );
  return (
    `<path d="M${x},${y} L${x + dx},${y - dy} L${x + w + dx},${y - dy} L${x + w},${y} Z" fill="${lighten(body, 0.22)}"/>` +
    `<path d="M${x + w},${y} L${x + w + dx},${y - dy} L${x + w + dx},${y + h - dy} L${x + w},${y + h} Z" fill="${darken(body, 0.3)}"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${front}"/>` +
    `<path d="M${x},${y} L${x + w},${y} L${x + w + dx},${y - dy}" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="1.5"/>` +
    `<path d="M${x + w},${y} L${x + w},${y + h}" stroke="#000000" stroke-opacity="0.2" stroke-width="1.5"/>`
  );
}

/** A framed paper panel with brand, title and detail (serif), used on boxes and jars. */
function panelLabel(x1: number, y1: number, x2: number, y2: number, L: DemoLabel, titleMax = 30): string {
  const w = x2 - x1;
  const cx = (x1 + x2) / 2;
  const inner = w - 36;
  const out: string[] = [];
  out.push(`<rect x="${x1}" y="${y1}" width="${w}" height="${y2 - y1}" rx="4" fill="${L.paper}"/>`);
  out.push(
    `<rect x="${x1 + 7}" y="${y1 + 7}" width="${w - 14}" height="${y2 - y1 - 14}" rx="2" fill="none" stroke="${L.accent}" stroke-width="1.5"/>`,
  );
  const brand = fitText(L.brand.toUpperCase(), 'sansBold', 12, 7, inner, 1, 0.18);
  out.push(textLines(cx, y1 + 34, brand, { font: 'sansBold', fill: L.accent, spacingEm: 0.18 }));
  const detail = fitText(L.detail, 'serif', 14, 8, inner, 1);
  out.push(textLines(cx, y2 - 24, detail, { font: 'serif', fill: L.ink, italic: true, opacity: 0.85 }));
  const ruleY = y2 - 24 - detail.size - 8;
  out.push(`<path d="M${cx - 24},${ruleY} L${cx + 24},${ruleY}" stroke="${L.accent}" stroke-width="1.4"/>`);
  const top = y1 + 50;
  const bottom = ruleY - 10;
  const title = fitText(L.title, 'serifBold', titleMax, 11, inner, 3, 0, bottom - top, 1.12);
  out.push(textBlockCentered(cx, (top + bottom) / 2, title, { font: 'serifBold', fill: L.ink }, 1.12));
  return out.join('');
}

function drawBox(ctx: Ctx, spec: DemoBoxImage): string {
  const g: BoxGeom = { x: 118, y: 300, w: 318, h: 440, dx: 64, dy: 44 };
  const out: string[] = [boxFaces(ctx, g, spec.body)];
  const cx = g.x + g.w / 2;
  // A thin foil border printed round the front.
  out.push(
    `<rect x="${g.x + 14}" y="${g.y + 14}" width="${g.w - 28}" height="${g.h - 28}" fill="none" stroke="${spec.label.accent}" stroke-width="2" stroke-opacity="0.9"/>`,
  );
  if (spec.ribbon) {
    const r = spec.ribbon;
    const band = 30;
    const ry = g.y + 40;
    const rib = ctx.linear(
      [
        [0, lighten(r, 0.25)],
        [0.5, r],
        [1, darken(r, 0.2)],
      ],
      0,
      0,
      0,
      1,
    );
    // Around the front and side, and across the lid to a bow.
    out.push(`<rect x="${g.x}" y="${ry}" width="${g.w}" height="${band}" fill="${rib}"/>`);
    out.push(
      `<path d="M${g.x + g.w},${ry} L${g.x + g.w + g.dx},${ry - g.dy} L${g.x + g.w + g.dx},${ry - g.dy + band} L${g.x + g.w},${ry + band} Z" fill="${darken(r, 0.3)}"/>`,
    );
    const lx = cx + g.dx / 2;
    out.push(
      `<path d="M${cx - band / 2},${g.y} L${cx - band / 2 + g.dx},${g.y - g.dy} L${cx + band / 2 + g.dx},${g.y - g.dy} L${cx + band / 2},${g.y} Z" fill="${lighten(r, 0.1)}"/>`,
    );
    out.push(`<rect x="${cx - band / 2}" y="${g.y}" width="${band}" height="${ry - g.y}" fill="${rib}"/>`);
    const by = g.y - g.dy / 2;
    out.push(
      `<ellipse cx="${lx - 34}" cy="${by - 16}" rx="38" ry="20" transform="rotate(-22 ${lx - 34} ${by - 16})" fill="${r}" stroke="${darken(r, 0.3)}" stroke-width="2"/>` +
        `<ellipse cx="${lx + 34}" cy="${by - 16}" rx="38" ry="20" transform="rotate(22 ${lx + 34} ${by - 16})" fill="${r}" stroke="${darken(r, 0.3)}" stroke-width="2"/>` +
        `<ellipse cx="${lx - 30}" cy="${by - 18}" rx="18" ry="8" transform="rotate(-22 ${lx - 30} ${by - 18})" fill="${darken(r, 0.25)}"/>` +
        `<ellipse cx="${lx + 30}" cy="${by - 18}" rx="18" ry="8" transform="rotate(22 ${lx + 30} ${by - 18})" fill="${darken(r, 0.25)}"/>` +
        `<path d="M${lx - 6},${by - 4} L${lx - 30},${by + 40} L${lx - 14},${by + 36} Z" fill="${darken(r, 0.1)}"/>` +
        `<path d="M${lx + 6},${by - 4} L${lx + 26},${by + 42} L${lx + 12},${by + 36} Z" fill="${darken(r, 0.1)}"/>` +
        `<rect x="${lx - 14}" y="${by - 28}" width="28" height="26" rx="8" fill="${lighten(r, 0.15)}" stroke="${darken(r, 0.3)}" stroke-width="2"/>`,
    );
  } else {
    // A printed band with the department's accent colour.
    out.push(`<rect x="${g.x}" y="${g.y + g.h - 70}" width="${g.w}" height="22" fill="${spec.label.accent}" fill-opacity="0.9"/>`);
  }
  out.push(panelLabel(g.x + 40, g.y + 120, g.x + g.w - 40, g.y + 350, spec.label));
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Glassware on its gift box

interface GlassPaint {
  stroke: string;
  fill: string;
  highlight: number;
}

function stemlessGlassPath(cx: number, base: number, s: number): string {
  const p = (dx: number, dy: number) => `${n2(cx + dx * s)},${n2(base - dy * s)}`;
  return `M${p(-42, 0)} C${p(-70, 2)} ${p(-80, 60)} ${p(-76, 120)} C${p(-73, 170)} ${p(-62, 205)} ${p(-56, 228)} L${p(56, 228)} C${p(62, 205)} ${p(73, 170)} ${p(76, 120)} C${p(80, 60)} ${p(70, 2)} ${p(42, 0)} Z`;
}

function tumblerPath(cx: number, base: number, s: number): string {
  const p = (dx: number, dy: number) => `${n2(cx + dx * s)},${n2(base - dy * s)}`;
  return `M${p(-66, 0)} Q${p(-72, 0)} ${p(-72, 8)} L${p(-80, 150)} L${p(80, 150)} L${p(72, 8)} Q${p(72, 0)} ${p(66, 0)} Z`;
}

/** A glass with liquid: stemless (wine) or tumbler (whiskey with an ice cube). */
function glassWithDrink(
  ctx: Ctx,
  style: 'stemless' | 'tumbler',
  cx: number,
  base: number,
  s: number,
  liquid: string,
  paint: GlassPaint,
): string {
  const path = style === 'stemless' ? stemlessGlassPath(cx, base, s) : tumblerPath(cx, base, s);
  const clip = ctx.clip(`<path d="${path}"/>`);
  const rimY = base - (style === 'stemless' ? 228 : 150) * s;
  const rimW = (style === 'stemless' ? 56 : 80) * s;
  const levelDy = (style === 'stemless' ? 78 : 62) * s;
  const bottomDy = (style === 'stemless' ? 6 : 24) * s;
  const liq = ctx.linear(
    [
      [0, lighten(liquid, 0.15)],
      [1, darken(liquid, 0.25)],
    ],
    0,
    0,
    0,
    1,
  );
  const levelW = (style === 'stemless' ? 78 : 76) * s;
  const out: string[] = [];
  out.push(`<path d="${path}" fill="${paint.fill}" fill-opacity="0.35"/>`);
  out.push(`<g clip-path="${clip}">`);
  out.push(`<rect x="${cx - 100 * s}" y="${base - levelDy}" width="${200 * s}" height="${levelDy - bottomDy}" fill="${liq}"/>`);
  out.push(`<ellipse cx="${cx}" cy="${base - levelDy}" rx="${levelW}" ry="${7 * s}" fill="${lighten(liquid, 0.3)}"/>`);
  if (style === 'tumbler') {
    // Thick glass base, and a big ice cube.
    out.push(
      `<rect x="${cx - 100 * s}" y="${base - bottomDy}" width="${200 * s}" height="${bottomDy}" fill="#ffffff" fill-opacity="0.45"/>`,
    );
    out.push(
      `<rect x="${cx - 36 * s}" y="${base - 100 * s}" width="${66 * s}" height="${62 * s}" rx="${10 * s}" transform="rotate(-8 ${cx} ${base - 70 * s})" fill="#ffffff" fill-opacity="0.4" stroke="#ffffff" stroke-opacity="0.8" stroke-width="2"/>`,
    );
  }
  out.push(`<rect width="${W}" height="${H}" fill="${cylinderShade(ctx, cx - 80 * s, cx + 80 * s, 0.55)}"/>`);
  const streak = ctx.linear(
    [
      [0, '#ffffff', 0],
      [0.3, '#ffffff', paint.highlight],
      [1, '#ffffff', 0],
    ],
    0,
    0,
    0,
    1,
  );
  out.push(
    `<rect x="${cx - 58 * s}" y="${rimY + 20 * s}" width="${9 * s}" height="${(base - rimY) * 0.7}" rx="${4 * s}" fill="${streak}"/>`,
  );
  out.push(
    `<rect x="${cx + 44 * s}" y="${rimY + 30 * s}" width="${4 * s}" height="${(base - rimY) * 0.45}" rx="${2 * s}" fill="${streak}"/>`,
  );
  out.push('</g>');
  out.push(`<path d="${path}" fill="none" stroke="${paint.stroke}" stroke-opacity="0.7" stroke-width="2.2"/>`);
  out.push(
    `<ellipse cx="${cx}" cy="${rimY}" rx="${rimW}" ry="${9 * s}" fill="#ffffff" fill-opacity="0.12" stroke="${paint.stroke}" stroke-opacity="0.75" stroke-width="2"/>`,
  );
  return out.join('');
}

/** A stemmed wine glass (for event pictures). */
function stemmedGlass(ctx: Ctx, cx: number, base: number, s: number, liquid: string, paint: GlassPaint): string {
  const p = (dx: number, dy: number) => `${n2(cx + dx * s)},${n2(base - dy * s)}`;
  const bowl = `M${p(-52, 250)} C${p(-62, 190)} ${p(-60, 140)} ${p(-30, 122)} Q${p(-6, 112)} ${p(-5, 100)} L${p(5, 100)} Q${p(6, 112)} ${p(30, 122)} C${p(60, 140)} ${p(62, 190)} ${p(52, 250)} Z`;
  const clip = ctx.clip(`<path d="${bowl}"/>`);
  const liq = ctx.linear(
    [
      [0, lighten(liquid, 0.2)],
      [1, darken(liquid, 0.25)],
    ],
    0,
    0,
    0,
    1,
  );
  return (
    `<path d="${bowl}" fill="${paint.fill}" fill-opacity="0.25"/>` +
    `<g clip-path="${clip}"><rect x="${cx - 70 * s}" y="${base - 185 * s}" width="${140 * s}" height="${90 * s}" fill="${liq}"/>` +
    `<ellipse cx="${cx}" cy="${base - 185 * s}" rx="${59 * s}" ry="${6 * s}" fill="${lighten(liquid, 0.35)}"/>` +
    `<rect width="${W * 3}" height="${H}" fill="${cylinderShade(ctx, cx - 60 * s, cx + 60 * s, 0.5)}"/></g>` +
    `<path d="${bowl}" fill="none" stroke="${paint.stroke}" stroke-opacity="0.8" stroke-width="2"/>` +
    `<ellipse cx="${cx}" cy="${base - 250 * s}" rx="${52 * s}" ry="${6 * s}" fill="none" stroke="${paint.stroke}" stroke-opacity="0.8" stroke-width="2"/>` +
    `<rect x="${cx - 3 * s}" y="${base - 100 * s}" width="${6 * s}" height="${96 * s}" fill="${paint.fill}" fill-opacity="0.5" stroke="${paint.stroke}" stroke-opacity="0.7" stroke-width="1.5"/>` +
    `<ellipse cx="${cx}" cy="${base - 4 * s}" rx="${40 * s}" ry="${7 * s}" fill="${paint.fill}" fill-opacity="0.4" stroke="${paint.stroke}" stroke-opacity="0.8" stroke-width="2"/>` +
    `<path d="M${p(-40, 225)} C${p(-48, 190)} ${p(-44, 160)} ${p(-30, 140)}" fill="none" stroke="#ffffff" stroke-opacity="${paint.highlight}" stroke-width="${5 * s}" stroke-linecap="round"/>`
  );
}

function drawGlassware(ctx: Ctx, spec: DemoGlassImage): string {
  const g: BoxGeom = { x: 96, y: 540, w: 378, h: 200, dx: 48, dy: 32 };
  const out: string[] = [boxFaces(ctx, g, spec.box)];
  const paint: GlassPaint = { stroke: '#4a545c', fill: '#ffffff', highlight: 0.85 };
  const onLid = g.y - g.dy / 2 + 4;
  const s = spec.style === 'stemless' ? 1.05 : 1.0;
  const shadow = ctx.radial([
    [0, '#000000', 0.3],
    [1, '#000000', 0],
  ]);
  for (const cx of [215, 385]) out.push(`<ellipse cx="${cx + 6}" cy="${onLid}" rx="${80 * s}" ry="10" fill="${shadow}"/>`);
  out.push(glassWithDrink(ctx, spec.style, 215, onLid, s, spec.liquid, paint));
  out.push(glassWithDrink(ctx, spec.style, 385, onLid, s, spec.liquid, paint));
  out.push(panelLabel(g.x + 26, g.y + 20, g.x + g.w - 26, g.y + g.h - 20, spec.label, 26));
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Snack bag

function drawBag(ctx: Ctx, spec: DemoBagImage): string {
  const x1 = 150;
  const x2 = 450;
  const top = 240;
  const bottom = BASE;
  const teeth = (y: number, dir: number) => {
    const pts: string[] = [];
    const n = 20;
    for (let i = 0; i <= n; i++) pts.push(`${n2(x1 + ((x2 - x1) * i) / n)},${y + (i % 2 === 0 ? 0 : dir * 8)}`);
    return pts;
  };
  const topPts = teeth(top, 1);
  const botPts = teeth(bottom, -1).reverse();
  const path = `M${topPts.join(' L')} C${x2 + 6},${top + 120} ${x2 + 14},${bottom - 160} ${x2},${bottom} L${botPts.join(' L')} C${x1 - 14},${bottom - 160} ${x1 - 6},${top + 120} ${x1},${top} Z`;
  const clip = ctx.clip(`<path d="${path}"/>`);
  const L = spec.label;
  const body = ctx.linear(
    [
      [0, lighten(spec.body, 0.15)],
      [1, darken(spec.body, 0.15)],
    ],
    0,
    0,
    0,
    1,
  );
  const out: string[] = [];
  out.push(`<g clip-path="${clip}">`);
  out.push(`<rect width="${W}" height="${H}" fill="${body}"/>`);
  // Crimped seals top and bottom.
  for (const y of [top, bottom - 42]) {
    out.push(`<rect y="${y}" width="${W}" height="42" fill="${darken(spec.body, 0.12)}"/>`);
    for (let x = x1; x < x2; x += 7) out.push(`<rect x="${x}" y="${y + 6}" width="2" height="30" fill="#000000" fill-opacity="0.15"/>`);
  }
  // A sunburst behind the label.
  const cy = 430;
  const rays = Array.from({ length: 16 }, (_, i) => {
    const a0 = (i * Math.PI) / 8;
    const a1 = a0 + Math.PI / 16;
    return `<path d="M${CX},${cy} L${n2(CX + 400 * Math.cos(a0))},${n2(cy + 400 * Math.sin(a0))} L${n2(CX + 400 * Math.cos(a1))},${n2(cy + 400 * Math.sin(a1))} Z" fill="#ffffff" fill-opacity="0.07"/>`;
  }).join('');
  out.push(rays);
  // A pile of chips.
  const rnd = rng(L.title);
  for (let i = 0; i < 9; i++) {
    const x = 205 + rnd() * 190;
    const y = 590 + rnd() * 60;
    const rx = 38 + rnd() * 16;
    const ry = 22 + rnd() * 10;
    const rot = -30 + rnd() * 60;
    out.push(
      `<ellipse cx="${n2(x)}" cy="${n2(y)}" rx="${n2(rx)}" ry="${n2(ry)}" transform="rotate(${n2(rot)} ${n2(x)} ${n2(y)})" fill="${spec.snack}" stroke="${darken(spec.snack, 0.25)}" stroke-width="2"/>`,
    );
    out.push(
      `<ellipse cx="${n2(x - 8)}" cy="${n2(y - 5)}" rx="${n2(rx * 0.5)}" ry="${n2(ry * 0.35)}" transform="rotate(${n2(rot)} ${n2(x)} ${n2(y)})" fill="#ffffff" fill-opacity="0.35"/>`,
    );
    out.push(`<circle cx="${n2(x + 10)}" cy="${n2(y + 4)}" r="2.5" fill="${darken(spec.snack, 0.4)}" fill-opacity="0.6"/>`);
  }
  // The label: a rounded badge.
  out.push(
    `<rect x="${x1 + 26}" y="${cy - 110}" width="${x2 - x1 - 52}" height="220" rx="28" fill="${L.paper}" stroke="${L.accent}" stroke-width="4"/>`,
  );
  const inner = x2 - x1 - 90;
  const brand = fitText(L.brand, 'serifBold', 30, 12, inner, 1);
  out.push(textLines(CX, cy - 56, brand, { font: 'serifBold', fill: L.accent, italic: true }));
  out.push(`<rect x="${CX - 50}" y="${cy - 42}" width="100" height="3" fill="${L.accent}"/>`);
  const title = fitText(L.title.toUpperCase(), 'sansBold', 30, 12, inner, 2, 0.02);
  out.push(textBlockCentered(CX, cy + 16, title, { font: 'sansBold', fill: L.ink, spacingEm: 0.02 }, 1.08));
  const detail = fitText(L.detail.toUpperCase(), 'sansBold', 12, 8, inner, 1, 0.12);
  out.push(textLines(CX, cy + 86, detail, { font: 'sansBold', fill: L.ink, spacingEm: 0.12, opacity: 0.75 }));
  // Pillow shading: dark edges, a bright crease.
  out.push(`<rect width="${W}" height="${H}" fill="${cylinderShade(ctx, x1, x2, 0.75)}"/>`);
  const vert = ctx.linear(
    [
      [0, '#000000', 0.2],
      [0.12, '#000000', 0],
      [0.88, '#000000', 0],
      [1, '#000000', 0.25],
    ],
    0,
    0,
    0,
    1,
  );
  out.push(`<rect y="${top}" width="${W}" height="${bottom - top}" fill="${vert}"/>`);
  out.push('</g>');
  out.push(`<path d="${path}" fill="none" stroke="#000000" stroke-opacity="0.2" stroke-width="1.5"/>`);
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Jar

function drawJar(ctx: Ctx, spec: DemoJarImage): string {
  const hw = 128;
  const top = 388;
  const r = 34;
  const path = `M${CX - hw + 12},${top} L${CX + hw - 12},${top} Q${CX + hw},${top + 4} ${CX + hw},${top + 30} L${CX + hw},${BASE - r} Q${CX + hw},${BASE} ${CX + hw - r},${BASE} L${CX - hw + r},${BASE} Q${CX - hw},${BASE} ${CX - hw},${BASE - r} L${CX - hw},${top + 30} Q${CX - hw},${top + 4} ${CX - hw + 12},${top} Z`;
  const clip = ctx.clip(`<path d="${path}"/>`);
  const L = spec.label;
  const out: string[] = [];
  out.push(`<g clip-path="${clip}">`);
  out.push(`<rect width="${W}" height="${H}" fill="${darken(spec.contents, 0.1)}"/>`);
  // Cherries in syrup.
  const rnd = rng(L.title);
  for (let i = 0; i < 46; i++) {
    const x = CX - hw + rnd() * hw * 2;
    const y = top + 30 + rnd() * (BASE - top - 30);
    const rr = 20 + rnd() * 8;
    const c = mix(spec.contents, '#b0122a', 0.35 + rnd() * 0.35);
    out.push(`<circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(rr)}" fill="${c}" stroke="${darken(spec.contents, 0.4)}" stroke-width="1.5"/>`);
    out.push(`<circle cx="${n2(x - rr * 0.35)}" cy="${n2(y - rr * 0.35)}" r="${n2(rr * 0.25)}" fill="#ffffff" fill-opacity="0.45"/>`);
  }
  out.push(panelLabel(CX - hw - 10, 468, CX + hw + 10, 672, L, 28));
  out.push(`<rect width="${W}" height="${H}" fill="${cylinderShade(ctx, CX - hw, CX + hw, 0.8)}"/>`);
  const streak = ctx.linear(
    [
      [0, '#ffffff', 0],
      [0.2, '#ffffff', 0.5],
      [1, '#ffffff', 0.1],
    ],
    0,
    0,
    0,
    1,
  );
  out.push(`<rect x="${CX - hw + 22}" y="${top + 20}" width="12" height="${BASE - top - 60}" rx="6" fill="${streak}"/>`);
  out.push('</g>');
  out.push(`<path d="${path}" fill="none" stroke="#000000" stroke-opacity="0.3" stroke-width="1.5"/>`);
  // The lid with its knurled edge.
  const lx = CX - hw - 4;
  const lw = (hw + 4) * 2;
  const lid = ctx.linear(
    [
      [0, lighten(spec.lid, 0.2)],
      [1, darken(spec.lid, 0.15)],
    ],
    0,
    0,
    0,
    1,
  );
  out.push(`<rect x="${lx}" y="${top - 64}" width="${lw}" height="70" rx="8" fill="${lid}"/>`);
  for (let x = lx + 6; x < lx + lw - 4; x += 8)
    out.push(`<rect x="${x}" y="${top - 56}" width="2.5" height="54" fill="#000000" fill-opacity="0.16"/>`);
  out.push(`<rect x="${lx}" y="${top - 64}" width="${lw}" height="70" rx="8" fill="${cylinderShade(ctx, lx, lx + lw, 0.8)}"/>`);
  out.push(`<rect x="${lx + 8}" y="${top - 60}" width="${lw - 16}" height="5" rx="2.5" fill="#ffffff" fill-opacity="0.35"/>`);
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Banners and event pictures

interface ThemeColours {
  bg: [string, string, string];
  gold: string;
  text: string;
  sub: string;
  glow: string;
}

const THEMES: Record<DemoTheme, ThemeColours> = {
  burgundy: { bg: ['#2e0710', '#6b1427', '#3a0a16'], gold: '#e2bd6b', text: '#fbf3e4', sub: '#f0dcc8', glow: '#e0a25a' },
  gold: { bg: ['#241307', '#5e3a12', '#2c180a'], gold: '#f0cc78', text: '#fff6e3', sub: '#f3e2c0', glow: '#f2b84e' },
  green: { bg: ['#0c2016', '#1f4a31', '#10291b'], gold: '#dcc27a', text: '#f6f3e6', sub: '#dfe8d6', glow: '#a9cf7a' },
  rose: { bg: ['#4a1626', '#a8465e', '#5a1c2e'], gold: '#f6d49a', text: '#fff4ef', sub: '#fbe0e0', glow: '#ffb3b8' },
  navy: { bg: ['#0d1626', '#233a5e', '#111d31'], gold: '#e0c27a', text: '#f5f3ee', sub: '#d9e0ea', glow: '#8fb3e0' },
};

/** Dark bottle presets for the banner's shelf. */
const SHELF: Array<{
  shape: BottleShape;
  glass: string;
  liquid: string | null;
  capsule: string;
  paper: string;
  accent: string;
  bold: boolean;
}> = [
  { shape: 'bordeaux', glass: '#3d0c17', liquid: null, capsule: '#8a1a2e', paper: '#f3ead6', accent: '#7a1b2b', bold: false },
  { shape: 'whiskey', glass: '#eef3f3', liquid: '#b5641c', capsule: '#3a2418', paper: '#1c1a19', accent: '#c9a45a', bold: true },
  { shape: 'hock', glass: '#e9efe6', liquid: '#eadb9c', capsule: '#2f5d50', paper: '#f7f2e6', accent: '#2f5d50', bold: false },
  { shape: 'sparkling', glass: '#1f3a25', liquid: null, capsule: '#c8a44a', paper: '#f3ead6', accent: '#a8822c', bold: false },
  { shape: 'tall', glass: '#eef3f3', liquid: '#e6eef0', capsule: '#1c3f6e', paper: '#ffffff', accent: '#1c3f6e', bold: true },
  { shape: 'burgundy', glass: '#4a1220', liquid: null, capsule: '#1d1d1f', paper: '#efe2c4', accent: '#8a2a2a', bold: false },
  { shape: 'hock', glass: '#f1f1ee', liquid: '#f2a6ae', capsule: '#e7c9c4', paper: '#f7f2e6', accent: '#c0566a', bold: false },
];

function shelfBottle(ctx: Ctx, i: number, backdrop: string): string {
  const b = SHELF[i % SHELF.length]!;
  return drawBottle(
    ctx,
    {
      kind: 'bottle',
      shape: b.shape,
      glass: b.glass,
      liquid: b.liquid,
      capsule: b.capsule,
      backdrop,
      labelStyle: b.bold ? 'bold' : 'classic',
      label: {
        brand: '',
        title: '',
        detail: '',
        paper: b.paper,
        ink: b.bold ? (luminance(b.paper) > 0.5 ? '#1c1a19' : '#f1e3c2') : '#2a1f18',
        accent: b.accent,
      },
    },
    false,
  );
}

/** Places a 600x800-frame drawing so that its base centre lands at (x, y), scaled by s. */
function place(x: number, y: number, s: number, content: string): string {
  return `<g transform="translate(${n2(x)},${n2(y)}) scale(${s}) translate(${-CX},${-BASE})">${content}</g>`;
}

function drawBanner(ctx: Ctx, spec: DemoBannerImage): string {
  const BW = 1900;
  const BH = 370;
  const t = THEMES[spec.theme];
  const out: string[] = [];
  out.push(
    `<rect width="${BW}" height="${BH}" fill="${ctx.linear(
      [
        [0, t.bg[0]],
        [0.6, t.bg[1]],
        [1, t.bg[2]],
      ],
      0,
      0,
      1,
      0.4,
    )}"/>`,
  );
  out.push(
    `<ellipse cx="1460" cy="250" rx="520" ry="260" fill="${ctx.radial([
      [0, t.glow, 0.45],
      [1, t.glow, 0],
    ])}"/>`,
  );
  out.push(
    `<ellipse cx="420" cy="120" rx="600" ry="260" fill="${ctx.radial([
      [0, '#ffffff', 0.08],
      [1, '#ffffff', 0],
    ])}"/>`,
  );
  // Fine diagonal pinstripes.
  const stripes = Array.from(
    { length: 48 },
    (_, i) => `<path d="M${i * 44 - 200},${BH} L${i * 44 + 170},0" stroke="#ffffff" stroke-opacity="0.025" stroke-width="14"/>`,
  ).join('');
  out.push(stripes);
  // The shelf with its bottles.
  const shelfY = 338;
  const scale = 0.39;
  const widths = SHELF.map((b) => PROFILES[b.shape].bodyW * 2 * scale);
  const gap = 26;
  let bx = 1860 - widths.reduce((a, b) => a + b, 0) - gap * (widths.length - 1);
  widths.forEach((bw, i) => {
    const x = bx + bw / 2;
    out.push(`<ellipse cx="${n2(x + 5)}" cy="${shelfY}" rx="${n2(bw * 0.62)}" ry="7" fill="#000000" fill-opacity="0.4"/>`);
    out.push(place(x, shelfY, scale, shelfBottle(ctx, i, t.bg[1])));
    bx += bw + gap;
  });
  out.push(
    `<rect x="1100" y="${shelfY}" width="${BW - 1100}" height="${BH - shelfY}" fill="${ctx.linear(
      [
        [0, darken(t.bg[1], 0.45)],
        [1, darken(t.bg[2], 0.7)],
      ],
      0,
      0,
      0,
      1,
    )}"/>`,
  );
  out.push(`<rect x="1100" y="${shelfY}" width="${BW - 1100}" height="3" fill="${t.gold}" fill-opacity="0.85"/>`);
  out.push(
    `<rect x="1100" y="${shelfY}" width="140" height="${BH - shelfY}" fill="${ctx.linear(
      [
        [0, t.bg[1], 1],
        [1, t.bg[1], 0],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
  );
  // Frame lines.
  out.push(
    `<rect x="24" y="22" width="${BW - 48}" height="${BH - 44}" fill="none" stroke="${t.gold}" stroke-opacity="0.45" stroke-width="1.5"/>`,
  );
  // Text.
  const x = 110;
  const maxW = 980;
  const eyebrow = fitText(spec.eyebrow.toUpperCase(), 'sansBold', 21, 12, maxW, 1, 0.24);
  const head = fitText(spec.headline, 'serifBold', 76, 40, maxW, 2);
  const sub = fitText(spec.subline, 'sans', 28, 16, maxW, 2);
  const gap1 = 30;
  const gap2 = 30;
  const total = eyebrow.size * 0.73 + gap1 + blockHeight(head, 1.1) + gap2 + blockHeight(sub, 1.25);
  let y = (BH - total) / 2 + eyebrow.size * 0.73;
  out.push(`<rect x="${x}" y="${y - eyebrow.size * 0.37 - 1}" width="44" height="2.5" fill="${t.gold}"/>`);
  out.push(textLines(x + 62, y, eyebrow, { font: 'sansBold', fill: t.gold, anchor: 'start', spacingEm: 0.24 }));
  y += gap1 + head.size * 0.73;
  out.push(textLines(x + 2, y + 3, head, { font: 'serifBold', fill: '#000000', anchor: 'start', opacity: 0.35 }, 1.1));
  out.push(textLines(x, y, head, { font: 'serifBold', fill: t.text, anchor: 'start' }, 1.1));
  y += (head.lines.length - 1) * head.size * 1.1 + gap2 + sub.size * 0.73;
  out.push(textLines(x, y, sub, { font: 'sans', fill: t.sub, anchor: 'start' }, 1.25));
  return out.join('');
}

function drawEvent(ctx: Ctx, spec: DemoEventImage): string {
  const EW = 800;
  const EH = 500;
  const t = THEMES[spec.theme];
  const out: string[] = [];
  out.push(
    `<rect width="${EW}" height="${EH}" fill="${ctx.linear(
      [
        [0, t.bg[0]],
        [0.55, t.bg[1]],
        [1, t.bg[2]],
      ],
      0,
      0,
      1,
      1,
    )}"/>`,
  );
  out.push(
    `<ellipse cx="600" cy="300" rx="300" ry="260" fill="${ctx.radial([
      [0, t.glow, 0.5],
      [1, t.glow, 0],
    ])}"/>`,
  );
  // Table top.
  const tableY = 432;
  out.push(
    `<rect y="${tableY}" width="${EW}" height="${EH - tableY}" fill="${ctx.linear(
      [
        [0, darken(t.bg[1], 0.35)],
        [1, darken(t.bg[2], 0.6)],
      ],
      0,
      0,
      0,
      1,
    )}"/>`,
  );
  out.push(`<rect y="${tableY}" width="${EW}" height="2" fill="${t.gold}" fill-opacity="0.7"/>`);
  const paint: GlassPaint = { stroke: '#ffffff', fill: '#ffffff', highlight: 0.7 };
  const shadow = (x: number, rx: number) => `<ellipse cx="${x}" cy="${tableY + 2}" rx="${rx}" ry="8" fill="#000000" fill-opacity="0.35"/>`;
  if (spec.motif === 'wine') {
    out.push(shadow(560, 50), place(560, tableY, 0.52, shelfBottle(ctx, 2, t.bg[1])));
    out.push(shadow(690, 40), stemmedGlass(ctx, 690, tableY, 0.95, '#e8d58a', paint));
    out.push(shadow(470, 30), place(470, tableY, 0.4, shelfBottle(ctx, 0, t.bg[1])));
  } else if (spec.motif === 'spirits') {
    out.push(shadow(545, 70), place(545, tableY, 0.5, shelfBottle(ctx, 1, t.bg[1])));
    out.push(shadow(690, 60), glassWithDrink(ctx, 'tumbler', 690, tableY, 0.75, '#b5641c', paint));
  } else {
    out.push(shadow(560, 45), place(560, tableY, 0.52, shelfBottle(ctx, 6, t.bg[1])));
    out.push(shadow(680, 40), stemmedGlass(ctx, 680, tableY, 0.95, '#f2a6ae', paint));
  }
  // Text block on the left.
  const x = 48;
  const maxW = 390;
  out.push(
    `<rect x="18" y="18" width="${EW - 36}" height="${EH - 36}" fill="none" stroke="${t.gold}" stroke-opacity="0.5" stroke-width="1.5"/>`,
  );
  const eyebrow = fitText(spec.eyebrow.toUpperCase(), 'sansBold', 17, 10, maxW, 1, 0.22);
  const title = fitText(spec.title, 'serifBold', 52, 26, maxW, 3);
  const sub = fitText(spec.subtitle, 'sans', 21, 13, maxW, 2);
  const total = eyebrow.size * 0.73 + 26 + blockHeight(title, 1.1) + 22 + blockHeight(sub, 1.25);
  let y = (tableY - total) / 2 + eyebrow.size * 0.73 + 4;
  out.push(textLines(x, y, eyebrow, { font: 'sansBold', fill: t.gold, anchor: 'start', spacingEm: 0.22 }));
  y += 26 + title.size * 0.73;
  out.push(textLines(x + 2, y + 2, title, { font: 'serifBold', fill: '#000000', anchor: 'start', opacity: 0.3 }, 1.1));
  out.push(textLines(x, y, title, { font: 'serifBold', fill: t.text, anchor: 'start' }, 1.1));
  y += (title.lines.length - 1) * title.size * 1.1 + 22 + sub.size * 0.73;
  out.push(textLines(x, y, sub, { font: 'sans', fill: t.sub, anchor: 'start' }, 1.25));
  const shop = { size: 13, lines: ['PATTERSON WINE & LIQUOR'] };
  out.push(`<rect x="${x}" y="${EH - 37}" width="36" height="2" fill="${t.gold}"/>`);
  out.push(textLines(x + 48, EH - 31, shop, { font: 'sansBold', fill: t.gold, anchor: 'start', spacingEm: 0.2, opacity: 0.9 }));
  return out.join('');
}
