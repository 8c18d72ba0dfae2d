/**
 * Runs a benchmark target (a server) as its own process, so its CPU time is not shared with the
 * code measuring it. The target prints `READY <port> <apiKey> [extra]` once it listens.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface Target {
  port: number;
  apiKey: string;
  /** What the target printed after its API key (the import target: an admin's session token). */
  extra: string | null;
  url: string;
  /** The target's resident memory now, in MB (Linux: /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * Where a throughput comparison runs on a machine of two cores or more: each target on the
 * second core and the load generator on the first (pinLoadGenerator), so neither side's share of
 * the cores moves between runs (unpinned, the same run's figures varied by a third). Null without
 * `taskset` or with one core.
 */
export const TARGET_CPU = (() => {
  if (availableParallelism() < 2) return null;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return 1;
  } catch {
    return null;
  }
})();

/**
 * Pins this process (the load generator) to the first core, when targets are pinned to the
 * second; the function returned gives it every core again (the bench's later parts need them).
 */
export function pinLoadGenerator(): () => void {
  if (TARGET_CPU === null) return () => undefined;
  // Read before pinning: the count follows this process's own affinity.
  const every = `0-${availableParallelism() - 1}`;
  const pin = (cpus: string) => execFileSync('taskset', ['-pc', cpus, String(process.pid)], { stdio: 'ignore' });
  pin('0');
  return () => pin(every);
}

export function startTarget(
  script: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
  { pinned = false }: { pinned?: boolean } = {},
): Promise<Target> {
  // BENCH_PROFILE_DIR=<dir>: each target writes a CPU profile there when it stops (open it in
  // Chrome's DevTools, Performance): how a slid figure is profiled (design §4).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const command = [process.execPath, ...profile, '--import', 'tsx', script, ...args];
  const pin = pinned && TARGET_CPU !== null ? ['taskset', '-c', String(TARGET_CPU)] : [];
  const [file, ...argv] = [...pin, ...command];
  const child = spawn(file!, argv, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    const onEarlyExit = (code: number | null) => reject(new Error(`${script} exited with ${code} before it was ready`));
    child.once('exit', onEarlyExit);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^READY (\d+) (\S+)(?: (\S+))?/.exec(line);
      if (!match) return;
      child.off('exit', onEarlyExit);
      const port = Number(match[1]);
      resolve({
        port,
        apiKey: match[2]!,
        extra: match[3] ?? null,
        url: `http://127.0.0.1:${port}`,
        rssMb: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
