import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { buildDemoCatalogue, demoImageSize, type DemoImageSpec } from './demo-catalogue';
import { demoImageSvg, renderDemoImage, textWidth } from './demo-images';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const cat = buildDemoCatalogue(new Date(2025, 5, 14));

/** One sample of every kind of picture the catalogue uses (every bottle shape, every extra). */
function samples(): Array<[string, DemoImageSpec]> {
  const seen = new Set<string>();
  const out: Array<[string, DemoImageSpec]> = [];
  for (const item of cat.items) {
    const key = item.image.kind === 'bottle' ? `bottle:${item.image.shape}:${item.image.labelStyle}` : item.image.kind;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([`${key} (${item.name})`, item.image]);
  }
  out.push(['banner', cat.banners[0]!.image]);
  const ev = cat.events.find((e) => e.image)!;
  out.push(['event', ev.image!]);
  return out;
}

async function check(spec: DemoImageSpec, maxBytes: number) {
  const { png, width, height } = await renderDemoImage(spec);
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect({ width, height }).toEqual(demoImageSize(spec));
  const meta = await sharp(png).metadata();
  expect(meta.format).toBe('png');
  expect(meta.width).toBe(width);
  expect(meta.height).toBe(height);
  expect(png.length).toBeLessThan(maxBytes);
  // A drawn picture, not a flat box: plenty of contrast and colour.
  const stats = await sharp(png).stats();
  const [r, g, b] = stats.channels;
  expect(Math.max(r!.stdev, g!.stdev, b!.stdev)).toBeGreaterThan(20);
  expect(Math.max(r!.max - r!.min, g!.max - g!.min, b!.max - b!.min)).toBeGreaterThan(150);
  return { png, width, height };
}

describe('renderDemoImage', () => {
  it.each(samples())('renders %s as a compact PNG of its size', async (_name, spec) => {
    const limit = spec.kind === 'banner' ? 250_000 : 150_000;
    await check(spec, limit);
  });

  it('renders products 600x800 (portrait), banners 1900x370 and events 800x500', async () => {
    const product = await renderDemoImage(cat.items[0]!.image);
    expect([product.width, product.height]).toEqual([600, 800]);
    const banner = await renderDemoImage(cat.banners[1]!.image);
    expect([banner.width, banner.height]).toEqual([1900, 370]);
    expect((await sharp(banner.png).metadata()).width).toBe(1900);
    const event = await renderDemoImage(cat.events.find((e) => e.image)!.image!);
    expect([event.width, event.height]).toEqual([800, 500]);
  });

  it('gives the same bytes for the same spec', async () => {
    const spec = cat.items.find((i) => i.image.kind === 'bag')!.image;
    const a = await renderDemoImage(spec);
    const b = await renderDemoImage(spec);
    expect(a.png.equals(b.png)).toBe(true);
  });

  it('draws a wine bottle in the wine colour against a light background', async () => {
    const red = cat.items.find((i) => i.tags.includes('tag-red'))!;
    const { png } = await renderDemoImage(red.image);
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
    };
    // Background corner: light. Bottle body above the label: dark and red-dominant.
    expect(Math.min(...px(10, 10))).toBeGreaterThan(200);
    const [r, g, b] = px(300, 400);
    expect(r).toBeLessThan(140);
    expect(r).toBeGreaterThan(g);
    expect(r).toBeGreaterThan(b);
  });
});

describe('demoImageSvg', () => {
  it('escapes XML special characters in label text', () => {
    const item = cat.items.find((i) => i.name.startsWith('Barrel & Brand'))!;
    const svg = demoImageSvg(item.image);
    expect(svg).toContain('BARREL &amp; BRAND');
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const apostrophe = demoImageSvg(cat.items.find((i) => i.name.startsWith("Admiral's"))!.image);
    expect(apostrophe).toContain('ADMIRAL&apos;S GARDEN');
  });

  it('uses only the DejaVu fonts and generic families', () => {
    for (const [, spec] of samples()) {
      const families = [...demoImageSvg(spec).matchAll(/font-family="([^"]+)"/g)].map((m) => m[1]!);
      expect(families.length).toBeGreaterThan(0);
      for (const f of families) {
        for (const name of f.split(',').map((s) => s.trim()))
          expect(['DejaVu Sans', 'DejaVu Serif', 'sans-serif', 'serif']).toContain(name);
      }
    }
  });

  it('prints the label brand and shop headline text', () => {
    const wine = cat.items[0]!;
    if (wine.image.kind !== 'bottle') throw new Error('expected a bottle');
    const svg = demoImageSvg(wine.image);
    for (const word of wine.image.label.title.split(' ')) expect(svg).toContain(`>${word}`);
    expect(svg).toContain(wine.image.label.detail.split(' ')[0]);
    const banner = demoImageSvg(cat.banners[0]!.image);
    expect(banner).toContain('PATTERSON WINE &amp; LIQUOR');
  });

  it('keeps label text lines within the label width', () => {
    // Every <text> inside a 600-wide product picture stays inside the picture.
    for (const item of cat.items) {
      const svg = demoImageSvg(item.image);
      for (const m of svg.matchAll(/<text x="([\d.]+)"[^>]*font-family="([^"]+)" font-size="([\d.]+)"([^>]*)>([^<]*)<\/text>/g)) {
        const [, x, family, size, rest, raw] = m;
        const text = raw!
          .replace(/&amp;/g, '&')
          .replace(/&apos;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"');
        const bold = rest!.includes('bold');
        const font = family!.startsWith('DejaVu Serif') ? (bold ? 'serifBold' : 'serif') : bold ? 'sansBold' : 'sans';
        const spacing = Number(/letter-spacing="([\d.]+)"/.exec(rest!)?.[1] ?? 0);
        const w = textWidth(text, font, Number(size), spacing);
        expect(w, `${item.name}: ${text}`).toBeLessThan(300);
        expect(Number(x) - w / 2, `${item.name}: ${text}`).toBeGreaterThan(100);
        expect(Number(x) + w / 2, `${item.name}: ${text}`).toBeLessThan(510);
      }
    }
  });
});

describe('textWidth', () => {
  it('measures DejaVu advance widths, wider for bold and with letter spacing', () => {
    expect(textWidth('M', 'sans', 1000)).toBe(863);
    expect(textWidth('iiii', 'sans', 10)).toBeLessThan(textWidth('MMMM', 'sans', 10));
    expect(textWidth('Wine', 'sansBold', 20)).toBeGreaterThan(textWidth('Wine', 'sans', 20));
    expect(textWidth('Wine', 'sans', 20, 2)).toBeCloseTo(textWidth('Wine', 'sans', 20) + 6);
  });
});
