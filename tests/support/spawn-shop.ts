/**
 * The shop as a real child process, as `npm start` runs it: `node --import tsx <entry>` from the
 * repository's root on loopback, with a data directory of its own, no demo and no built SPA (the
 * tests that use it talk to the API). `ADMIN_*` variables of the calling shell are not passed on.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `entry`: `server/main.ts` (the server) or `scripts/supervise.ts` (the supervisor npm start runs). */
export function spawnShop(entry: string, dataDir: string, env: Record<string, string> = {}) {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('ADMIN_')));
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-dist'),
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
