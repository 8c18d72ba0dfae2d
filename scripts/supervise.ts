/**
 * `npm start`'s supervisor (scripts/start.ts runs it after the build step): the server
 * (server/main.ts) runs as a child process (`node --import tsx server/main.ts`, same environment
 * and working directory, its output on ours) and is started again when it crashes (a signal such
 * as kill -9, an uncaught error), after a wait that doubles from 0.5 s up to 30 s for a server
 * that keeps crashing and starts over at 0.5 s once one has run 60 s. SIGTERM and SIGINT go on to
 * the server, and the supervisor exits with its exit code once it has stopped. A server that
 * exits by itself with 0 (stopped cleanly) or 78 (EXIT_CONFIG: its configuration cannot work) is
 * not restarted: starting it again would change nothing. Tested in
 * tests/reliability/supervised-start.test.ts (processes) and scripts/supervise.test.ts (the rules).
 *
 * `node --import tsx scripts/supervise.ts` runs it without the build step.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { EXIT_CONFIG } from '../server/exit-codes';

export const FIRST_DELAY_MS = 500;
export const MAX_DELAY_MS = 30_000;
/** A server that ran this long before it crashed was working: the next wait is the first one again. */
export const STEADY_UPTIME_MS = 60_000;

const SERVER_ENTRY = fileURLToPath(new URL('../server/main.ts', import.meta.url));

/** The wait before starting again a server that crashed after `uptimeMs`; `previousMs` the last wait (null: none yet). */
export function restartDelay(previousMs: number | null, uptimeMs: number): number {
  if (previousMs === null || uptimeMs >= STEADY_UPTIME_MS) return FIRST_DELAY_MS;
  return Math.min(previousMs * 2, MAX_DELAY_MS);
}

/** Whether a server that exited so is started again; never once the supervisor was asked to stop. */
export function restarts(code: number | null, stopping: boolean): boolean {
  return !stopping && code !== 0 && code !== EXIT_CONFIG;
}

/** The exit code that passes on how the server ended (killed by a signal: 128 + its number, as a shell says). */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return 128 + ((signal && constants.signals[signal]) || 0);
}

const log = (line: string) => console.log(`[supervisor] ${line}`);

export function superviseServer(): void {
  let child: ChildProcess | null = null;
  let stopping = false;
  let delay: number | null = null;
  let timer: NodeJS.Timeout | undefined;

  const start = () => {
    timer = undefined;
    const startedAt = Date.now();
    const server = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], { stdio: 'inherit', env: process.env });
    child = server;
    log(`started the server (pid ${server.pid})`);
    server.once('error', (error) => {
      // Node itself could not be started: nothing to restart.
      log(`could not start the server: ${error.message}`);
      process.exit(1);
    });
    server.once('exit', (code, signal) => {
      child = null;
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      if (!restarts(code, stopping)) {
        if (!stopping)
          log(code === EXIT_CONFIG ? `the server refused its configuration (${how}): not restarted` : `the server stopped (${how})`);
        process.exit(exitCodeOf(code, signal));
      }
      delay = restartDelay(delay, Date.now() - startedAt);
      log(`the server stopped (${how}); starting it again in ${delay / 1000} s`);
      timer = setTimeout(start, delay);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    if (child) {
      child.kill(signal);
      return;
    }
    // Between a crash and the restart: nothing runs, nothing to wait for.
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  start();
}

if (import.meta.url === `file://${process.argv[1]}`) superviseServer();
