/**
 * `npm run check:deploy -- <amplify_outputs.json> <admin e-mail>` (password from ADMIN_PASSWORD or
 * a prompt): the checks of a first deploy on AWS that only a real account can make (README, "First
 * deploy"). `npm run test:cloud` runs the same checks against the emulation
 * (tests/cloud/check-deploy.test.ts), so each is known to pass where AWS behaves as documented.
 *
 * 1. **Upload policy**: S3 itself refuses a POST over the policy's size range (400
 *    EntityTooLarge) and one whose key was changed (403 AccessDenied), and nothing of either
 *    reaches the bucket (`storeUploadedImage` finds no upload).
 * 2. **Client address**: the sign-in lockout counts failures per account and connecting address
 *    (decision 0182): six wrong passwords, each with another made-up X-Forwarded-For, must be
 *    locked out at the sixth. Were the address read from the header the client wrote, each would
 *    count under a new address and the sixth would only be "Incorrect password". The probe
 *    account (the admin's own, unless another is given) then waits 1 minute to sign in from this
 *    machine; its sessions are untouched.
 * 3. **Concurrency quota**: Lambda's concurrent executions for the account (new accounts may have
 *    10), read with the AWS CLI if it is installed and configured; otherwise the command is shown.
 *
 * Exit code 1 when a check fails.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { MAX_IMAGE_BYTES, UPLOAD_FILE_FIELD, type ImageUploadTarget } from '../shared/image-upload';
import { MESSAGES } from '../shared/messages';

export interface DeployTarget {
  /** The GraphQL endpoint (amplify_outputs.json `data.url`) and the public API key. */
  url: string;
  apiKey: string;
  adminEmail: string;
  adminPassword: string;
  /** The account the lockout check fails six sign-ins for; the admin's by default. */
  probeEmail?: string;
  /** The concurrency quota check; false leaves it out (the emulation has no account). */
  checkConcurrency?: boolean;
}

export interface CheckResult {
  check: string;
  ok: boolean | null;
  detail: string;
}

/** Below this many concurrent executions a busy evening (bulk changes, imports, sign-ins) can be throttled. */
export const MIN_CONCURRENCY = 100;

interface Body {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}

async function graphql(
  target: DeployTarget,
  query: string,
  variables: Record<string, unknown>,
  auth: { token?: string; forwardedFor?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth.token) headers.authorization = auth.token;
  else headers['x-api-key'] = target.apiKey;
  if (auth.forwardedFor) headers['x-forwarded-for'] = auth.forwardedFor;
  const response = await fetch(target.url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as Body;
}

const SIGN_IN = 'mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }';

async function postUpload(target: ImageUploadTarget, size: number, base: string, change: Record<string, string> = {}) {
  const form = new FormData();
  for (const { name, value } of target.fields) form.append(name, change[name] ?? value);
  form.append(UPLOAD_FILE_FIELD, new Blob([new Uint8Array(size)], { type: 'image/png' }), 'check.png');
  const response = await fetch(new URL(target.url, base), { method: 'POST', body: form });
  return { status: response.status, text: await response.text() };
}

async function uploadPolicy(target: DeployTarget, token: string): Promise<CheckResult> {
  const check = 'S3 holds presigned POSTs to their policy';
  const problems: string[] = [];
  const attempts: Array<{
    what: string;
    size: number;
    change: (t: ImageUploadTarget) => Record<string, string>;
    status: number;
    code: string;
  }> = [
    {
      what: 'a file 1 byte over the size range',
      size: MAX_IMAGE_BYTES + 1,
      change: () => ({}),
      status: 400,
      code: 'EntityTooLarge',
    },
    {
      what: 'a changed key',
      size: 64,
      change: (t) => {
        const key = t.fields.find((field) => field.name === 'key')!.value;
        return { key: `${key.slice(0, key.lastIndexOf('/') + 1)}${'0'.repeat(32)}` };
      },
      status: 403,
      code: 'AccessDenied',
    },
  ];
  for (const attempt of attempts) {
    const body = await graphql(target, 'mutation { requestImageUpload { id url fields { name value } expiresAt } }', {}, { token });
    const upload = body.data?.requestImageUpload as ImageUploadTarget | undefined;
    if (!upload) return { check, ok: false, detail: `requestImageUpload refused: ${body.errors?.[0]?.message ?? 'no answer'}` };
    const posted = await postUpload(upload, attempt.size, target.url, attempt.change(upload));
    if (posted.status !== attempt.status || !posted.text.includes(`<Code>${attempt.code}</Code>`)) {
      problems.push(`${attempt.what}: HTTP ${posted.status}, expected ${attempt.status} ${attempt.code}`);
    }
    const stored = await graphql(target, 'mutation ($id: String!) { storeUploadedImage(id: $id) }', { id: upload.id }, { token });
    if (!stored.errors?.length) problems.push(`${attempt.what}: reached the bucket and was stored`);
  }
  return problems.length
    ? { check, ok: false, detail: problems.join('; ') }
    : { check, ok: true, detail: 'an oversize file got 400 EntityTooLarge, a changed key 403 AccessDenied; neither reached the bucket' };
}

async function clientAddress(target: DeployTarget): Promise<CheckResult> {
  const check = 'the sign-in lockout counts the connecting address, not X-Forwarded-For';
  const email = target.probeEmail ?? target.adminEmail;
  const answers: string[] = [];
  for (let attempt = 1; attempt <= 6; attempt += 1) {
    const forwardedFor = `203.0.113.${10 + attempt}`;
    const body = await graphql(target, SIGN_IN, { email, password: `Deploy-check-wrong-${attempt}!` }, { forwardedFor });
    answers.push(body.errors?.[0]?.errorType ?? 'signed in');
    if (!body.errors?.length) return { check, ok: false, detail: `attempt ${attempt} signed in with a wrong password` };
    if (attempt < 6 && body.errors[0]!.message !== MESSAGES.incorrectPassword) {
      return {
        check,
        ok: false,
        detail: `attempt ${attempt} answered "${body.errors[0]!.message}" (expected "${MESSAGES.incorrectPassword}"; was the account locked already? wait a minute)`,
      };
    }
  }
  return answers[5] === 'TooManyRequests'
    ? {
        check,
        ok: true,
        detail: `five wrong passwords with five made-up addresses, then locked out: ${email} waits 1 minute to sign in from here`,
      }
    : {
        check,
        ok: false,
        detail: `the sixth wrong password was answered ${answers[5]}, not TooManyRequests: the lockout counted the made-up addresses`,
      };
}

function concurrencyQuota(): CheckResult {
  const check = `Lambda's concurrency quota is at least ${MIN_CONCURRENCY}`;
  const command = ['lambda', 'get-account-settings', '--query', 'AccountLimit.ConcurrentExecutions', '--output', 'text'];
  const run = spawnSync('aws', command, { encoding: 'utf8' });
  const quota = Number(run.stdout?.trim());
  if (run.status !== 0 || !Number.isFinite(quota)) {
    return { check, ok: null, detail: `not read (no configured AWS CLI here); run: aws ${command.join(' ')}` };
  }
  return quota >= MIN_CONCURRENCY
    ? { check, ok: true, detail: `${quota} concurrent executions` }
    : {
        check,
        ok: false,
        detail: `${quota} concurrent executions: ask AWS Support for more (Service Quotas, Lambda, Concurrent executions)`,
      };
}

/** Runs the checks in order; the sign-in comes first, so a wrong password stops it before anything else. */
export async function checkDeploy(target: DeployTarget): Promise<CheckResult[]> {
  const signedIn = await graphql(target, SIGN_IN, { email: target.adminEmail, password: target.adminPassword });
  const token = (signedIn.data?.signIn as { token?: string } | undefined)?.token;
  if (!token) return [{ check: 'sign in as the admin', ok: false, detail: signedIn.errors?.[0]?.message ?? 'no token' }];
  const results = [await uploadPolicy(target, token), await clientAddress(target)];
  if (target.checkConcurrency !== false) results.push(concurrencyQuota());
  return results;
}

async function main(): Promise<void> {
  const [outputsFile, adminEmail] = process.argv.slice(2);
  if (!outputsFile || !adminEmail) {
    console.error('usage: npm run check:deploy -- <amplify_outputs.json> <admin e-mail>   (password from ADMIN_PASSWORD or a prompt)');
    process.exit(2);
  }
  const outputs = JSON.parse(readFileSync(outputsFile, 'utf8')) as { data?: { url?: string; api_key?: string } };
  if (!outputs.data?.url || !outputs.data.api_key) throw new Error(`${outputsFile} has no data.url and data.api_key`);
  let adminPassword = process.env.ADMIN_PASSWORD;
  if (!adminPassword) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    adminPassword = await prompt.question(`Password of ${adminEmail}: `);
    prompt.close();
  }
  const results = await checkDeploy({ url: outputs.data.url, apiKey: outputs.data.api_key, adminEmail, adminPassword });
  for (const result of results) console.log(`${result.ok === null ? '?' : result.ok ? 'ok' : 'FAIL'}  ${result.check}: ${result.detail}`);
  if (results.some((result) => result.ok === false)) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
