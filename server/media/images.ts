/**
 * The image pipeline: a PNG (checked by its signature, not its name) is stored as is and as WebP
 * variants by width, all stored (flushed to disk, or in S3 in the cloud) before the URL is
 * returned, so a record never points at a missing file. Pages use the variants through
 * `responsiveImage` (shared/media.ts). The file arrives through an UploadInbox (shared/image-upload.ts).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../errors';
import { IMAGE_VARIANT_WIDTHS } from '../../shared/media';
import { IMAGE_UPLOAD_MESSAGES, MAX_PNG_BYTES, MAX_PNG_PIXELS, UPLOAD_ID, type ImageUploadTarget } from '../../shared/image-upload';

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

/**
 * Where an uploaded file waits for `storeUploadedImage`: DATA_DIR/uploads behind the local
 * server's POST /uploads/<id> (upload-inbox.ts), the bucket's private uploads/ prefix behind an
 * S3 presigned POST in the cloud (amplify/functions/common/s3-uploads.ts).
 */
export interface UploadInbox {
  /** A new single-use target for this caller, valid UPLOAD_TTL_SECONDS. */
  open(userId: string): Promise<ImageUploadTarget>;
  /**
   * The bytes this caller uploaded under `id` (a valid UPLOAD_ID), removed from the inbox whatever
   * happens next, so an id is used once; null when there are none (never sent, expired, used, or
   * another caller's). Refuses a file over MAX_PNG_BYTES without reading it.
   */
  take(userId: string, id: string): Promise<Buffer | null>;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const invalid = (message: string) => new AppError('ValidationError', message);

export function isPng(bytes: Buffer): boolean {
  return bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

/** The upload `id` of this caller, checked and stored as the image pipeline stores every image. */
export async function storeUploadedImage(media: ImageStore, inbox: UploadInbox, userId: string, id: string): Promise<string> {
  const png = UPLOAD_ID.test(id) ? await inbox.take(userId, id) : null;
  if (!png) throw invalid(IMAGE_UPLOAD_MESSAGES.notFound);
  return storePng(media, png);
}

/**
 * Validates a PNG, stores it and its WebP variants, and returns the PNG's URL. The image is
 * decoded whole (every variant rendered) before anything is stored, so a file that passes the
 * header check but cannot be decoded leaves nothing behind (decision 0146: it stayed stored and public).
 */
export async function storePng(media: ImageStore, png: Buffer): Promise<string> {
  if (png.length > MAX_PNG_BYTES) throw invalid(IMAGE_UPLOAD_MESSAGES.tooLarge);
  if (!isPng(png)) throw invalid(IMAGE_UPLOAD_MESSAGES.notPng);
  let variants: Array<{ target: number; webp: Buffer }>;
  try {
    const metadata = await sharp(png, { limitInputPixels: MAX_PNG_PIXELS }).metadata();
    if (metadata.format !== 'png' || !metadata.width || !metadata.height) throw new Error('not a png');
    const width = metadata.width;
    variants = await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (target) => ({
        target,
        webp: await sharp(png, { limitInputPixels: MAX_PNG_PIXELS })
          .resize({ width: Math.min(target, width), withoutEnlargement: true })
          .webp({ quality: 78, effort: 4 })
          .toBuffer(),
      })),
    );
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw invalid(IMAGE_UPLOAD_MESSAGES.tooManyPixels);
    throw invalid(IMAGE_UPLOAD_MESSAGES.unreadable);
  }
  const name = createHash('sha256').update(png).digest('hex');
  // Variants first: the PNG's URL is what records hold, so it exists only once they all do.
  for (const { target, webp } of variants) {
    if (!(await media.exists(`${name}-w${target}.webp`))) await media.putNamed(`${name}-w${target}.webp`, webp);
  }
  await media.put(png, 'png');
  return `/media/${name}.png`;
}
