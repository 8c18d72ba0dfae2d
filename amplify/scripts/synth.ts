/**
 * Synthesizes amplify/backend.ts offline (no AWS account): what `ampx sandbox` does before it
 * deploys, with the same CDK context. Then checks what came out:
 * - reviews it: cdk-nag's AwsSolutions pack and the Lambda runtimes (nag-review.ts);
 * - copies the AppSync SDL Amplify's transformer produced to <outdir>/appsync-schema.graphql;
 * - loads each of our function bundles the way Lambda would (outside the repo, native modules only
 *   from the layer, on the runtime's Node: 24, from the npm registry when this Node is another)
 *   and calls it once on a path that needs no AWS service.
 *
 *   tsx amplify/scripts/synth.ts [outdir]     (run from the repository root; check:amplify does)
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reviewBackend } from './nag-review';
import { LAMBDA_RUNTIME } from '../functions/resource';
import { nodeForLambdaRuntime } from '../../scripts/node-binaries';

const outdir = process.argv[2] ?? join(tmpdir(), 'patterson-amplify-synth');
const layerModules = fileURLToPath(new URL('../layers/native/nodejs/node_modules', import.meta.url));
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

process.env.CDK_OUTDIR = outdir;
process.env.CDK_CONTEXT_JSON = JSON.stringify({
  'amplify-backend-namespace': 'patterson',
  'amplify-backend-name': 'offline',
  'amplify-backend-type': 'sandbox',
});
const started = Date.now();
const { backend } = await import('../backend');
// defineBackend's App synthesizes on this message (what ampx's deployer sends).
process.emit('message' as never, 'amplifySynth' as never);
console.log(`synthesized in ${((Date.now() - started) / 1000).toFixed(1)} s to ${outdir}`);

const review = reviewBackend(backend.stack.node.root, outdir);
console.log(review.report.join('\n'));
if (review.problems.length) throw new Error(`the security review of the backend failed:\n${review.problems.join('\n')}`);

const assets = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
const schemas = assets.filter((name) => name.endsWith('.graphql'));
if (schemas.length !== 1) throw new Error(`expected one AppSync schema asset, found ${schemas.length}`);
copyFileSync(join(outdir, schemas[0]!), join(outdir, 'appsync-schema.graphql'));

// --- The function bundles, found by the handler each one was built from.
const bundles = new Map<string, string>();
for (const name of assets) {
  const map = join(outdir, name, 'index.js.map');
  if (!statSync(join(outdir, name)).isDirectory()) continue;
  let sources: string[];
  try {
    sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
  } catch {
    continue;
  }
  const handler = sources.map((source) => /amplify\/functions\/(\w+)\/handler\.ts$/.exec(source)?.[1]).find(Boolean);
  if (!handler) continue;
  const native = sources.filter((source) => /node_modules\/(sharp|bcrypt|better-sqlite3)\//.test(source));
  if (native.length) throw new Error(`the ${handler} bundle contains native modules it must take from the layer: ${native[0]}`);
  bundles.set(handler, join(outdir, name, 'index.js'));
}

/** What a handler answers: an authorizer's verdict or a resolver's error. */
interface SmokeResult {
  isAuthorized?: boolean;
  error?: { errorType: string; message: string };
}
interface Smoke {
  event: unknown;
  expect: (result: SmokeResult) => boolean;
  what: string;
}
const smokes: Record<string, Smoke> = {
  authorizer: { event: { authorizationToken: '' }, expect: (r) => r.isAuthorized === false, what: 'refuses an empty token' },
  accounts: {
    event: { typeName: 'Mutation', fieldName: 'signIn', arguments: {} },
    expect: (r) => r.error?.errorType === 'ValidationError' && r.error.message === 'All fields are required',
    what: 'signIn without fields is a ValidationError (bcrypt loaded from the layer)',
  },
  media: {
    event: {
      typeName: 'Mutation',
      fieldName: 'storeUploadedImage',
      arguments: { id: '../media/x.png' },
      identity: { resolverContext: { userId: 'smoke', type: '0' } },
    },
    expect: (r) => r.error?.errorType === 'ValidationError' && /upload was not found/.test(r.error.message),
    what: 'storing a path instead of an upload id is a ValidationError (sharp loaded from the layer)',
  },
  catalogue: {
    // Not replaceBanners: the activity log reads the banners before it runs (server/activity/custom-activity.ts).
    event: {
      typeName: 'Mutation',
      fieldName: 'importItems',
      arguments: { importId: 'synth-check-0306', offset: 0, rows: [], apply: true },
    },
    expect: (r) => r.error?.errorType === 'ValidationError' && /no rows to import/.test(r.error.message),
    what: 'an import of no rows is a ValidationError',
  },
};

for (const [name, smoke] of Object.entries(smokes)) {
  const bundle = bundles.get(name);
  if (!bundle) throw new Error(`no bundle found for amplify/functions/${name}/handler.ts`);
  const script = `require(${JSON.stringify(bundle)}).handler(${JSON.stringify(smoke.event)}).then((r) => process.stdout.write(JSON.stringify(r)), (e) => { console.error(e); process.exit(1); })`;
  const run = spawnSync(nodeForLambdaRuntime(LAMBDA_RUNTIME.name), ['-e', script], {
    cwd: tmpdir(),
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      NODE_PATH: layerModules,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'offline',
      AWS_SECRET_ACCESS_KEY: 'offline',
      SHOP_USER_TABLE: 'User',
      SHOP_CREDENTIALS_TABLE: 'Credentials',
      SHOP_SESSIONS_TABLE: 'Sessions',
      SHOP_THROTTLE_TABLE: 'Throttle',
      SHOP_ITEM_TABLE: 'Item',
      SHOP_BANNER_TABLE: 'Banner',
      SHOP_CATEGORY_TABLE: 'Category',
      SHOP_TAG_TABLE: 'Tag',
      SHOP_MEDIA_BUCKET: 'media',
      SHOP_ACTIVITY_TABLE: 'Activity',
      SHOP_RESERVATIONS_TABLE: 'Reservations',
      SHOP_SHOPSETTINGS_TABLE: 'ShopSettings',
      SHOP_EVENT_TABLE: 'Event',
    },
  });
  let result: SmokeResult = {};
  try {
    result = JSON.parse(run.stdout) as SmokeResult;
  } catch {
    /* reported below */
  }
  if (run.status !== 0 || !smoke.expect(result)) {
    throw new Error(`the ${name} bundle failed its offline call (${smoke.what}): ${run.stdout}${run.stderr}`);
  }
  console.log(`bundle ${name}: ${Math.round(statSync(bundle).size / 1024)} KB, ${smoke.what}: ok`);
}

writeFileSync(
  join(outdir, 'summary.json'),
  JSON.stringify({ schema: join(outdir, 'appsync-schema.graphql'), bundles: Object.fromEntries(bundles) }, null, 2),
);
