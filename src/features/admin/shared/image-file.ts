/**
 * Checking and reading an image file chosen for upload (SPEC §5: .png only, read as a data URL).
 * `checkPngFile` is pure; `readAsDataUrl` uses the browser's FileReader.
 */
export const PNG_MIME = 'image/png';
export const PNG_ACCEPT = 'image/png';
/** The server refuses bigger files (DESIGN §3); checked here too, so the visitor waits for nothing. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  notPng: 'Only .png images can be uploaded',
  tooLarge: 'The image is larger than 5 MB',
  unreadable: 'The image could not be read',
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
  if (!pngName || !pngType) return IMAGE_MESSAGES.notPng;
  if (file.size > MAX_UPLOAD_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/** The file's contents as a `data:` URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(IMAGE_MESSAGES.unreadable)));
    reader.onerror = () => reject(new Error(IMAGE_MESSAGES.unreadable));
    reader.readAsDataURL(file);
  });
}
