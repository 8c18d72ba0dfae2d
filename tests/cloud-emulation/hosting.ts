/**
 * The built SPA served as Amplify Hosting serves it with the README's rewrites, in their order:
 * `/media/<*>` and `/feeds/<*>` from the media bucket (CloudFront in the cloud; the Google feeds of
 * decision 0379), `/` -> 302 `/home`, any path that is
 * not a static file -> `/index.html`; files compressed when the browser accepts gzip;
 * `/amplify_outputs.json` beside index.html, naming the AppSync endpoint on its own origin.
 */
import { createServer, type Server } from 'node:http';
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
/** The README's third rewrite: paths with these extensions are files, everything else is the SPA. */
const STATIC_FILE = /\.(css|js|json|png|webp|svg|ico|txt|woff2?)$/;

export async function startHosting(options: {
  port: number;
  distDir: string;
  outputs: unknown;
  s3Endpoint: string;
  mediaBucket: string;
}): Promise<Server> {
  const s3 = new S3Client({ endpoint: options.s3Endpoint, region: 'us-east-1', forcePathStyle: true, credentials: OFFLINE_CREDENTIALS });
  const outputsJson = JSON.stringify(options.outputs);
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
      let body: Buffer;
      let file = path;
      if (path === '/amplify_outputs.json') body = Buffer.from(outputsJson);
      else {
        if (!STATIC_FILE.test(path)) file = '/index.html';
        const full = normalize(join(options.distDir, file));
        if (!full.startsWith(normalize(options.distDir)) || !existsSync(full) || !statSync(full).isFile()) {
          return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        }
        body = readFileSync(full);
      }
      const headers: Record<string, string> = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': file.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && /text|javascript|json|svg/.test(headers['content-type']!)) {
        body = gzipSync(body);
        headers['content-encoding'] = 'gzip';
        headers.vary = 'Accept-Encoding';
      }
      res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      console.error('hosting:', error);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  await listenOnLoopback(server, options.port);
  return server;
}
