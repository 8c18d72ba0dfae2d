/** The real S3 behind ObjectPort. */
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ObjectPort } from './s3-images';

export function sdkObjectPort(bucket: string, client = new S3Client({})): ObjectPort {
  return {
    exists: async (key) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return false;
        throw error;
      }
    },
    put: async (key, bytes, contentType, cacheControl) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: cacheControl }));
    },
  };
}
