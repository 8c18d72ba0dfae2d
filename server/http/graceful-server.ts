/**
 * The `node:http` server that runs a request handler and stops gracefully: requests in hand
 * finish, keep-alive clients are told to send no more, and `close` resolves only once the last
 * handler has ended, so the caller can then close the database under it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { sendJson } from './respond';

/** How long a shutdown waits for requests already on their way over idle keep-alive connections. */
const IDLE_GRACE_MS = 1000;

export interface GracefulServer {
  server: Server;
  /** Stops listening, lets requests in hand finish, and resolves once every handler has ended. */
  close(): Promise<void>;
}

export function createGracefulServer(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  log: (message: string, error?: unknown) => void,
): GracefulServer {
  // Requests being answered, so a shutdown can tell each of them to end its connection, and
  // handlers still running (a client may hang up before its handler ends), so the database is
  // closed only after the last of them.
  const inFlight = new Set<ServerResponse>();
  const running = new Set<Promise<void>>();
  let closing = false;
  const server: Server = createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (closing) res.setHeader('Connection', 'close');
    const work = handle(req, res).catch((error: unknown) => {
      log('request failed', error);
      if (!res.headersSent) sendJson(res, 500, { errors: [{ errorType: 'InternalFailure', message: 'An internal error occurred.' }] });
      else res.destroy();
    });
    running.add(work);
    void work.finally(() => running.delete(work));
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 60_000;

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
      server.keepAliveTimeout = IDLE_GRACE_MS;
      const closeIdle = setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS);
      NetServer.prototype.close.call(server, () => {
        clearTimeout(closeIdle);
        // http.Server#close's own part, now harmless: stops its connection-checking timer.
        server.close();
        void Promise.allSettled([...running]).then(() => resolve());
      });
    });

  return { server, close };
}
