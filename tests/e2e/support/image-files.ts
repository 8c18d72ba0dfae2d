/**
 * Image files for upload tests, made with sharp in a temporary directory.
 *
 *     const files = await imageFiles();
 *     const banner = await files.png('banner-a', 1900, 370, '#0b6e4f');
 *     await page.getByLabel('Add banner images (.png)').setInputFiles([banner]);
 *     expect(storedUrl(banner)).toBe('/media/<sha256>.png');  // what the server will store it as
 *     await files.cleanup();
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

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
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The URL the server stores an uploaded PNG at: `/media/<sha256 of its bytes>.png`. */
export async function storedUrl(path: string): Promise<string> {
  return `/media/${createHash('sha256')
    .update(await readFile(path))
    .digest('hex')}.png`;
}
