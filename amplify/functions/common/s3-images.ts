/**
 * Uploaded images in S3, behind the ImageStore interface the image pipeline
 * (server/media/images.ts) writes to. Keys are `media/<name>`, the same content-addressed names the
 * local server keeps on disk, and the URLs returned are the same `/media/<name>`: Amplify Hosting
 * rewrites `/media/*` to the media distribution (README "Deploy to AWS"), so the SPA and its
 * responsive `srcset` work unchanged.
 */
import type { ImageStore } from '../../../server/media/images';
import { isMediaName, MEDIA_URL_PREFIX } from '../../../server/media/media-store';
import { mediaContentType } from '../../../shared/media';

/** The S3 calls the store makes (s3-client.ts adapts the SDK; tests use a Map). */
export interface ObjectPort {
  exists(key: string): Promise<boolean>;
  put(key: string, bytes: Buffer, contentType: string, cacheControl: string): Promise<void>;
}

export const MEDIA_KEY_PREFIX = 'media/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export class S3ImageStore implements ImageStore {
  constructor(private readonly objects: ObjectPort) {}

  async putNamed(name: string, bytes: Buffer): Promise<string> {
    if (!isMediaName(name)) throw new Error(`not a media name: ${name}`);
    const key = `${MEDIA_KEY_PREFIX}${name}`;
    if (!(await this.objects.exists(key))) {
      await this.objects.put(key, bytes, mediaContentType(name), IMMUTABLE);
    }
    return `${MEDIA_URL_PREFIX}${name}`;
  }

  async exists(name: string): Promise<boolean> {
    return isMediaName(name) && this.objects.exists(`${MEDIA_KEY_PREFIX}${name}`);
  }
}
