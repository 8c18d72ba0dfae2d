/**
 * Image files for upload tests, made with sharp in a temporary directory.
 *
 *     const files = await imageFiles();
 *     const banner = await files.png('banner-a', 1900, 370, '#0b6e4f');
 *     await page.getByLabel('Add banner images').setInputFiles([banner]);
 *     expect(storedUrl(banner)).toBe('/media/<sha256>.png');  // what the server will store it as
 *     await files.cleanup();
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { phonePhoto, textFile } from '../../security/support/images';

export async function imageFiles() {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-images-'));
  return {
    dir,
    /** A real PNG of this size and colour. */
    png: async (name: string, width: number, height: number, colour: string): Promise<string> => {
      const path = join(dir, `${name}.png`);
      await sharp({ create: { width, height, channels: 3, background: colour } })
        .png()
        .toFile(path);
      return path;
    },
    /**
     * A PNG of random pixels (noise does not compress) of about `bytes` bytes: the largest upload
     * allowed, to go through the same path as any other.
     */
    noisePng: async (name: string, bytes: number): Promise<string> => {
      const side = Math.floor(Math.sqrt(bytes / 3.003));
      const path = join(dir, `${name}.png`);
      await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 9 })
        .toFile(path);
      return path;
    },
    /** A JPEG, saved under `fileName` (for example `photo.png`, a JPEG dressed up as a PNG). */
    jpeg: async (fileName: string, width = 200, height = 200): Promise<string> => {
      const path = join(dir, fileName);
      await sharp({ create: { width, height, channels: 3, background: '#884422' } })
        .jpeg()
        .toFile(path);
      return path;
    },
    /** A phone photo stored sideways (`width` x `height`) with EXIF orientation 6, GPS and an ICC profile (phonePhoto). */
    phonePhoto: async (fileName: string, width: number, height: number): Promise<string> => {
      const path = join(dir, fileName);
      await writeFile(path, await phonePhoto('jpeg', width, height));
      return path;
    },
    /** A text file under an image's name (`notes.jpg`). */
    text: async (fileName: string): Promise<string> => {
      const path = join(dir, fileName);
      await writeFile(path, textFile());
      return path;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The URL the server stores an uploaded PNG at: `/media/<sha256 of its bytes>.png`. */
export async function storedUrl(path: string): Promise<string> {
  return `/media/${createHash('sha256')
    .update(await readFile(path))
    .digest('hex')}.png`;
}

/**
 * From now on, every file the page POSTs to an upload target (the local /uploads/<id>, or S3's
 * presigned POST in the cloud) carries `bytes` instead: what a tampered browser would send, so
 * the server's own refusal at Save can be seen (the browser refuses anything it cannot prepare
 * itself, decision 0276). The file is the form's last part (shared/image-upload.ts).
 */
export async function sendInsteadOfChosenFiles(page: Page, bytes: Buffer): Promise<void> {
  await page.route(
    (url) => !url.pathname.endsWith('/graphql'),
    async (route) => {
      const request = route.request();
      const body = request.postDataBuffer();
      const boundary = /boundary=(.+)$/.exec((await request.headerValue('content-type')) ?? '')?.[1];
      if (request.method() !== 'POST' || !body || !boundary) return route.continue();
      const lastPart = body.lastIndexOf(`--${boundary}\r\n`);
      const content = body.indexOf('\r\n\r\n', lastPart) + 4;
      const end = body.lastIndexOf(`\r\n--${boundary}--`);
      return route.continue({ postData: Buffer.concat([body.subarray(0, content), bytes, body.subarray(end)]) });
    },
  );
}
