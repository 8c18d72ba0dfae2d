/**
 * `npm run restore -- <backup folder>`: restores a backup made by `npm run backup` into DATA_DIR,
 * which must be empty or missing (stop the server and move the old one aside first).
 */
import { BackupError } from '../server/backup/backup';
import { restoreBackup } from '../server/backup/restore';
import { loadConfig } from '../server/config';

const backupDir = process.argv[2];
if (!backupDir) {
  console.error('usage: npm run restore -- <backup folder>   (into DATA_DIR, which must be empty)');
  process.exit(2);
}
try {
  const result = restoreBackup(backupDir, loadConfig().dataDir);
  console.log(
    `Restored ${backupDir} into ${result.dataDir}: ${result.mediaFiles} image files; ${result.sessionsCleared} sessions ended (everyone signs in again)`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? `Restore failed: ${error.message}` : error);
  process.exitCode = 1;
}
