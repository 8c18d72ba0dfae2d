/**
 * `npm run backup [-- <folder>]`: a consistent copy of DATA_DIR's database and images, taken while
 * the server runs, into <folder>/shop-<time> (default: BACKUP_DIR, else ./backups).
 */
import { BackupError, backupDataDir } from '../server/backup/backup';
import { loadConfig } from '../server/config';

const backupsDir = process.argv[2] ?? process.env.BACKUP_DIR ?? './backups';
try {
  const result = backupDataDir(loadConfig().dataDir, backupsDir);
  const records = Object.entries(result.records)
    .map(([model, count]) => `${count} ${model}`)
    .join(', ');
  console.log(
    `Backed up to ${result.dir} in ${result.ms} ms: database ${result.databaseBytes} bytes (${records}), ${result.mediaFiles} image files (${result.mediaBytes} bytes)`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? `Backup failed: ${error.message}` : error);
  process.exitCode = 1;
}
