/**
 * `npm run test:cloud` (after `npm run amplify:install`): the whole browser suite against the
 * synthesized AWS backend, offline.
 * 1. synthesizes the backend (amplify/scripts/synth.ts);
 * 2. for each Playwright project (storefront, admin, catalogue) brings up an emulation of it (emulation.ts:
 *    DynamoDB Local, s3rver, the Lambda bundles, AppSync with the Lambda authorizer), creates the
 *    first admin with amplify/scripts/create-admin.ts unchanged, seeds the demo catalogue through
 *    the API, and serves dist/ as Amplify Hosting would (hosting.ts), the API on another origin;
 * 3. runs Playwright against it (E2E_BACKEND=cloud: no local servers, tests tagged @local-only
 *    left out), then stops everything.
 * Everything runs inside a private network namespace (DynamoDB Local listens on every interface):
 * nothing but loopback exists there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmulation, type Emulation } from './emulation';
import { startHosting, type Hosting } from './hosting';
import { buildHosting } from '../../scripts/build-hosting';
import { apiCaller, seedThroughApi } from './seed';
import { CATALOGUE_PORT, E2E_ADMIN, E2E_SMTP_PORT, E2E_STOREFRONT_SMTP_PORT } from '../../playwright.config';
import { ENV } from '../../amplify/functions/common/env';
import { LAMBDA_RUNTIME } from '../../amplify/functions/resource';
import { nodeForLambdaRuntime } from '../../scripts/node-binaries';
import { printPlaywrightFailures } from '../../scripts/playwright-failures';
import { slowestTests } from '../../scripts/slowest-tests';

const NAMESPACE_FLAG = 'PATTERSON_CLOUD_NETNS';
const root = new URL('../../', import.meta.url).pathname;
// The API firewall's limit while the suites run (decision 0382): they send far more a minute from
// one address than a visitor; tests/cloud/firewall.test.ts tests the template's own limit.
process.env.CLOUD_FIREWALL_LIMIT ??= '1000000';
const node = (args: string[], env: Record<string, string | undefined> = {}) =>
  spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
/** For what runs while the sites are up: spawnSync would stop this process, which serves them. */
const runWhileServing = (command: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<number>((resolve) => {
    spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).on('exit', (code) => resolve(code ?? 1));
  });
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const runStarted = Date.now();
/** Each line says when it came (minutes:seconds into the run), so a log shows where the time went. */
const log = (message: string) => {
  const elapsed = Math.round((Date.now() - runStarted) / 1000);
  console.log(`test:cloud [${Math.floor(elapsed / 60)}:${String(elapsed % 60).padStart(2, '0')}]: ${message}`);
};

if (!process.env[NAMESPACE_FLAG]) {
  // The Lambda bundles run on the Node their runtime names (nodejs24.x): fetched from the npm
  // registry now, since the private network below has no registry.
  nodeForLambdaRuntime(LAMBDA_RUNTIME.name);
  // Re-run this script alone in a new network namespace with only `lo` up, and a PID namespace
  // whose processes the kernel ends with this script, however it ends (no process outlives it).
  const mapUser = process.getuid?.() === 0 ? [] : ['--map-root-user'];
  const script = `ip link set lo up && exec "${process.execPath}" "${tsx}" "${new URL(import.meta.url).pathname}" "$@"`;
  const run = spawnSync(
    'unshare',
    [...mapUser, '--net', '--pid', '--fork', '--kill-child', '--', 'sh', '-c', script, 'run', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, [NAMESPACE_FLAG]: '1' },
    },
  );
  if (run.error) throw new Error(`unshare: ${run.error.message} (the emulation needs a private network namespace)`);
  process.exit(run.status ?? 1);
}

if (!existsSync(join(root, 'tests/cloud-emulation/node_modules/@aws-amplify/amplify-appsync-simulator'))) {
  console.error('test:cloud: the emulation is not installed: run `npm run amplify:install` first');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'patterson-cloud-'));
// CLOUD_KEEP_SYNTH=<dir>: the synth stays there for `npm run check:amplify -- --synth <dir>`, so a
// CI run synthesizes once (docs/testing.md).
const synthDir = process.env.CLOUD_KEEP_SYNTH ? resolve(root, process.env.CLOUD_KEEP_SYNTH) : join(work, 'synth');
const STOREFRONT_PORT = Number(process.env.E2E_PORT ?? 3199);
// Each site's functions send mail to a loopback port inside the namespace, the one the local e2e
// server of its Playwright project uses (playwright.config.ts), with links to that site: a test
// listens there with tests/support/smtp-inbox.ts (tests/e2e/support/customer-mail.ts,
// tests/cloud/reservation-mail.test.ts; the batteries use the storefront's). Nobody listening, a
// send is refused at once and logged, as a mail server that is down would be (decision 0327).
const siteMail = (port: number, smtpPort: number) => ({
  SMTP_PORT: String(smtpPort),
  [ENV.siteOrigin]: `http://127.0.0.1:${port}`,
});
const CLOUD_SMTP_PORT = String(E2E_STOREFRONT_SMTP_PORT);
const cloudSmtp = {
  SMTP_HOST: '127.0.0.1',
  SMTP_SECURE: 'false',
  SMTP_FROM: 'Patterson Wine & Liquor <shop@example.com>',
  ...siteMail(STOREFRONT_PORT, E2E_STOREFRONT_SMTP_PORT),
};
log('synthesizing the backend');
if (node([tsx, 'amplify/scripts/synth.ts', synthDir], cloudSmtp) !== 0) process.exit(1);
if (!existsSync(join(root, 'dist/index.html')) || process.env.CLOUD_REBUILD) {
  log('building the SPA');
  if (node(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']) !== 0) process.exit(1);
}

// `npm run test:cloud -- tests/cloud/<file>.test.ts`: those API batteries alone, on the storefront's
// emulation; any other arguments go to Playwright, the batteries after it.
const args = process.argv.slice(2);
const batteryFiles = args.filter((arg) => arg.startsWith('tests/cloud/'));
const batteriesOnly = batteryFiles.length > 0 && batteryFiles.length === args.length;

const introspection = JSON.parse(readFileSync(join(root, 'shared/generated/model-introspection.json'), 'utf8')) as unknown;

interface Site {
  emulation: Emulation;
  hosting: Hosting;
}
const sites: Site[] = [];
const stopAll = async () => {
  for (const site of sites) {
    await site.hosting.stop();
    await site.emulation.stop();
  }
  rmSync(work, { recursive: true, force: true });
};

let status = 1;
try {
  // A site for each Playwright project (playwright.config.ts), the storefront's first: the batteries use it.
  const allSites = [
    { name: 'storefront', port: STOREFRONT_PORT, smtpPort: E2E_STOREFRONT_SMTP_PORT },
    { name: 'admin', port: STOREFRONT_PORT - 1, smtpPort: E2E_SMTP_PORT },
    { name: 'catalogue', port: CATALOGUE_PORT, smtpPort: CATALOGUE_PORT + 1000 },
  ];
  const wanted = process.env.CLOUD_STOREFRONT_ONLY || batteriesOnly ? allSites.slice(0, 1) : allSites;
  // The sites come up side by side: much of it is waiting on DynamoDB Local, the Lambda workers and the seed's uploads.
  const started = await Promise.all(
    wanted.map(async ({ name, port, smtpPort }, index): Promise<Site> => {
      const base = 4100 + index * 10;
      const emulation = await startEmulation(
        synthDir,
        { appsync: base, dynamo: base + 1, s3: base + 2 },
        { deployEnvironment: siteMail(port, smtpPort) },
      );
      const outputs = amplifyOutputs(emulation, introspection);
      const outputsFile = join(work, `amplify_outputs.${name}.json`);
      writeFileSync(outputsFile, JSON.stringify(outputs, null, 2));

      log(`${name}: creating the first admin with amplify/scripts/create-admin.ts`);
      const created = await runWhileServing(process.execPath, [tsx, 'amplify/scripts/create-admin.ts', E2E_ADMIN.email, 'E2E Admin'], {
        ...emulation.awsEnvironment,
        AMPLIFY_OUTPUTS: outputsFile,
        ADMIN_PASSWORD: E2E_ADMIN.password,
      });
      if (created !== 0) throw new Error('create-admin failed');

      const publicApi = apiCaller(emulation.appsync.url, { 'x-api-key': emulation.appsync.apiKey });
      const signIn = await publicApi(
        'mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }',
        E2E_ADMIN,
      );
      const token = (signIn.signIn as { token: string }).token;
      const seedStarted = Date.now();
      const seeded = await seedThroughApi(apiCaller(emulation.appsync.url, { authorization: token }));
      await apiCaller(emulation.appsync.url, { authorization: token })('mutation { signOut }');
      log(
        `${name}: seeded ${seeded.records} records and ${seeded.images} images through the API in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
      );

      // CloudFront serves /media from the bucket the media function writes to.
      const mediaBucket = [...emulation.backend.functions.values()].map((fn) => fn.environment[ENV.mediaBucket]).find(Boolean);
      if (!mediaBucket) throw new Error(`no function has ${ENV.mediaBucket}`);
      // The deployment bundle as Amplify's build makes it (amplify.yml), for this site's backend and origin.
      const hostingDir = join(work, `amplify-hosting.${name}`);
      await buildHosting({ distDir: join(root, 'dist'), outputsFile, origin: `http://127.0.0.1:${port}`, outDir: hostingDir });
      const hosting = await startHosting({ port, hostingDir, computePort: port + 3000, s3Endpoint: emulation.s3Endpoint, mediaBucket });
      const site = { emulation, hosting };
      sites.push(site);
      log(`${name}: http://127.0.0.1:${port} -> ${emulation.appsync.url}`);
      return site;
    }),
  );

  // What the API batteries (tests/cloud) reach: the storefront's API and site (its /media served
  // from the bucket), and its DynamoDB Local for the tables no API shows (the throttle's counts,
  // the one-time links, and an item's price history from months ago).
  const storefront = started[0]!.emulation;
  const throttleTable = [...storefront.backend.functions.values()].map((fn) => fn.environment[ENV.throttle]).find(Boolean);
  if (!throttleTable) throw new Error(`no function has ${ENV.throttle}`);
  const itemTable = [...storefront.backend.functions.values()].map((fn) => fn.environment[ENV.items]).find(Boolean);
  if (!itemTable) throw new Error(`no function has ${ENV.items}`);
  const credentialsTable = [...storefront.backend.functions.values()].map((fn) => fn.environment[ENV.credentials]).find(Boolean);
  if (!credentialsTable) throw new Error(`no function has ${ENV.credentials}`);
  const batteryEnvironment = {
    CLOUD_API_URL: storefront.appsync.url,
    CLOUD_API_KEY: storefront.appsync.apiKey,
    CLOUD_SITE_URL: `http://127.0.0.1:${STOREFRONT_PORT}`,
    CLOUD_DYNAMO_ENDPOINT: storefront.dynamoEndpoint,
    CLOUD_THROTTLE_TABLE: throttleTable,
    // Where tests/cloud/sale-rule.test.ts gives an item months of price history.
    CLOUD_ITEM_TABLE: itemTable,
    // Where the account battery stores the confirmation links no mail gives (expired ones, ones for an old address).
    CLOUD_CREDENTIALS_TABLE: credentialsTable,
    // Where the storefront's functions send mail (the battery's inbox listens there).
    CLOUD_SMTP_PORT,
    // The media bucket in s3rver, where tests/cloud/outbox.test.ts finds the kept mails (decision 0366).
    CLOUD_S3_ENDPOINT: storefront.s3Endpoint,
    CLOUD_MEDIA_BUCKET: [...storefront.backend.functions.values()].map((fn) => fn.environment[ENV.mediaBucket]).find(Boolean)!,
  };
  if (process.env.CLOUD_COMMAND) {
    // For looking into the emulation: any command, inside the namespace, with the sites up (and
    // the batteries' environment, so `npx vitest run --config tests/cloud/vitest.config.ts <file>` works).
    status = await runWhileServing('sh', ['-c', process.env.CLOUD_COMMAND], batteryEnvironment);
  } else if (batteriesOnly) {
    log(`running ${batteryFiles.join(', ')} against the emulated cloud`);
    status = await runWhileServing(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/cloud/vitest.config.ts', ...batteryFiles],
      batteryEnvironment,
    );
  } else {
    log('running the browser suite against the emulated cloud');
    const browser = await runWhileServing(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...args], {
      E2E_BACKEND: 'cloud',
      PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright-cloud.json',
    });
    log(`browser suite done (${browser === 0 ? 'passed' : 'failed'})`);
    // After the browser suite, which expects the seeded catalogue as it was: the API batteries.
    log('running the API batteries (tests/cloud: role matrix, hostile inputs, sign-in throttle) against the emulated cloud');
    const api = await runWhileServing(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--config',
        'tests/cloud/vitest.config.ts',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=.tmp/vitest-cloud.json',
      ],
      batteryEnvironment,
    );
    log(`API batteries done (${api === 0 ? 'passed' : 'failed'})`);
    status = browser || api;
    console.log(slowestTests([join(root, '.tmp/playwright-cloud.json'), join(root, '.tmp/vitest-cloud.json')]).join('\n'));
    printPlaywrightFailures(join(root, '.tmp/playwright-cloud.json'), 'Failed browser tests on the emulated cloud');
  }
} catch (error) {
  console.error(error);
} finally {
  await stopAll();
}
log(`done in ${((Date.now() - runStarted) / 60_000).toFixed(1)} min`);
process.exit(status);

/** What `ampx generate outputs` writes for this backend: its root stack's outputs. */
function amplifyOutputs(emulation: Emulation, modelIntrospection: unknown): Record<string, unknown> {
  const out = emulation.backend.outputs as Record<string, string>;
  return {
    version: '1.4',
    data: {
      url: out.awsAppsyncApiEndpoint,
      aws_region: out.awsAppsyncRegion,
      api_key: out.awsAppsyncApiKey,
      default_authorization_type: out.awsAppsyncAuthenticationType,
      authorization_types: String(out.awsAppsyncAdditionalAuthenticationTypes).split(','),
      model_introspection: modelIntrospection,
    },
    custom: (JSON.parse(out.customOutputs!) as { custom: Record<string, unknown> }).custom,
  };
}
