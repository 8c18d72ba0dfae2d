import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:unit`: three projects, each a kind of test (docs/testing.md). A project is chosen
 * with `--project`; `--exclude` on the command line reaches no project, so a run of some of
 * them names its projects (scripts/node24.ts runs `node` alone).
 */
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**'],
    // Vitest's default on two cores is one worker, and most files wait on a server, SQLite or
    // bcrypt more than they compute: three workers halve the stage (decision 0394).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // The code that runs in Node: the server, the Lambdas, shared rules, scripts, the demo seeder.
        test: { name: 'node', include: ['{server,shared,scripts,amplify,demo,tests/support}/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        // The SPA's own logic, pure of the DOM.
        test: { name: 'spa', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        // As in the app's build (vite.config.ts): react-toastify is src/lib/toastify.ts, which mounts the toast container.
        resolve: {
          alias: [{ find: /^react-toastify$/, replacement: fileURLToPath(new URL('./src/lib/toastify.ts', import.meta.url)) }],
        },
        // Components rendered with Testing Library, beside the component they test.
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          // Not localhost:3000, where the local server may be listening: a stray request reaches nothing.
          environmentOptions: { happyDOM: { url: 'http://shop.test/' } },
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
