/**
 * The till inbox in the cloud (decision 0377): the media bucket's `till-inbox/` prefix, the same
 * layout as the local folder (server/till/local-till-inbox.ts): files at its top level wait,
 * applied ones go to `done/`, refused ones to `failed/`, each with its report beside it, and the
 * last run is `.last-run.json`. An object appears whole, so none waits to settle. CloudFront never
 * serves the prefix (amplify/backend.ts).
 */
import type { TillFeedRun } from '../../../shared/till-feed';
import { keptTillName, type TillInboxFiles, type WaitingTillFile } from '../../../server/till/till-inbox';

export const TILL_INBOX_KEY_PREFIX = 'till-inbox/';
/** Where applied and refused files are kept (a lifecycle rule deletes them after 90 days). */
export const TILL_KEPT_PREFIXES = (['done', 'failed'] as const).map((outcome) => `${TILL_INBOX_KEY_PREFIX}${outcome}/`);
const LAST_RUN_KEY = `${TILL_INBOX_KEY_PREFIX}.last-run.json`;

/** The S3 calls the till inbox makes (s3-client.ts adapts the SDK). */
export interface TillObjectPort {
  /** The objects directly under `prefix` (not in its sub-folders), all pages of the listing. */
  list(prefix: string): Promise<Array<{ key: string; at: number; bytes: number }>>;
  /** The object's bytes; when `most` is given and the object is larger, `most + 1` bytes that say only so (its body unread); null when it is gone. */
  get(key: string, most?: number): Promise<Buffer | null>;
  put(key: string, bytes: Buffer | string, contentType: string): Promise<void>;
  /** Copies `from` to `to`, then deletes `from`; a `from` already gone is no error. */
  move(from: string, to: string): Promise<void>;
}

export class S3TillInboxFiles implements TillInboxFiles {
  constructor(private readonly objects: TillObjectPort) {}

  async waiting(): Promise<WaitingTillFile[]> {
    const objects = await this.objects.list(TILL_INBOX_KEY_PREFIX);
    return objects
      .map(({ key, at, bytes }) => ({ name: key.slice(TILL_INBOX_KEY_PREFIX.length), at, bytes }))
      .filter(({ name }) => name !== '' && !name.startsWith('.') && !name.includes('/'))
      .sort((a, b) => a.at - b.at || a.name.localeCompare(b.name));
  }

  read(name: string, most: number): Promise<Buffer | null> {
    // An object put again since it was listed may be larger: never more than one byte past the most is read (decision 0383).
    return this.objects.get(`${TILL_INBOX_KEY_PREFIX}${name}`, most);
  }

  async finish(file: WaitingTillFile, outcome: TillFeedRun['outcome'], report: string): Promise<void> {
    const kept = `${TILL_INBOX_KEY_PREFIX}${outcome}/${keptTillName(file)}`;
    await this.objects.put(`${kept}.report.txt`, report, 'text/plain; charset=utf-8');
    await this.objects.move(`${TILL_INBOX_KEY_PREFIX}${file.name}`, kept);
  }

  async lastRun(): Promise<TillFeedRun | null> {
    const bytes = await this.objects.get(LAST_RUN_KEY);
    return bytes ? (JSON.parse(bytes.toString('utf8')) as TillFeedRun) : null;
  }

  keepLastRun(run: TillFeedRun): Promise<void> {
    return this.objects.put(LAST_RUN_KEY, JSON.stringify(run), 'application/json');
  }
}
