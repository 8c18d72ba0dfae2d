/**
 * Checking a chosen image file and sending it to its upload target (product §5: .png only; the rule
 * itself is shared/image-upload.ts). `checkPngFile` is pure; `sendToUploadTarget` uses fetch.
 */
import {
  hasPngSignature,
  IMAGE_UPLOAD_MESSAGES,
  MAX_PNG_BYTES,
  PNG_MIME,
  PNG_SIGNATURE,
  UPLOAD_FILE_FIELD,
  type ImageUploadTarget,
} from '../../../../shared/image-upload';

/** product §8's toast when an upload fails for a reason the server does not name; the file's own refusals are IMAGE_UPLOAD_MESSAGES. */
export const IMAGE_MESSAGES = {
  uploadFailed: 'Error Uploading Image',
} as const;

/** The name and type of a chosen file (a `File` has both). */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

/**
 * Why this file cannot be uploaded, or null when it may be sent. The name must end in .png and
 * the type (when the browser gives one) be image/png; the server checks the real signature.
 */
export function checkPngFile(file: FileLike): string | null {
  const pngName = file.name.toLowerCase().endsWith('.png');
  const pngType = file.type === '' || file.type === PNG_MIME;
  if (!pngName || !pngType) return IMAGE_UPLOAD_MESSAGES.notPng;
  if (file.size > MAX_PNG_BYTES) return IMAGE_UPLOAD_MESSAGES.tooLarge;
  return null;
}

/**
 * The check every image input runs when a file is chosen (decision 0196): `checkPngFile`, then the
 * file's first 8 bytes must be the PNG signature, so a JPEG renamed .png is refused at once, not
 * at Save. The server still checks everything (pixels, a readable image).
 */
export async function checkChosenImage(file: FileLike & Pick<Blob, 'slice'>): Promise<string | null> {
  const refusal = checkPngFile(file);
  if (refusal) return refusal;
  try {
    const head = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
    return hasPngSignature(head) ? null : IMAGE_UPLOAD_MESSAGES.notPng;
  } catch {
    return IMAGE_UPLOAD_MESSAGES.notPng; // unreadable (moved or deleted since it was chosen)
  }
}

/**
 * POSTs the file to the target `requestImageUpload` gave, as an HTML form would: the target's
 * fields in order, the file last (S3 reads no field after it). The same for both backends: an S3
 * presigned POST in the cloud, the local server's /uploads/<id> (a path, resolved against the page).
 * Whether the target took it.
 */
export async function sendToUploadTarget(target: Pick<ImageUploadTarget, 'url' | 'fields'>, file: Blob): Promise<boolean> {
  const form = new FormData();
  for (const { name, value } of target.fields) form.append(name, value);
  form.append(UPLOAD_FILE_FIELD, file);
  const response = await fetch(new URL(target.url, window.location.href), { method: 'POST', body: form });
  return response.ok;
}
