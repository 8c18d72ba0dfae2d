/**
 * The security battery's role matrix against the emulated AWS backend (`npm run test:cloud` runs
 * it; CLOUD_API_URL and CLOUD_API_KEY name the endpoint). Every root operation of the schema,
 * called by a guest, a user, an admin and every credential that must be refused, gets the outcome
 * SPEC §7 / DESIGN §3 give it, as on the local server (tests/security/role-matrix.test.ts). What
 * the local battery makes in the database (expired or demoted sessions) the API cannot make, so
 * here the refused credentials are those a client can reach: none, a wrong key, a forged token,
 * a signed-out token and a deleted admin's token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../../playwright.config';
import { ERROR_TYPES } from '../../shared/error-types';
import { audienceOf, rootOperations, wellFormedCall, type RootOperation, type ValueSource } from '../security/support/operations';
import { forgedToken } from '../security/support/principals';
import { pngDataUrl } from '../security/support/fixtures';
import { pngBytes } from '../security/support/images';

const url = process.env.CLOUD_API_URL!;
const apiKey = process.env.CLOUD_API_KEY!;
const PASSWORD = 'Cl0ud-Probe-Passw0rd!';

type Credentials = { none: true } | { apiKey: string } | { token: string };
interface Body { data?: Record<string, unknown> | null; errors?: Array<{ errorType?: string; message: string }> }

async function call(credentials: Credentials, query: string, variables: Record<string, unknown> = {}): Promise<{ status: number; body: Body }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if ('token' in credentials) headers.authorization = credentials.token;
  if ('apiKey' in credentials) headers['x-api-key'] = credentials.apiKey;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: response.status, body: (await response.json()) as Body };
}

async function ok(credentials: Credentials, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const { body } = await call(credentials, query, variables);
  expect(body.errors, query).toBeUndefined();
  return body.data!;
}

const guest: Credentials = { apiKey };
let emails = 0;
const uniqueEmail = (label: string) => `cloud-${label}-${Date.now()}-${++emails}@example.com`;
const signIn = async (email: string, password: string) =>
  ((await ok(guest, 'mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }', { email, password })).signIn as { token: string }).token;

let admin: string;

async function createAdmin(email: string): Promise<string> {
  const created = await ok({ token: admin }, `mutation ($email: String, $password: String, $confirmPassword: String, $firstName: String, $lastName: String) {
    createAdmin(email: $email, password: $password, confirmPassword: $confirmPassword, firstName: $firstName, lastName: $lastName) { id } }`,
  { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Probe', lastName: 'Admin' });
  return (created.createAdmin as { id: string }).id;
}
let user: { email: string; token: string };
const ids: Record<string, string> = {};
let imageUrl: string;
let values: ValueSource;

async function renew(withAdmin: boolean) {
  const as = { token: admin };
  const category = await ok(as, 'mutation ($input: CreateCategoryInput!) { createCategory(input: $input) { id } }', { input: { name: 'Probe category', type: ['Wine'], visible: true, index: 0 } });
  ids.Category = category.createCategory.id;
  ids.Tag = (await ok(as, 'mutation ($input: CreateTagInput!) { createTag(input: $input) { id } }', { input: { name: 'Probe tag', categoryId: ids.Category, index: 0 } })).createTag.id;
  ids.Item = (await ok(as, 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }', { input: { name: 'Probe item', price: 12.5, tags: ['wine', ids.Tag], description: 'Probe' } })).createItem.id;
  ids.Banner = (await ok(as, 'mutation ($input: CreateBannerInput!) { createBanner(input: $input) { id } }', { input: { img: imageUrl, index: 0 } })).createBanner.id;
  ids.Event = (await ok(as, 'mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', { input: { name: 'Probe event', date: '2031-01-01', description: 'Probe' } })).createEvent.id;
  if (withAdmin) {
    ids.User = await createAdmin(uniqueEmail('target'));
  }
}

beforeAll(async () => {
  expect(url, 'CLOUD_API_URL: run through npm run test:cloud').toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
  admin = await signIn(E2E_ADMIN.email, E2E_ADMIN.password);
  const png = await pngBytes(4, 4);
  imageUrl = (await ok({ token: admin }, 'mutation ($dataUrl: String!) { uploadImage(dataUrl: $dataUrl) }', { dataUrl: pngDataUrl(png) })).uploadImage as string;
  const email = uniqueEmail('user');
  const signUp = await ok(guest, 'mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) { signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { token } }',
    { firstName: 'Cloud', lastName: 'Customer', email, password: PASSWORD, confirmPassword: PASSWORD });
  user = { email, token: (signUp.signUp as { token: string }).token };
  values = {
    idOf: (model) => (model && ids[model]) || 'no-such-record',
    idsOf: (model) => (model ? [ids[model]!] : []),
    imageUrl,
    pngDataUrl: pngDataUrl(png),
    email: () => uniqueEmail('probe'),
    password: PASSWORD,
  };
});

/** Credentials that must get UnauthorizedException for any operation, public ones included. */
async function refusedCredentials(): Promise<Array<[string, Credentials]>> {
  const signedOut = await signIn(user.email, PASSWORD);
  await ok({ token: signedOut }, 'mutation { signOut }');
  const leavingEmail = uniqueEmail('leaving');
  const leavingId = await createAdmin(leavingEmail);
  const deletedToken = await signIn(leavingEmail, PASSWORD);
  await ok({ token: admin }, 'mutation ($id: ID!) { deleteAdmin(id: $id) { id } }', { id: leavingId });
  return [
    ['no credential', { none: true }],
    ['a wrong API key', { apiKey: `${apiKey}x` }],
    ['a forged token', { token: forgedToken() }],
    ['a signed-out token', { token: signedOut }],
    ["a deleted admin's token", { token: deletedToken }],
  ];
}

const isAuthError = (body: Body) => body.errors?.some((error) => /^Unauthorized/.test(error.errorType ?? '')) ?? false;

async function expectAllowed(op: RootOperation, credentials: Credentials) {
  const probe = wellFormedCall(op, values);
  const { status, body } = await call(credentials, probe.query, probe.variables);
  expect(status).toBe(200);
  expect(isAuthError(body), `${op.key} refused: ${JSON.stringify(body.errors)}`).toBe(false);
  if (!body.errors) expect(body.data?.[op.name]).not.toBeUndefined();
}

async function expectDenied(op: RootOperation, credentials: Credentials, errorType: string) {
  const probe = wellFormedCall(op, values);
  const { body } = await call(credentials, probe.query, probe.variables);
  expect(body.errors?.length, `${op.key}: ${JSON.stringify(body).slice(0, 300)}`).toBeGreaterThan(0);
  for (const error of body.errors!) expect(error.errorType).toBe(errorType);
  for (const value of Object.values(body.data ?? {})) expect(value).toBeNull();
}

describe('the role matrix on the emulated cloud', () => {
  let refused: Array<[string, Credentials]>;
  beforeAll(async () => { refused = await refusedCredentials(); });

  it.each(rootOperations().map((op) => [`${op.key} (${audienceOf(op)})`, op] as const))('%s', async (_label, op) => {
    await renew(op.model === 'User');
    await expectAllowed(op, { token: admin });
    // What the admin's call may have used up (its session, the records it deleted) is made again.
    if (op.key === 'Mutation.signOut') admin = await signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await renew(op.model === 'User');
    for (const [name, credentials, audiences] of [['a guest', guest, ['public']], ['a user', { token: user.token }, ['public', 'signed-in']]] as const) {
      const allowed = (audiences as readonly string[]).includes(audienceOf(op));
      if (allowed) await expectAllowed(op, credentials);
      else await expectDenied(op, credentials, ERROR_TYPES.unauthorized);
      if (name === 'a user' && op.key === 'Mutation.signOut') user.token = await signIn(user.email, PASSWORD);
    }
    for (const [, credentials] of refused) await expectDenied(op, credentials, ERROR_TYPES.sessionRejected);
  });
});
