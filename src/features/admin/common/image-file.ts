/**
 * Checking a chosen image file and sending it to its upload target (product §5: JPEG, PNG or WebP;
 * the rule itself is shared/image-upload.ts, decision 0276). `checkImageToSend` is pure;
 * `checkChosenImage` reads the file's first bytes; `sendToUploadTarget` uses fetch.
 */
import {
  IMAGE_SNIFF_BYTES,
  IMAGE_UPLOAD_MESSAGES,
  MAX_CHOSEN_IMAGE_BYTES,
  MAX_IMAGE_BYTES,
  sniffImageType,
  UPLOAD_FILE_FIELD,
  type ImageType,
  type ImageUploadTarget,
} from '../../../../shared/image-upload';

/** product §8's toast when an upload fails for a reason the server does not name; the file's own refusals are IMAGE_UPLOAD_MESSAGES. */
export const IMAGE_MESSAGES = {
  uploadFailed: 'Error Uploading Image',
} as const;

/** The size of a file about to be sent (a `File` has it). */
export interface FileLike {
  size: number;
}

/** Why this (prepared) file cannot be sent, or null when it may be: the server's 5 MB. */
export function checkImageToSend(file: FileLike): string | null {
  return file.size > MAX_IMAGE_BYTES ? IMAGE_UPLOAD_MESSAGES.tooLarge : null;
}

/**
 * The check every image input runs when a file is chosen (decision 0196): at most
 * MAX_CHOSEN_IMAGE_BYTES, and its first bytes must be a JPEG's, a PNG's or a WebP's, whatever its
 * name says, so a text file renamed .jpg is refused at once, not at Save. The type, or the reason.
 * The server still checks everything (pixels, a readable image).
 */
export async function checkChosenImage(file: FileLike & Pick<Blob, 'slice'>): Promise<{ type: ImageType } | { refusal: string }> {
  if (file.size > MAX_CHOSEN_IMAGE_BYTES) return { refusal: IMAGE_UPLOAD_MESSAGES.chosenTooLarge };
  let type: ReturnType<typeof sniffImageType>;
  try {
    type = sniffImageType(new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer()));
  } catch {
    return { refusal: IMAGE_UPLOAD_MESSAGES.notImage }; // unreadable (moved or deleted since it was chosen)
  }
  if (type === 'heic') return { refusal: IMAGE_UPLOAD_MESSAGES.heic };
  return type ? { type } : { refusal: IMAGE_UPLOAD_MESSAGES.notImage };
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
