/** Runs one of the project's npm scripts as a user would, with its output kept for assertions. */
import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../../support/spawn-shop';

export interface ScriptRun {
  code: number | null;
  output: string;
  ms: number;
}

export function runNpmScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout kills npm and the script under it, not npm alone.
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 120_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}
