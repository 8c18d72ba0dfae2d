/**
 * Attacks on connections rather than requests: many connections that never send a byte, and one
 * connection that pipelines hundreds of requests and never reads the answers. The caps close the
 * excess at once and say so in one summary line, silent connections close at the first-request
 * deadline, a visitor from another address is still answered, and unread answers are let go
 * when their connection closes. All traffic stays on loopback; every socket is closed at the end.
 */
import { Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { postGraphQL, startTestServer, type TestServer } from '../support/test-server';
import { battery } from './support/figures';
import { rawRequest } from './support/raw-http';

const tally = battery('connection limits');
/** Longer than the first-request deadlines below, so each test's closings fall in one interval. */
const SUMMARY_INTERVAL_MS = 5000;
const VISITOR_BUDGET_MS = 3000;

let shop: TestServer | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await shop?.stop();
  shop = undefined;
});
afterAll(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

// A full collection before each measure of memory, even without node --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(env: NodeJS.ProcessEnv): Promise<TestServer> {
  shop = await startTestServer({ env, overrides: { connectionSummaryIntervalMs: SUMMARY_INTERVAL_MS } });
  return shop;
}

/** A connection from `localAddress` that sends nothing; resolves once connected, with when it closed (ms after opening, or null). */
function silentSocket(port: number, localAddress = '127.0.0.1'): Promise<{ socket: Socket; closedAfter: () => number | null }> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    let closedAt: number | null = null;
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    sockets.push(socket);
    socket.on('error', () => {});
    socket.on('close', () => (closedAt = Date.now()));
    socket.resume(); // reads the close
    socket.once('connect', () => resolve({ socket, closedAfter: () => (closedAt === null ? null : closedAt - opened) }));
    socket.once('error', reject);
  });
}

/** Waits until `check` holds, at most `ms`. */
async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(25);
  return check();
}

/** A visitor from 127.0.0.2: the client config, with the time it took. */
async function visitor(server: TestServer): Promise<{ status: number; ms: number }> {
  const began = Date.now();
  const response = await rawRequest(server.url, '/amplify_outputs.json', {
    method: 'GET',
    localAddress: '127.0.0.2',
    headers: { connection: 'close' },
  });
  return { status: response.status, ms: Date.now() - began };
}

const summaryLines = (server: TestServer) => server.logLines.filter((line) => line.startsWith('[server] closed'));

describe('silent connections', () => {
  it('closes connections over the per-address cap at once, serves another address, closes the rest at the deadline, in one log line', async () => {
    const server = await start({ MAX_CONNECTIONS_PER_ADDRESS: '50', HEADERS_TIMEOUT_SECONDS: '3' });
    const opened = await Promise.all(Array.from({ length: 300 }, () => silentSocket(server.port)));
    await until(() => opened.filter((s) => s.closedAfter() !== null).length >= 250, 2500);

    await tally.attempt('250 over the cap of 50 closed at once, 50 kept', () => {
      const closed = opened.map((s) => s.closedAfter()).filter((ms): ms is number => ms !== null);
      expect(closed).toHaveLength(250);
      expect(Math.max(...closed)).toBeLessThan(2500);
      expect(server.connections().open).toBe(50);
    });
    await tally.attempt('a visitor from 127.0.0.2 is answered', async () => {
      const { status, ms } = await visitor(server);
      console.log(`[connection limits] 300 silent connections from 127.0.0.1, cap 50: a visitor from 127.0.0.2 answered in ${ms} ms`);
      expect(status).toBe(200);
      expect(ms).toBeLessThan(VISITOR_BUDGET_MS);
    });
    await tally.attempt('the silent 50 closed after the first-request deadline (3 s)', async () => {
      const allClosed = await until(() => opened.every((s) => s.closedAfter() !== null), 6000);
      expect(allClosed).toBe(true);
      const late = opened
        .map((s) => s.closedAfter() ?? Infinity)
        .sort((a, b) => a - b)
        .slice(250);
      expect(Math.min(...late)).toBeGreaterThanOrEqual(2500);
      expect(Math.max(...late)).toBeLessThan(8000);
      expect(await until(() => server.connections().open === 0, 1000)).toBe(true);
    });
    await tally.attempt('one summary line, not hundreds', async () => {
      await until(() => summaryLines(server).length > 0, SUMMARY_INTERVAL_MS * 3);
      await sleep(1000);
      const lines = summaryLines(server);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('250 connections over the per-address cap (50) from 1 addresses');
      expect(lines[0]).toContain('50 connections that sent no request within 3 s');
      expect(server.logLines.length).toBeLessThan(10);
    });
  });

  it('closes connections over the total cap at once and serves again once the silent ones are gone', async () => {
    const server = await start({ MAX_CONNECTIONS: '40', HEADERS_TIMEOUT_SECONDS: '0.5' });
    const opened = await Promise.all(Array.from({ length: 100 }, () => silentSocket(server.port)));
    await tally.attempt('60 over the total cap of 40 closed, the rest at the 0.5 s deadline', async () => {
      expect(await until(() => opened.every((s) => s.closedAfter() !== null), 3000)).toBe(true);
      const times = opened.map((s) => s.closedAfter() ?? Infinity).sort((a, b) => a - b);
      expect(Math.max(...times)).toBeLessThan(3000);
    });
    await tally.attempt('a visitor is answered', async () => {
      const { status, ms } = await visitor(server);
      expect(status).toBe(200);
      expect(ms).toBeLessThan(VISITOR_BUDGET_MS);
    });
    await tally.attempt('one summary line', async () => {
      await until(() => summaryLines(server).length > 0, SUMMARY_INTERVAL_MS * 3);
      await sleep(1000);
      const lines = summaryLines(server);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('60 connections over the total cap (40)');
      expect(lines[0]).toContain('40 connections that sent no request within 0.5 s');
    });
  });

  it('at the total cap, a visitor takes the place of a keep-alive connection left idle after one free request', async () => {
    // The attack of 63 addresses x 64 connections against 4,000, scaled down: 6 addresses x 8
    // connections against a total of 40, each connection asking once for the client config and
    // then sitting idle in its client's keep-alive pool (65 s by default).
    const server = await start({ MAX_CONNECTIONS: '40', MAX_CONNECTIONS_PER_ADDRESS: '8' });
    const agents = Array.from({ length: 6 }, () => new Agent({ keepAlive: true, maxSockets: 8 }));
    await Promise.all(
      agents.flatMap((agent, index) =>
        Array.from({ length: 8 }, () =>
          rawRequest(server.url, '/amplify_outputs.json', { method: 'GET', localAddress: `127.0.0.${11 + index}`, agent }).catch(
            () => null,
          ),
        ),
      ),
    );
    await tally.attempt('the attackers hold the total cap with idle keep-alive connections', async () => {
      expect(await until(() => server.connections().open === 40, 2000)).toBe(true);
      expect(server.connections().responses).toBe(0);
    });
    await tally.attempt('visitors from another address are answered, in place of the connection idle longest', async () => {
      for (let i = 0; i < 5; i++) {
        const { status, ms } = await visitor(server);
        expect(status).toBe(200);
        expect(ms).toBeLessThan(VISITOR_BUDGET_MS);
      }
      expect(server.connections().open).toBeLessThanOrEqual(40);
    });
    await tally.attempt('near the cap, idle connections are kept 5 s, not 65', async () => {
      expect(await until(() => server.connections().open === 0, 8000)).toBe(true);
    });
    await tally.attempt('one summary line', async () => {
      await until(() => summaryLines(server).length > 0, SUMMARY_INTERVAL_MS * 3);
      expect(summaryLines(server).join('\n')).toMatch(
        /\b\d+ idle keep-alive connections to make room for new ones at the total cap \(40\)/,
      );
    });
    for (const agent of agents) agent.destroy();
  });

  it('closes a connection that starts a request and never finishes its headers', async () => {
    const server = await start({ HEADERS_TIMEOUT_SECONDS: '0.5' });
    const { socket, closedAfter } = await silentSocket(server.port);
    socket.write('GET /amplify_outputs.json HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    await tally.attempt('closed within a few seconds', async () => {
      expect(await until(() => closedAfter() !== null, 4000)).toBe(true);
    });
    // The same on a keep-alive connection after a request answered in full (node:http's deadline, 408).
    const second = await silentSocket(server.port);
    let answers = '';
    second.socket.on('data', (chunk: Buffer) => (answers += chunk.toString()));
    second.socket.write('GET /amplify_outputs.json HTTP/1.1\r\nHost: x\r\n\r\n');
    await tally.attempt('a later request with half its headers: 408, then closed', async () => {
      expect(await until(() => answers.startsWith('HTTP/1.1 200'), 3000)).toBe(true);
      second.socket.write('GET /amplify_outputs.json HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      expect(await until(() => second.closedAfter() !== null, 5000)).toBe(true);
      expect(answers).toContain('HTTP/1.1 408');
    });
  });
});

describe('pipelined requests never read', () => {
  // Answers big enough to matter: 50 items with a long description each (~100 kB an answer).
  const seedItems = (server: TestServer) => {
    for (let i = 0; i < 50; i++)
      server.store.create('Item', { name: `Item ${i}`, price: 10, tags: ['wine'], description: 'x'.repeat(2000) });
  };
  let pipelined = 0;
  /**
   * The answers that were sent are kept in the response cache (bounded, until the next write):
   * a write and one query empty it, so what is measured is what the connections left behind.
   */
  const dropCachedAnswers = async (server: TestServer) => {
    server.store.create('Tag', { name: `Tag ${pipelined}`, categoryId: 'none', index: 0 });
    expect((await postGraphQL(server, { query: '{ listItems(limit: 1) { items { id } } }' })).status).toBe(200);
    expect(server.responseCache.size).toBe(1);
  };
  // Each query spelt its own way (an alias), so no two answers are one cached string.
  const list = (n: number) => JSON.stringify({ query: `{ q${n}: listItems(limit: 50) { items { id name description } } }` });
  const pipeline = (server: TestServer, count: number) => {
    const post = (n: number) =>
      `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: ${server.apiKey}\r\n` +
      `Content-Length: ${Buffer.byteLength(list(n))}\r\n\r\n${list(n)}`;
    const get = 'GET /amplify_outputs.json HTTP/1.1\r\nHost: x\r\n\r\n';
    return Array.from({ length: count }, (_, i) => (i % 2 ? get : post(pipelined++))).join('');
  };
  /** A connection that sends `count` pipelined requests in one write and never reads. */
  const unreadConnection = async (server: TestServer, count: number) => {
    const { socket, closedAfter } = await silentSocket(server.port);
    socket.pause();
    socket.write(pipeline(server, count));
    return { socket, closedAfter };
  };
  const settled = (server: TestServer) => until(() => server.connections().handlers === 0, 10_000);

  it('lets go of every answer when the connection is closed, and closes a stalled one itself', async () => {
    const server = await start({ UNREAD_ANSWER_TIMEOUT_SECONDS: '1' });
    seedItems(server);
    // The client closes its connection: whatever was held for it is let go.
    const first = await unreadConnection(server, 400);
    await settled(server);
    await tally.attempt('at most 16 answers held for the connection', () => {
      expect(server.connections().responses).toBeLessThanOrEqual(16);
    });
    first.socket.destroy();
    await tally.attempt('none held once the client is gone', async () => {
      expect(await until(() => server.connections().open === 0 && server.connections().responses === 0, 3000)).toBe(true);
      expect(server.connections().handlers).toBe(0);
    });
    // The client keeps its connection open and never reads: the server closes it.
    await unreadConnection(server, 400);
    await tally.attempt('the server closes a connection that reads nothing, and lets its answers go', async () => {
      expect(await until(() => server.connections().open === 0 && server.connections().responses === 0, 5000)).toBe(true);
    });
    await tally.attempt('a visitor is answered', async () => {
      const { status, ms } = await visitor(server);
      expect(status).toBe(200);
      expect(ms).toBeLessThan(VISITOR_BUDGET_MS);
    });
    await tally.attempt('the closings told in one summary line', async () => {
      expect(await until(() => summaryLines(server).length > 0, SUMMARY_INTERVAL_MS * 3)).toBe(true);
      await sleep(500);
      const lines = summaryLines(server);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^\[server\] closed [12] connections that did not read their answers \(over 16 unanswered, or none read for 1 s\)$/,
      );
    });
  });

  it('keeps memory flat over 2,000 unread answers', async () => {
    const server = await start({});
    seedItems(server);
    // Buffers are freed after the collection that finds them unused: collect, wait, collect.
    const used = async () => {
      gc();
      await sleep(100);
      gc();
      const { heapUsed, external } = process.memoryUsage();
      return heapUsed + external;
    };
    // One round first, so what is built once (caches, compiled code) is not counted as growth.
    const warm = await unreadConnection(server, 400);
    await settled(server);
    warm.socket.destroy();
    await until(() => server.connections().open === 0, 3000);
    await dropCachedAnswers(server);
    const before = await used();
    const connections = [];
    for (let c = 0; c < 5; c++) connections.push(await unreadConnection(server, 400));
    await settled(server);
    const held = server.connections().responses;
    for (const { socket } of connections) socket.destroy();
    await until(() => server.connections().open === 0 && server.connections().responses === 0, 3000);
    await sleep(200);
    await dropCachedAnswers(server);
    const growth = (await used()) - before;
    console.log(
      `[connection limits] 5 connections x 400 unread requests: ${held} answers held once the handlers were done, ` +
        `${server.connections().responses} after; heap+external growth ${(growth / 1e6).toFixed(1)} MB`,
    );
    await tally.attempt('no answer held and memory flat', () => {
      expect(held).toBeLessThanOrEqual(5 * 16);
      expect(server.connections().responses).toBe(0);
      expect(growth).toBeLessThan(50e6);
    });
    await tally.attempt('a visitor is answered', async () => {
      expect((await visitor(server)).status).toBe(200);
    });
  });

  it('still serves a client that pipelines a few requests and reads', async () => {
    const server = await start({});
    const { socket } = await silentSocket(server.port);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.write('GET /amplify_outputs.json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(8));
    await tally.attempt('8 answers', async () => {
      expect(
        await until(
          () =>
            (
              Buffer.concat(chunks)
                .toString()
                .match(/HTTP\/1\.1 200/g) ?? []
            ).length === 8,
          5000,
        ),
      ).toBe(true);
    });
  });
});
