/** File steps the backup and the restore share: copies that are on disk before anyone relies on them. */
import { copyFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncPath } from '../durable-file';
import { isMediaName } from '../media/media-store';

export { fsyncPath };

/** Copies a file and flushes the copy. */
export function copyDurably(from: string, to: string): number {
  copyFileSync(from, to);
  fsyncPath(to);
  return statSync(to).size;
}

/**
 * Copies every stored image from one media directory to another, skipping names that are not
 * ours (temporary files a killed upload left behind). Images are content-addressed and never
 * change once stored, so a file is copied whole even while the server keeps writing new ones.
 */
export function copyMedia(fromDir: string, toDir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const name of readdirSync(fromDir)) {
    if (!isMediaName(name)) continue;
    bytes += copyDurably(join(fromDir, name), join(toDir, name));
    files += 1;
  }
  fsyncPath(toDir);
  return { files, bytes };
}
