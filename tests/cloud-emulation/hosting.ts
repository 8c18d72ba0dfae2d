/**
 * The site as Amplify Hosting serves it (decision 0392): the README's rewrites first, in their
 * order (`/media/<*>` and `/feeds/<*>` from the media bucket, CloudFront in the cloud, the Google
 * feeds of decision 0379; `/` -> 302 `/home`), then the deployment bundle's routes
 * (scripts/build-hosting.ts, deploy-manifest.json), the first match winning: a Static target serves
 * the file from `static/` (its fallback when there is none), a Compute target is the page server,
 * `node server.mjs` of `compute/default` run as Amplify runs it, on a port of its own. Files are
 * compressed when the browser accepts gzip.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import type * as S3 from '@aws-sdk/client-s3';
import { OFFLINE_CREDENTIALS } from './services';
import { listenOnLoopback } from './loopback';

/**
 * The S3 client of the deploy tooling's install (amplify/package.json: the version the functions
 * deploy with), which `npm run amplify:install` installs with the emulation's own; the emulation's
 * install has none. Its types are mapped there too (tests/cloud-emulation/tsconfig.json; decision 0362).
 */
const { GetObjectCommand, S3Client } = createRequire(new URL('../../amplify/package.json', import.meta.url))(
  '@aws-sdk/client-s3',
) as typeof S3;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
interface Target {
  kind: 'Static' | 'Compute';
  src?: string;
  cacheControl?: string;
}
interface Route {
  path: string;
  target: Target;
  fallback?: Target;
}

/** A route's path pattern as Amplify reads it: `*` matches any characters, `/` included. */
const pattern = (path: string) =>
  new RegExp(
    `^${path
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

/** Resolves once something listens on `port` (the page server has started), or rejects after `ms`. */
async function listening(port: number, child: ChildProcess, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the page server exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`the page server did not listen on ${port} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The site: its server, and the page server behind it (stopped with `stop`). */
export interface Hosting {
  server: Server;
  stop: () => Promise<void>;
}

export async function startHosting(options: {
  port: number;
  /** The deployment bundle (scripts/build-hosting.ts). */
  hostingDir: string;
  /** Where the page server listens. */
  computePort: number;
  s3Endpoint: string;
  mediaBucket: string;
}): Promise<Hosting> {
  const s3 = new S3Client({ endpoint: options.s3Endpoint, region: 'us-east-1', forcePathStyle: true, credentials: OFFLINE_CREDENTIALS });
  const manifest = JSON.parse(readFileSync(join(options.hostingDir, 'deploy-manifest.json'), 'utf8')) as { routes: Route[] };
  const routes = manifest.routes.map((route) => ({ ...route, matches: pattern(route.path) }));
  const staticDir = normalize(join(options.hostingDir, 'static'));
  const computeDir = join(options.hostingDir, 'compute', 'default');
  const compute = spawn(process.execPath, [join(computeDir, 'server.mjs')], {
    cwd: computeDir,
    env: { ...process.env, PORT: String(options.computePort), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await listening(options.computePort, compute);

  const serveStatic = (req: IncomingMessage, res: ServerResponse, path: string, target: Target) => {
    const full = normalize(join(staticDir, path));
    if (!full.startsWith(staticDir) || !existsSync(full) || !statSync(full).isFile()) return false;
    let body = readFileSync(full);
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(full)] ?? 'application/octet-stream',
      'cache-control': target.cacheControl ?? 'no-cache',
    };
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && /text|javascript|json|svg/.test(headers['content-type']!)) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'Accept-Encoding';
    }
    res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
  const toCompute = (req: IncomingMessage, res: ServerResponse) => {
    const forwarded = httpRequest(
      { host: '127.0.0.1', port: options.computePort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway');
    });
    req.pipe(forwarded);
  };

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://hosting');
      const path = decodeURIComponent(url.pathname);
      if (path.startsWith('/media/') || path.startsWith('/feeds/')) {
        try {
          const object = await s3.send(new GetObjectCommand({ Bucket: options.mediaBucket, Key: path.slice(1) }));
          res.writeHead(200, {
            'content-type': object.ContentType ?? 'application/octet-stream',
            'cache-control': object.CacheControl ?? 'public, max-age=31536000, immutable',
          });
          return void res.end(Buffer.from(await object.Body!.transformToByteArray()));
        } catch {
          return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        }
      }
      if (path === '/') return void res.writeHead(302, { location: '/home' }).end();
      const route = routes.find((candidate) => candidate.matches.test(url.pathname));
      if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      for (const target of [route.target, route.fallback]) {
        if (!target) break;
        if (target.kind === 'Compute') return toCompute(req, res);
        if (serveStatic(req, res, path, target)) return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    } catch (error) {
      console.error('hosting:', error);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  await listenOnLoopback(server, options.port);
  return {
    server,
    stop: async () => {
      server.closeAllConnections();
      server.close();
      compute.kill();
      if (compute.exitCode === null) await new Promise((resolve) => compute.once('exit', resolve));
    },
  };
}
