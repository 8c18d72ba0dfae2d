/**
 * The upload rule, once for the browser, the local server and the Lambda functions (design §3,
 * product §5, decision 0276): a JPEG, PNG or WebP, decided by its first bytes (never its name or
 * the type the browser claims), at most 5 MB and 4096 x 4096 pixels. HEIC is recognised only to
 * say why it is refused (this build of sharp, like Chromium, cannot decode it). An upload is two
 * calls: `requestImageUpload` gives a short-lived, single-use target (a URL and form fields), the
 * browser POSTs the file there as multipart/form-data (fields in order, the file last), then
 * `storeUploadedImage(id)` checks it, stores it upright and without metadata under /media/ and
 * consumes the upload.
 */
export type ImageType = 'jpeg' | 'png' | 'webp';
export const IMAGE_MIME: Readonly<Record<ImageType, string>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/**
 * The file inputs' `accept`. iOS Safari is reported to convert HEIC photos to JPEG for an input
 * that does not list HEIC (decision 0276; not tried here, there is no iPhone).
 */
export const IMAGE_INPUT_ACCEPT = Object.values(IMAGE_MIME).join(',');
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 4096 * 4096;
/** The browser shrinks a chosen picture to this many pixels on its long side before sending it. */
export const MAX_SENT_IMAGE_SIDE = 2000;
/**
 * The largest file the browser will try to shrink (a 50-megapixel phone photo is about 15 MB):
 * bigger ones are refused at once rather than decoded in the tab. Only what is sent must be 5 MB.
 */
export const MAX_CHOSEN_IMAGE_BYTES = 40 * 1024 * 1024;
/** How long a target accepts the file: enough for 5 MB on a slow line, short enough to be worth little if leaked. */
export const UPLOAD_TTL_SECONDS = 300;
/** An upload's id: 128 random bits in hex. Anything else (a path, a key of ours) is refused before any lookup. */
export const UPLOAD_ID = /^[a-f0-9]{32}$/;
/** The form field that carries the file; S3 takes it only after every other field. */
export const UPLOAD_FILE_FIELD = 'file';
/** How many of a file's first bytes `sniffImageType` reads. */
export const IMAGE_SNIFF_BYTES = 12;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
/** ISO BMFF brands of HEIF files holding HEVC pictures (what iPhones write); AVIF's are not among them. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);

/**
 * What a file's first bytes (at least IMAGE_SNIFF_BYTES) say it is: one of the accepted types,
 * 'heic' (recognised, refused with its own message), or null.
 */
export function sniffImageType(head: Uint8Array): ImageType | 'heic' | null {
  if (head.length >= 8 && PNG_SIGNATURE.every((byte, index) => head[index] === byte)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(head, 8, 12))) return 'heic';
  return null;
}

/** Width and height scaled down (never up) so that the long side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide = MAX_SENT_IMAGE_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export const IMAGE_UPLOAD_MESSAGES = {
  notImage: 'Only JPEG, PNG and WebP images can be uploaded',
  heic: 'HEIC photos cannot be read here: send the photo as JPEG (on an iPhone, Settings > Camera > Formats > Most Compatible)',
  tooLarge: `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  chosenTooLarge: `The file is larger than ${MAX_CHOSEN_IMAGE_BYTES / 1024 / 1024} MB`,
  tooManyPixels: 'The image has too many pixels (at most 4096 x 4096)',
  unreadable: 'The file is not a readable JPEG, PNG or WebP image',
  /** Expired, already used, never sent, someone else's, or not an id at all: one answer for all. */
  notFound: 'The upload was not found or has expired; choose the image again',
} as const;

/** What `requestImageUpload` returns: POST the fields, then the file, to `url`. */
export interface ImageUploadTarget {
  id: string;
  url: string;
  fields: Array<{ name: string; value: string }>;
  expiresAt: string;
}
