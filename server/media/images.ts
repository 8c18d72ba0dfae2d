/**
 * The image pipeline (decision 0276): a JPEG, PNG or WebP (its type decided by its first bytes, not
 * its name) is turned upright from its EXIF orientation, re-encoded in its own type WITHOUT its
 * metadata (EXIF with GPS, XMP, IPTC, comments, ICC: sharp writes none unless told to, and converts
 * to sRGB first), and stored with WebP variants by width, all stored (flushed to disk, or in S3 in
 * the cloud) before the URL is returned, so a record never points at a missing file. Pages use the
 * variants through `responsiveImage` (shared/media.ts). The file arrives through an UploadInbox
 * (shared/image-upload.ts).
 */
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../errors';
import { IMAGE_VARIANT_WIDTHS, type StoredImageExtension } from '../../shared/media';
import {
  IMAGE_UPLOAD_MESSAGES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  sniffImageType,
  UPLOAD_ID,
  type ImageType,
  type ImageUploadTarget,
} from '../../shared/image-upload';

/**
 * Where images go: the data directory locally (MediaStore), S3 in the cloud. Names are
 * content-addressed (`<sha256>.<png|jpg|webp>`, `<sha256>-w<width>.webp`); URLs are `/media/<name>`.
 */
export interface ImageStore {
  /** Stores a file under a media name of ours and returns its URL. Idempotent. */
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
   * another caller's). Refuses a file over MAX_IMAGE_BYTES without reading it.
   */
  take(userId: string, id: string): Promise<Buffer | null>;
}

const invalid = (message: string) => new AppError('ValidationError', message);

/** How each accepted type is stored: its extension and its encoder (quality high enough to re-encode a photo unseen). */
const STORED_AS: Record<ImageType, { extension: StoredImageExtension; encode: (image: Sharp) => Sharp }> = {
  jpeg: { extension: 'jpg', encode: (image) => image.jpeg({ quality: 88 }) },
  png: { extension: 'png', encode: (image) => image.png() },
  webp: { extension: 'webp', encode: (image) => image.webp({ quality: 88 }) },
};

/**
 * sharp refuses an image whose header claims more than MAX_IMAGE_PIXELS before decoding a pixel,
 * so a decompression bomb (a small file claiming 20000 x 20000) costs a header read, not 1.6 GB.
 */
const decoder = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });

/** The upload `id` of this caller, checked and stored as the image pipeline stores every image. */
/** Staff's image uploads: a target to send the file to, then the file stored (the media feature's service). */
export interface ImageUploads {
  open(userId: string): Promise<ImageUploadTarget>;
  store(userId: string, id: string): Promise<string>;
}

export const imageUploads = (media: ImageStore, inbox: UploadInbox): ImageUploads => ({
  open: (userId) => inbox.open(userId),
  store: (userId, id) => storeUploadedImage(media, inbox, userId, id),
});

export async function storeUploadedImage(media: ImageStore, inbox: UploadInbox, userId: string, id: string): Promise<string> {
  const bytes = UPLOAD_ID.test(id) ? await inbox.take(userId, id) : null;
  if (!bytes) throw invalid(IMAGE_UPLOAD_MESSAGES.notFound);
  return storeImage(media, bytes);
}

/**
 * Validates an image, stores it upright and without metadata with its WebP variants, and returns
 * its URL (`/media/<sha256 of the bytes received>.<extension>`: the same file uploaded twice is
 * stored once). The image is decoded whole (every file rendered) before anything is stored, so a
 * file that passes the header check but cannot be decoded leaves nothing behind (decision 0146:
 * it stayed stored and public).
 */
export async function storeImage(media: ImageStore, bytes: Buffer): Promise<string> {
  if (bytes.length > MAX_IMAGE_BYTES) throw invalid(IMAGE_UPLOAD_MESSAGES.tooLarge);
  const type = sniffImageType(bytes.subarray(0, 12));
  if (type === 'heic') throw invalid(IMAGE_UPLOAD_MESSAGES.heic);
  if (!type) throw invalid(IMAGE_UPLOAD_MESSAGES.notImage);
  const stored = STORED_AS[type];
  let image: Buffer;
  let variants: Array<{ target: number; webp: Buffer }>;
  try {
    const metadata = await decoder(bytes).metadata();
    if (metadata.format !== type) throw new Error(`${metadata.format} is not ${type}`);
    // Decoded, turned upright and made sRGB once, as raw pixels (no metadata can follow them);
    // every file is encoded from those (decoding and rotating five times cost five times as much).
    const { data, info } = await decoder(bytes).autoOrient().raw().toBuffer({ resolveWithObject: true });
    const upright = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    [image, ...variants] = await Promise.all([
      stored.encode(upright()).toBuffer(),
      ...IMAGE_VARIANT_WIDTHS.map(async (target) => ({
        target,
        webp: await upright()
          .resize({ width: Math.min(target, info.width), withoutEnlargement: true })
          .webp({ quality: 78, effort: 4 })
          .toBuffer(),
      })),
    ]);
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw invalid(IMAGE_UPLOAD_MESSAGES.tooManyPixels);
    throw invalid(IMAGE_UPLOAD_MESSAGES.unreadable);
  }
  const name = createHash('sha256').update(bytes).digest('hex');
  // Variants first: the image's URL is what records hold, so it exists only once they all do.
  for (const { target, webp } of variants) {
    if (!(await media.exists(`${name}-w${target}.webp`))) await media.putNamed(`${name}-w${target}.webp`, webp);
  }
  return media.putNamed(`${name}.${stored.extension}`, image);
}
