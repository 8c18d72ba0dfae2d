/**
 * The till feed (decision 0377): files a till exports on its own schedule into the till inbox
 * (`DATA_DIR/till-inbox/` locally, the media bucket's `till-inbox/` prefix on AWS) are applied as
 * stock files within a minute, and staff see the last one's outcome on /admin-items. What the
 * server answers, the Shop setting after which a silent feed is a warning, and the words staff
 * read. Pure: the browser bundle takes this file.
 */
import { timeAgo } from './stock';

/** The feed's last file, as the staff query `tillFeed` answers it. */
export interface TillFeedRun {
  /** The file's name as the till wrote it. */
  file: string;
  /** When the file came (its time in the inbox), when the feed took it, and when it was done (ISO instants). */
  receivedAt: string;
  startedAt: string;
  finishedAt: string;
  /** done: its rows that are right were applied; failed: nothing was (`failure` says why). */
  outcome: 'done' | 'failed';
  /** Rows that name an item (after blank lines and totals); rows whose count or price was written. */
  rows: number;
  applied: number;
  /** UPCs of the file no item carries (each once, in the file's order): the first TILL_FEED_LISTED, and how many. */
  unknownUpcs: string[];
  unknownUpcCount: number;
  /** Rows left out, by line, and why: the first TILL_FEED_LISTED, and how many. */
  leftOut: TillFeedLine[];
  leftOutCount: number;
  /** Rows applied otherwise than written (a negative count as 0, fewer counted than held), the first TILL_FEED_LISTED. */
  warnings: TillFeedLine[];
  /** Blank lines and totals skipped, in words ('' when none). */
  skipped: string;
  failure: string | null;
}

export interface TillFeedLine {
  line: number;
  message: string;
}

/** A report lists at most this many lines of each kind and UPCs not found; the counts say how many there were. */
export const TILL_FEED_LISTED = 50;

/** Hours of silence after which /admin-items warns that no till file came (a daily export, and a little more). */
export const TILL_FEED_WARN_HOURS = { default: 26, min: 0, max: 24 * 14, label: 'Warn after (hours)' } as const;

export const TILL_FEED_MESSAGES = {
  warnHours: `${TILL_FEED_WARN_HOURS.label}: a whole number from ${TILL_FEED_WARN_HOURS.min} (never) to ${TILL_FEED_WARN_HOURS.max}`,
  tooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB: a till's stock export is far smaller; nothing was applied`,
  tooManyRows: (most: number) => `The file has more than ${most.toLocaleString('en-US')} rows; nothing was applied`,
  noRows: 'No row of the file names an item by its UPC; nothing was applied',
  notText: 'The file is not a text (CSV) export; nothing was applied',
  unreadable: (reason: string) => `The file could not be read (${reason}): check its permissions; nothing was applied`,
} as const;

/** Why a stored warning setting cannot be kept (the Shop settings editor and the model guard); null when it can. Unset means the default. */
export function tillFeedWarnHoursProblem(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const { min, max } = TILL_FEED_WARN_HOURS;
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? null : TILL_FEED_MESSAGES.warnHours;
}

/** The hours in force: the stored ones when the editor allows them, else the default; 0 never warns. */
export function tillFeedWarnHoursOf(settings: { tillFeedWarnHours?: number | null } | null | undefined): number {
  const value = settings?.tillFeedWarnHours;
  return value !== null && value !== undefined && tillFeedWarnHoursProblem(value) === null ? value : TILL_FEED_WARN_HOURS.default;
}

/**
 * The warning staff see: the feed has had a file, and none came for longer than the hours set.
 * A shop that never dropped a file sees no warning (it may not use the feed at all).
 */
export function tillFeedWarning(run: Pick<TillFeedRun, 'receivedAt'> | null, warnHours: number, now: Date): string | null {
  if (!run || warnHours <= 0) return null;
  const at = new Date(run.receivedAt);
  if (!(now.getTime() - at.getTime() > warnHours * 3_600_000)) return null;
  return `The last till file came ${timeAgo(at, now)}: check that the till still exports its stock into the till inbox.`;
}

/** "Applied 182 of 190 rows; 5 UPCs not found; 3 rows left out." */
export function tillFeedSummary(run: TillFeedRun): string {
  if (run.outcome === 'failed') return `Not applied: ${run.failure ?? 'the file could not be read'}`;
  const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  const parts = [`Applied ${run.applied.toLocaleString('en-US')} of ${plural(run.rows, 'row', 'rows')}`];
  if (run.unknownUpcCount) parts.push(`${plural(run.unknownUpcCount, 'UPC', 'UPCs')} not found`);
  if (run.leftOutCount) parts.push(`${plural(run.leftOutCount, 'row', 'rows')} left out`);
  return `${parts.join('; ')}.`;
}
