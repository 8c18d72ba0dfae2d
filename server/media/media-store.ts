/**
 * Content-addressed image files under DATA_DIR/media. A file is written and flushed to disk
 * before its URL is returned, so no record can point at an image that a crash lost.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncPath } from '../durable-file';

export const MEDIA_URL_PREFIX = '/media/';
/** What records keep in `img`: the URL of an uploaded PNG (never one of its variants). */
export const STORED_IMAGE_URL = /^\/media\/([a-f0-9]{64})\.png$/;

/** The media file name behind a stored image URL (`<sha256>.png`), or null for any other text. */
export function storedImageName(url: unknown): string | null {
  const hash = typeof url === 'string' ? STORED_IMAGE_URL.exec(url)?.[1] : undefined;
  return hash ? `${hash}.png` : null;
}
const MEDIA_NAME = /^[a-f0-9]{64}(-w\d{2,4})?\.(png|webp)$/;
/** Whether a file name is one of ours (not, say, the temporary file of a write a crash cut short). */
export const isMediaName = (name: string) => MEDIA_NAME.test(name);
/** `<media name>.<pid>.<ms>.tmp`, what putNamed writes before renaming. */
const TEMP_NAME = /^[a-f0-9]{64}(-w\d{2,4})?\.(png|webp)\.\d+\.\d+\.tmp$/;

export class MediaStore {
  readonly dir: string;

  /**
   * One server owns a data directory, so a temporary file found at start belongs to a write that
   * a crash (kill -9, power loss) cut short: it is removed rather than left to pile up.
   */
  constructor(dataDir: string) {
    this.dir = join(dataDir, 'media');
    mkdirSync(this.dir, { recursive: true });
    for (const name of readdirSync(this.dir)) {
      if (TEMP_NAME.test(name)) rmSync(join(this.dir, name), { force: true });
    }
  }

  /** Stores bytes under their SHA-256 and returns the public URL. Idempotent. */
  put(bytes: Buffer, extension: 'png' | 'webp'): string {
    return this.putNamed(`${createHash('sha256').update(bytes).digest('hex')}.${extension}`, bytes);
  }

  /** Stores a derived file (a variant) under a name of ours; written and flushed, then renamed. */
  putNamed(name: string, bytes: Buffer): string {
    if (!MEDIA_NAME.test(name)) throw new Error(`not a media name: ${name}`);
    const path = join(this.dir, name);
    if (!existsSync(path)) {
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      const fd = openSync(temp, 'w');
      try {
        writeSync(fd, bytes);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, path);
      // The rename is durable only once the directory is flushed too (a power loss could
      // otherwise undo it after a record already points at the file).
      fsyncPath(this.dir);
    }
    return `${MEDIA_URL_PREFIX}${name}`;
  }

  exists(name: string): boolean {
    return MEDIA_NAME.test(name) && existsSync(join(this.dir, name));
  }

  /** The file behind a /media/ name, or null for anything that is not one of ours. */
  pathFor(name: string): string | null {
    return MEDIA_NAME.test(name) ? join(this.dir, name) : null;
  }
}
