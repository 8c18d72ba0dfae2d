/**
 * The `node:http` server that runs a request handler and stops gracefully: requests in hand
 * finish, keep-alive clients are told to send no more, and `close` resolves only once the last
 * handler has ended, so the caller can then close the database under it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { ConnectionLimits } from '../config';
import { guardConnections, type ConnectionCounts } from './connection-limits';
import { sendJson } from './respond';
import { API_SECURITY_HEADERS } from './security-headers';

/** How long a shutdown waits for requests already on their way over idle keep-alive connections. */
const IDLE_GRACE_MS = 1000;
/** How long one request may take to arrive, body included. */
const REQUEST_TIMEOUT_MS = 60_000;

export interface GracefulServer {
  server: Server;
  /** Stops listening, lets requests in hand finish, and resolves once every handler has ended. */
  close(): Promise<void>;
  /** What the server holds now (read-only figures, for tests and operators). */
  connections: () => ConnectionStats;
}

export interface ConnectionStats extends ConnectionCounts {
  /** Responses not yet handed to their connection (or their connection still open). */
  responses: number;
  /** Bytes of answers written but not yet read by their clients. */
  unreadBytes: number;
  /** Request handlers still running. */
  handlers: number;
}

export interface GracefulServerOptions {
  limits: ConnectionLimits;
  /** Operator lines (the summary of closed connections). */
  writeLogLine: (line: string) => void;
  /** How often at most that summary is written (tests shorten it). */
  summaryIntervalMs?: number;
}

export function createGracefulServer(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  log: (message: string, error?: unknown) => void,
  { limits, writeLogLine, summaryIntervalMs }: GracefulServerOptions,
): GracefulServer {
  // Requests being answered, so a shutdown can tell each of them to end its connection, and
  // handlers still running (a client may hang up before its handler ends), so the database is
  // closed only after the last of them.
  const inFlight = new Set<ServerResponse>();
  let running = 0;
  let allEnded: (() => void) | undefined;
  // Each connection's answers not yet handed to it. node:http queues the answers to pipelined
  // requests behind the one being sent and never ends them when the connection closes: they are
  // let go here on the connection's 'close', not only on their own 'finish' or 'close'.
  const unanswered = new WeakMap<Socket, Set<ServerResponse>>();
  const answersOf = (socket: Socket) => {
    let answers = unanswered.get(socket);
    if (!answers) {
      const created = new Set<ServerResponse>();
      unanswered.set(socket, created);
      socket.once('close', () => {
        for (const res of created) inFlight.delete(res);
        created.clear();
      });
      answers = created;
    }
    return answers;
  };
  // A connection's unread bytes: what waits in its own buffer, and the answers queued behind it
  // (a queued response has no socket yet; its writableLength is what it buffered itself).
  const unreadOf = (socket: Socket) => {
    // A connection closed already (its 'close' still to come) holds nothing more.
    if (socket.destroyed) return 0;
    let bytes = socket.writableLength;
    for (const res of unanswered.get(socket) ?? []) if (res.socket !== socket) bytes += res.writableLength;
    return bytes;
  };
  let closing = false;
  // Node's own check of headersTimeout and requestTimeout runs this often (its default, 30 s,
  // would let a deadline of 10 s run to 40 s).
  const checkingInterval = Math.max(100, Math.min(1000, limits.headersTimeoutMs / 2));
  const server: Server = createServer({ connectionsCheckingInterval: checkingInterval }, (req, res) => {
    const socket = req.socket;
    // Requests already parsed from a connection closed meanwhile: nobody to answer.
    if (socket.destroyed) return;
    const answers = answersOf(socket);
    // A client that sends requests and does not read the answers would have them all kept in
    // memory: past the cap of unanswered requests its connection is closed.
    if (answers.size >= limits.maxPipelined) {
      guard.closedForUnreadAnswers();
      socket.destroy();
      return;
    }
    answers.add(res);
    inFlight.add(res);
    guard.requestStarted(socket);
    // One listener per request does all the bookkeeping: node:http emits 'close' on every response,
    // just after its 'finish' or when its client left first.
    res.on('close', () => {
      if (!answers.delete(res)) return;
      inFlight.delete(res);
      guard.requestAnswered(socket, answers.size);
    });
    if (closing) res.setHeader('Connection', 'close');
    running++;
    // One reaction per request, no wrapper promise: this is every request's path.
    handle(req, res).then(
      () => ended(socket),
      (error: unknown) => {
        log('request failed', error);
        // A JSON answer: the API's security headers (they replace a page's, set before the failure).
        if (!res.headersSent)
          sendJson(res, 500, { errors: [{ errorType: 'InternalFailure', message: 'An internal error occurred.' }] }, API_SECURITY_HEADERS);
        else res.destroy();
        ended(socket);
      },
    );
  });
  /** A handler ended, its answer handed over (or the connection reset). */
  const ended = (socket: Socket) => {
    running--;
    if (running === 0) allEnded?.();
    // An address that does not read its answers is held to its cap. Its unread bytes grow only
    // where an answer waits unread, so a connection holding none has not added to them (the
    // common case: the kernel took the whole answer).
    if (unreadOf(socket) > 0) guard.capUnreadBytes(socket, unreadOf);
  };
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // Later requests' headers: node:http's own deadline (it answers 408). One check later than the
  // first request's (connection-limits.ts), so a silent new connection is closed, and counted, there.
  server.headersTimeout = limits.headersTimeoutMs + checkingInterval;
  // The whole request, body included (slow image uploads), never shorter than its headers' deadline.
  server.requestTimeout = Math.max(REQUEST_TIMEOUT_MS, server.headersTimeout);
  server.maxRequestsPerSocket = limits.maxRequestsPerConnection;
  const guard = guardConnections(server, limits, writeLogLine, summaryIntervalMs);
  // A client that stops reading stalls its answers (node:http then reads no more requests from
  // it): closed once nothing has moved on its connection for unreadTimeoutMs. With this listener
  // node:http no longer closes timed-out connections itself, so idle keep-alive ones (whose
  // timeout is keepAliveTimeout) are closed here too; one whose handler is still at work is not.
  server.timeout = limits.unreadTimeoutMs;
  server.on('timeout', (socket: Socket) => {
    const waiting = unanswered.get(socket)?.size ?? 0;
    if (waiting === 0 || socket.writableLength > 0) {
      if (waiting > 0) guard.closedForUnreadAnswers();
      socket.destroy();
    }
  });

  /**
   * Graceful stop: no new connections; requests in hand finish and their responses say
   * Connection: close, so keep-alive clients send no more on them.
   */
  const close = () =>
    new Promise<void>((resolve) => {
      closing = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      // http.Server#close would also close idle keep-alive connections at once, resetting any
      // request a client already sent on one that this (possibly busy) process has not read yet.
      // So: stop listening only (net.Server#close); such a request is still served, with
      // Connection: close. Connections idle from now on close after IDLE_GRACE_MS
      // (keepAliveTimeout), and those idle all along once the grace is over.
      guard.drain();
      server.keepAliveTimeout = IDLE_GRACE_MS;
      const closeIdle = setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS);
      NetServer.prototype.close.call(server, () => {
        clearTimeout(closeIdle);
        // http.Server#close's own part, now harmless: stops its connection-checking timer.
        server.close();
        guard.stop();
        if (running === 0) resolve();
        else allEnded = resolve;
      });
    });

  const connections = (): ConnectionStats => ({
    ...guard.counts(),
    responses: inFlight.size,
    handlers: running,
    unreadBytes: guard.unreadBytes(unreadOf),
  });
  return { server, close, connections };
}
