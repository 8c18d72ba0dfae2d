/**
 * Amplify Hosting's deployment bundle (decision 0392), from the built SPA in dist/ (`npm run build`)
 * and the backend's amplify_outputs.json: `.amplify-hosting/` with
 *   static/      every file of the build, served as it is, and robots.txt naming the sitemap;
 *   compute/default/
 *     server.mjs the page server (amplify/hosting/page-server.ts) bundled with what it imports,
 *     dist/      index.html, the route chunk list and the page renderer it fills pages with,
 *     amplify_outputs.json, page-server.json (the shop's origin);
 *   deploy-manifest.json: hashed assets and files from static/, every other path to the compute.
 *
 * `npx tsx scripts/build-hosting.ts --outputs amplify_outputs.json --origin https://shop.example [--out .amplify-hosting]`.
 * Without --origin: PUBLIC_ORIGIN, else the branch's Amplify domain from the build's AWS_BRANCH and
 * AWS_APP_ID (amplify.yml runs it in Amplify's build).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { ROUTE_CHUNKS_FILE, SERVER_RENDER_DIR } from '../shared/page-markers';
import { COMPUTE_DIST_DIR, PAGE_SERVER_CONFIG, type PageServerConfig } from '../amplify/hosting/page-server';
import { robotsTxt } from '../server/http/robots';

const root = resolve(import.meta.dirname, '..');

/** The routes Amplify Hosting applies in order, the first match winning (its deployment specification). */
export const DEPLOY_MANIFEST = {
  version: 1,
  framework: { name: 'patterson-page-server', version: '1.0.0' },
  routes: [
    { path: '/assets/*', target: { kind: 'Static', cacheControl: 'public, max-age=31536000, immutable' } },
    // A path with an extension is a file of the build; one that is not there is the page server's 404.
    { path: '/*.*', target: { kind: 'Static', cacheControl: 'public, max-age=3600' }, fallback: { kind: 'Compute', src: 'default' } },
    { path: '/*', target: { kind: 'Compute', src: 'default' } },
  ],
  // Node 22: AWS no longer deploys Node 20 functions (amplify/functions/resource.ts). The bundle's
  // syntax is Node 20's (target below), which the tests run it on.
  computeResources: [{ name: 'default', runtime: 'nodejs22.x', entrypoint: 'server.mjs' }],
};

/** The files of the build that are the page server's, not the visitor's. */
const SERVER_ONLY = new Set(['index.html', ROUTE_CHUNKS_FILE, SERVER_RENDER_DIR]);

export function originFor(env: NodeJS.ProcessEnv, given?: string): string {
  // Amplify names a branch's domain after it, a slash made a dash (feature/x: feature-x.<app>).
  const branchDomain =
    env.AWS_BRANCH && env.AWS_APP_ID ? `https://${env.AWS_BRANCH.replaceAll('/', '-')}.${env.AWS_APP_ID}.amplifyapp.com` : '';
  const origin = given ?? env.PUBLIC_ORIGIN ?? branchDomain;
  if (!/^https?:\/\/[^/]+$/.test(origin))
    throw new Error(`The shop's origin must be a scheme and host, like https://shop.example (got "${origin}")`);
  return origin;
}

export async function buildHosting(options: { distDir: string; outputsFile: string; origin: string; outDir: string }): Promise<void> {
  const { distDir, outputsFile, origin, outDir } = options;
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`${distDir} has no index.html: run \`npm run build\` first`);
  if (!existsSync(join(distDir, SERVER_RENDER_DIR))) throw new Error(`${distDir} has no page renderer (${SERVER_RENDER_DIR})`);
  rmSync(outDir, { recursive: true, force: true });
  const staticDir = join(outDir, 'static');
  const computeDir = join(outDir, 'compute', 'default');
  mkdirSync(staticDir, { recursive: true });
  mkdirSync(join(computeDir, COMPUTE_DIST_DIR), { recursive: true });
  for (const name of readdirSync(distDir)) {
    const from = join(distDir, name);
    if (SERVER_ONLY.has(name)) cpSync(from, join(computeDir, COMPUTE_DIST_DIR, name), { recursive: statSync(from).isDirectory() });
    else cpSync(from, join(staticDir, name), { recursive: true });
  }
  // robots.txt names the page server's sitemap, at the shop's origin (the protocol wants an absolute URL).
  writeFileSync(join(staticDir, 'robots.txt'), robotsTxt(origin));
  cpSync(outputsFile, join(computeDir, 'amplify_outputs.json'));
  cpSync(outputsFile, join(staticDir, 'amplify_outputs.json'));
  const config: PageServerConfig = { origin };
  writeFileSync(join(computeDir, PAGE_SERVER_CONFIG), JSON.stringify(config));
  await build({
    entryPoints: [join(root, 'amplify/hosting/page-server.ts')],
    outfile: join(computeDir, 'server.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  writeFileSync(join(outDir, 'deploy-manifest.json'), JSON.stringify(DEPLOY_MANIFEST, null, 2));
}

if (process.argv[1] === import.meta.filename) {
  const { values } = parseArgs({
    options: { outputs: { type: 'string' }, origin: { type: 'string' }, out: { type: 'string' }, dist: { type: 'string' } },
  });
  await buildHosting({
    distDir: resolve(values.dist ?? join(root, 'dist')),
    outputsFile: resolve(values.outputs ?? join(root, 'amplify_outputs.json')),
    origin: originFor(process.env, values.origin),
    outDir: resolve(values.out ?? join(root, '.amplify-hosting')),
  });
  console.log(`Amplify Hosting bundle written to ${values.out ?? '.amplify-hosting'}`);
}
