/**
 * `npm run check:amplify` (CI runs it after `npm test`): the AWS backend, checked offline.
 * 1. type-checks amplify/ (backend, functions, and the DynamoDB fakes their unit tests import) and the
 *    AWS emulation (tests/cloud-emulation/) with their own tsconfigs, and lints them (scripts/lint.ts);
 * 2. synthesizes the backend with CDK, no AWS account (amplify/scripts/synth.ts), which also
 *    loads each function bundle as Lambda would and calls it once;
 * 3. compares the AppSync SDL Amplify's transformer produced with the one the local server serves
 *    (server/generated/appsync-schema.graphql): any drift in what a client can send or receive
 *    fails (scripts/appsync-parity.ts says what is compared), and the errorTypes its resolvers
 *    answer with against shared/error-types.ts (scripts/error-type-parity.ts).
 * Needs the deploy tooling: `npm run amplify:install`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffAppSyncSdl } from './appsync-parity';
import { type CfnTemplate, requestsWithoutOperation } from './data-source-requests';
import { diffErrorTypes, errorTypesInVtl } from './error-type-parity';
import { GENERATED_FILES } from './generated-files';
import { AMPLIFY_TOOLING_PATHS } from './lint';

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

// `--synth DIR`: check the synth `npm run test:cloud` kept there (CLOUD_KEEP_SYNTH) instead of
// making another (CI synthesizes once; docs/testing.md). Else one of its own, outside the
// repository, so the bundles cannot find the root node_modules while they are tried.
const synthArg = process.argv.indexOf('--synth');
const keptSynth = synthArg > 0 ? process.argv[synthArg + 1] : undefined;
if (synthArg > 0 && (!keptSynth || !existsSync(join(keptSynth, 'appsync-schema.graphql')))) {
  fail(`--synth: no synthesized backend in ${keptSynth ?? '(no folder given)'}`);
}
const outdir = keptSynth ?? join(tmpdir(), `patterson-amplify-synth-${process.pid}`);
step('type-check amplify/ (tsconfig amplify/tsconfig.json)', ['node_modules/typescript/bin/tsc', '-p', 'amplify/tsconfig.json']);
step('type-check the AWS emulation (tsconfig tests/cloud-emulation/tsconfig.json)', [
  'node_modules/typescript/bin/tsc',
  '-p',
  'tests/cloud-emulation/tsconfig.json',
]);
step('lint amplify/ (backend, functions, scripts), the DynamoDB fakes and the AWS emulation', [
  'node_modules/tsx/dist/cli.mjs',
  'scripts/lint.ts',
  ...AMPLIFY_TOOLING_PATHS,
]);
if (keptSynth) console.log(`\n== the backend as synthesized (reviewed, bundles tried) by npm run test:cloud, in ${keptSynth}`);
else
  step('synthesize the backend offline and try the function bundles', [
    'node_modules/tsx/dist/cli.mjs',
    'amplify/scripts/synth.ts',
    outdir,
  ]);

console.log("\n== AppSync schema parity: the transformer's SDL vs the local server's");
const problems = diffAppSyncSdl(
  readFileSync(GENERATED_FILES.appsyncSdl, 'utf8'),
  readFileSync(join(outdir, 'appsync-schema.graphql'), 'utf8'),
);
if (problems.length) {
  console.error(problems.join('\n\n'));
  fail(
    `${problems.length} type(s) differ between ${GENERATED_FILES.appsyncSdl} and the transformer's schema (${join(outdir, 'appsync-schema.graphql')}). Fix server/graphql/appsync-sdl.ts, then npm run gen.`,
  );
}
console.log('the local SDL matches what AppSync would serve');

console.log('\n== Error types: what the synthesized resolvers answer vs shared/error-types.ts');
const errorProblems = diffErrorTypes(errorTypesInVtl(resolverTemplates(outdir)));
if (errorProblems.length) fail(errorProblems.join('\n'));
console.log('every errorType the resolvers answer with is one the SPA knows');

console.log('\n== Data source requests: every inline request to a DynamoDB table names its operation');
const requestProblems = readdirSync(outdir)
  .filter((name) => name.endsWith('.template.json'))
  .flatMap((name) => requestsWithoutOperation(JSON.parse(readFileSync(join(outdir, name), 'utf8')) as CfnTemplate));
if (requestProblems.length) fail(`no operation in the request to a DynamoDB data source: ${requestProblems.join(', ')}`);
console.log('every inline request to a DynamoDB data source names an operation');
if (!keptSynth) rmSync(outdir, { recursive: true, force: true });

/** Every mapping template of the synth: the .vtl assets and the templates inlined in the stacks. */
function* resolverTemplates(dir: string): Generator<string> {
  const strings = function* (value: unknown): Generator<string> {
    if (typeof value === 'string') yield value;
    else if (value && typeof value === 'object') for (const entry of Object.values(value)) yield* strings(entry);
  };
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.vtl')) yield readFileSync(join(dir, name), 'utf8');
    // Inline templates may be split by Fn::Join; each piece holds whole $util calls.
    else if (name.endsWith('.template.json'))
      yield* [...strings(JSON.parse(readFileSync(join(dir, name), 'utf8')))].filter((text) => text.includes('$util'));
  }
}
