/**
 * Connection-level limits on a `node:http` server: open connections per client address and in
 * all, and a deadline for a new connection's first request. At the total cap a new connection
 * takes the place of the connection idle longest between keep-alive requests, as nginx reuses its
 * idle keep-alive connections (a client that opened connections, asked once and sat on them
 * cannot keep visitors out); with none idle it is closed at once, before any byte is read. Near
 * the cap, connections that go idle are kept a short while only. What was closed is told in one
 * summary line per interval, never a line per connection (a flood would otherwise become a flood
 * of log lines).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../accounts/throttle';
import type { ConnectionLimits } from '../config';

/** How often the summary of closed connections is written at most. */
export const DEFAULT_SUMMARY_INTERVAL_MS = 60_000;
/** From this share of the total cap on, a connection that goes idle is kept NEAR_CAP_KEEP_ALIVE_MS at most. */
export const NEAR_CAP_SHARE = 0.75;
export const NEAR_CAP_KEEP_ALIVE_MS = 5_000;
const MB = 1024 * 1024;

export interface ConnectionCounts {
  /** Connections open now (accepted, not yet closed). */
  open: number;
  /** Client addresses (IPv6: /64 networks) with a connection open. */
  addresses: number;
}

export interface ConnectionGuard {
  counts(): ConnectionCounts;
  /** A request arrived on `socket`: the connection is busy, and its first-request deadline is met. */
  requestStarted(socket: Socket): void;
  /** An answer on `socket` ended (sent or abandoned), `inHand` requests still to answer there: with none, it is idle. */
  requestAnswered(socket: Socket, inHand: number): void;
  /**
   * Called once an answer is handed to `socket`: when the answers its address has not read pass
   * the per-address cap, closes that address's connections holding the most of them until it is
   * under the cap again. `unreadOf` tells a connection's unread bytes.
   */
  capUnreadBytes(socket: Socket, unreadOf: (socket: Socket) => number): void;
  /** Bytes of answers not yet read by their clients, on every connection. */
  unreadBytes(unreadOf: (socket: Socket) => number): number;
  /** Counts a connection closed for not reading its answers (too many unanswered, or stalled), for the summary line. */
  closedForUnreadAnswers(): void;
  /** From now on the server's keep-alive is the shutdown's: the cap no longer changes it. */
  drain(): void;
  /** Writes the summary of what is not told yet and stops the timers. */
  stop(): void;
}

/** What was closed since the last summary line. */
class ClosedTally {
  overAddressCap = 0;
  overTotalCap = 0;
  reclaimedIdle = 0;
  silent = 0;
  unread = 0;
  overUnreadBytes = 0;
  readonly addresses = new Set<string>();
  readonly unreadBytesAddresses = new Set<string>();

  get empty() {
    return this.overAddressCap + this.overTotalCap + this.reclaimedIdle + this.silent + this.unread + this.overUnreadBytes === 0;
  }

  /** One line for the interval, or null when nothing was closed. */
  line(limits: ConnectionLimits): string | null {
    const parts: string[] = [];
    if (this.overAddressCap)
      parts.push(
        `${this.overAddressCap} connections over the per-address cap (${limits.perAddress}) from ${this.addresses.size} addresses`,
      );
    if (this.reclaimedIdle)
      parts.push(`${this.reclaimedIdle} idle keep-alive connections to make room for new ones at the total cap (${limits.total})`);
    if (this.overTotalCap) parts.push(`${this.overTotalCap} connections over the total cap (${limits.total}), none idle to close`);
    if (this.silent) parts.push(`${this.silent} connections that sent no request within ${limits.headersTimeoutMs / 1000} s`);
    if (this.unread)
      parts.push(
        `${this.unread} connections that did not read their answers (over ${limits.maxPipelined} unanswered, ` +
          `or none read for ${limits.unreadTimeoutMs / 1000} s)`,
      );
    if (this.overUnreadBytes)
      parts.push(
        `${this.overUnreadBytes} connections from ${this.unreadBytesAddresses.size} addresses over the cap of unread answers ` +
          `per address (${limits.unreadBytesPerAddress / MB} MB)`,
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
  // Each client address's open connections (IPv6: per /64).
  const byAddress = new Map<string, Set<Socket>>();
  let open = 0;
  let tally = new ClosedTally();
  let summaryTimer: NodeJS.Timeout | undefined;
  // Connections still waiting for their first request, and the timer that closes them.
  const firstRequestDue = new WeakMap<Socket, NodeJS.Timeout>();
  const addressOf = new WeakMap<Socket, string>();

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

  // Connections between keep-alive requests (one answered, none in hand), idle longest first
  // (a Set keeps insertion order: a connection going idle is added at the end).
  const idle = new Set<Socket>();
  let draining = false;
  const nearCap = Math.max(1, Math.floor(limits.total * NEAR_CAP_SHARE));
  const shortKeepAlive = Math.min(limits.keepAliveTimeoutMs, NEAR_CAP_KEEP_ALIVE_MS);
  // node:http reads keepAliveTimeout when an answer ends and its connection goes idle; those idle
  // already are shortened once as the count reaches nearCap (again only after it fell to half).
  let shortened = false;
  const setKeepAlive = () => {
    if (draining) return;
    const near = open >= nearCap;
    server.keepAliveTimeout = near ? shortKeepAlive : limits.keepAliveTimeoutMs;
    if (near && !shortened) for (const socket of idle) socket.setTimeout(shortKeepAlive);
    if (near) shortened = true;
    else if (open < nearCap / 2) shortened = false;
  };

  /** At the total cap: closes the connection idle longest; false when none is idle. */
  const reclaimIdle = (): boolean => {
    const oldest = idle.values().next();
    if (oldest.done) return false;
    idle.delete(oldest.value);
    oldest.value.destroy();
    tally.reclaimedIdle++;
    noteClosed();
    return true;
  };

  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress ?? 'unknown');
    const ofAddress = byAddress.get(key) ?? new Set<Socket>();
    if (limits.perAddress > 0 && ofAddress.size >= limits.perAddress) {
      socket.destroy();
      tally.overAddressCap++;
      tally.addresses.add(key);
      noteClosed();
      return;
    }
    // A reclaimed connection is counted open until its 'close' event: `open` may pass the cap by
    // the few being closed, never by connections that stay.
    if (open >= limits.total && !reclaimIdle()) {
      socket.destroy();
      tally.overTotalCap++;
      noteClosed();
      return;
    }
    ofAddress.add(socket);
    byAddress.set(key, ofAddress);
    addressOf.set(socket, key);
    open++;
    setKeepAlive();
    // The first request's headers are due within the deadline (later ones: headersTimeout).
    const firstRequest = setTimeout(() => {
      tally.silent++;
      noteClosed();
      socket.destroy();
    }, limits.headersTimeoutMs).unref();
    firstRequestDue.set(socket, firstRequest);
    socket.once('close', () => {
      clearTimeout(firstRequest);
      idle.delete(socket);
      open--;
      setKeepAlive();
      ofAddress.delete(socket);
      if (ofAddress.size === 0 && byAddress.get(key) === ofAddress) byAddress.delete(key);
    });
  });
  return {
    counts: () => ({ open, addresses: byAddress.size }),
    requestStarted(socket) {
      idle.delete(socket);
      const due = firstRequestDue.get(socket);
      if (due === undefined) return;
      clearTimeout(due);
      firstRequestDue.delete(socket);
    },
    requestAnswered(socket, inHand) {
      if (inHand === 0 && !socket.destroyed) idle.add(socket);
    },
    capUnreadBytes(socket, unreadOf) {
      const cap = limits.unreadBytesPerAddress;
      const key = addressOf.get(socket);
      const sockets = key === undefined ? undefined : byAddress.get(key);
      if (cap <= 0 || !sockets) return;
      let total = 0;
      const holding: Array<{ socket: Socket; bytes: number }> = [];
      for (const each of sockets) {
        const bytes = unreadOf(each);
        total += bytes;
        if (bytes > 0) holding.push({ socket: each, bytes });
      }
      if (total <= cap) return;
      // The connections holding most go first: a client reading its answers holds little.
      holding.sort((a, b) => b.bytes - a.bytes);
      for (const { socket: each, bytes } of holding) {
        if (total <= cap) break;
        each.destroy();
        total -= bytes;
        tally.overUnreadBytes++;
        tally.unreadBytesAddresses.add(key!);
      }
      noteClosed();
    },
    unreadBytes(unreadOf) {
      let total = 0;
      for (const sockets of byAddress.values()) for (const each of sockets) total += unreadOf(each);
      return total;
    },
    closedForUnreadAnswers() {
      tally.unread++;
      noteClosed();
    },
    drain() {
      draining = true;
    },
    stop() {
      clearTimeout(summaryTimer);
      if (!tally.empty) flush();
    },
  };
}
