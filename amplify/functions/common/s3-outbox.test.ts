/** The outbox in the media bucket (decision 0366): the contract every outbox meets, on objects under outbox/. */
import { describe, expect, it } from 'vitest';
import { describeOutbox } from '../../../tests/support/outbox-contract';
import { OUTBOX_KEY_PREFIX, S3OutboxFiles, type OutboxObjectPort } from './s3-outbox';

function memoryBucket() {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const port: OutboxObjectPort = {
    put: async (key, bytes, contentType) => {
      objects.set(key, { bytes, contentType });
    },
    keys: async (prefix) => [...objects.keys()].filter((key) => key.startsWith(prefix)),
    get: async (key) => objects.get(key)?.bytes ?? null,
  };
  return { objects, port };
}

describeOutbox('S3OutboxFiles', () => {
  const { objects, port } = memoryBucket();
  return {
    files: new S3OutboxFiles(port),
    stored: async () =>
      new Map(
        [...objects]
          .filter(([key]) => key.startsWith(OUTBOX_KEY_PREFIX))
          .map(([key, { bytes }]) => [key.slice(OUTBOX_KEY_PREFIX.length), bytes]),
      ),
  };
});

describe('S3OutboxFiles', () => {
  it('keeps each mail under outbox/ as a message, and reads nothing outside it', async () => {
    const { objects, port } = memoryBucket();
    objects.set('media/abc.png', { bytes: Buffer.from('png'), contentType: 'image/png' });
    const files = new S3OutboxFiles(port);
    await files.put('2026-11-28T16-22-17.123Z-1a2b3c4d.eml', Buffer.from('From: a'));
    expect(objects.get('outbox/2026-11-28T16-22-17.123Z-1a2b3c4d.eml')?.contentType).toBe('message/rfc822');
    expect(await files.names()).toEqual(['2026-11-28T16-22-17.123Z-1a2b3c4d.eml']);
    expect(await files.get('../media/abc.png')).toBeNull();
  });
});
