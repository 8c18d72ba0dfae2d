/**
 * The shop server as a real child process (`node --import tsx server/main.ts`, what `npm start`
 * runs after its build step), on a loopback port the OS picks. Every process started here is
 * remembered and killed when the test process ends, so a failing test leaves none behind.
 */
import type { ChildProcess } from 'node:child_process';
import { spawnShop } from '../../support/spawn-shop';

export const ADMIN_EMAIL = 'reliability.admin@example.com';
export const ADMIN_PASSWORD = 'Rel1able!Passw0rd';

const OPEN_LINE = /is open at (http:\/\/[^\s]+)\/home/;
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

export interface ShopProcess {
  url: string;
  pid: number;
  /** Everything the server printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Settles when the process has exited. */
  exited: Promise<ExitResult>;
  signal(signal: NodeJS.Signals): void;
}

export interface StartOptions {
  dataDir: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

export async function startShopProcess({ dataDir, env = {}, startTimeoutMs = 30_000 }: StartOptions): Promise<ShopProcess> {
  const child = spawnShop('server/main.ts', dataDir, {
    // Twenty writers and readers from one address are a deliberate overload; the request rate
    // limit and the per-address connection cap would refuse most of it (the security battery tests
    // them: bounded-cost, dear-lane and connection-limits).
    RATE_LIMIT_PER_SECOND: '0',
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...env,
  });
  running.add(child);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<ExitResult>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, at: Date.now() });
    });
  });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`server did not open within ${startTimeoutMs} ms`)), startTimeoutMs);
    const onData = () => {
      const match = OPEN_LINE.exec(output);
      if (match) {
        cleanup();
        resolve(match[1]!);
      }
    };
    const onExit = () => fail(new Error('server exited before opening'));
    function cleanup() {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
    }
    function fail(error: Error) {
      cleanup();
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${output}`));
    }
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });

  return {
    url,
    pid: child.pid!,
    output: () => output,
    exited,
    signal: (signal) => {
      child.kill(signal);
    },
  };
}

/** SIGKILLs every server still running; for afterAll and failure paths. */
export async function killAllShopProcesses(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
