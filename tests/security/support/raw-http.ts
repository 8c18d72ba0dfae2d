/**
 * Requests a real client would not send: any method, content type and body, streamed without a
 * Content-Length when asked. The server may answer (413) and close before the body is all sent;
 * that answer is what counts, so write errors after it are ignored.
 *
 *     const { status, json } = await rawRequest(shop.url, '/graphql', { body: 'not json' });
 *     await rawRequest(shop.url, '/graphql', { streamBytes: 9 * 1024 * 1024 });
 */
import { request, type Agent } from 'node:http';

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sends this many bytes of JSON-looking padding in chunks, with no Content-Length. */
  streamBytes?: number;
  /** Another loopback address to send from (127.0.0.2...): another client, as the server sees it. */
  localAddress?: string;
  /** A connection pool of its own (one keep-alive client, bound to its own localAddress). */
  agent?: Agent;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export function rawRequest(baseUrl: string, path: string, options: RawRequest = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const headers = { 'content-type': 'application/json', ...options.headers };
  return new Promise((resolve, reject) => {
    // The path goes out as written (not through URL, which would resolve `//host` or `..`).
    const req = request(
      { hostname, port, path, method: options.method ?? 'POST', headers, localAddress: options.localAddress, agent: options.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON: the test looks at text */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    let answered = false;
    req.on('response', () => {
      answered = true;
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (options.streamBytes) {
      streamPadding(req, options.streamBytes);
    } else {
      req.end(options.body);
    }
  });
}

function streamPadding(req: ReturnType<typeof request>, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  req.write('{"query":"{ listItems { items { id } } }","pad":"');
  const pump = () => {
    while (sent < total && !req.destroyed) {
      sent += chunk.length;
      if (!req.write(chunk)) {
        req.once('drain', pump);
        return;
      }
    }
    if (!req.destroyed) req.end('"}');
  };
  pump();
}
