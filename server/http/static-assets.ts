/**
 * Serves the built SPA from memory: every file precompressed once (brotli, gzip), hashed assets
 * cached for a year, index.html for every app route (history fallback) with the Amplify client
 * config inlined so the first query needs no extra round trip.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { ROUTE_CHUNKS_FILE, SERVER_RENDER_DIR } from '../../shared/page-markers';
import { PageShell, type ShellPage } from './page-shell';

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
  /** index.html as built, filled in for each page; null before the first build. */
  private readonly shell: PageShell | null;

  constructor(distDir: string) {
    if (!existsSync(join(distDir, 'index.html'))) {
      this.shell = null;
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
    this.shell = new PageShell(distDir);
  }

  get built(): boolean {
    return this.shell !== null;
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
  serveIndex(req: IncomingMessage, res: ServerResponse, outputsJson: string, firstScreen = '', page?: ShellPage): void {
    if (!this.shell) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('The app is not built yet: run `npm run build` (npm start does it for you).');
      return;
    }
    const html = this.shell.html(outputsJson, firstScreen, page);
    const raw = Buffer.from(html);
    // A drawn page holds the 21+ gate or not by the visitor's cookie: no cache may hand one visitor's to another.
    const vary = page?.body ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
    send(req, res, { type: TYPES['.html']!, raw, gzip: gzipSync(raw, { level: 6 }), immutable: false }, 'no-cache', page?.status, vary);
  }
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
