/**
 * One timed GraphQL POST over a given agent (its local address stands for the caller's address),
 * with the API key or a session token; and the percentile the parts report.
 */
import { request, type Agent } from 'node:http';
import { performance } from 'node:perf_hooks';

export type Credential = { apiKey: string } | { token: string };

export function timedPost(
  port: number,
  credential: Credential,
  query: string,
  agent: Agent,
  variables?: Record<string, unknown>,
): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const payload = JSON.stringify(variables ? { query, variables } : { query });
  const auth = 'apiKey' in credential ? { 'x-api-key': credential.apiKey } : { authorization: credential.token };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', ...auth, 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The value below which a share `p` (0.99 for p99) of the values lie. */
export const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
