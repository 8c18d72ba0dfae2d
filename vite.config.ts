import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import preact from '@preact/preset-vite';
import { DATA_CLIENT_PRELOAD_ATTRIBUTE } from './shared/page-markers.ts';

/**
 * Lazily imported modules a page needs at once when it has to fetch its first data (the Amplify
 * libraries, src/lib/amplify.ts): kept out of the first bundle so the page renders while they
 * load, and announced in index.html with modulepreload so they download beside it instead of
 * after it. The local server drops the announcement from pages it inlines data into
 * (DATA_CLIENT_PRELOAD_ATTRIBUTE): those need no query to draw.
 */
const PRELOADED_LAZY_MODULES = ['src/lib/amplify-runtime.ts'];

function preloadLazyModules(modules: string[]): Plugin {
  return {
    name: 'preload-lazy-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        return Object.values(bundle ?? {})
          .filter((chunk) => chunk.type === 'chunk' && modules.some((module) => chunk.facadeModuleId?.endsWith(module)))
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}`, [DATA_CLIENT_PRELOAD_ATTRIBUTE]: true },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** The local server (server/main.ts): GraphQL API, uploaded media and the client config. */
const LOCAL_SERVER = 'http://127.0.0.1:3000';

export default defineConfig({
  // Preact renders the React code (its compat layer; decision 0384): the same components and
  // libraries in about 10 KB gzipped instead of React DOM's 57, for the public pages' JS budget (design §4).
  plugins: [preact(), preloadLazyModules(PRELOADED_LAZY_MODULES)],
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
