/**
 * The production proxy, attacked: deploy/nginx/nginx.conf itself (only its machine-specific
 * names changed: ports, sockets, certificate, log and temp paths) runs Debian's nginx on loopback
 * in front of a real shop server with TRUST_PROXY=true (decision 0282). Silent connections from
 * one address are cut at the 65th and time out at the header deadline; bursts of API requests and
 * of pages are turned away by the proxy (the server's own rate limit is off here, so every
 * refusal seen is the proxy's); a visitor from another address is served throughout.
 * All traffic stays on loopback; nginx and every socket stop at the end.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxPath } from '../../scripts/nginx';
import { startTestServer, type TestServer } from '../support/test-server';
import { battery } from './support/figures';

const tally = battery('reverse proxy');
const HOST_NAME = 'shop.example.com';
/** The shipped per-address connection cap (stream layer) and header deadline. */
const CONNECTIONS_PER_ADDRESS = 64;
const HEADER_DEADLINE_MS = 10_000;
/** Page requests sent at once from one address: well past the page burst of 2,000. */
const PAGE_BURST = 5000;

let shop: TestServer;
let nginx: ChildProcess;
let dir: string;
let httpsPort: number;
let httpPort: number;
let certificate: Buffer;
const sockets: Socket[] = [];
const agents: HttpsAgent[] = [];

/** A free loopback port (the kernel picks it; nginx binds it a moment later). */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** deploy/nginx/nginx.conf with this machine's names: each replacement must match, or the file changed under the test. */
function renderConfig(shopPort: number): string {
  let text = readFileSync(new URL('../../deploy/nginx/nginx.conf', import.meta.url), 'utf8');
  const replace = (from: string | RegExp, to: string) => {
    if (!text.match(from)) throw new Error(`deploy/nginx/nginx.conf no longer contains ${String(from)}`);
    text = text.replace(from, to);
  };
  replace(/^user www-data;\n/m, process.getuid?.() === 0 ? 'user www-data;\n' : '');
  replace('pid /run/nginx.pid;', `pid ${dir}/nginx.pid;`);
  replace(/\/var\/log\/nginx\//g, `${dir}/`);
  replace(/listen 443;/, `listen 127.0.0.1:${httpsPort};`);
  replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`);
  replace(/\n\s*listen \[::\]:(443|80);/g, '');
  replace(/\/run\/nginx-shop-https\.sock/g, `${dir}/https.sock`);
  replace(/\/run\/nginx-shop-http\.sock/g, `${dir}/http.sock`);
  replace(`/etc/letsencrypt/live/${HOST_NAME}/fullchain.pem`, `${dir}/cert.pem`);
  replace(`/etc/letsencrypt/live/${HOST_NAME}/privkey.pem`, `${dir}/key.pem`);
  replace('server 127.0.0.1:3000;', `server 127.0.0.1:${shopPort};`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${dir}/${kind};`).join('\n');
  replace(/^http \{\n/m, `http {\n${temp}\n`);
  return text;
}

beforeAll(async () => {
  const nginxExecutable = nginxPath();
  dir = mkdtempSync(join(tmpdir(), 'shop-nginx-'));
  chmodSync(dir, 0o755); // nginx's workers (www-data) reach the sockets in here
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${HOST_NAME}`,
      '-addext',
      `subjectAltName=DNS:${HOST_NAME}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'pipe' },
  );
  certificate = readFileSync(join(dir, 'cert.pem'));
  // The server's own rate limits are off: every request refused below was refused by nginx.
  shop = await startTestServer({ env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_SECOND: '0', PAGE_RATE_LIMIT_PER_SECOND: '0' } });
  httpsPort = await freePort();
  httpPort = await freePort();
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, renderConfig(shop.port));
  const errorLog = join(dir, 'startup-error.log');
  execFileSync(nginxExecutable, ['-t', '-q', '-c', config, '-e', errorLog], { stdio: 'pipe' });
  nginx = spawn(nginxExecutable, ['-c', config, '-e', errorLog, '-g', 'daemon off;'], { stdio: 'ignore' });
  for (let tries = 0; ; tries += 1) {
    try {
      const answer = await get('/robots.txt', '127.0.0.9');
      if (answer.status === 200) break;
    } catch (error) {
      if (tries > 100) throw new Error(`nginx did not come up: ${String(error)}\n${readFileSync(errorLog, 'utf8')}`);
    }
    await sleep(100);
  }
}, 60_000);

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const agent of agents.splice(0)) agent.destroy();
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await Promise.race([exited, sleep(5000).then(() => nginx.kill('SIGKILL'))]);
  }
  await shop?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function agentFrom(localAddress: string, maxSockets = 16): HttpsAgent {
  const agent = new HttpsAgent({ keepAlive: true, maxSockets, localAddress, ca: certificate, servername: HOST_NAME });
  agents.push(agent);
  return agent;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  path: string,
  options: { agent: HttpsAgent; method?: string; body?: string; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host: '127.0.0.1',
        port: httpsPort,
        path,
        method: options.method ?? 'GET',
        agent: options.agent,
        headers: {
          host: HOST_NAME,
          ...(options.body ? { 'content-type': 'application/json', 'x-api-key': shop.apiKey } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(20_000, () => request.destroy(new Error(`no answer to ${path} in 20 s`)));
    request.on('error', reject);
    request.end(options.body);
  });
}

const visitorAgents = new Map<string, HttpsAgent>();
const get = (path: string, from: string) => {
  if (!visitorAgents.has(from)) visitorAgents.set(from, agentFrom(from, 4));
  return send(path, { agent: visitorAgents.get(from)! });
};
const LIST_ITEMS = JSON.stringify({ query: '{ listItems(limit: 5) { items { id name } } }' });
const graphql = (agent: HttpsAgent) => send('/graphql', { agent, method: 'POST', body: LIST_ITEMS });

/** A TCP connection from `localAddress` that sends nothing, with when it closed (ms after opening, or null). */
function silentSocket(localAddress: string): Promise<{ closedAfter: () => number | null }> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    let closedAt: number | null = null;
    const socket = connect({ host: '127.0.0.1', port: httpsPort, localAddress });
    sockets.push(socket);
    socket.on('error', () => {});
    socket.on('close', () => (closedAt = Date.now()));
    socket.resume();
    socket.once('connect', () => resolve({ closedAfter: () => (closedAt === null ? null : closedAt - opened) }));
    socket.once('error', reject);
  });
}

describe('the nginx configuration in deploy/ in front of the shop', () => {
  it('serves the shop over TLS, tells the server the client address, and sends plain HTTP to HTTPS', async () => {
    const answer = await graphql(agentFrom('127.0.0.3'));
    await tally.attempt('an API request over TLS is answered', () => {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).data.listItems.items).toBeInstanceOf(Array);
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(answer.headers.server).toBe('nginx'); // server_tokens off: no version
    });

    const redirect = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port: httpPort, path: '/menu?category=wine', localAddress: '127.0.0.3', headers: { host: HOST_NAME } },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, location: response.headers.location });
        },
      );
      request.on('error', reject);
      request.end();
    });
    await tally.attempt('plain HTTP is sent to HTTPS', () => {
      expect(redirect).toEqual({ status: 301, location: `https://${HOST_NAME}/menu?category=wine` });
    });

    // The address the server charges and logs is the client's, as the stream layer saw it: a
    // forged X-Forwarded-For is replaced, not passed on.
    const bad = await send('/graphql', {
      agent: agentFrom('127.0.0.3'),
      method: 'POST',
      body: '{"query":',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    await tally.attempt('a forged X-Forwarded-For is replaced by the real address', () => {
      expect(bad.body).toContain('"errors"');
      const line = shop.refusalLines.at(-1) ?? '';
      expect(JSON.parse(line)).toMatchObject({ address: '127.0.0.3' });
      expect(line).not.toContain('203.0.113.9');
    });
  });

  it('cuts silent connections from one address at the cap and at the header deadline, while a visitor is served', async () => {
    const attempts = 200;
    const silent = await Promise.all(Array.from({ length: attempts }, () => silentSocket('127.0.0.2')));
    await sleep(1000);
    const cutAtOnce = silent.filter((socket) => socket.closedAfter() !== null).length;
    await tally.attempt(`${attempts} silent connections from one address: all past ${CONNECTIONS_PER_ADDRESS} cut at once`, () => {
      expect(cutAtOnce).toBeGreaterThanOrEqual(attempts - CONNECTIONS_PER_ADDRESS);
      expect(cutAtOnce).toBeLessThan(attempts);
    });

    const started = performance.now();
    const visitor = await get('/robots.txt', '127.0.0.7');
    const visitorMs = performance.now() - started;
    await tally.attempt('a visitor from another address is answered meanwhile', () => {
      expect(visitor.status).toBe(200);
      expect(visitorMs).toBeLessThan(3000);
    });

    // The ones let in never send a byte: the header deadline (which covers the TLS handshake) closes them.
    const deadline = Date.now() + HEADER_DEADLINE_MS + 5000;
    while (Date.now() < deadline && silent.some((socket) => socket.closedAfter() === null)) await sleep(200);
    const lastClosed = Math.max(...silent.map((socket) => socket.closedAfter() ?? Number.POSITIVE_INFINITY));
    await tally.attempt('the silent ones let in are closed at the header deadline', () => {
      expect(lastClosed).toBeGreaterThanOrEqual(HEADER_DEADLINE_MS - 500);
      expect(lastClosed).toBeLessThan(HEADER_DEADLINE_MS + 5000);
    });
    console.log(
      `[proxy] ${attempts} silent connections from one address: ${cutAtOnce} cut at once, the rest after ${(lastClosed / 1000).toFixed(1)} s; a visitor answered in ${visitorMs.toFixed(0)} ms`,
    );
  }, 30_000);

  it('turns a burst of API requests and of pages away at the proxy, in the shapes the app waits out', async () => {
    const attacker = agentFrom('127.0.0.4', 32);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 900 }, () => graphql(attacker)));
    const seconds = (performance.now() - started) / 1000;
    const refused = answers.filter((answer) => answer.body.includes('"TooManyRequests"'));
    const served = answers.filter((answer) => answer.body.includes('"listItems"'));
    await tally.attempt('900 API requests at once: the burst and the rate pass, the rest refused as AppSync refuses', () => {
      expect(refused.length + served.length).toBe(answers.length);
      // The burst (500) and the rate (50 a second) pass; nothing else reaches the server.
      expect(served.length).toBeLessThanOrEqual(500 + Math.ceil(50 * seconds) + 5);
      expect(refused.length).toBeGreaterThan(0);
      const refusal = refused[0]!;
      expect(refusal.status).toBe(200);
      expect(refusal.headers['retry-after']).toBe('1');
      expect(JSON.parse(refusal.body).errors[0]).toMatchObject({ errorType: 'TooManyRequests', errorInfo: { retryAfterSeconds: 1 } });
    });

    const visitor = await graphql(agentFrom('127.0.0.5'));
    await tally.attempt('a visitor from another address is served after the burst', () => {
      expect(JSON.parse(visitor.body).data.listItems.items).toBeInstanceOf(Array);
    });

    const pageAttacker = agentFrom('127.0.0.6', 32);
    const pagesStarted = performance.now();
    const pages = await Promise.all(Array.from({ length: PAGE_BURST }, (_, n) => send(`/item/no-such-item-${n}`, { agent: pageAttacker })));
    const pageSeconds = (performance.now() - pagesStarted) / 1000;
    const pagesRefused = pages.filter((answer) => answer.status === 429);
    await tally.attempt(`${PAGE_BURST} page requests at once: past the burst and the rate, 429 with Retry-After`, () => {
      // The burst (2,000) and the rate (200 a second) pass.
      expect(pagesRefused.length).toBeGreaterThanOrEqual(PAGE_BURST - 2000 - Math.ceil(200 * pageSeconds) - 5);
      expect(pagesRefused.length).toBeGreaterThan(0);
      expect(pagesRefused[0]!.headers['retry-after']).toBe('1');
      expect(pagesRefused[0]!.body).toContain('Too many requests from this address');
    });
    const pageVisitor = await get('/robots.txt', '127.0.0.8');
    await tally.attempt('a visitor from another address still gets pages', () => expect(pageVisitor.status).toBe(200));
    console.log(
      `[proxy] 900 API requests at once from one address: ${served.length} served, ${refused.length} refused in ${seconds.toFixed(1)} s; ${PAGE_BURST} pages: ${pagesRefused.length} refused in ${pageSeconds.toFixed(1)} s`,
    );
  }, 60_000);
});
