/**
 * Image uploads in the cloud, behind the UploadInbox the image pipeline reads from
 * (server/media/images.ts): an S3 presigned POST into the media bucket's private `uploads/`
 * prefix, so the file goes from the browser to S3 and never through AppSync or Lambda payloads.
 *
 * S3 itself holds the POST to its policy: this exact key, 1 byte to MAX_IMAGE_BYTES
 * (`content-length-range`), before it expires (UPLOAD_TTL_SECONDS). The key holds a digest of the
 * admin's id, so `take` finds only the caller's own uploads. A presigned POST may be sent again
 * until it expires, so `take` first leaves a marker (`<key>.taken`, written only if absent) and
 * deletes the object whatever happens: an id is taken once. Objects and markers the bucket's
 * lifecycle rule deletes after a day (the POST is long dead by then); CloudFront is denied the
 * prefix (amplify/backend.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
// Types only from the image pipeline: amplify/backend.ts imports this file at synth, without sharp.
import type { UploadInbox } from '../../../server/media/images';
import { validationError } from '../../../server/errors';
import {
  IMAGE_UPLOAD_MESSAGES,
  MAX_IMAGE_BYTES,
  UPLOAD_ID,
  UPLOAD_TTL_SECONDS,
  type ImageUploadTarget,
} from '../../../shared/image-upload';

export const UPLOAD_KEY_PREFIX = 'uploads/';

/** A condition of a POST policy, as S3 takes them. */
export type PostCondition = ['content-length-range', number, number];

/** The S3 calls uploads make (s3-client.ts adapts the SDK; tests use a Map). */
export interface UploadObjectPort {
  presignPost(key: string, conditions: PostCondition[], expiresSeconds: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** Writes an empty object at `key` unless one is there (atomically in S3); whether it wrote. */
  putIfAbsent(key: string): Promise<boolean>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

/** `uploads/<digest of the admin's id>/<id>`: no caller-chosen text ever reaches a key. */
export function uploadKey(userId: string, id: string): string {
  if (!UPLOAD_ID.test(id)) throw new Error(`not an upload id: ${id}`);
  return `${UPLOAD_KEY_PREFIX}${createHash('sha256').update(userId).digest('hex').slice(0, 32)}/${id}`;
}

export class S3UploadInbox implements UploadInbox {
  constructor(
    private readonly objects: UploadObjectPort,
    private readonly now: () => number = Date.now,
  ) {}

  async open(userId: string): Promise<ImageUploadTarget> {
    const id = randomBytes(16).toString('hex');
    const expiresAt = new Date(this.now() + UPLOAD_TTL_SECONDS * 1000).toISOString();
    const { url, fields } = await this.objects.presignPost(
      uploadKey(userId, id),
      [['content-length-range', 1, MAX_IMAGE_BYTES]],
      UPLOAD_TTL_SECONDS,
    );
    return { id, url, fields: Object.entries(fields).map(([name, value]) => ({ name, value })), expiresAt };
  }

  async take(userId: string, id: string): Promise<Buffer | null> {
    const key = uploadKey(userId, id);
    const size = await this.objects.size(key);
    if (size === null || !(await this.objects.putIfAbsent(`${key}.taken`))) return null;
    try {
      // S3 enforces the policy's range; checked again so no other writer of the prefix can make us read more.
      if (size > MAX_IMAGE_BYTES) throw validationError(IMAGE_UPLOAD_MESSAGES.tooLarge);
      return await this.objects.get(key);
    } finally {
      await this.objects.remove(key);
    }
  }
}
