/**
 * The refusal log: one JSON line per request refused as a whole, what an operator greps, never a
 * stack trace (decision 0266). A client chooses how often it is refused and part of what the line
 * quotes, so every text is clipped and each address writes at most `perAddress` lines a minute;
 * the rest are counted into one `requests-refused-summary` line for that address and minute.
 */
import { clipForLog } from '../shared/log-line';

const MINUTE_MS = 60_000;
/** Addresses tracked in one minute; past it, refusals of new addresses count under "other". */
const MAX_TRACKED_ADDRESSES = 10_000;

interface AddressMinute {
  lines: number;
  suppressed: number;
}

export interface RefusalLog {
  (refusal: Record<string, unknown>): void;
  /** Writes the summaries still owed (the minute's end, or the server's stop). */
  flush(): void;
}

/** A message may hold what the client sent: every text is quoted as the other log lines quote it. */
const clipped = (value: unknown) => (typeof value === 'string' ? clipForLog(value) : value);

export function createRefusalLog(write: (line: string) => void, now: () => number = Date.now, perAddress = 20): RefusalLog {
  let minuteStart = now();
  let minute = new Map<string, AddressMinute>();

  const flush = () => {
    const at = new Date(now()).toISOString();
    for (const [address, counts] of minute) {
      if (counts.suppressed > 0)
        write(
          JSON.stringify({
            at,
            event: 'requests-refused-summary',
            address,
            refused: counts.suppressed,
            note: `more than ${perAddress} in a minute`,
          }),
        );
    }
    minute = new Map();
    minuteStart = now();
  };

  const log = (refusal: Record<string, unknown>) => {
    if (now() - minuteStart >= MINUTE_MS) flush();
    const address = typeof refusal.address === 'string' ? refusal.address : 'unknown';
    const key = minute.has(address) || minute.size < MAX_TRACKED_ADDRESSES ? address : 'other';
    const counts = minute.get(key) ?? { lines: 0, suppressed: 0 };
    minute.set(key, counts);
    if (counts.lines >= perAddress) {
      counts.suppressed += 1;
      return;
    }
    counts.lines += 1;
    const fields = Object.fromEntries(Object.entries(refusal).map(([name, value]) => [name, clipped(value)]));
    write(JSON.stringify({ at: new Date(now()).toISOString(), event: 'request-refused', ...fields }));
  };
  return Object.assign(log, { flush });
}
