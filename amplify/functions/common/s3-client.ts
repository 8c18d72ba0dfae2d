/** The real S3 behind ObjectPort, UploadObjectPort and OutboxObjectPort. */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { ObjectPort } from './s3-images';
import type { OutboxObjectPort } from './s3-outbox';
import type { TillObjectPort } from './s3-till-inbox';
import type { UploadObjectPort } from './s3-uploads';

const isMissing = (error: unknown) => error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey');

export function sdkObjectPort(bucket: string, client = new S3Client({})): ObjectPort {
  return {
    exists: async (key) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    put: async (key, bytes, contentType, cacheControl) => {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: cacheControl }),
      );
    },
  };
}

export function sdkUploadPort(bucket: string, client = new S3Client({})): UploadObjectPort {
  return {
    presignPost: async (key, conditions, expiresSeconds) =>
      createPresignedPost(client, { Bucket: bucket, Key: key, Conditions: conditions, Expires: expiresSeconds }),
    putIfAbsent: async (key) => {
      try {
        // HEAD first for stores that ignore If-None-Match (s3rver in the emulation); S3 itself decides a race.
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return false;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: '', IfNoneMatch: '*' }));
        return true;
      } catch (error) {
        if (error instanceof Error && (error.name === 'PreconditionFailed' || error.name === 'ConditionalRequestConflict')) return false;
        throw error;
      }
    },
    size: async (key) => {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    get: async (key) =>
      Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray()),
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

/** Every page of a listing under `prefix` (with `/` as the delimiter: the prefix's own objects only when `direct`). */
async function listAll(client: S3Client, bucket: string, prefix: string, direct: boolean) {
  const objects: Array<{ key: string; at: number; bytes: number }> = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token, Delimiter: direct ? '/' : undefined }),
    );
    for (const object of page.Contents ?? [])
      if (object.Key) objects.push({ key: object.Key, at: object.LastModified?.getTime() ?? 0, bytes: object.Size ?? 0 });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

const getOrNull = async (client: S3Client, bucket: string, key: string, most?: number) => {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    // Larger than the most the caller reads (an object put again since it was listed): its body is
    // left unread, and the answer only says so by its length (decision 0383).
    if (most !== undefined && (object.ContentLength ?? 0) > most) {
      (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
      return Buffer.alloc(most + 1);
    }
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
};

export function sdkTillPort(bucket: string, client = new S3Client({})): TillObjectPort {
  return {
    list: (prefix) => listAll(client, bucket, prefix, true),
    get: (key, most) => getOrNull(client, bucket, key, most),
    put: async (key, bytes, contentType) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    move: async (from, to) => {
      try {
        await client.send(
          new CopyObjectCommand({ Bucket: bucket, CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`, Key: to }),
        );
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: from }));
    },
  };
}

export function sdkOutboxPort(bucket: string, client = new S3Client({})): OutboxObjectPort {
  return {
    put: async (key, bytes, contentType) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    keys: async (prefix) => (await listAll(client, bucket, prefix, false)).map((object) => object.key),
    get: (key) => getOrNull(client, bucket, key),
  };
}
