/**
 * `npm run test:reliability`: the reliability battery (concurrent writers, kill -9, SIGTERM under
 * load, online backup). Real server processes, so the files run one after another: two cores
 * shared by a server and its load are busy enough.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../../', import.meta.url)),
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
