/**
 * Content-addressed image files under DATA_DIR/media. A file is written and flushed to disk
 * before its URL is returned, so no record can point at an image that a crash lost.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncPath } from '../durable-file';
import { storedImageFiles } from '../../shared/media';

export const MEDIA_URL_PREFIX = '/media/';

/** The media file name behind a stored image URL (`<sha256>.png`, `.jpg` or `.webp`), or null for any other text. */
export const storedImageName = (url: unknown): string | null => storedImageFiles(url)?.image ?? null;

/** An image (`<sha256>.<png|jpg|webp>`) or one of its variants (`<sha256>-w<width>.webp`). */
const MEDIA_NAME_SOURCE = '[a-f0-9]{64}(?:\\.(?:png|jpg|webp)|-w\\d{2,4}\\.webp)';
const MEDIA_NAME = new RegExp(`^${MEDIA_NAME_SOURCE}$`);
/** Whether a file name is one of ours (not, say, the temporary file of a write a crash cut short). */
export const isMediaName = (name: string) => MEDIA_NAME.test(name);
/** `<media name>.<pid>.<ms>.tmp`, what putNamed writes before renaming. */
const TEMP_NAME = new RegExp(`^${MEDIA_NAME_SOURCE}\\.\\d+\\.\\d+\\.tmp$`);

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
