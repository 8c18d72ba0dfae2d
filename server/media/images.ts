/**
 * The image pipeline: a PNG (checked by its signature, not its name) is stored as is and as WebP
 * variants by width, all stored (flushed to disk, or in S3 in the cloud) before the URL is
 * returned, so a record never points at a missing file. Pages use the variants through
 * `responsiveImage` (shared/media.ts).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../errors';
import { IMAGE_VARIANT_WIDTHS } from '../../shared/media';

/**
 * Where images go: the data directory locally (MediaStore), S3 in the cloud. Names are
 * content-addressed (`<sha256>.png`, `<sha256>-w<width>.webp`); URLs are `/media/<name>`.
 */
export interface ImageStore {
  /** Stores bytes under their SHA-256 and returns the URL. Idempotent. */
  put(bytes: Buffer, extension: 'png' | 'webp'): string | Promise<string>;
  /** Stores a derived file (a variant) under a name of ours. */
  putNamed(name: string, bytes: Buffer): string | Promise<string>;
  exists(name: string): boolean | Promise<boolean>;
}

export const MAX_PNG_BYTES = 5 * 1024 * 1024;
export const MAX_PIXELS = 4096 * 4096;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL_PREFIX = 'data:image/png;base64,';

const invalid = (message: string) => new AppError('ValidationError', message);

export function isPng(bytes: Buffer): boolean {
  return bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

/** Decodes a `data:image/png;base64,...` URL as the browser's FileReader produces it. */
export function decodePngDataUrl(dataUrl: string): Buffer {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) throw invalid('Only .png images can be uploaded');
  const base64 = dataUrl.slice(DATA_URL_PREFIX.length);
  if (base64.length > Math.ceil(MAX_PNG_BYTES / 3) * 4 + 4) throw invalid(`The image is larger than ${MAX_PNG_BYTES / 1024 / 1024} MB`);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw invalid('The image data is not valid base64');
  return Buffer.from(base64, 'base64');
}

/**
 * Validates a PNG, stores it and its WebP variants, and returns the PNG's URL. The image is
 * decoded whole (every variant rendered) before anything is stored, so a file that passes the
 * header check but cannot be decoded leaves nothing behind (issue 13: it stayed stored and public).
 */
export async function storePng(media: ImageStore, png: Buffer): Promise<string> {
  if (png.length > MAX_PNG_BYTES) throw invalid(`The image is larger than ${MAX_PNG_BYTES / 1024 / 1024} MB`);
  if (!isPng(png)) throw invalid('Only .png images can be uploaded');
  let variants: Array<{ target: number; webp: Buffer }>;
  try {
    const metadata = await sharp(png, { limitInputPixels: MAX_PIXELS }).metadata();
    if (metadata.format !== 'png' || !metadata.width || !metadata.height) throw new Error('not a png');
    const width = metadata.width;
    variants = await Promise.all(IMAGE_VARIANT_WIDTHS.map(async (target) => ({
      target,
      webp: await sharp(png, { limitInputPixels: MAX_PIXELS })
        .resize({ width: Math.min(target, width), withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer(),
    })));
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw invalid('The image has too many pixels (at most 4096 x 4096)');
    throw invalid('The file is not a readable PNG image');
  }
  const name = createHash('sha256').update(png).digest('hex');
  // Variants first: the PNG's URL is what records hold, so it exists only once they all do.
  for (const { target, webp } of variants) {
    if (!(await media.exists(`${name}-w${target}.webp`))) await media.putNamed(`${name}-w${target}.webp`, webp);
  }
  await media.put(png, 'png');
  return `/media/${name}.png`;
}
