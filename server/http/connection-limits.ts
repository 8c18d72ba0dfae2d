/**
 * Connection-level limits on a `node:http` server: open connections per client address and in
 * all, and a deadline for a new connection's first request. Connections over a cap are closed
 * at once, before any byte is read; what was closed is told in one summary line per interval,
 * never a line per connection (a flood would otherwise become a flood of log lines).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../accounts/throttle';
import type { ConnectionLimits } from '../config';

/** How often the summary of closed connections is written at most. */
export const DEFAULT_SUMMARY_INTERVAL_MS = 60_000;

export interface ConnectionCounts {
  /** Connections open now (accepted, not yet closed). */
  open: number;
  /** Client addresses (IPv6: /64 networks) with a connection open. */
  addresses: number;
}

export interface ConnectionGuard {
  counts(): ConnectionCounts;
  /** Counts a connection closed for not reading its answers (too many unanswered, or stalled), for the summary line. */
  closedForUnreadAnswers(): void;
  /** Writes the summary of what is not told yet and stops the timers. */
  stop(): void;
}

/** What was closed since the last summary line. */
class ClosedTally {
  overAddressCap = 0;
  overTotalCap = 0;
  silent = 0;
  unread = 0;
  readonly addresses = new Set<string>();

  get empty() {
    return this.overAddressCap + this.overTotalCap + this.silent + this.unread === 0;
  }

  /** One line for the interval, or null when nothing was closed. */
  line(limits: ConnectionLimits): string | null {
    const parts: string[] = [];
    if (this.overAddressCap)
      parts.push(
        `${this.overAddressCap} connections over the per-address cap (${limits.perAddress}) from ${this.addresses.size} addresses`,
      );
    if (this.overTotalCap) parts.push(`${this.overTotalCap} connections over the total cap (${limits.total})`);
    if (this.silent) parts.push(`${this.silent} connections that sent no request within ${limits.headersTimeoutMs / 1000} s`);
    if (this.unread)
      parts.push(
        `${this.unread} connections that did not read their answers (over ${limits.maxPipelined} unanswered, ` +
          `or none read for ${limits.unreadTimeoutMs / 1000} s)`,
      );
    return parts.length ? `[server] closed ${parts.join('; ')}` : null;
  }
}

export function guardConnections(
  server: Server,
  limits: ConnectionLimits,
  writeLogLine: (line: string) => void,
  summaryIntervalMs = DEFAULT_SUMMARY_INTERVAL_MS,
): ConnectionGuard {
  const openByAddress = new Map<string, number>();
  let open = 0;
  let tally = new ClosedTally();
  let summaryTimer: NodeJS.Timeout | undefined;
  // Connections still waiting for their first request, and the timer that closes them.
  const firstRequestDue = new WeakMap<Socket, NodeJS.Timeout>();

  const flush = () => {
    summaryTimer = undefined;
    const line = tally.line(limits);
    tally = new ClosedTally();
    if (line) writeLogLine(line);
  };
  // The first closing in a quiet spell starts the interval; its line sums up all of it.
  const noteClosed = () => {
    summaryTimer ??= setTimeout(flush, summaryIntervalMs).unref();
  };

  // The total cap: net.Server closes connections over it itself, before any JS runs for them.
  server.maxConnections = limits.total;
  server.on('drop', () => {
    tally.overTotalCap++;
    noteClosed();
  });

  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress ?? 'unknown');
    const count = (openByAddress.get(key) ?? 0) + 1;
    if (limits.perAddress > 0 && count > limits.perAddress) {
      socket.destroy();
      tally.overAddressCap++;
      tally.addresses.add(key);
      noteClosed();
      return;
    }
    openByAddress.set(key, count);
    open++;
    // The first request's headers are due within the deadline (later ones: headersTimeout).
    const firstRequest = setTimeout(() => {
      tally.silent++;
      noteClosed();
      socket.destroy();
    }, limits.headersTimeoutMs).unref();
    firstRequestDue.set(socket, firstRequest);
    socket.once('close', () => {
      clearTimeout(firstRequest);
      open--;
      const left = (openByAddress.get(key) ?? 1) - 1;
      if (left > 0) openByAddress.set(key, left);
      else openByAddress.delete(key);
    });
  });
  server.on('request', (req: IncomingMessage) => {
    const due = firstRequestDue.get(req.socket);
    if (due === undefined) return;
    clearTimeout(due);
    firstRequestDue.delete(req.socket);
  });

  return {
    counts: () => ({ open, addresses: openByAddress.size }),
    closedForUnreadAnswers() {
      tally.unread++;
      noteClosed();
    },
    stop() {
      clearTimeout(summaryTimer);
      if (!tally.empty) flush();
    },
  };
}
