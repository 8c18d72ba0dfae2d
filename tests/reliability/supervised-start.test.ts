/**
 * `npm start` supervises the server (scripts/supervise.ts; scripts/start.ts runs it after the
 * build step, which these tests leave out: they need no built SPA). A server killed with kill -9
 * is started again and the shop answers within 5 s; SIGTERM to the supervisor stops the server
 * and then the supervisor, with the server's exit code; a configuration the server refuses
 * (exit code 78) ends the supervisor once, with no restart loop.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_CONFIG } from '../../server/exit-codes';
import { spawnShop } from '../support/spawn-shop';

const STARTED_LINE = /\[supervisor\] started the server \(pid (\d+)\)/g;
const started: ChildProcess[] = [];
const serverPids = new Set<number>();
const dataDirs: string[] = [];

afterEach(() => {
  // Only what these tests started: the supervisors and the servers they reported.
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const pid of serverPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  serverPids.clear();
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A loopback port free right now (the server is restarted on the same port, so PORT=0 will not do). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function supervise(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-supervised-'));
  dataDirs.push(dataDir);
  const child = spawnShop('scripts/supervise.ts', dataDir, env);
  started.push(child);
  let output = '';
  const onData = (chunk: string) => {
    output += chunk;
    for (const [, pid] of output.matchAll(STARTED_LINE)) serverPids.add(Number(pid));
  };
  child.stdout.setEncoding('utf8').on('data', onData);
  child.stderr.setEncoding('utf8').on('data', onData);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => {
    child.once('exit', (code) => resolve({ code, at: Date.now() }));
  });
  const pids = () => [...output.matchAll(STARTED_LINE)].map(([, pid]) => Number(pid));
  return { child, exited, pids, output: () => output };
}

async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  output: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Any HTTP answer from the shop (no built SPA here: /home may be a 404 page, but it answers). */
async function answers(port: number): Promise<boolean | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/home`, { signal: AbortSignal.timeout(1_000) });
    await response.arrayBuffer();
    return true;
  } catch {
    return undefined;
  }
}

describe('npm start supervises the server', () => {
  it('starts the server again after kill -9, answering within 5 s; SIGTERM then stops both', async () => {
    const port = await freePort();
    const run = supervise({ PORT: String(port) });
    await until('the shop opens', () => (/is open at /.test(run.output()) ? answers(port) : undefined), 30_000, run.output);
    const [first] = run.pids();
    expect(first).toBeGreaterThan(0);

    process.kill(first!, 'SIGKILL');
    const killedAt = Date.now();
    await until('the first server is gone', () => (alive(first!) ? undefined : true), 5_000, run.output);
    const second = await until('a new server', () => run.pids().find((pid) => pid !== first), 5_000, run.output);
    await until('the shop answers again', () => answers(port), 5_000 - (Date.now() - killedAt), run.output);
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    expect(run.output()).toContain('[supervisor] the server stopped (killed by SIGKILL); starting it again in 0.5 s');

    run.child.kill('SIGTERM');
    const { code } = await run.exited;
    expect(code).toBe(0);
    expect(alive(second)).toBe(false);
    expect(run.output()).toContain('[server] SIGTERM: finishing in-flight requests');
    expect(run.pids()).toEqual([first, second]);
  }, 60_000);

  it('a first admin with a weak password: the server refuses once (exit 78), the supervisor exits with it, no restart', async () => {
    const port = await freePort();
    const run = supervise({ PORT: String(port), ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'merlot' });
    const { code } = await run.exited;
    expect(code).toBe(EXIT_CONFIG);
    expect(run.pids()).toHaveLength(1);
    expect(run.output()).toContain('[server] not started: ADMIN_PASSWORD does not meet the password policy');
    expect(run.output()).toContain('[supervisor] the server refused its configuration (exit code 78): not restarted');
    expect(run.output()).not.toContain('starting it again');
  }, 60_000);
});
