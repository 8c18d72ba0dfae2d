/**
 * Image bytes for upload attempts: real PNGs and JPEGs (sharp), a phone photo taken sideways with
 * GPS in its EXIF, and files that only pretend to be images.
 *
 *     await pngBytes(4, 4)          // a valid 4x4 PNG
 *     pngClaiming(30000, 30000)     // a tiny file whose header claims 900 megapixels
 *     await phonePhoto()            // 60 x 40 pixels stored, orientation 6: upright it is 40 x 60
 *     await metadataLeft(stored)    // [] when a stored image carries no EXIF, GPS, XMP, IPTC or ICC
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

/** The GPS IFD pointer tag (0x8825) as it sits in a little-endian EXIF block. */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

/**
 * A phone photo as a camera writes it: the pixels stored sideways (60 x 40 unless told, a red mark
 * in the stored top-left corner) with EXIF orientation 6 (turn 90 degrees clockwise to view), the
 * maker and GPS position in EXIF, and a Display P3 ICC profile. Upright it is 40 x 60 with the
 * red mark top-right. In `type` (JPEG by default; WebP carries EXIF too).
 */
export async function phonePhoto(type: 'jpeg' | 'webp' = 'jpeg', width = 60, height = 40): Promise<Buffer> {
  const side = Math.round(height * 0.3);
  const mark = await sharp({ create: { width: side, height: side, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: '#1040c0' } }).composite([{ input: mark, left: 0, top: 0 }]);
  return (type === 'jpeg' ? image.jpeg({ quality: 95 }) : image.webp({ quality: 95 }))
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 30/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '73/1 36/1 5678/100' },
    })
    .withIccProfile('p3')
    .toBuffer();
}

/** The metadata an image still carries: any of exif, gps, orientation, xmp, iptc, icc, comments. */
export async function metadataLeft(bytes: Buffer): Promise<string[]> {
  const metadata = await sharp(bytes).metadata();
  return [
    metadata.exif ? 'exif' : '',
    metadata.exif?.includes(GPS_POINTER) ? 'gps' : '',
    metadata.orientation && metadata.orientation !== 1 ? 'orientation' : '',
    metadata.xmp ? 'xmp' : '',
    metadata.iptc ? 'iptc' : '',
    metadata.icc ? 'icc' : '',
    metadata.comments?.length ? 'comments' : '',
  ].filter(Boolean);
}

/** Whether the pixel at (x, y) is mostly red: where phonePhoto's mark ends up. */
export async function isRedAt(bytes: Buffer, x: number, y: number): Promise<boolean> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return data[at]! > 180 && data[at + 1]! < 90 && data[at + 2]! < 90;
}

/** A small real JPEG whose frame header (SOF0) is made to claim `width` x `height`: a decompression bomb's shape. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await jpegBytes());
  const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, frame + 5);
  bytes.writeUInt16BE(width, frame + 7);
  return bytes;
}

/** A text file, whatever it is named (`notes.jpg`). */
export const textFile = () => Buffer.from('Shopping list: 2 bottles of Rioja, 1 bag of ice.\n');
