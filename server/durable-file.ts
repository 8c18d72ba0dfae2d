/** fsync by path: for a file, or for a directory (which makes the names created in it durable). */
import { closeSync, fsyncSync, openSync } from 'node:fs';

export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
