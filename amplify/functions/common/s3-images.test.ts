/** The image pipeline (server/media/images.ts) storing in S3: keys, content types, cache headers. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { storeImage } from '../../../server/media/images';
import { IMAGE_VARIANT_WIDTHS } from '../../../shared/media';
import { S3ImageStore, type ObjectPort } from './s3-images';

function memoryBucket() {
  const objects = new Map<string, { bytes: Buffer; contentType: string; cacheControl: string }>();
  const port: ObjectPort = {
    exists: async (key) => objects.has(key),
    put: async (key, bytes, contentType, cacheControl) => {
      objects.set(key, { bytes, contentType, cacheControl });
    },
  };
  return { objects, port };
}

describe('S3ImageStore', () => {
  it('stores the PNG and its WebP variants under media/ and returns the same URL as the local server', async () => {
    const { objects, port } = memoryBucket();
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#7a1f2b' } })
      .png()
      .toBuffer();
    const url = await storeImage(new S3ImageStore(port), png);
    expect(url).toMatch(/^\/media\/[a-f0-9]{64}\.png$/);
    const hash = url.slice('/media/'.length, -'.png'.length);
    expect([...objects.keys()].sort()).toEqual(
      [`media/${hash}.png`, ...IMAGE_VARIANT_WIDTHS.map((width) => `media/${hash}-w${width}.webp`)].sort(),
    );
    expect(objects.get(`media/${hash}.png`)).toMatchObject({
      contentType: 'image/png',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(objects.get(`media/${hash}-w400.webp`)!.contentType).toBe('image/webp');
    expect(await new S3ImageStore(port).exists(`${hash}.png`)).toBe(true);
    expect(await new S3ImageStore(port).exists('../secret.png')).toBe(false);

    const puts = objects.size;
    expect(await storeImage(new S3ImageStore(port), png)).toBe(url);
    expect(objects.size).toBe(puts);
  });
});
