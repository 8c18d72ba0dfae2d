/**
 * Responsive image sources for stored media. The server keeps every uploaded PNG at
 * `/media/<sha256>.png` and WebP variants by width at `/media/<sha256>-w<width>.webp` (never
 * wider than the original), so a page can offer `srcset` without asking which exist.
 */
export const IMAGE_VARIANT_WIDTHS = [400, 800, 1200, 1900] as const;

const STORED_PNG = /^\/media\/([a-f0-9]{64})\.png$/;

export const variantUrl = (hash: string, width: number) => `/media/${hash}-w${width}.webp`;

/** `src` and `srcSet` for an `img` field; other URLs (the logo, data URLs) pass through as `src`. */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  const match = STORED_PNG.exec(url);
  if (!match) return { src: url };
  const hash = match[1]!;
  return { src: url, srcSet: IMAGE_VARIANT_WIDTHS.map((width) => `${variantUrl(hash, width)} ${width}w`).join(', ') };
}
