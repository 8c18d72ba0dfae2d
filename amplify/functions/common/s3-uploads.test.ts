/** Uploads in S3 (presigned POST into uploads/): the policy asked for, the key, single use, the size check. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { storeUploadedImage } from '../../../server/media/images';
import { IMAGE_UPLOAD_MESSAGES, MAX_IMAGE_BYTES, UPLOAD_TTL_SECONDS } from '../../../shared/image-upload';
import { S3ImageStore, type ObjectPort } from './s3-images';
import { S3UploadInbox, uploadKey, type PostCondition, type UploadObjectPort } from './s3-uploads';

function memoryBucket() {
  const objects = new Map<string, Buffer>();
  const presigned: Array<{ key: string; conditions: PostCondition[]; expiresSeconds: number }> = [];
  const uploads: UploadObjectPort = {
    presignPost: async (key, conditions, expiresSeconds) => {
      presigned.push({ key, conditions, expiresSeconds });
      return { url: 'https://bucket.s3.amazonaws.com/', fields: { key, Policy: 'p', 'X-Amz-Signature': 's' } };
    },
    putIfAbsent: async (key) => !objects.has(key) && Boolean(objects.set(key, Buffer.alloc(0))),
    size: async (key) => objects.get(key)?.length ?? null,
    get: async (key) => objects.get(key)!,
    remove: async (key) => {
      objects.delete(key);
    },
  };
  const media: ObjectPort = {
    exists: async (key) => objects.has(key),
    put: async (key, bytes) => {
      objects.set(key, bytes);
    },
  };
  return { objects, presigned, uploads, store: new S3ImageStore(media) };
}

describe('S3UploadInbox', () => {
  it('asks S3 for a POST to one key under uploads/, 1 byte to 5 MB, for UPLOAD_TTL_SECONDS', async () => {
    const { presigned, uploads } = memoryBucket();
    const target = await new S3UploadInbox(uploads, () => 0).open('admin-1');
    expect(presigned).toEqual([
      {
        key: uploadKey('admin-1', target.id),
        conditions: [['content-length-range', 1, MAX_IMAGE_BYTES]],
        expiresSeconds: UPLOAD_TTL_SECONDS,
      },
    ]);
    expect(uploadKey('admin-1', target.id)).toMatch(new RegExp(`^uploads/[a-f0-9]{32}/${target.id}$`));
    expect(target).toMatchObject({ url: 'https://bucket.s3.amazonaws.com/', expiresAt: new Date(UPLOAD_TTL_SECONDS * 1000).toISOString() });
    expect(target.fields.map((field) => field.name)).toEqual(['key', 'Policy', 'X-Amz-Signature']);
  });

  it("stores the caller's own upload once, refusing it to anyone else, and leaves only the marker and the resent file", async () => {
    const { objects, uploads, store } = memoryBucket();
    const inbox = new S3UploadInbox(uploads);
    const { id } = await inbox.open('admin-1');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#335577' } })
      .png()
      .toBuffer();
    objects.set(uploadKey('admin-1', id), png);
    await expect(storeUploadedImage(store, inbox, 'admin-2', id)).rejects.toThrow(IMAGE_UPLOAD_MESSAGES.notFound);
    expect(await storeUploadedImage(store, inbox, 'admin-1', id)).toMatch(/^\/media\/[a-f0-9]{64}\.png$/);
    // The POST sent again before it expires: the id is still spent.
    objects.set(uploadKey('admin-1', id), png);
    await expect(storeUploadedImage(store, inbox, 'admin-1', id)).rejects.toThrow(IMAGE_UPLOAD_MESSAGES.notFound);
    // What the second POST left waits for the lifecycle rule.
    expect([...objects.keys()].filter((key) => key.startsWith('uploads/')).sort()).toEqual([
      uploadKey('admin-1', id),
      `${uploadKey('admin-1', id)}.taken`,
    ]);
  });

  it('refuses a file over 5 MB without reading it, and ids that are not ids', async () => {
    const { objects, uploads, store } = memoryBucket();
    const inbox = new S3UploadInbox(uploads);
    const { id } = await inbox.open('admin-1');
    objects.set(uploadKey('admin-1', id), Buffer.alloc(MAX_IMAGE_BYTES + 1));
    await expect(storeUploadedImage(store, inbox, 'admin-1', id)).rejects.toThrow(IMAGE_UPLOAD_MESSAGES.tooLarge);
    expect(objects.has(uploadKey('admin-1', id))).toBe(false);
    for (const bad of ['../media/x.png', `${id}/..`, id.toUpperCase(), '']) {
      await expect(storeUploadedImage(store, inbox, 'admin-1', bad)).rejects.toThrow(IMAGE_UPLOAD_MESSAGES.notFound);
    }
  });
});
