/**
 * AccountService (the same code the local server runs) on the DynamoDB stores. DynamoDB itself
 * cannot run here, so the stores talk to an in-memory fake of the document client's commands
 * (fake-dynamo.ts); what only real DynamoDB can show (IAM, capacity, real transactions under load)
 * is listed in the README as not verified.
 */
import { describe, expect, it } from 'vitest';
import { AccountService, DEFAULT_THROTTLE_RULES } from '../../../server/accounts/account-service';
import { hashToken } from '../../../server/auth/sessions';
import { AppError } from '../../../server/errors';
import { MESSAGES } from '../../../shared/messages';
import { ROLE_ADMIN, ROLE_USER } from '../../../shared/roles';
import { DynamoAccountStore } from './dynamo-accounts';
import { DynamoSessionStore } from './dynamo-sessions';
import { DynamoThrottleStore } from './dynamo-throttle';
import { fakeShopDynamo, TABLES } from '../../../tests/support/fake-dynamo/fake-tables';
import { FakeDynamo } from '../../../tests/support/fake-dynamo/fake-dynamo';
import { ActivityRecorder } from '../../../server/activity/activity-recorder';
import { composeShop } from '../../../server/composition/compose-shop';
import type { ActivityEntry } from '../../../shared/activity';

const PASSWORD = 'Str0ng!Passw0rd';
const person = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD, confirmPassword: PASSWORD });

function setup() {
  const db = fakeShopDynamo();
  const sessions = new DynamoSessionStore(db, { sessions: TABLES.sessions, users: TABLES.users });
  const store = new DynamoAccountStore(db, { users: TABLES.users, credentials: TABLES.credentials }, sessions);
  const service = new AccountService(store, sessions, DEFAULT_THROTTLE_RULES);
  return { db, sessions, store, service };
}

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { errorType: error.errorType, message: error.message };
    throw error;
  }
  throw new Error('expected an AppError');
};

describe('AccountService on DynamoDB', () => {
  it('signs up a user with a hashed password and a session the authorizer resolves', async () => {
    const { db, sessions, service } = setup();
    const session = await service.signUp(person(' Ada@Example.com '), '203.0.113.1');
    expect(session).toMatchObject({ name: 'Ada Lovelace', type: ROLE_USER });
    const user = db.items(TABLES.users)[0]!;
    expect(user).toMatchObject({ email: 'ada@example.com', __typename: 'User', type: ROLE_USER });
    const credential = db.items(TABLES.credentials).find((item) => item.pk === 'email#ada@example.com')!;
    expect(credential.userId).toBe(user.id);
    expect(String(credential.passwordHash)).toMatch(/^\$2[aby]\$10\$/);
    expect(JSON.stringify(db.items(TABLES.sessions))).not.toContain(session.token);
    expect(db.items(TABLES.sessions)[0]!.tokenHash).toBe(hashToken(session.token));
    expect(await sessions.resolve(session.token)).toEqual({ userId: user.id, name: 'Ada Lovelace', type: ROLE_USER });
  });

  it('refuses a second account with the same e-mail', async () => {
    const { db, service } = setup();
    await service.signUp(person('ada@example.com'), '203.0.113.1');
    expect(await errorOf(service.signUp(person('ADA@example.com'), '203.0.113.2'))).toEqual({
      errorType: 'ValidationError',
      message: MESSAGES.duplicateEmail,
    });
    expect(db.items(TABLES.users)).toHaveLength(1);
  });

  it('signs in, tells an unknown e-mail from a wrong password, and signs out', async () => {
    const { sessions, service } = setup();
    await service.signUp(person('ada@example.com'), '203.0.113.1');
    const session = await service.signIn({ email: 'ada@example.com', password: PASSWORD }, '203.0.113.1');
    expect(await sessions.resolve(session.token)).not.toBeNull();
    expect(await errorOf(service.signIn({ email: 'bob@example.com', password: PASSWORD }, '203.0.113.1'))).toMatchObject({
      message: MESSAGES.userNotFound,
    });
    expect(await errorOf(service.signIn({ email: 'ada@example.com', password: 'Wr0ng!Password' }, '203.0.113.1'))).toMatchObject({
      message: MESSAGES.incorrectPassword,
    });
    expect(await service.signOut(session.token)).toBe(true);
    expect(await sessions.resolve(session.token)).toBeNull();
  });

  it('lets an admin manage admins, moving the credential when the e-mail changes', async () => {
    const { db, store, service } = setup();
    const first = await store.create({ email: 'boss@example.com', name: 'The Boss', type: ROLE_ADMIN }, 'hash');
    const caller = { userId: first.id, type: ROLE_ADMIN } as const;
    const second = await service.createAdmin(person('second@example.com'), caller);
    expect(await store.countByType(ROLE_ADMIN)).toBe(2);
    expect(await store.countByType(ROLE_USER)).toBe(0);

    const renamed = await service.updateAdmin(
      { id: second.id, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
      caller,
    );
    expect(renamed).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper' });
    expect(renamed.updatedAt > second.updatedAt).toBe(true);
    expect(
      db
        .items(TABLES.credentials)
        .map((item) => item.pk)
        .sort(),
    ).toEqual(['count#admins', 'email#boss@example.com', 'email#grace@example.com']);
    expect((await store.findByEmail('grace@example.com'))?.user.id).toBe(second.id);
    expect(
      await errorOf(service.updateAdmin({ id: second.id, firstName: 'G', lastName: 'H', email: 'boss@example.com' }, caller)),
    ).toMatchObject({ message: MESSAGES.duplicateEmail });
    expect(await errorOf(service.createAdmin(person('x@example.com'), { userId: 'someone', type: ROLE_USER }))).toMatchObject({
      errorType: 'Unauthorized',
    });
  });

  it('deletes an admin with credential and sessions, but never the last one', async () => {
    const { db, sessions, store, service } = setup();
    const first = await store.create({ email: 'boss@example.com', name: 'The Boss', type: ROLE_ADMIN }, 'hash');
    const second = await store.create({ email: 'second@example.com', name: 'Second Admin', type: ROLE_ADMIN }, 'hash');
    const { token } = await sessions.create(second.id);
    await sessions.create(second.id);
    await sessions.create(second.id);

    expect(await service.deleteAdmin({ id: second.id }, { userId: first.id, type: ROLE_ADMIN })).toMatchObject({ id: second.id });
    expect(await sessions.resolve(token)).toBeNull();
    expect(db.items(TABLES.sessions)).toHaveLength(0);
    expect(await store.findByEmail('second@example.com')).toBeNull();
    expect(await store.countByType(ROLE_ADMIN)).toBe(1);

    const third = await store.create({ email: 'third@example.com', name: 'Third Admin', type: ROLE_ADMIN }, 'hash');
    await store.deleteAdmin(first.id);
    expect(await errorOf(store.deleteAdmin(third.id))).toEqual({
      errorType: 'ValidationError',
      message: 'The last admin cannot be deleted',
    });
    expect(await store.get(third.id)).not.toBeNull();
    expect(await errorOf(store.deleteAdmin('no-such-id'))).toMatchObject({ errorType: 'NotFound' });
  });

  it('counts users across scan pages', async () => {
    const { store } = setup();
    for (let i = 0; i < 5; i += 1) await store.create({ email: `u${i}@example.com`, name: 'U', type: ROLE_USER }, 'hash');
    expect(await store.countByType(ROLE_USER)).toBe(5);
  });
  it("keeps reset tokens hashed with a ttl, takes each once, and a reset ends the account's sessions", async () => {
    const { db, store, sessions, service } = setup();
    const session = await service.signUp(person('ada@example.com'), '203.0.113.1');
    const expiresAt = Date.now() + 30 * 60_000;
    const token = { tokenHash: hashToken('the-token'), userId: session.userId, expiresAt, stamp: 'stamp' };
    await store.saveResetToken(token);
    const saved = db.items(TABLES.credentials).find((item) => String(item.pk).startsWith('reset#'))!;
    expect(saved).toEqual({
      pk: `reset#${token.tokenHash}`,
      userId: session.userId,
      expiresAt,
      stamp: 'stamp',
      ttl: Math.ceil(expiresAt / 1000),
    });

    const [first, second] = await Promise.all([store.takeResetToken(hashToken('the-token')), store.takeResetToken(hashToken('the-token'))]);
    expect([first, second].filter(Boolean)).toEqual([token]);
    expect(await store.takeResetToken(hashToken('the-token'))).toBeNull();

    // Through the service, as a link would be used.
    const admin = { userId: 'an-admin', type: ROLE_ADMIN } as const;
    const link = await service.createPasswordResetLink({ userId: session.userId }, admin);
    const other = await service.createPasswordResetLink({ userId: session.userId }, admin);
    const NEW = 'Corkscrew#2025';
    expect(await service.resetPassword({ token: link.token, password: NEW, confirmPassword: NEW }, '203.0.113.1')).toBe(true);
    // The other link was made for the password that is gone.
    expect(
      await errorOf(service.resetPassword({ token: other.token, password: PASSWORD, confirmPassword: PASSWORD }, '203.0.113.1')),
    ).toEqual({
      errorType: 'ValidationError',
      message: MESSAGES.resetLinkInvalid,
    });
    expect(await sessions.resolve(session.token)).toBeNull();
    expect(await errorOf(service.signIn({ email: 'ada@example.com', password: PASSWORD }, '203.0.113.1'))).toMatchObject({
      message: MESSAGES.incorrectPassword,
    });
    expect(await service.signIn({ email: 'ada@example.com', password: NEW }, '203.0.113.1')).toMatchObject({ name: 'Ada Lovelace' });
  });
});

describe('the per-account ceiling on DynamoDB, as the accounts function wires it', () => {
  it('slows an account guessed at from many addresses, logs it once, and lets the address it signed in from in', async () => {
    const { store, sessions } = setup();
    const throttleDb = new FakeDynamo({ 'Throttle-test': { key: 'key' } });
    let now = Date.UTC(2030, 0, 1);
    const service = new AccountService(
      store,
      sessions,
      DEFAULT_THROTTLE_RULES,
      () => now,
      new DynamoThrottleStore(throttleDb, 'Throttle-test', () => now),
    );
    const entries: ActivityEntry[] = [];
    // Joined as the shop joins them (decision 0363): the activity feature hears the accounts' slowdowns.
    const shop = composeShop({
      accounts: () => service,
      activity: () =>
        new ActivityRecorder({ add: (entry) => void entries.push(entry), list: () => ({ entries, nextToken: null }) }, () => now),
    });
    expect(shop.services.accounts).toBe(service);
    const owner = await service.signUp(person('owner@example.com'), '198.51.100.7');
    await service.signIn({ email: 'owner@example.com', password: PASSWORD }, '198.51.100.7');

    const answers: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      answers.push((await errorOf(service.signIn({ email: 'owner@example.com', password: `Guess-${i}!` }, `203.0.113.${i}`))).errorType);
    }
    expect(answers).toEqual([...Array<string>(10).fill('ValidationError'), 'TooManyRequests', 'TooManyRequests']);
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'account', action: 'sign-ins slowed', targetId: owner.userId, actorName: 'The shop' }),
    ]);
    await expect(service.signIn({ email: 'owner@example.com', password: PASSWORD }, '198.51.100.7')).resolves.toMatchObject({
      userId: owner.userId,
    });
    now += 60_000;
    expect((await errorOf(service.signIn({ email: 'owner@example.com', password: 'Guess-13!' }, '203.0.113.13'))).errorType).toBe(
      'ValidationError',
    );
    expect((await errorOf(service.signIn({ email: 'owner@example.com', password: 'Guess-14!' }, '203.0.113.14'))).errorType).toBe(
      'TooManyRequests',
    );
    expect(entries).toHaveLength(1);
  });
});
