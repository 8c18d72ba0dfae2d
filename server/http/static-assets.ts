/**
 * Serves the built SPA from memory: every file precompressed once (brotli, gzip), hashed assets
 * cached for a year, index.html for every app route (history fallback) with the Amplify client
 * config inlined so the first query needs no extra round trip.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  DATA_CLIENT_PRELOAD_ATTRIBUTE,
  DRAWN_AT_ATTRIBUTE,
  FIRST_SCREEN_PLACEHOLDER,
  PAGE_HEAD_END,
  PAGE_HEAD_START,
  ROOT_ELEMENT,
  ROUTE_CHUNKS_FILE,
  SERVER_RENDER_DIR,
} from '../../shared/page-markers';
import { jsonDataBlock } from '../markup';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);
export const OUTPUTS_PLACEHOLDER = '<!--amplify-outputs-->';
const PAGE_HEAD = new RegExp(`${PAGE_HEAD_START}[\\s\\S]*?${PAGE_HEAD_END}`);

interface Asset {
  type: string;
  raw: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  immutable: boolean;
}

function compress(raw: Buffer): Pick<Asset, 'gzip' | 'br'> {
  return {
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

export class StaticAssets {
  private readonly assets = new Map<string, Asset>();
  /** index.html as built, and without the Amplify libraries' modulepreload for pages served with first-screen data. */
  private readonly indexTemplates: { plain: string; withData: string } | null;
  /** Each public page's own chunks (modulepreload) and stylesheets, as links by route name (ROUTE_CHUNKS_FILE). */
  private readonly routeLinks: ReadonlyMap<string, RouteLinks> = new Map();

  constructor(distDir: string) {
    if (!existsSync(join(distDir, 'index.html'))) {
      this.indexTemplates = null;
      return;
    }
    for (const path of walk(distDir)) {
      const urlPath = `/${relative(distDir, path).split(sep).join('/')}`;
      // The build's notes to this server, and the page renderer (http/page-markup.ts), are not served.
      if (urlPath === '/index.html' || urlPath === `/${ROUTE_CHUNKS_FILE}` || urlPath.startsWith(`/${SERVER_RENDER_DIR}/`)) continue;
      const ext = extname(path);
      const raw = readFileSync(path);
      this.assets.set(urlPath, {
        type: TYPES[ext] ?? 'application/octet-stream',
        raw,
        ...(COMPRESSIBLE.has(ext) && raw.length > 512 ? compress(raw) : {}),
        immutable: urlPath.startsWith('/assets/'),
      });
    }
    const plain = readFileSync(join(distDir, 'index.html'), 'utf8');
    const dataClientPreload = new RegExp(`<link [^>]*\\b${DATA_CLIENT_PRELOAD_ATTRIBUTE}\\b[^>]*>\\s*`, 'g');
    this.indexTemplates = { plain, withData: plain.replace(dataClientPreload, '') };
    this.routeLinks = readRouteLinks(join(distDir, ROUTE_CHUNKS_FILE));
  }

  get built(): boolean {
    return this.indexTemplates !== null;
  }

  /** Serves a file if one exists at this path; returns false otherwise. */
  serveFile(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    const asset = this.assets.get(path);
    if (!asset) return false;
    send(req, res, asset, asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    return true;
  }

  /**
   * The app shell, with the client config inlined as a JSON data block (not a script CSP would
   * block), the page's first-screen markup (http/first-screen.ts), if any, and its own head
   * (http/page-head.ts) in place of index.html's shop-wide defaults, with its status, and its
   * server-rendered body and 21+ gate (http/page-markup.ts) when it has them. A page without a
   * head (it could not be built) keeps the defaults, with the status given.
   */
  serveIndex(
    req: IncomingMessage,
    res: ServerResponse,
    outputsJson: string,
    firstScreen = '',
    page?: { status: number; head?: string; route?: string; body?: string; drawnAt?: number; ageGate?: string },
  ): void {
    if (!this.indexTemplates) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('The app is not built yet: run `npm run build` (npm start does it for you).');
      return;
    }
    const template = firstScreen ? this.indexTemplates.withData : this.indexTemplates.plain;
    const links = this.routeLinks.get(page?.route ?? '');
    const html = template
      .replace(OUTPUTS_PLACEHOLDER, () => jsonDataBlock('amplify-outputs', outputsJson))
      // The page's own chunks download beside the first bundle, not after it has run.
      .replace(FIRST_SCREEN_PLACEHOLDER, () => (links?.preloads ?? '') + firstScreen)
      // The page's stylesheets after the app's own, in the order the app's chunk loader would add
      // them: a drawn page is styled before any script runs, and the loader, finding them there,
      // does not wait for them again. They download beside the first bundle, which waits for them
      // as for the app's own stylesheet: a few hundred bytes each (decision 0389).
      .replace('</head>', () => `${links?.styles ?? ''}</head>`)
      .replace(PAGE_HEAD, (defaults) => (page?.head !== undefined ? `${PAGE_HEAD_START}${page.head}${PAGE_HEAD_END}` : defaults))
      // The gate follows #root: the app removes it before it takes #root's markup over.
      .replace(ROOT_ELEMENT, () =>
        page?.body
          ? `<div id="root" ${DRAWN_AT_ATTRIBUTE}="${Math.trunc(page.drawnAt ?? 0)}">${page.body}</div>${page.ageGate ?? ''}`
          : ROOT_ELEMENT,
      );
    const raw = Buffer.from(html);
    // A drawn page holds the 21+ gate or not by the visitor's cookie: no cache may hand one visitor's to another.
    const vary = page?.body ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
    send(req, res, { type: TYPES['.html']!, raw, gzip: gzipSync(raw, { level: 6 }), immutable: false }, 'no-cache', page?.status, vary);
  }
}

/** A page's link tags: modulepreloads of its chunks, stylesheets of its CSS. */
interface RouteLinks {
  preloads: string;
  styles: string;
}

/** The build's route chunk list as link tags; none when the file is missing or not as written by vite.config.ts. */
function readRouteLinks(file: string): Map<string, RouteLinks> {
  const links = new Map<string, RouteLinks>();
  if (!existsSync(file)) return links;
  let list: unknown;
  try {
    list = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // A damaged list costs the pages their head start, never the server its start.
    return links;
  }
  if (typeof list !== 'object' || list === null) return links;
  for (const [route, files] of Object.entries(list)) {
    if (!Array.isArray(files)) continue;
    const paths = files.filter((path): path is string => typeof path === 'string' && /^\/assets\/[\w.-]+\.(js|css)$/.test(path));
    // A stylesheet is linked, not preloaded: a server-rendered page is drawn with it (decision
    // 0388), and the app's chunk loader finds it already there.
    const tags = (extension: string, rel: string) =>
      paths
        .filter((path) => path.endsWith(extension))
        .map((path) => `<link rel="${rel}" crossorigin href="${path}">`)
        .join('');
    links.set(route, { preloads: tags('.js', 'modulepreload'), styles: tags('.css', 'stylesheet') });
  }
  return links;
}

function send(req: IncomingMessage, res: ServerResponse, asset: Asset, cacheControl: string, status = 200, vary = 'Accept-Encoding'): void {
  const accept = String(req.headers['accept-encoding'] ?? '');
  let body = asset.raw;
  let encoding: string | null = null;
  if (asset.br && /\bbr\b/.test(accept)) {
    body = asset.br;
    encoding = 'br';
  } else if (asset.gzip && /\bgzip\b/.test(accept)) {
    body = asset.gzip;
    encoding = 'gzip';
  }
  const headers: Record<string, string | number> = {
    'Content-Type': asset.type,
    'Content-Length': body.length,
    'Cache-Control': cacheControl,
    Vary: vary,
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
