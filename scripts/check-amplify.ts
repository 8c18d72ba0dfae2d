/**
 * `npm run check:amplify` (CI runs it after `npm test`): the AWS backend, checked offline.
 * 1. type-checks amplify/ (backend, functions) with its own tsconfig;
 * 2. synthesizes the backend with CDK, no AWS account (amplify/scripts/synth.ts), which also
 *    loads each function bundle as Lambda would and calls it once;
 * 3. compares the AppSync SDL Amplify's transformer produced with the one the local server serves
 *    (server/generated/appsync-schema.graphql): any drift in what a client can send or receive
 *    fails (scripts/appsync-parity.ts says what is compared).
 * Needs the deploy tooling: `npm run amplify:install`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffAppSyncSdl } from './appsync-parity';
import { GENERATED_FILES } from './generated-files';

const fail = (message: string): never => {
  console.error(`check:amplify: ${message}`);
  process.exit(1);
};

if (!existsSync('amplify/node_modules/@aws-amplify/backend') || !existsSync('amplify/layers/native/nodejs/node_modules/sharp')) {
  fail('the deploy tooling is not installed: run `npm run amplify:install` first');
}

const step = (title: string, args: string[]) => {
  const started = Date.now();
  console.log(`\n== ${title}`);
  const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (run.status !== 0) fail(`${title} failed`);
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
};

// Outside the repository, so the bundles cannot find the root node_modules while they are tried.
const outdir = join(tmpdir(), `patterson-amplify-synth-${process.pid}`);
step('type-check amplify/ (tsconfig amplify/tsconfig.json)', ['node_modules/typescript/bin/tsc', '-p', 'amplify/tsconfig.json']);
step('synthesize the backend offline and try the function bundles', ['node_modules/tsx/dist/cli.mjs', 'amplify/scripts/synth.ts', outdir]);

console.log('\n== AppSync schema parity: the transformer\'s SDL vs the local server\'s');
const problems = diffAppSyncSdl(readFileSync(GENERATED_FILES.appsyncSdl, 'utf8'), readFileSync(join(outdir, 'appsync-schema.graphql'), 'utf8'));
if (problems.length) {
  console.error(problems.join('\n\n'));
  fail(`${problems.length} type(s) differ between ${GENERATED_FILES.appsyncSdl} and the transformer's schema (${join(outdir, 'appsync-schema.graphql')}). Fix server/graphql/appsync-sdl.ts, then npm run gen.`);
}
console.log('the local SDL matches what AppSync would serve');
rmSync(outdir, { recursive: true, force: true });
