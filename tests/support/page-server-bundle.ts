/**
 * AWS's page server as Amplify Hosting runs it, for tests (decision 0392): the bundle
 * scripts/build-hosting.ts makes from a small build, started with `node server.mjs`, reading the
 * API at a given URL. The build's renderer says what it was asked to draw (as in
 * server/http/http.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_CHUNKS_FILE, SERVER_RENDER_DIR, SERVER_RENDER_ENTRY } from '../../shared/page-markers';
import { buildHosting } from '../../scripts/build-hosting';

export const BUNDLE_ORIGIN = 'https://shop.example';

function smallBuild(distDir: string): void {
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><head><!--page-head--><title>Shop</title><!--/page-head--><!--amplify-outputs--><!--first-screen--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log(1);');
  writeFileSync(join(distDir, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(distDir, ROUTE_CHUNKS_FILE), JSON.stringify({ menu: ['/assets/MenuPage-abc.js'] }));
  mkdirSync(join(distDir, SERVER_RENDER_DIR));
  writeFileSync(
    join(distDir, SERVER_RENDER_DIR, `${SERVER_RENDER_ENTRY}.js`),
    `export const renderPage = async (href, answers) => '<main>drawn ' + href + ' with ' + Object.keys(answers).sort().join(',') + '</main>';
     export const renderAgeGate = () => '<div class="gate">21+</div>';`,
  );
}

/**
 * Builds the bundle in `work/hosting-<name>` for the API at `apiUrl` (with `apiKey`) and starts its
 * server on a free loopback port; resolves with its address and the process (kill it when done).
 */
export async function startPageServerBundle(
  work: string,
  name: string,
  api: { url: string; apiKey: string },
): Promise<{ url: string; process: ChildProcess }> {
  const distDir = join(work, `dist-${name}`);
  smallBuild(distDir);
  const outputsFile = join(work, `outputs-${name}.json`);
  writeFileSync(outputsFile, JSON.stringify({ version: '1.4', data: { url: api.url, api_key: api.apiKey, aws_region: 'us-east-1' } }));
  const outDir = join(work, `hosting-${name}`);
  await buildHosting({ distDir, outputsFile, origin: BUNDLE_ORIGIN, outDir });
  const computeDir = join(outDir, 'compute', 'default');
  const child = spawn(process.execPath, [join(computeDir, 'server.mjs')], {
    cwd: computeDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const port = /"port":(\d+)/.exec(said)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, process: child });
    });
    child.once('exit', (code) => reject(new Error(`the page server exited with ${code}: ${said}`)));
  });
}
