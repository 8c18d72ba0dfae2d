/**
 * `npm run backup`: a consistent copy of a live shop (its SQLite database and its images) while
 * the server keeps serving and writing.
 *
 * Order matters. The database is copied first, as one snapshot (`VACUUM INTO` runs in a single
 * read transaction; in WAL mode that blocks no writer). Then the media directory is copied. An
 * image is stored and flushed before its URL is returned, so before any record can hold it, and
 * images are never deleted or changed; so every image the snapshot points at is already on disk
 * when the media is listed. Images uploaded after the snapshot come along unreferenced, which is
 * harmless. The copy checks exactly this before it calls itself complete.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { quoteIdent } from '../db/database';
import { copyMedia, fsyncPath } from './files';
import { missingImages, modelMetas } from './media-references';

export const DATABASE_FILE = 'shop.sqlite3';
export const MEDIA_DIR = 'media';
export const MANIFEST_FILE = 'backup.json';

export interface BackupManifest {
  createdAt: string;
  /** Records per model in the copied database. */
  records: Record<string, number>;
  databaseBytes: number;
  mediaFiles: number;
  mediaBytes: number;
}

export interface BackupResult extends BackupManifest {
  dir: string;
  ms: number;
}

/** A folder name that sorts by time and is valid on every file system: shop-2026-11-21T13-14-45-123Z. */
export const backupName = (at: Date) => `shop-${at.toISOString().replace(/[:.]/g, '-')}`;

export class BackupError extends Error {}

export function backupDataDir(dataDir: string, backupsDir: string, at = new Date()): BackupResult {
  const started = Date.now();
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new BackupError(`no shop database at ${source}`);
  const dir = resolve(backupsDir, backupName(at));
  if (existsSync(dir)) throw new BackupError(`${dir} already exists`);
  // Built under a temporary name and renamed when complete: a backup folder is never half a backup.
  const partial = `${dir}.partial`;
  mkdirSync(join(partial, MEDIA_DIR), { recursive: true });
  try {
    return { ...copyInto(dataDir, partial, dir, at), dir, ms: Date.now() - started };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The copy itself, into `partial`, renamed to `dir` when complete. */
function copyInto(dataDir: string, partial: string, dir: string, at: Date): BackupManifest {
  const source = join(dataDir, DATABASE_FILE);
  const databaseCopy = join(partial, DATABASE_FILE);
  const live = new Database(source, { readonly: true, fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    live.prepare('VACUUM INTO ?').run(databaseCopy);
  } finally {
    live.close();
  }
  // VACUUM INTO does not flush its output.
  fsyncPath(databaseCopy);

  const media = copyMedia(join(dataDir, MEDIA_DIR), join(partial, MEDIA_DIR));
  const copy = new Database(databaseCopy, { readonly: true, fileMustExist: true });
  let manifest: BackupManifest;
  try {
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`the copied database fails its integrity check: ${String(integrity)}`);
    const missing = missingImages(copy, join(partial, MEDIA_DIR));
    if (missing.length > 0) throw new BackupError(`images missing from the copy: ${missing.slice(0, 5).join('; ')}`);
    manifest = {
      createdAt: at.toISOString(),
      records: Object.fromEntries(
        modelMetas().map((meta) => [
          meta.name,
          copy
            .prepare(`SELECT count(*) FROM ${quoteIdent(meta.name)}`)
            .pluck()
            .get() as number,
        ]),
      ),
      databaseBytes: copy.prepare('SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()').pluck().get() as number,
      mediaFiles: media.files,
      mediaBytes: media.bytes,
    };
  } finally {
    copy.close();
  }
  writeFileSync(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  fsyncPath(join(partial, MANIFEST_FILE));
  fsyncPath(partial);
  renameSync(partial, dir);
  fsyncPath(dirname(dir));
  return manifest;
}
