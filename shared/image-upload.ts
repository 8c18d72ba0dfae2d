/**
 * The upload rule, once for the browser, the local server and the Lambda functions (design §3,
 * product §5): PNG only, at most 5 MB and 4096 x 4096 pixels. An upload is two calls:
 * `requestImageUpload` gives a short-lived, single-use target (a URL and form fields), the
 * browser POSTs the file there as multipart/form-data (fields in order, the file last), then
 * `storeUploadedImage(id)` checks it, stores it under /media/ and consumes the upload.
 */
export const PNG_MIME = 'image/png';
export const MAX_PNG_BYTES = 5 * 1024 * 1024;
export const MAX_PNG_PIXELS = 4096 * 4096;
/** How long a target accepts the file: enough for 5 MB on a slow line, short enough to be worth little if leaked. */
export const UPLOAD_TTL_SECONDS = 300;
/** An upload's id: 128 random bits in hex. Anything else (a path, a key of ours) is refused before any lookup. */
export const UPLOAD_ID = /^[a-f0-9]{32}$/;
/** The form field that carries the file; S3 takes it only after every other field. */
export const UPLOAD_FILE_FIELD = 'file';
/** The first 8 bytes of every PNG file. */
export const PNG_SIGNATURE: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Whether `head` (a file's first bytes) starts with the PNG signature. */
export function hasPngSignature(head: Uint8Array): boolean {
  return head.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, index) => head[index] === byte);
}

export const IMAGE_UPLOAD_MESSAGES = {
  notPng: 'Only .png images can be uploaded',
  tooLarge: `The image is larger than ${MAX_PNG_BYTES / 1024 / 1024} MB`,
  tooManyPixels: 'The image has too many pixels (at most 4096 x 4096)',
  unreadable: 'The file is not a readable PNG image',
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
