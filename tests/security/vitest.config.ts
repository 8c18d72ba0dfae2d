/**
 * `npm run test:security`: the security batteries (decision 0100), and only them (the default
 * `vitest run` does not include tests/). Real server, real SQLite, real Chromium.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/security/**/*.test.ts'],
    globalSetup: ['tests/security/global-setup.ts'],
    environment: 'node',
    // Two workers at most: the machine has two cores and the browser battery needs one.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
