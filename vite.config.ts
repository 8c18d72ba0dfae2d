import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The local server (server/main.ts): GraphQL API, uploaded media and the client config. */
const LOCAL_SERVER = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // Every `import ... from 'react-toastify'` in the app gets src/lib/toastify.ts: the
      // unstyled build plus its stylesheet as a file (no runtime <style> injection, friendly to a
      // strict Content-Security-Policy), and loading it mounts the lazily loaded toast container.
      { find: /^react-toastify$/, replacement: fileURLToPath(new URL('./src/lib/toastify.ts', import.meta.url)) },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/graphql': LOCAL_SERVER,
      '/media': LOCAL_SERVER,
      '/amplify_outputs.json': LOCAL_SERVER,
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    proxy: {
      '/graphql': LOCAL_SERVER,
      '/media': LOCAL_SERVER,
      '/amplify_outputs.json': LOCAL_SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Never inline assets as data: URLs, so an `img-src 'self'` policy never blocks them.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one file (instead of a handful of small shared
          // chunks); pages, layouts and libraries loaded later keep their own chunks.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
