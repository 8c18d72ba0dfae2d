import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,shared,src,scripts,amplify}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
