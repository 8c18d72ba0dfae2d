/**
 * Stored media and responsive image sources. The server keeps every uploaded image, upright and
 * without metadata, at `/media/<sha256>.<png|jpg|webp>` (its type as uploaded, decision 0276;
 * images stored before then are all `.png`) and WebP variants by width at
 * `/media/<sha256>-w<width>.webp` (never wider than the original), so a page can offer `srcset`
 * without asking which exist.
 */
export const IMAGE_VARIANT_WIDTHS = [400, 800, 1200, 1900] as const;

/** The extensions a stored image has, and the type each is served as. */
export const STORED_IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type StoredImageExtension = keyof typeof STORED_IMAGE_TYPES;

/** What records keep in `img`: the URL of an uploaded image (never one of its variants). Group 1 the hash, 2 the extension. */
export const STORED_IMAGE_URL = /^\/media\/([a-f0-9]{64})\.(png|jpg|webp)$/;

export const variantUrl = (hash: string, width: number) => `/media/${hash}-w${width}.webp`;

/** The media file names an uploaded image consists of: the image itself, then its variants by width; null for any other URL. */
export function storedImageFiles(url: unknown): { image: string; variants: string[] } | null {
  const match = typeof url === 'string' ? STORED_IMAGE_URL.exec(url) : null;
  if (!match) return null;
  const hash = match[1]!;
  return { image: `${hash}.${match[2]!}`, variants: IMAGE_VARIANT_WIDTHS.map((width) => `${hash}-w${width}.webp`) };
}

/** The Content-Type of a media file, by its extension. */
export function mediaContentType(name: string): string {
  const types: Readonly<Record<string, string>> = STORED_IMAGE_TYPES;
  return types[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** `src` and `srcSet` for an `img` field; other URLs (the logo, data URLs) pass through as `src`. */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  const match = STORED_IMAGE_URL.exec(url);
  if (!match) return { src: url };
  const hash = match[1]!;
  return { src: url, srcSet: IMAGE_VARIANT_WIDTHS.map((width) => `${variantUrl(hash, width)} ${width}w`).join(', ') };
}
