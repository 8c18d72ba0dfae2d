/**
 * The security battery's role matrix against the emulated AWS backend (`npm run test:cloud` runs
 * it). Every root operation of the schema, called by a guest, a user, an admin and every
 * credential that must be refused, gets the outcome product §7 / design §3 give it, as on the local
 * server (tests/security/role-matrix.test.ts). What the local battery makes in the database
 * (expired or demoted sessions) the API cannot make, so here the refused credentials are those a
 * client can reach: none, a wrong key, a forged token, a signed-out token and a deleted admin's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TYPES } from '../../shared/error-types';
import { adminOnlyFieldReads, audienceOf, rootOperations, wellFormedCall, type RootOperation } from '../security/support/operations';
import {
  call,
  cloudShop,
  forged,
  guest,
  ok,
  signIn,
  signUp,
  stored,
  uniqueEmail,
  wrongKey,
  type Body,
  type CloudShop,
  type Credentials,
} from './support/api';

let shop: CloudShop;
let user: { email: string; token: string };
let refused: Array<[string, Credentials]>;

beforeAll(async () => {
  shop = await cloudShop();
  const email = uniqueEmail('user');
  user = { email, token: await signUp(email) };

  const signedOut = await signIn(user.email);
  await ok({ token: signedOut }, 'mutation { signOut }');
  const leavingEmail = uniqueEmail('leaving');
  const leavingId = await shop.createAdmin(leavingEmail);
  const deletedAdmin = await signIn(leavingEmail);
  await ok({ token: shop.admin }, 'mutation ($id: ID!) { deleteAdmin(id: $id) { id } }', { id: leavingId });
  refused = [
    ['no credential', { none: true }],
    ['a wrong API key', wrongKey],
    ['a forged token', forged()],
    ['a signed-out token', { token: signedOut }],
    ["a deleted admin's token", { token: deletedAdmin }],
  ];
});

const isAuthError = (body: Body) => body.errors?.some((error) => /^Unauthorized/.test(error.errorType ?? '')) ?? false;

async function expectAllowed(op: RootOperation, credentials: Credentials) {
  const probe = wellFormedCall(op, shop.values);
  const { status, body } = await call(credentials, probe.query, probe.variables);
  expect(status).toBe(200);
  expect(isAuthError(body), `${op.key} refused: ${JSON.stringify(body.errors)}`).toBe(false);
  if (!body.errors) expect(body.data?.[op.name]).not.toBeUndefined();
}

async function expectDenied(op: RootOperation, credentials: Credentials, errorType: string) {
  const probe = wellFormedCall(op, shop.values);
  const before = op.kind === 'mutation' ? await stored(shop, op) : null;
  const { body } = await call(credentials, probe.query, probe.variables);
  if (before !== null) expect(await stored(shop, op), `${op.key} changed what is stored`).toBe(before);
  expect(body.errors?.length, `${op.key}: ${JSON.stringify(body).slice(0, 300)}`).toBeGreaterThan(0);
  for (const error of body.errors!) expect(error.errorType).toBe(errorType);
  for (const value of Object.values(body.data ?? {})) expect(value).toBeNull();
}

describe('the role matrix on the emulated cloud', () => {
  it.each(rootOperations().map((op) => [`${op.key} (${audienceOf(op)})`, op] as const))('%s', async (_label, op) => {
    await shop.renew(op.model === 'User');
    // A customer's own list, reservations and requests are customers only: staff keep none (decision 0313).
    await (audienceOf(op) === 'customer'
      ? expectDenied(op, { token: shop.admin }, ERROR_TYPES.unauthorized)
      : expectAllowed(op, { token: shop.admin }));
    // What the admin's call used up (its session, the records it deleted) is made again.
    if (op.key === 'Mutation.signOut') await shop.signInAdminAgain();
    await shop.renew(op.model === 'User');
    await (audienceOf(op) === 'public' ? expectAllowed(op, guest) : expectDenied(op, guest, ERROR_TYPES.unauthorized));
    await (audienceOf(op) === 'admin'
      ? expectDenied(op, { token: user.token }, ERROR_TYPES.unauthorized)
      : expectAllowed(op, { token: user.token }));
    if (op.key === 'Mutation.signOut') user.token = await signIn(user.email);
    for (const [, credentials] of refused) await expectDenied(op, credentials, ERROR_TYPES.sessionRejected);
  });
});

describe('admin-only fields on the emulated cloud (decision 0295)', () => {
  it.each(adminOnlyFieldReads().map(({ field, op }) => [`${field} through ${op.key}`, field, op] as const))(
    '%s: read by an admin, refused to a guest and a customer with the rest served',
    async (_label, field, op) => {
      await shop.renew(false);
      const name = field.split('.')[1]!;
      const probe = wellFormedCall(op, shop.values, ['id', name]);
      const records = (body: Body) => {
        const result = body.data?.[op.name] as { items?: Array<Record<string, unknown>> } | Record<string, unknown> | null;
        return (result && 'items' in result ? result.items : [result]) as Array<Record<string, unknown> | null>;
      };
      const admin = (await call({ token: shop.admin }, probe.query, probe.variables)).body;
      expect(admin.errors).toBeUndefined();
      expect(records(admin).length).toBeGreaterThan(0);
      for (const record of records(admin)) expect(record).toHaveProperty(name);
      for (const credentials of [guest, { token: user.token }]) {
        const { status, body } = await call(credentials, probe.query, probe.variables);
        expect(status).toBe(200);
        expect(records(body).length).toBeGreaterThan(0);
        for (const record of records(body)) expect(record).toMatchObject({ id: expect.any(String), [name]: null });
        expect(body.errors?.length).toBeGreaterThan(0);
        for (const error of body.errors!) {
          // The simulator words the refusal of a field's own auth rule "Unauthorized"; the type and the place are AppSync's.
          expect(error).toMatchObject({ errorType: ERROR_TYPES.unauthorized, path: expect.arrayContaining([op.name, name]) });
        }
      }
    },
  );
});
