/**
 * The emulated media bucket (s3rver behind its front), through the S3 SDK of the deploy tooling
 * (`npm run amplify:install`): what a test lists, reads and puts there as an operator would.
 */
import { createRequire } from 'node:module';

interface S3Sdk {
  S3Client: new (config: Record<string, unknown>) => { send(command: unknown): Promise<Record<string, any>> };
  ListObjectsV2Command: new (input: Record<string, unknown>) => unknown;
  GetObjectCommand: new (input: Record<string, unknown>) => unknown;
  PutObjectCommand: new (input: Record<string, unknown>) => unknown;
}

export function mediaBucket() {
  const sdk = createRequire(new URL('../../../amplify/package.json', import.meta.url))('@aws-sdk/client-s3') as S3Sdk;
  const client = new sdk.S3Client({
    endpoint: process.env.CLOUD_S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const Bucket = process.env.CLOUD_MEDIA_BUCKET;
  return {
    /** Every key under `prefix` (one page: the tests keep fewer than 1,000). */
    keys: async (prefix: string) =>
      ((await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix }))).Contents ?? []).map(
        (object: { Key: string }) => object.Key,
      ) as string[],
    text: async (key: string) =>
      (await (await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }))).Body.transformToString()) as string,
    put: async (key: string, body: string | Buffer, contentType = 'text/csv') => {
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
  };
}
