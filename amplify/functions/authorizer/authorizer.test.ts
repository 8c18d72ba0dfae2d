/**
 * The cloud authorizer's decisions for admin, user, guest, expired, revoked and garbage tokens:
 * decideAccess (shared with the local server) on sessions in DynamoDB (the in-memory fake: no real
 * DynamoDB runs here), with the field policy read from the generated SDL the function bundles.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZER_TTL_SECONDS } from '../../../server/auth/authorizer';
import { SELF_SERVICE_FIELDS } from '../../../server/composition/compose-shop';
import { SESSION_ABSOLUTE_MS } from '../../../server/auth/sessions';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { ROLE_ADMIN, ROLE_USER } from '../../../shared/roles';
import { DynamoSessionStore } from '../common/dynamo-sessions';
import { fakeShopDynamo, TABLES } from '../../../tests/support/fake-dynamo/fake-tables';
import { authorize } from './authorize';
import { fieldPolicyFromSdl } from '../common/field-policy';

const sdl = readFileSync(new URL('../../../server/generated/appsync-schema.graphql', import.meta.url), 'utf8');
const policy = fieldPolicyFromSdl(sdl, SELF_SERVICE_FIELDS);

describe('fieldPolicyFromSdl', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reads the same policy the local engine serves by', () => {
    expect([...policy.lambdaFields].sort()).toEqual([...server.engine.guardedFields('lambda')].sort());
    expect([...policy.publicFields].sort()).toEqual([...server.engine.guardedFields('apiKey')].sort());
    expect(policy.publicFields.has('Query.listItems')).toBe(true);
    expect(policy.lambdaFields).toContain('Query.listUsers');
    expect(policy.publicFields.has('Query.listUsers')).toBe(false);
  });
});

describe('the cloud authorizer', () => {
  let now = Date.UTC(2030, 0, 1);
  const db = fakeShopDynamo();
  const sessions = new DynamoSessionStore(db, { sessions: TABLES.sessions, users: TABLES.users }, () => now);
  const answer = (token: string | undefined) => authorize((value) => sessions.resolve(value), policy, token);
  const adminOnly = [
    'Query.listUsers',
    'Query.getUser',
    'Mutation.createItem',
    'Mutation.deleteAdmin',
    'Mutation.requestImageUpload',
    'Mutation.storeUploadedImage',
    'Mutation.replaceBanners',
  ];

  beforeAll(async () => {
    await db.put({ TableName: TABLES.users, Item: { id: 'admin', name: 'The Boss', type: ROLE_ADMIN } });
    await db.put({ TableName: TABLES.users, Item: { id: 'user', name: 'A Customer', type: ROLE_USER } });
  });

  it('lets an admin call everything, with ttlOverride 0 so AppSync asks again on every request', async () => {
    const { token } = await sessions.create('admin');
    expect(await answer(token)).toEqual({
      isAuthorized: true,
      deniedFields: [],
      ttlOverride: 0,
      resolverContext: { userId: 'admin', type: '0', name: 'The Boss' },
    });
  });

  it('stops a signed-out or deleted admin on the next request (nothing cached to outlive it)', async () => {
    const signedOut = await sessions.create('admin');
    expect((await answer(signedOut.token)).isAuthorized).toBe(true);
    await sessions.revoke(signedOut.token);
    expect(await answer(signedOut.token)).toMatchObject({ isAuthorized: false });
    await db.put({ TableName: TABLES.users, Item: { id: 'leaving', name: 'Gone Soon', type: ROLE_ADMIN } });
    const deleted = await sessions.create('leaving');
    expect(await answer(deleted.token)).toMatchObject({ isAuthorized: true, ttlOverride: 0 });
    await db.delete({ TableName: TABLES.users, Key: { id: 'leaving' } });
    expect(await answer(deleted.token)).toMatchObject({ isAuthorized: false });
  });

  it('gives a user the public fields and their own sign-out, denying the admin ones, never cached', async () => {
    const { token } = await sessions.create('user');
    const result = await answer(token);
    expect(result).toMatchObject({ isAuthorized: true, ttlOverride: 0, resolverContext: { userId: 'user', type: '1' } });
    expect(result.deniedFields).toEqual(expect.arrayContaining(adminOnly));
    expect(result.deniedFields).not.toContain('Mutation.signOut');
    expect(result.deniedFields).not.toContain('Query.listItems');
    expect(result.deniedFields).not.toContain('Mutation.signIn');
  });

  it('refuses a guest (no token), garbage, revoked and expired tokens, cached for the TTL (a refusal is final)', async () => {
    const refused = { isAuthorized: false, deniedFields: [], ttlOverride: AUTHORIZER_TTL_SECONDS };
    expect(await answer(undefined)).toEqual(refused);
    expect(await answer('')).toEqual(refused);
    expect(await answer('garbage')).toEqual(refused);
    expect(await answer('\u0000'.repeat(300))).toEqual(refused);
    const revoked = await sessions.create('admin');
    await sessions.revoke(revoked.token);
    expect(await answer(revoked.token)).toEqual(refused);
    const expiring = await sessions.create('admin');
    now += SESSION_ABSOLUTE_MS;
    expect(await answer(expiring.token)).toEqual(refused);
  });
});
