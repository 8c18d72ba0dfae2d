import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type LogLevel, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { DATA_CLIENT_PRELOAD_ATTRIBUTE, ROUTE_CHUNKS_FILE, SERVER_RENDER_DIR, SERVER_RENDER_ENTRY } from './shared/page-markers.ts';

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
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
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

/**
 * The public pages loaded as chunks of their own (src/app/router.tsx), by route name
 * (shared/spa-routes.ts). Their chunks and stylesheets are listed in ROUTE_CHUNKS_FILE for the local server; the
 * build fails when one of these modules has no chunk (renamed, or no longer lazily loaded). Decision 0387.
 */
const ROUTE_PAGE_MODULES: Record<string, string> = {
  home: 'src/features/home/HomePage.tsx',
  menu: 'src/features/menu/MenuPage.tsx',
  search: 'src/features/menu/SearchPage.tsx',
  item: 'src/features/items/ItemPage.tsx',
  events: 'src/features/events/EventsPage.tsx',
  aboutus: 'src/features/about/AboutPage.tsx',
};

type OutputChunk = Rolldown.OutputChunk;

function listRouteChunks(pages: Record<string, string>): Plugin {
  return {
    name: 'list-route-chunks',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // What the entry loads itself: already on its way when a page's chunks are announced.
      const initial = new Set<string>();
      const addInitial = (chunk: OutputChunk | undefined) => {
        if (!chunk || initial.has(chunk.fileName)) return;
        initial.add(chunk.fileName);
        for (const file of chunk.imports) addInitial(byFile.get(file));
      };
      for (const chunk of chunks) if (chunk.isEntry) addInitial(chunk);
      const list: Record<string, string[]> = {};
      for (const [route, module] of Object.entries(pages)) {
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
        if (!page) this.error(`${module} (route ${route}) has no chunk of its own: update ROUTE_PAGE_MODULES`);
        const files = new Set<string>();
        const add = (chunk: OutputChunk | undefined) => {
          if (!chunk || initial.has(chunk.fileName) || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const file of chunk.imports) add(byFile.get(file));
        };
        add(page);
        // Their stylesheets too: a page the server renders is drawn with them before any script runs (decision 0388).
        const styles = [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        list[route] = [...files, ...new Set(styles)].map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: JSON.stringify(list) });
    },
  };
}

/**
 * After the browser's build, the same components built for Node into `<outDir>/SERVER_RENDER_DIR`
 * (decision 0388): the local server renders the public pages with them. Every `vite build` makes
 * both, whoever calls it (npm start, the tests, the bench); the server never serves that folder.
 */
function buildServerRenderer(): Plugin {
  let outDir = '';
  let logLevel: LogLevel | undefined;
  return {
    name: 'build-server-renderer',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logLevel = config.logLevel;
    },
    async closeBundle() {
      await build({
        configFile: fileURLToPath(import.meta.url),
        mode: 'production',
        logLevel,
        build: {
          ssr: fileURLToPath(new URL(`./src/app/${SERVER_RENDER_ENTRY}.tsx`, import.meta.url)),
          outDir: join(outDir, SERVER_RENDER_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          target: 'node20',
          minify: false,
        },
        // One file set with React DOM's server renderer, the router and TanStack Query in it: the
        // page server on AWS (decision 0392) ships it without a node_modules folder.
        ssr: { noExternal: true },
        // React's production builds only: a Node process may run without NODE_ENV set.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      });
    },
  };
}

/** The local server (server/main.ts): GraphQL API, uploaded media and the client config. */
const LOCAL_SERVER = 'http://127.0.0.1:3000';

export default defineConfig({
  // React renders the app, in the browser and on the server (decision 0393).
  plugins: [react(), preloadLazyModules(PRELOADED_LAZY_MODULES), listRouteChunks(ROUTE_PAGE_MODULES), buildServerRenderer()],
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
