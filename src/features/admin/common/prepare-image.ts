/**
 * A chosen picture made ready to send (decision 0276), in the browser, in the admin's lazily loaded
 * code only: decoded upright from its EXIF orientation (createImageBitmap with imageOrientation
 * 'from-image') and drawn at most MAX_SENT_IMAGE_SIDE pixels on its long side, so a 12-megapixel
 * phone photo of 6 MB goes out as a 2,000 px JPEG of well under 1 MB. Redrawing also leaves its
 * metadata (GPS included) behind; the server strips it again whatever it gets.
 *
 * JPEG and WebP are always redrawn (they are lossy already); a PNG of at most 5 MB that needs no
 * shrinking is sent as it is (a drawing stays lossless and small). A result over the server's
 * 5 MB is tried as WebP, then JPEG, before it is refused.
 */
import { fitWithin, IMAGE_MIME, IMAGE_UPLOAD_MESSAGES, MAX_IMAGE_BYTES, type ImageType } from '../../../../shared/image-upload';
import { checkChosenImage } from './image-file';

export type PreparedImage = { file: File } | { refusal: string };

/** What each type may be sent as, in order of preference (a browser that cannot encode one gives another type, which is skipped). */
const ENCODINGS: Record<ImageType, string[]> = {
  jpeg: [IMAGE_MIME.jpeg],
  webp: [IMAGE_MIME.webp, IMAGE_MIME.jpeg],
  png: [IMAGE_MIME.png, IMAGE_MIME.webp, IMAGE_MIME.jpeg],
};
const QUALITY = 0.9;
const EXTENSIONS: Record<string, string> = { [IMAGE_MIME.jpeg]: 'jpg', [IMAGE_MIME.png]: 'png', [IMAGE_MIME.webp]: 'webp' };

const toBlob = (canvas: HTMLCanvasElement, mime: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, mime, QUALITY));

/** `IMG_1234.HEIC.jpeg` -> `IMG_1234.HEIC.jpg`: the chosen name with the extension of what is sent. */
const renamed = (name: string, mime: string) => `${name.replace(/\.[a-z0-9]{1,5}$/i, '') || 'image'}.${EXTENSIONS[mime] ?? 'img'}`;

export async function prepareChosenImage(file: File): Promise<PreparedImage> {
  const checked = await checkChosenImage(file);
  if ('refusal' in checked) return checked;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { refusal: IMAGE_UPLOAD_MESSAGES.unreadable };
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const shrinks = size.width < bitmap.width || size.height < bitmap.height;
    if (checked.type === 'png' && !shrinks && file.size <= MAX_IMAGE_BYTES) return { file };
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return { refusal: IMAGE_UPLOAD_MESSAGES.unreadable };
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    for (const mime of ENCODINGS[checked.type]) {
      const blob = await toBlob(canvas, mime);
      if (blob && blob.type === mime && blob.size <= MAX_IMAGE_BYTES)
        return { file: new File([blob], renamed(file.name, mime), { type: mime }) };
    }
    return { refusal: IMAGE_UPLOAD_MESSAGES.tooLarge };
  } finally {
    bitmap.close();
  }
}
