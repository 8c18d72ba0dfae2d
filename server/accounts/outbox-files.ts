/**
 * The local server's outbox (decision 0366): `DATA_DIR/outbox/`, one `.eml` file per message,
 * readable by the server's user alone (they carry one-time links). A file appears whole: it is
 * written under a hidden name, then renamed. Mails older than OUTBOX_KEEP_DAYS are deleted as new
 * ones come, at most once an hour.
 */
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OUTBOX_KEEP_DAYS } from '../../shared/outbox';
import type { OutboxFiles } from './outbox';
import { isOutboxName, outboxNameTime } from './outbox-query';

export const outboxDir = (dataDir: string): string => join(dataDir, 'outbox');

const PRUNE_EVERY_MS = 60 * 60_000;
const KEEP_MS = OUTBOX_KEEP_DAYS * 24 * 60 * 60_000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export class LocalOutboxFiles implements OutboxFiles {
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  async put(name: string, message: Buffer): Promise<void> {
    // The folder is made once, with the server: a data directory removed under a running server
    // (a test's) fails the write instead of coming back.
    const partial = join(this.dir, `.${name}.part`);
    await writeFile(partial, message, { flag: 'wx', mode: 0o600 });
    await rename(partial, join(this.dir, name));
    await this.prune();
  }

  names(): Promise<string[]> {
    return readdir(this.dir);
  }

  async get(name: string): Promise<Buffer | null> {
    if (!isOutboxName(name)) return null;
    try {
      return await readFile(join(this.dir, name));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private async prune(): Promise<void> {
    const now = this.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    const old = (await this.names()).filter((name) => isOutboxName(name) && Date.parse(outboxNameTime(name)) < now - KEEP_MS);
    await Promise.all(
      old.map(async (name) => {
        try {
          await unlink(join(this.dir, name));
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }),
    );
  }
}
