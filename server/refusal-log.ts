/**
 * The refusal log: one JSON line per request refused as a whole, what an operator greps, never a
 * stack trace (decision 0266). A client chooses how often it is refused and part of what the line
 * quotes, so every text is clipped and each address writes at most `perAddress` lines a minute;
 * the rest are counted into one `requests-refused-summary` line for that address and minute. And
 * many addresses (an IPv6 attacker has millions) write at most `perMinute` lines a minute in all;
 * past that, refusals from addresses without a line yet are summed up in one line for them all, so
 * the log grows by at most about 2 x perMinute lines (some 300 KB) a minute, whatever clients send.
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

export function createRefusalLog(
  write: (line: string) => void,
  now: () => number = Date.now,
  perAddress = 20,
  perMinute = 300,
): RefusalLog {
  let minuteStart = now();
  let minute = new Map<string, AddressMinute>();
  let linesThisMinute = 0;

  const flush = () => {
    const at = new Date(now()).toISOString();
    const unlogged = { addresses: 0, refused: 0 };
    for (const [address, counts] of minute) {
      if (counts.lines === 0) {
        unlogged.addresses += 1;
        unlogged.refused += counts.suppressed;
      } else if (counts.suppressed > 0)
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
    if (unlogged.refused > 0)
      write(
        JSON.stringify({
          at,
          event: 'requests-refused-summary',
          address: 'others',
          addresses: unlogged.addresses,
          refused: unlogged.refused,
          note: `more than ${perMinute} lines in a minute in all`,
        }),
      );
    minute = new Map();
    minuteStart = now();
    linesThisMinute = 0;
  };

  const log = (refusal: Record<string, unknown>) => {
    if (now() - minuteStart >= MINUTE_MS) flush();
    const address = typeof refusal.address === 'string' ? refusal.address : 'unknown';
    const key = minute.has(address) || minute.size < MAX_TRACKED_ADDRESSES ? address : 'other';
    const counts = minute.get(key) ?? { lines: 0, suppressed: 0 };
    minute.set(key, counts);
    if (counts.lines >= perAddress || linesThisMinute >= perMinute) {
      counts.suppressed += 1;
      return;
    }
    counts.lines += 1;
    linesThisMinute += 1;
    const fields = Object.fromEntries(Object.entries(refusal).map(([name, value]) => [name, clipped(value)]));
    write(JSON.stringify({ at: new Date(now()).toISOString(), event: 'request-refused', ...fields }));
  };
  return Object.assign(log, { flush });
}
