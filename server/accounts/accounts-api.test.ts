/**
 * Accounts through the real API: sign-up, sign-in, sign-out, admin management, the role matrix
 * over every operation, password hashes never returned, and throttling. (That both sign-in
 * failures do the same bcrypt work is counted in sign-in-work.test.ts.)
 */
import { Amplify } from '@aws-amplify/core';
import { generateClient } from 'aws-amplify/data';
import {
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLEnumType,
  getNamedType,
  type GraphQLArgument,
  type GraphQLInputType,
} from 'graphql';
import { MESSAGES } from '../../shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../amplify/data/schema';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
// eslint-disable-next-line import-x/no-restricted-paths -- the role matrix checks the whole server against what the features declare
import { SELF_SERVICE_FIELDS } from '../composition/compose-shop';
import { CUSTOMERS_ONLY } from '../../tests/security/support/operations';
import { postGraphQL, startTestServer, TEST_PASSWORD, type TestServer } from '../../tests/support/test-server';

let server: TestServer;
let clock = Date.now();
const GOOD = 'Corkscrew#2024';

beforeAll(async () => {
  server = await startTestServer({
    overrides: {
      now: () => clock,
      throttleRules: {
        signInPerAddress: { burst: 1000, intervalMs: 1 },
        signUpPerAddress: { burst: 1000, intervalMs: 1 },
        failedSignIns: { freeFailures: 4, firstDelayMs: 60_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
        failedSignInsPerAccount: { freeFailures: 10, firstDelayMs: 60_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
        resetRequestsPerAddress: { burst: 1000, intervalMs: 1 },
        resetMailsPerAccount: { burst: 1000, intervalMs: 1 },
      },
    },
  });
  Amplify.configure(server.outputsFor(server.url));
});
afterAll(async () => {
  await server?.stop();
});

const guest = () => ({ 'x-api-key': server.apiKey });
const bearer = (token: string) => ({ authorization: token });
let unique = 0;
const email = () => `shopper${++unique}.${process.pid}@example.com`;

async function mutate(field: string, args: Record<string, unknown>, headers: Record<string, string>, selection = '') {
  const argText = Object.entries(args)
    .map(([name, value]) => `${name}: ${JSON.stringify(value)}`)
    .join(', ');
  const query = `mutation { ${field}${argText ? `(${argText})` : ''}${selection ? ` { ${selection} }` : ''} }`;
  const { body } = await postGraphQL(server, { query }, headers);
  return { data: body.data?.[field] as Record<string, unknown> | null | undefined, error: body.errors?.[0], raw: JSON.stringify(body) };
}

const SESSION_FIELDS = 'token userId name type expiresAt';
const signUp = (args: Record<string, unknown>) => mutate('signUp', args, guest(), SESSION_FIELDS);
const signIn = (args: Record<string, unknown>) => mutate('signIn', args, guest(), SESSION_FIELDS);
const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Rosa',
  lastName: 'Parks',
  email: email(),
  password: GOOD,
  confirmPassword: GOOD,
  ...overrides,
});

describe('sign-up', () => {
  it('creates a user of type 1 with the joined name and signs them in', async () => {
    const account = newUser({ firstName: ' Mary Ann ', lastName: 'Lee' });
    const result = await signUp(account);
    expect(result.error).toBeUndefined();
    expect(result.data).toMatchObject({ name: 'Mary Ann Lee', type: ROLE_USER });
    expect(String(result.data!.token).length).toBeGreaterThanOrEqual(22);
    const user = server.store.get('User', String(result.data!.userId))!;
    expect(user).toMatchObject({ email: account.email, type: ROLE_USER });
    // The session works: a user may read the catalogue through the authorizer.
    const read = await postGraphQL(server, { query: '{ listItems(limit: 1) { items { id } } }' }, bearer(String(result.data!.token)));
    expect(read.body.errors).toBeUndefined();
  });

  it.each([
    ['firstName', 'All fields are required'],
    ['lastName', 'All fields are required'],
    ['email', 'All fields are required'],
    ['password', 'All fields are required'],
    ['confirmPassword', 'All fields are required'],
  ])('refuses a blank %s', async (field, message) => {
    const result = await signUp(newUser({ [field]: '  ' }));
    expect(result.error).toMatchObject({ errorType: 'ValidationError', message });
  });

  it.each([
    [{ confirmPassword: 'Corkscrew#2025' }, 'Passwords do not match'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ password: 'short1!', confirmPassword: 'short1!' }, 'Password must be at least 8 characters'],
    [{ password: 'alllowercase1!', confirmPassword: 'alllowercase1!' }, 'Password must contain an upper-case letter'],
    [{ password: 'NoNumbers!!', confirmPassword: 'NoNumbers!!' }, 'Password must contain a number'],
    [{ password: 'NoSymbols123', confirmPassword: 'NoSymbols123' }, 'Password must contain a symbol'],
    [{ password: `Aa1!${'x'.repeat(69)}`, confirmPassword: `Aa1!${'x'.repeat(69)}` }, 'Password must be at most 72 bytes'],
  ])('refuses %o', async (overrides, message) => {
    const before = server.store.list('User', { limit: 1000 }).items.length;
    const result = await signUp(newUser(overrides));
    expect(result.error?.message).toBe(message);
    expect(server.store.list('User', { limit: 1000 }).items.length).toBe(before);
  });

  it.each([
    ['a multi-line first name', { firstName: 'Ana\n\nPay the overdue invoice at once' }, MESSAGES.nameNotOneLine],
    ['a link in the last name', { lastName: 'pay at https://evil.example' }, MESSAGES.nameHasLink],
    ['a web address in the first name', { firstName: 'www.evil.example' }, MESSAGES.nameHasLink],
    ['a 10,000-character first name', { firstName: 'Pay now. '.repeat(1111) }, MESSAGES.nameTooLong],
    ['a 61-character last name', { lastName: 'x'.repeat(61) }, MESSAGES.nameTooLong],
  ])('refuses %s, creating nothing', async (_label, overrides, message) => {
    const before = server.store.list('User', { limit: 1000 }).items.length;
    const result = await signUp(newUser(overrides));
    expect(result.error).toMatchObject({ errorType: 'ValidationError', message });
    expect(server.store.list('User', { limit: 1000 }).items.length).toBe(before);
  });

  it('refuses a duplicate e-mail, whatever its case', async () => {
    const account = newUser();
    expect((await signUp(account)).error).toBeUndefined();
    const again = await signUp({ ...account, email: account.email.toUpperCase() });
    expect(again.error?.message).toBe('An account with this email already exists');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and gives the role', async () => {
    const account = newUser();
    await signUp(account);
    const result = await signIn({ email: account.email.toUpperCase(), password: GOOD });
    expect(result.error).toBeUndefined();
    expect(result.data).toMatchObject({ name: 'Rosa Parks', type: ROLE_USER });
  });

  it('says what is wrong, as product §8 does', async () => {
    const account = newUser();
    await signUp(account);
    expect((await signIn({ email: '', password: GOOD })).error?.message).toBe('All fields are required');
    expect((await signIn({ email: account.email })).error?.message).toBe('All fields are required');
    expect((await signIn({ email: `nobody.${account.email}`, password: GOOD })).error?.message).toBe('User not found');
    expect((await signIn({ email: account.email, password: 'Wrong#Pass1' })).error?.message).toBe('Incorrect password');
  });

  it('signs an admin in with type 0 through the Amplify client', async () => {
    const { userId } = await server.sessionFor(ROLE_ADMIN, 'boss@example.com');
    const client = generateClient<Schema>();
    const result = await client.mutations.signIn({ email: 'boss@example.com', password: TEST_PASSWORD });
    expect(result.errors).toBeUndefined();
    expect(result.data).toMatchObject({ userId, type: ROLE_ADMIN });
  });

  it('revokes the session on sign-out', async () => {
    const account = newUser();
    const token = String((await signUp(account)).data!.token);
    const out = await mutate('signOut', {}, bearer(token));
    expect(out.data).toBe(true);
    const after = await postGraphQL(server, { query: '{ listItems(limit: 1) { items { id } } }' }, bearer(token));
    expect(after.body.errors?.[0]?.errorType).toBe('UnauthorizedException');
  });
});

describe('admin management', () => {
  let adminToken: string;
  let adminId: string;
  beforeAll(async () => {
    ({ token: adminToken, userId: adminId } = await server.sessionFor(ROLE_ADMIN));
  });
  const asAdmin = (field: string, args: Record<string, unknown>) => mutate(field, args, bearer(adminToken), 'id email name type');

  it('creates, updates and deletes an admin', async () => {
    const address = email();
    const created = await asAdmin('createAdmin', {
      firstName: 'Ada',
      lastName: 'Byron',
      email: address,
      password: GOOD,
      confirmPassword: GOOD,
    });
    expect(created.data).toMatchObject({ email: address, name: 'Ada Byron', type: ROLE_ADMIN });
    const id = String(created.data!.id);
    const signedIn = await signIn({ email: address, password: GOOD });
    expect(signedIn.data!.type).toBe(ROLE_ADMIN);

    const updated = await asAdmin('updateAdmin', { id, firstName: 'Ada', lastName: 'Lovelace', email: `new.${address}` });
    expect(updated.data).toMatchObject({ name: 'Ada Lovelace', email: `new.${address}` });

    const deleted = await asAdmin('deleteAdmin', { id });
    expect(deleted.data!.id).toBe(id);
    // Deleting the user revoked its sessions.
    const stale = await postGraphQL(server, { query: '{ listItems(limit: 1) { items { id } } }' }, bearer(String(signedIn.data!.token)));
    expect(stale.body.errors?.[0]?.errorType).toBe('UnauthorizedException');
    expect((await signIn({ email: `new.${address}`, password: GOOD })).error?.message).toBe('User not found');
  });

  it('refuses missing fields and mismatched passwords, creating nothing', async () => {
    const before = server.store.list('User', { limit: 1000 }).items.length;
    expect(
      (await asAdmin('createAdmin', { firstName: 'A', lastName: '', email: email(), password: GOOD, confirmPassword: GOOD })).error
        ?.message,
    ).toBe('Missing required fields');
    expect(
      (await asAdmin('createAdmin', { firstName: 'A', lastName: 'B', email: email(), password: GOOD, confirmPassword: `${GOOD}x` })).error
        ?.message,
    ).toBe('Passwords do not match');
    expect(server.store.list('User', { limit: 1000 }).items.length).toBe(before);
  });

  it('refuses names of more than one line, with links or over 60 characters, creating and changing nothing', async () => {
    const before = server.store.list('User', { limit: 1000 }).items.length;
    const account = { email: email(), password: GOOD, confirmPassword: GOOD };
    expect((await asAdmin('createAdmin', { ...account, firstName: 'Ada\nB', lastName: 'Byron' })).error?.message).toBe(
      MESSAGES.nameNotOneLine,
    );
    expect((await asAdmin('createAdmin', { ...account, firstName: 'Ada', lastName: 'x'.repeat(61) })).error?.message).toBe(
      MESSAGES.nameTooLong,
    );
    expect(server.store.list('User', { limit: 1000 }).items.length).toBe(before);
    const created = await asAdmin('createAdmin', { ...account, firstName: 'Ada', lastName: 'Byron' });
    const id = String(created.data!.id);
    const update = (names: Record<string, string>) =>
      asAdmin('updateAdmin', { id, firstName: 'Ada', lastName: 'Byron', email: account.email, ...names });
    expect((await update({ lastName: 'see https://evil.example' })).error?.message).toBe(MESSAGES.nameHasLink);
    expect((await update({ firstName: 'A\u202Eda' })).error?.message).toBe(MESSAGES.nameNotOneLine);
    expect(server.store.get('User', id)).toMatchObject({ name: 'Ada Byron' });
  });

  it('refuses to delete your own account', async () => {
    expect((await asAdmin('deleteAdmin', { id: adminId })).error?.message).toBe('You cannot delete your own account');
    expect(server.store.get('User', adminId)).not.toBeNull();
  });

  it('never deletes the last admin, even when two admins delete each other at once', async () => {
    const first = await server.sessionFor(ROLE_ADMIN);
    const second = await server.sessionFor(ROLE_ADMIN);
    // Leave exactly these two admins.
    for (const admin of server.store.list('User', { filter: { type: { eq: ROLE_ADMIN } }, limit: 1000 }).items) {
      if (admin.id !== first.userId && admin.id !== second.userId) server.store.delete('User', { id: admin.id });
    }
    const [a, b] = await Promise.all([
      mutate('deleteAdmin', { id: second.userId }, bearer(first.token), 'id'),
      mutate('deleteAdmin', { id: first.userId }, bearer(second.token), 'id'),
    ]);
    const outcomes = [a, b].map((result) => result.error?.message ?? 'deleted');
    expect(outcomes.filter((outcome) => outcome === 'deleted')).toHaveLength(1);
    // The other either met the last-admin rule or found its own session already gone.
    expect(['The last admin cannot be deleted', 'You are not authorized to make this call.']).toContain(
      outcomes.find((o) => o !== 'deleted'),
    );
    expect(server.store.list('User', { filter: { type: { eq: ROLE_ADMIN } } }).items).toHaveLength(1);
  });
});

/** A value of the given input type that passes GraphQL validation. */
function sample(type: GraphQLInputType): unknown {
  if (type instanceof GraphQLNonNull) return sample(type.ofType);
  if (type instanceof GraphQLList) return [sample(type.ofType)];
  if (type instanceof GraphQLEnumType) return type.getValues()[0]!.value;
  if (type instanceof GraphQLInputObjectType) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => field.type instanceof GraphQLNonNull)
        .map((field) => [field.name, sample(field.type)]),
    );
  }
  const scalars: Record<string, unknown> = {
    String: 'x',
    ID: 'x',
    Int: 1,
    Float: 1.5,
    Boolean: true,
    AWSDate: '2030-01-01',
    AWSEmail: 'a@b.co',
    AWSDateTime: '2030-01-01T00:00:00.000Z',
  };
  return scalars[type.name] ?? 'x';
}

describe('the role matrix', () => {
  it('allows each operation to exactly the roles it is meant for', async () => {
    const admin = await server.sessionFor(ROLE_ADMIN);
    const user = await server.sessionFor(ROLE_USER);
    const callers = { guest: guest(), user: bearer(user.token), admin: bearer(admin.token) } as const;
    const schema = server.engine.schema;
    const rows: string[] = [];
    for (const rootType of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const field of Object.values(rootType.getFields())) {
        if (field.name === 'signOut') continue; // it revokes the caller's session; tested above
        const key = `${rootType.name}.${field.name}`;
        const modes = server.engine.fieldModes.get(key)!;
        const expected = {
          guest: modes.has('apiKey'),
          // and a customer's own account (decision 0302)
          user: modes.has('apiKey') || SELF_SERVICE_FIELDS.has(key),
          // a customer's own pickup list and reservations are not staff's (product §11)
          admin: modes.has('lambda') && !CUSTOMERS_ONLY.has(key),
        };
        const args = field.args.filter((arg: GraphQLArgument) => arg.type instanceof GraphQLNonNull);
        const argText = args.map((arg: GraphQLArgument) => `${arg.name}: $${arg.name}`).join(', ');
        const varDefs = args.map((arg: GraphQLArgument) => `$${arg.name}: ${String(arg.type)}`).join(', ');
        const variables = Object.fromEntries(args.map((arg: GraphQLArgument) => [arg.name, sample(arg.type)]));
        const returnType = getNamedType(field.type);
        const selection = returnType instanceof GraphQLObjectType ? ' { __typename }' : '';
        const operation = rootType.name === 'Query' ? 'query' : 'mutation';
        const query = `${operation}${varDefs ? `(${varDefs})` : ''} { ${field.name}${argText ? `(${argText})` : ''}${selection} }`;
        for (const [role, headers] of Object.entries(callers) as Array<[keyof typeof callers, Record<string, string>]>) {
          const { body } = await postGraphQL(server, { query, variables }, headers);
          const errorType = body.errors?.[0]?.errorType;
          const allowed = errorType !== 'Unauthorized';
          rows.push(`${key} as ${role}: ${allowed ? 'allowed' : 'Unauthorized'}${allowed === expected[role] ? '' : '  <-- WRONG'}`);
        }
      }
    }
    expect(rows.filter((row) => row.endsWith('WRONG'))).toEqual([]);
    // The matrix really covers writes and user listing, and admins are allowed everything but a
    // customer's own pickup list and reservations.
    expect(rows).toContain('Mutation.createItem as guest: Unauthorized');
    expect(rows).toContain('Mutation.createItem as user: Unauthorized');
    expect(rows).toContain('Mutation.createItem as admin: allowed');
    expect(rows).toContain('Query.listUsers as user: Unauthorized');
    expect(rows).toContain('Mutation.createAdmin as user: Unauthorized');
    expect(rows).toContain('Mutation.signIn as guest: allowed');
    expect(rows.filter((row) => row.includes('as admin') && !row.includes('allowed') && !CUSTOMERS_ONLY.has(row.split(' ')[0]!))).toEqual(
      [],
    );
    expect(rows).toContain('Mutation.reserve as user: allowed');
    expect(rows).toContain('Mutation.reserve as admin: Unauthorized');
  });

  it('lets a user sign out but not a guest', async () => {
    const user = await server.sessionFor(ROLE_USER);
    expect((await mutate('signOut', {}, bearer(user.token))).data).toBe(true);
    expect((await mutate('signOut', {}, guest())).error?.errorType).toBe('Unauthorized');
  });
});

describe('password hashes', () => {
  it('are never in any response, whatever is asked', async () => {
    const admin = await server.sessionFor(ROLE_ADMIN);
    const account = newUser();
    const responses = [
      (await signUp(account)).raw,
      (await signIn({ email: account.email, password: GOOD })).raw,
      (
        await mutate(
          'createAdmin',
          { firstName: 'H', lastName: 'H', email: email(), password: GOOD, confirmPassword: GOOD },
          bearer(admin.token),
          'id email name type createdAt updatedAt',
        )
      ).raw,
      JSON.stringify(
        (
          await postGraphQL(
            server,
            { query: '{ listUsers(limit: 1000) { items { ...U } } } fragment U on User { id email name type }' },
            bearer(admin.token),
          )
        ).body,
      ),
      JSON.stringify((await postGraphQL(server, { query: '{ a: listUsers { items { password } } }' }, bearer(admin.token))).body),
      JSON.stringify(
        (await postGraphQL(server, { query: '{ listUsers { items { ... on User { passwordHash } } } }' }, bearer(admin.token))).body,
      ),
    ];
    for (const response of responses) expect(response).not.toMatch(/\$2[aby]\$/);
    expect(JSON.parse(responses[4]!).errors[0].message).toBe('Cannot query field "password" on type "User".');
  });
});

describe('throttling', () => {
  it('lets 4 failures through, then waits 1, 2, 4... minutes between tries, and forgets them on success', async () => {
    const account = newUser();
    await signUp(account);
    clock += 60 * 60_000;
    const wrong = () => signIn({ email: account.email, password: 'Wrong#Pass1' });
    for (let i = 0; i < 4; i += 1) expect((await wrong()).error?.message).toBe('Incorrect password');
    // The fourth failure locked the account, from this address, for a minute.
    expect((await signIn({ email: account.email, password: GOOD })).error?.message).toBe(
      'Too many failed sign-in attempts. Try again in 1 minute.',
    );
    clock += 60_000;
    expect((await wrong()).error?.message).toBe('Incorrect password');
    // Each further failure doubles the wait.
    expect((await signIn({ email: account.email, password: GOOD })).error?.message).toBe(
      'Too many failed sign-in attempts. Try again in 2 minutes.',
    );
    clock += 2 * 60_000;
    expect((await signIn({ email: account.email, password: GOOD })).error).toBeUndefined();
    // A success forgets the failures: four more are free again.
    for (let i = 0; i < 4; i += 1) expect((await wrong()).error?.message).toBe('Incorrect password');
  });

  it('makes at most one account operation per request, so aliases buy no extra guesses', async () => {
    const account = newUser();
    await signUp(account);
    const wrong = (alias: string) => `${alias}: signIn(email: ${JSON.stringify(account.email)}, password: "Wrong#Pass1") { token }`;
    const { body } = await postGraphQL(server, { query: `mutation { ${['a', 'b', 'c', 'd', 'e'].map(wrong).join(' ')} }` }, guest());
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([
      expect.objectContaining({
        errorType: 'ValidationError',
        message: expect.stringMatching(/^A request may make one account operation .* at most; this one makes 5\.$/),
      }),
    ]);
    expect((await signIn({ email: account.email, password: GOOD })).error).toBeUndefined();
  });

  it('judges parallel sign-ins in turn: correct ones all succeed, guesses each count', async () => {
    const account = newUser();
    await signUp(account);
    clock += 60 * 60_000;
    const results = await Promise.all(Array.from({ length: 8 }, () => signIn({ email: account.email, password: GOOD })));
    expect(results.map((result) => result.error)).toEqual(Array(8).fill(undefined));
    const guesses = await Promise.all(Array.from({ length: 8 }, () => signIn({ email: account.email, password: 'Wrong#Pass1' })));
    expect(guesses.filter((result) => result.error?.errorType === 'ValidationError')).toHaveLength(4);
    expect(guesses.filter((result) => result.error?.errorType === 'TooManyRequests')).toHaveLength(4);
  });
});
