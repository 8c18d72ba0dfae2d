/**
 * A stranger against AWS's page server (decision 0392), which reads AppSync for every page it
 * builds: a burst of one page must not multiply those reads, and no page may be framed by another
 * site. The page server runs as Amplify runs it (tests/support/page-server-bundle.ts), reading the
 * local API through a counting front (every POST it passes on is a read the page server made).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageServerBundle } from '../support/page-server-bundle';
import { startTestServer, type TestServer } from '../support/test-server';

let api: TestServer;
let front: Server;
let work: string;
let pageServer: { url: string; process: ChildProcess };
let reads = 0;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'page-server-attack-'));
  api = await startTestServer({ seedDemo: true });
  const target = new URL(api.url);
  front = createServer((req, res) => {
    reads += 1;
    const forwarded = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  pageServer = await startPageServerBundle(work, 'attack', {
    url: `http://127.0.0.1:${(front.address() as AddressInfo).port}/graphql`,
    apiKey: api.apiKey,
  });
});

afterAll(async () => {
  pageServer?.process.kill();
  front?.close();
  await api?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("AWS's page server under a stranger's requests", () => {
  it('a burst of one page costs the reads of one build, not one build per request', async () => {
    reads = 0;
    expect((await fetch(`${pageServer.url}/menu?category=wine`)).status).toBe(200);
    const oneBuild = reads;
    expect(oneBuild).toBeGreaterThan(0);
    reads = 0;
    const burst = await Promise.all(Array.from({ length: 40 }, () => fetch(`${pageServer.url}/menu?category=wine`)));
    for (const response of burst) expect(response.status).toBe(200);
    // Requests that arrive while a build is under way join it; a few builds at most as the burst arrives.
    expect(reads).toBeLessThanOrEqual(oneBuild * 4);
  });

  it('no page can be framed by another site', async () => {
    for (const path of ['/home', '/login', '/no-such-page']) {
      const response = await fetch(`${pageServer.url}${path}`);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});
