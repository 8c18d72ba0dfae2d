/**
 * The local server's till inbox (decision 0377): a folder the till (or a sync tool beside it)
 * writes its exports into, `DATA_DIR/till-inbox/` unless TILL_INBOX_DIR names another. A file is
 * taken once it has not changed for SETTLE_MS, so one the till is still writing waits for the next
 * turn. Applied files go to `done/`, refused ones to `failed/`, named by the time they came
 * (keptTillName), each with `<name>.report.txt` beside it; the last run is `.last-run.json`
 * (files whose names start with "." are never taken).
 */
import { constants, mkdirSync } from 'node:fs';
import { open, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TillFeedRun } from '../../shared/till-feed';
import { keptTillName, type TillInboxFiles, type WaitingTillFile } from './till-inbox';

export const tillInboxDirOf = (config: { dataDir: string; tillInboxDir?: string }): string =>
  config.tillInboxDir ?? join(config.dataDir, 'till-inbox');

/** A file unchanged this long is whole: tills write an export in well under a second. */
export const SETTLE_MS = 5_000;
const LAST_RUN = '.last-run.json';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export class LocalTillInboxFiles implements TillInboxFiles {
  constructor(
    readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {
    for (const sub of ['', 'done', 'failed']) mkdirSync(join(dir, sub), { recursive: true, mode: 0o700 });
  }

  async waiting(): Promise<WaitingTillFile[]> {
    const entries = await readdir(this.dir, { withFileTypes: true });
    const files: WaitingTillFile[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      try {
        const { mtimeMs, size } = await stat(join(this.dir, entry.name));
        if (this.now() - mtimeMs >= SETTLE_MS) files.push({ name: entry.name, at: mtimeMs, bytes: size });
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return files.sort((a, b) => a.at - b.at || a.name.localeCompare(b.name));
  }

  async read(name: string, most: number): Promise<Buffer | null> {
    let handle;
    try {
      // Not through a link put in the file's place since it was listed, nor blocking on a pipe (decision 0383).
      handle = await open(join(this.dir, name), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ELOOP') return null;
      throw error;
    }
    try {
      if (!(await handle.stat()).isFile()) return null;
      // Read up to one byte past the most a file may have, however much it has grown.
      const buffer = Buffer.alloc(most + 1);
      let length = 0;
      for (;;) {
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
        length += bytesRead;
        if (bytesRead === 0 || length === buffer.length) return buffer.subarray(0, length);
      }
    } finally {
      await handle.close();
    }
  }

  async finish(file: WaitingTillFile, outcome: TillFeedRun['outcome'], report: string): Promise<void> {
    const kept = join(this.dir, outcome, keptTillName(file));
    await writeFile(`${kept}.report.txt`, report, { mode: 0o600 });
    try {
      await rename(join(this.dir, file.name), kept);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async lastRun(): Promise<TillFeedRun | null> {
    try {
      return JSON.parse(await readFile(join(this.dir, LAST_RUN), 'utf8')) as TillFeedRun;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async keepLastRun(run: TillFeedRun): Promise<void> {
    const partial = join(this.dir, `${LAST_RUN}.part`);
    await writeFile(partial, JSON.stringify(run), { mode: 0o600 });
    await rename(partial, join(this.dir, LAST_RUN));
  }
}
