/**
 * Image bytes for upload attempts: real PNGs (sharp), and files that only pretend to be one.
 *
 *     await pngBytes(4, 4)          // a valid 4x4 PNG
 *     pngClaiming(30000, 30000)     // a tiny file whose header claims 900 megapixels
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export const pngBytes = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7a1f2b' } })
    .png()
    .toBuffer();

export const jpegBytes = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#224466' } })
    .jpeg()
    .toBuffer();

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A well-formed PNG header claiming huge dimensions, with one row of data: a decompression bomb's shape. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The PNG signature followed by junk: passes a signature check, fails a real decoder. */
export const pngSignatureWithJunk = () => Buffer.concat([PNG_SIGNATURE, Buffer.from('<script>window.__pwned=1</script>'.repeat(20))]);
