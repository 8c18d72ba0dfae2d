/**
 * PNG files made on the spot: each one different (the media store is content-addressed, so a
 * repeated image would not exercise a new write), without sharp, so the tests spend their CPU on
 * the server rather than on making inputs.
 */
import { randomFillSync } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/**
 * An RGB PNG, unique per `label` (carried in a tEXt chunk). `noise` fills it with random pixels,
 * stored uncompressed: a large upload that is slow to resize.
 */
export function makePng(label: string, size = 8, noise = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rowBytes = 1 + size * 3;
  const raw = Buffer.alloc(rowBytes * size, 0x80);
  if (noise) randomFillSync(raw);
  for (let y = 0; y < size; y += 1) raw[y * rowBytes] = 0; // filter type "none" for every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from(`Comment\0${label}`, 'latin1')),
    chunk('IDAT', deflateSync(raw, { level: noise ? 0 : 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
