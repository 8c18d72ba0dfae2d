/**
 * `npm start`'s server (server/main.ts) as a real process on a throwaway data directory: a first
 * admin asked for with no password or a weak one is one line and exit code 78 (EXIT_CONFIG), no stack trace; so is a bad setting; data
 * without an admin says how to make one; ADMIN_* left set once an admin exists are not used; one
 * line says where e-mail goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_TEXT } from '../shared/validation/account';
import { EXIT_CONFIG } from './exit-codes';
import { NO_ADMIN_HINT } from './setup/first-admin';
import { spawnShop } from '../tests/support/spawn-shop';

const OPEN_LINE = /is open at http:\/\/\S+\/home/;
/** Where e-mail goes (decision 0366). */
const MAIL_LINE = /^(No mail server set|E-mails go out through)/;
const dataDirs: string[] = [];

afterEach(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-main-'));
  dataDirs.push(dir);
  return dir;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the server; once it says it is open (or it exits), stops it with SIGTERM. */
function runServer(dataDir: string, env: Record<string, string>): Promise<Run> {
  const child = spawnShop('server/main.ts', dataDir, env);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (OPEN_LINE.test(stdout) && stdout.endsWith('\n')) setTimeout(() => child.kill('SIGTERM'), 200);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('npm start and the first admin', () => {
  it('with ADMIN_EMAIL and a weak ADMIN_PASSWORD, says what the policy wants in one line and exits with 78 (EXIT_CONFIG)', async () => {
    const run = await runServer(newDataDir(), { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'merlot' });
    expect(run.code).toBe(EXIT_CONFIG);
    expect(run.stdout).not.toMatch(OPEN_LINE);
    expect(lines(run.stderr)).toEqual([
      `[server] not started: ADMIN_PASSWORD does not meet the password policy (Password must be at least 8 characters). ${PASSWORD_POLICY_TEXT}`,
    ]);
  });

  it('with ADMIN_EMAIL and no ADMIN_PASSWORD, says so in one line and exits with 78 (EXIT_CONFIG)', async () => {
    const run = await runServer(newDataDir(), { ADMIN_EMAIL: 'owner@example.com' });
    expect(run.code).toBe(EXIT_CONFIG);
    expect(lines(run.stderr)).toHaveLength(1);
    expect(run.stderr).toContain('ADMIN_EMAIL is set but ADMIN_PASSWORD is not');
    expect(run.stderr).toContain(PASSWORD_POLICY_TEXT);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('with a setting that cannot work, says which in one line and exits with 78, no stack trace', async () => {
    const run = await runServer(newDataDir(), { RATE_LIMIT_BURST: 'lots' });
    expect(run.code).toBe(EXIT_CONFIG);
    expect(lines(run.stderr)).toEqual(['[server] not started: RATE_LIMIT_BURST must be a whole number of at least 1, got lots']);
  });

  it('with no admin in the data and none asked for, opens and says how to make one', async () => {
    const run = await runServer(newDataDir(), {});
    expect(run.stdout).toMatch(OPEN_LINE);
    expect(lines(run.stdout)).toContain(NO_ADMIN_HINT);
    expect(run.code).toBe(0);
  });

  it('creates the first admin once; later starts with ADMIN_EMAIL alone open without a word about admins', async () => {
    const dataDir = newDataDir();
    const first = await runServer(dataDir, {
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'Gr8-Merlot-2024!',
      ADMIN_NAME: 'Maria Rossi',
    });
    expect(first.stdout).toContain('[server] created the first admin, owner@example.com (Maria Rossi)');
    expect(first.stdout).not.toContain(NO_ADMIN_HINT);
    expect(first.code).toBe(0);

    const again = await runServer(dataDir, { ADMIN_EMAIL: 'owner@example.com' });
    expect(again.stdout).toMatch(OPEN_LINE);
    expect(lines(again.stdout).filter((line) => !MAIL_LINE.test(line))).not.toContainEqual(expect.stringContaining('admin'));
    expect(again.code).toBe(0);
  });
});

describe('npm start and the mail', () => {
  it('without a mail server, says the e-mails are kept in the outbox: its folder and the page that shows it', async () => {
    const dataDir = newDataDir();
    const run = await runServer(dataDir, {});
    const url = /is open at (http:\/\/\S+)\/home/.exec(run.stdout)![1];
    expect(lines(run.stdout)).toContain(
      `No mail server set (SMTP_HOST): e-mails are kept in ${join(dataDir, 'outbox')}, and admins read them at ${url}/admin-outbox`,
    );
  });

  it('with one, names its host and port, never its password', async () => {
    const run = await runServer(newDataDir(), {
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '2525',
      SMTP_USER: 'shop',
      SMTP_PASSWORD: 'S3cret-Pa55',
      SMTP_FROM: 'Shop <shop@example.com>',
    });
    expect(lines(run.stdout)).toContain(
      'E-mails go out through smtp.example.com:2525 (STARTTLS when offered) from Shop <shop@example.com>',
    );
    expect(run.stdout + run.stderr).not.toContain('S3cret');
  });
});
