/**
 * Uploads through the API and /uploads/<id>: real JPEGs, PNGs and WebPs stored upright, without
 * metadata, with WebP variants (decision 0276); anything else refused, a pixel bomb at its header.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { responsiveImage } from '../../shared/media';
import { IMAGE_UPLOAD_MESSAGES, MAX_IMAGE_BYTES, UPLOAD_TTL_SECONDS } from '../../shared/image-upload';
import { postGraphQL, startTestServer, type TestServer } from '../../tests/support/test-server';
import { postToTarget, requestTarget, storeUpload, uploadImage, type GraphQLCaller } from '../../tests/support/image-upload';
import { isRedAt, jpegClaiming, metadataLeft, phonePhoto, pngClaiming, textFile } from '../../tests/security/support/images';

let server: TestServer;
let admin: string;
let now = Date.now();
beforeAll(async () => {
  server = await startTestServer({ overrides: { now: () => now } });
  admin = (await server.sessionFor(ROLE_ADMIN)).token;
});
afterAll(async () => {
  await server?.stop();
});

const as =
  (token: string | null): GraphQLCaller =>
  async (query, variables) =>
    (await postGraphQL(server, { query, variables }, token ? { authorization: token } : { 'x-api-key': server.apiKey })).body;
const upload = async (bytes: Buffer, token = admin) => uploadImage(as(token), bytes, server.url);
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7b1e3a' } })
    .png()
    .toBuffer();
const mediaFiles = () => readdirSync(server.media.dir).length;
const variantsOf = (url: string) =>
  responsiveImage(url)
    .srcSet!.split(', ')
    .map((entry) => entry.split(' ')[0]!);
const fetchBytes = async (path: string) => Buffer.from(await (await fetch(`${server.url}${path}`)).arrayBuffer());
const waitingUploads = () => readdirSync(join(server.dataDir, 'uploads')).length;

describe('image uploads', () => {
  it('stores a PNG and its WebP variants, all served immutably', async () => {
    const { url, body } = await upload(await png(1000, 500));
    expect(body.errors).toBeUndefined();
    expect(url).toMatch(/^\/media\/[a-f0-9]{64}\.png$/);
    const original = await fetch(`${server.url}${url}`);
    expect(original.headers.get('content-type')).toBe('image/png');
    const sources = responsiveImage(url!)
      .srcSet!.split(', ')
      .map((entry) => entry.split(' ')[0]!);
    expect(sources).toHaveLength(4);
    for (const source of sources) {
      const response = await fetch(`${server.url}${source}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const { width, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(format).toBe('webp');
      expect(width).toBe(Math.min(1000, Number(/-w(\d+)\.webp$/.exec(source)![1])));
    }
    expect(waitingUploads()).toBe(0);
  });

  it('gives a target by path, for a few minutes, with no fields', async () => {
    const { target } = await requestTarget(as(admin));
    expect(target).toMatchObject({ url: `/uploads/${target!.id}`, fields: [] });
    expect(Date.parse(target!.expiresAt) - now).toBe(UPLOAD_TTL_SECONDS * 1000);
  });

  it('is idempotent for the same bytes', async () => {
    const bytes = await png(20, 20);
    expect((await upload(bytes)).url).toBe((await upload(bytes)).url);
  });

  it.each([['jpeg', 'jpg', 'image/jpeg'] as const, ['webp', 'webp', 'image/webp'] as const])(
    'stores a sideways %s phone photo with GPS upright and without metadata, variants too',
    async (type, extension, contentType) => {
      const photo = await phonePhoto(type);
      expect(await metadataLeft(photo)).toEqual(['exif', 'gps', 'orientation', 'icc']);
      const { url, body } = await upload(photo);
      expect(body.errors).toBeUndefined();
      expect(url).toMatch(new RegExp(`^/media/[a-f0-9]{64}\\.${extension}$`));
      const stored = readFileSync(join(server.media.dir, url!.slice('/media/'.length)));
      const served = await fetch(`${server.url}${url}`);
      expect(served.headers.get('content-type')).toBe(contentType);
      expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
      for (const bytes of [stored, ...(await Promise.all(variantsOf(url!).map(async (source) => fetchBytes(source))))]) {
        expect(await sharp(bytes).metadata()).toMatchObject({ width: 40, height: 60 });
        expect(await metadataLeft(bytes)).toEqual([]);
        expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
      }
      // Turned the right way (clockwise): the mark stored top-left is now top-right.
      expect(await isRedAt(stored, 39, 0)).toBe(true);
      expect(await isRedAt(stored, 0, 0)).toBe(false);
    },
  );

  it('stores a PNG without the metadata it came with', async () => {
    const tagged = await sharp(await png(30, 20))
      .withMetadata({ orientation: 8 })
      .withExifMerge({ IFD0: { Make: 'PhoneMaker' } })
      .png()
      .toBuffer();
    expect(await metadataLeft(tagged)).toEqual(expect.arrayContaining(['exif', 'orientation']));
    const { url } = await upload(tagged);
    expect(url).toMatch(/\.png$/);
    const stored = await fetchBytes(url!);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 20, height: 30 });
    expect(await metadataLeft(stored)).toEqual([]);
  });

  it('refuses a 20000 x 20000 pixel bomb at its header, at once, and keeps serving', async () => {
    for (const bomb of [await jpegClaiming(20_000, 20_000), pngClaiming(20_000, 20_000)]) {
      const started = Date.now();
      const { body } = await upload(bomb);
      expect(body.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: IMAGE_UPLOAD_MESSAGES.tooManyPixels });
      expect(Date.now() - started).toBeLessThan(2000);
    }
    expect((await requestTarget(as(admin))).target?.id).toMatch(/^[a-f0-9]{32}$/);
  });

  it('refuses a text file named .jpg and sent as image/jpeg, by its content', async () => {
    const before = mediaFiles();
    const { target } = await requestTarget(as(admin));
    expect((await postToTarget(target!, textFile(), server.url, 'image/jpeg', 'notes.jpg')).status).toBe(204);
    expect((await storeUpload(as(admin), target!.id)).errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: IMAGE_UPLOAD_MESSAGES.notImage,
    });
    expect(mediaFiles()).toBe(before);
  });

  it.each([
    [
      'a GIF',
      async () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
      IMAGE_UPLOAD_MESSAGES.notImage,
    ],
    [
      'a HEIC photo',
      async () => Buffer.concat([Buffer.from('000000186674797068656963', 'hex'), Buffer.alloc(64)]),
      IMAGE_UPLOAD_MESSAGES.heic,
    ],
    ['a JPEG cut short', async () => (await phonePhoto()).subarray(0, 400), IMAGE_UPLOAD_MESSAGES.unreadable],
    ['a truncated PNG', async () => (await png(100, 100)).subarray(0, 40), IMAGE_UPLOAD_MESSAGES.unreadable],
    ['too many pixels', async () => png(5000, 4000), IMAGE_UPLOAD_MESSAGES.tooManyPixels],
  ])('refuses %s with a clear message and stores nothing', async (_label, make, message) => {
    const before = mediaFiles();
    const { body } = await upload(await make());
    expect(body.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message });
    expect(mediaFiles()).toBe(before);
    expect(waitingUploads()).toBe(0);
  });

  it('refuses a body over 5 MB while it streams (413), and spends the target', async () => {
    const { target } = await requestTarget(as(admin));
    const response = await postToTarget(target!, Buffer.alloc(MAX_IMAGE_BYTES + 1), server.url);
    expect(response.status).toBe(413);
    expect((await storeUpload(as(admin), target!.id)).errors?.[0]?.message).toBe(IMAGE_UPLOAD_MESSAGES.notFound);
  });

  it('takes one file per target, stores it once, only for the admin who asked, before it expires', async () => {
    const bytes = await png(30, 30);
    const { target } = await requestTarget(as(admin));
    expect((await postToTarget(target!, bytes, server.url)).status).toBe(204);
    expect((await postToTarget(target!, bytes, server.url)).status).toBe(403);
    const otherAdmin = (await server.sessionFor(ROLE_ADMIN)).token;
    expect((await storeUpload(as(otherAdmin), target!.id)).errors?.[0]?.message).toBe(IMAGE_UPLOAD_MESSAGES.notFound);
    expect((await storeUpload(as(admin), target!.id)).data?.storeUploadedImage).toMatch(/^\/media\//);
    expect((await storeUpload(as(admin), target!.id)).errors?.[0]?.message).toBe(IMAGE_UPLOAD_MESSAGES.notFound);

    const late = (await requestTarget(as(admin))).target!;
    now += UPLOAD_TTL_SECONDS * 1000;
    expect((await postToTarget(late, bytes, server.url)).status).toBe(403);
    const stale = (await requestTarget(as(admin))).target!;
    expect((await postToTarget(stale, bytes, server.url)).status).toBe(204);
    now += UPLOAD_TTL_SECONDS * 1000;
    expect((await storeUpload(as(admin), stale.id)).errors?.[0]?.message).toBe(IMAGE_UPLOAD_MESSAGES.notFound);
    expect(waitingUploads()).toBe(0);
  });

  it('is for admins only', async () => {
    const user = (await server.sessionFor(ROLE_USER)).token;
    for (const caller of [as(user), as(null)]) {
      expect((await requestTarget(caller)).body.errors?.[0]?.errorType).toBe('Unauthorized');
      expect((await storeUpload(caller, '0'.repeat(32))).errors?.[0]?.errorType).toBe('Unauthorized');
    }
  });
});
