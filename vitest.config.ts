import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,shared,src,scripts,amplify,demo,tests/support}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
