/** How the emulation's servers listen: on loopback only, keeping idle connections as the local server does. */
import type { Server } from 'node:http';

/**
 * Idle keep-alive connections live as long as on the local server (65 s, server/config.ts): with
 * Node's default of 5 s a client reusing a connection just as the server closes it gets
 * ECONNRESET, which the browser suite's API calls met on a busy machine.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function listenOnLoopback(server: Server, port: number): Promise<void> {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = Math.max(server.headersTimeout, KEEP_ALIVE_TIMEOUT_MS + 1000);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
