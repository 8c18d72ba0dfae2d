import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include:
      process.env.TIMING_TESTS === '1'
        ? ['**/*-timing.test.ts']
        : ['{server,shared,src,scripts,amplify,demo,tests/support}/**/*.test.{ts,tsx}'],
    // Timing measurements run alone (npm test runs them after the rest): see sign-in-timing.test.ts.
    exclude: ['**/node_modules/**', ...(process.env.TIMING_TESTS === '1' ? [] : ['**/*-timing.test.ts'])],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
