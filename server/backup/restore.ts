/**
 * `npm run restore -- <backup>`: puts a backup made by `npm run backup` into an empty data
 * directory, for a server that is not running. Images first, the database last: a data directory
 * with a database is then always complete, even if the restore is interrupted.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { BackupError, DATABASE_FILE, MANIFEST_FILE, MEDIA_DIR } from './backup';
import { copyDurably, copyMedia, fsyncPath } from './files';

export interface RestoreResult {
  dataDir: string;
  mediaFiles: number;
  sessionsCleared: number;
}

export function restoreBackup(backupDir: string, dataDir: string): RestoreResult {
  for (const name of [MANIFEST_FILE, DATABASE_FILE, MEDIA_DIR]) {
    if (!existsSync(join(backupDir, name))) throw new BackupError(`${backupDir} is not a complete backup (no ${name})`);
  }
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(`${dataDir} is not empty; stop the server and move it aside first`);
  }
  const partial = join(dataDir, `${DATABASE_FILE}.partial`);
  try {
    mkdirSync(join(dataDir, MEDIA_DIR), { recursive: true });
    const media = copyMedia(join(backupDir, MEDIA_DIR), join(dataDir, MEDIA_DIR));
    copyDurably(join(backupDir, DATABASE_FILE), partial);
    const sessionsCleared = checkAndEndSessions(partial);
    fsyncPath(partial);
    renameSync(partial, join(dataDir, DATABASE_FILE));
    fsyncPath(dataDir);
    return { dataDir, mediaFiles: media.files, sessionsCleared };
  } catch (error) {
    // The directory was empty: leave it so, and a retry (or another backup) can go ahead.
    rmSync(partial, { force: true });
    rmSync(join(dataDir, MEDIA_DIR), { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`the backup could not be restored: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Checks the copied database and ends its sessions; returns how many. */
function checkAndEndSessions(file: string): number {
  const db = new Database(file);
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`the backup's database fails its integrity check: ${String(integrity)}`);
    // Sign-outs made after the backup are not in it: its sessions would come back to life.
    // Everyone signs in again instead.
    return db.prepare('DELETE FROM _sessions').run().changes;
  } finally {
    db.close();
  }
}
