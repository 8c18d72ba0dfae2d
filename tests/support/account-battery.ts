/**
 * A customer's own account through the API (decisions 0302 to 0304), the battery both backends
 * run: the local server (server/accounts/my-account-api.test.ts) and the emulated cloud
 * (tests/cloud/my-account.test.ts), where the accounts Lambda runs the same service on DynamoDB.
 * Seen as an attacker: every call is on the caller's own account, whatever ids it names;
 * oversized and malformed fields are refused with nothing changed; a confirmation link works
 * once, within its time, for the address it was sent to; no answer carries a hash or a token of
 * anyone else's. Each backend supplies how a link is stored (the mail itself is tested locally,
 * server/accounts/account-mail-api.test.ts).
 */
import { expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { ACCOUNT_MESSAGES } from '../../shared/account-messages';
import { PHONE_MESSAGE } from '../../shared/validation/phone';
import { MAX_TEXT_LENGTH } from '../../shared/validation/text';

export interface AccountAnswer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}

export interface AccountTarget {
  /** A call with the public API key. */
  guest(query: string, variables?: Record<string, unknown>): Promise<AccountAnswer>;
  /** A call with a session token. */
  as(token: string, query: string, variables?: Record<string, unknown>): Promise<AccountAnswer>;
  /** A call as the shop's admin. */
  admin(query: string, variables?: Record<string, unknown>): Promise<AccountAnswer>;
  /**
   * Stores a confirmation link for `userId` sent to `email`, working until `expiresAt` (ms), as the
   * sign-up mail stores one, and returns its token.
   */
  storeConfirmLink(userId: string, email: string, expiresAt: number): Promise<string>;
  /** The password the battery's accounts sign up with (one the policy takes). */
  password: string;
  /**
   * Called before each sign-up: the battery signs up more accounts than one address may in 6
   * minutes (10), so a backend whose limit it cannot set forgets the count here.
   */
  beforeSignUp?: () => Promise<void>;
}

const ACCOUNT = 'id email name phone emailConfirmed type';
const MY_ACCOUNT = `{ myAccount { ${ACCOUNT} } }`;
const SIGN_UP = `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
  signUp(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { token userId } }`;
const SIGN_IN = 'mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }';
const UPDATE = `mutation ($firstName: String, $lastName: String, $email: String, $phone: String, $currentPassword: String) {
  updateMyAccount(firstName: $firstName, lastName: $lastName, email: $email, phone: $phone, currentPassword: $currentPassword) { ${ACCOUNT} } }`;
const CHANGE_PASSWORD = `mutation ($currentPassword: String, $password: String, $confirmPassword: String) {
  changeMyPassword(currentPassword: $currentPassword, password: $password, confirmPassword: $confirmPassword) { token userId expiresAt } }`;
const CONFIRM = 'mutation ($token: String) { confirmEmail(token: $token) }';
const DELETE = 'mutation ($currentPassword: String) { deleteMyAccount(currentPassword: $currentPassword) }';

interface Customer {
  token: string;
  userId: string;
  email: string;
}

export function accountBattery(target: AccountTarget): void {
  const run = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  let made = 0;
  const newEmail = (label: string) => `account-${label}-${run}-${++made}@example.com`;

  const ok = async (answer: Promise<AccountAnswer>) => {
    const body = await answer;
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const refused = async (answer: Promise<AccountAnswer>, message: string | RegExp, errorType: string | RegExp = 'ValidationError') => {
    const body = await answer;
    expect(body.errors?.[0]?.errorType, JSON.stringify(body.errors)).toMatch(errorType);
    expect(body.errors?.[0]?.message).toMatch(message);
  };
  const signUp = async (label: string): Promise<Customer> => {
    const email = newEmail(label);
    await target.beforeSignUp?.();
    const data = await ok(
      target.guest(SIGN_UP, { firstName: 'Ann', lastName: 'Probe', email, password: target.password, confirmPassword: target.password }),
    );
    return { ...(data.signUp as { token: string; userId: string }), email };
  };
  const mine = async (customer: Customer) => (await ok(target.as(customer.token, MY_ACCOUNT))).myAccount as Record<string, unknown>;
  const details = (customer: Customer, changes: Record<string, unknown> = {}) => ({
    firstName: 'Ann',
    lastName: 'Probe',
    email: customer.email,
    phone: '',
    ...changes,
  });
  const update = (customer: Customer, changes: Record<string, unknown>) => target.as(customer.token, UPDATE, details(customer, changes));

  it('shows a customer their own account, unconfirmed after sign-up, with no hash or token in it', async () => {
    const ann = await signUp('show');
    const account = await mine(ann);
    expect(account).toEqual({ id: ann.userId, email: ann.email, name: 'Ann Probe', phone: null, emailConfirmed: false, type: 1 });
    // The type has no such field to ask for.
    const hash = await target.as(ann.token, '{ myAccount { id passwordHash } }');
    expect(hash.errors?.[0]?.message).toMatch(/passwordHash/);
    expect(JSON.stringify(hash)).not.toMatch(/\$2[aby]\$/);
  });

  it('refuses guests and admins, and never reaches another customer, whatever id is named', async () => {
    const ann = await signUp('own');
    const bob = await signUp('other');
    await refused(target.guest(MY_ACCOUNT), /./, /^Unauthorized/);
    await refused(target.guest(UPDATE, details(ann, { firstName: 'Mallory' })), /./, /^Unauthorized/);
    await refused(target.guest(DELETE, { currentPassword: target.password }), /./, /^Unauthorized/);
    await refused(target.admin(MY_ACCOUNT), ACCOUNT_MESSAGES.adminAccountElsewhere);
    await refused(target.admin(DELETE, { currentPassword: target.password }), ACCOUNT_MESSAGES.adminAccountElsewhere);
    // No operation takes an id: naming Bob's is a malformed call.
    const withId = await target.as(
      ann.token,
      `mutation ($id: ID) { updateMyAccount(id: $id, firstName: "Mallory", lastName: "M", email: "${bob.email}") { id } }`,
      { id: bob.userId },
    );
    expect(withId.errors?.length).toBeGreaterThan(0);
    // Nor do the admin's reads serve a customer.
    await refused(target.as(ann.token, 'query ($id: ID!) { getUser(id: $id) { id email } }', { id: bob.userId }), /./, /^Unauthorized/);
    await refused(target.as(ann.token, '{ listUsers { items { id email } } }'), /./, /^Unauthorized/);
    // Ann's change is Ann's alone.
    await ok(update(ann, { firstName: 'Annie', phone: '(845) 555-0100' }));
    expect(await mine(bob)).toMatchObject({ name: 'Ann Probe', phone: null, email: bob.email });
    expect(await mine(ann)).toMatchObject({ name: 'Annie Probe', phone: '(845) 555-0100', email: ann.email });
  });

  it('refuses oversized and malformed fields with a clear message, changing nothing', async () => {
    const ann = await signUp('bounds');
    await ok(update(ann, { phone: '845 555 0101' }));
    const before = await mine(ann);
    await refused(update(ann, { phone: 'call me maybe' }), PHONE_MESSAGE);
    await refused(update(ann, { phone: '1'.repeat(26) }), PHONE_MESSAGE);
    await refused(update(ann, { firstName: 'A'.repeat(61) }), MESSAGES.nameTooLong);
    await refused(update(ann, { lastName: 'Probe\nVisit http://x' }), /./);
    await refused(update(ann, { email: 'not an address', currentPassword: target.password }), MESSAGES.invalidEmail);
    await refused(update(ann, { firstName: '' }), MESSAGES.allFieldsRequired);
    const huge = await update(ann, { phone: '9'.repeat(MAX_TEXT_LENGTH + 1) });
    expect(huge.errors?.length).toBeGreaterThan(0);
    expect(await mine(ann)).toEqual(before);
  });

  it('asks for the current password to change the address, keeps addresses unique, and unconfirms a new one', async () => {
    const ann = await signUp('move');
    const bob = await signUp('taken');
    await ok(target.as(ann.token, CONFIRM, { token: await target.storeConfirmLink(ann.userId, ann.email, Date.now() + 60_000) }));
    expect((await mine(ann)).emailConfirmed).toBe(true);
    const moved = newEmail('moved');
    await refused(update(ann, { email: moved }), ACCOUNT_MESSAGES.currentPasswordRequired);
    await refused(update(ann, { email: moved, currentPassword: `${target.password}x` }), MESSAGES.incorrectPassword);
    // Bob's address is taken, confirmed or not (his is not).
    await refused(update(ann, { email: bob.email, currentPassword: target.password }), MESSAGES.duplicateEmail);
    // A name change alone keeps the confirmation.
    await ok(update(ann, { firstName: 'Anne' }));
    expect((await mine(ann)).emailConfirmed).toBe(true);
    const changed = (await ok(update(ann, { email: moved.toUpperCase(), currentPassword: target.password }))).updateMyAccount;
    expect(changed).toMatchObject({ email: moved, emailConfirmed: false });
    // The old address is free, and the new one signs in.
    expect((await ok(target.guest(SIGN_IN, { email: moved, password: target.password }))).signIn).toBeTruthy();
    await refused(target.guest(SIGN_IN, { email: ann.email, password: target.password }), MESSAGES.userNotFound);
  });

  it('confirms with a link once, not after its time, and not for an address the account no longer has', async () => {
    const ann = await signUp('confirm');
    const expired = await target.storeConfirmLink(ann.userId, ann.email, Date.now() - 1_000);
    await refused(target.guest(CONFIRM, { token: expired }), ACCOUNT_MESSAGES.confirmLinkInvalid);
    await refused(target.guest(CONFIRM, { token: 'x'.repeat(5_000) }), ACCOUNT_MESSAGES.confirmLinkInvalid);
    await refused(target.guest(CONFIRM, { token: '' }), ACCOUNT_MESSAGES.confirmLinkInvalid);
    const forOldAddress = await target.storeConfirmLink(ann.userId, ann.email, Date.now() + 60_000);
    const moved = newEmail('unconfirmed');
    await ok(update(ann, { email: moved, currentPassword: target.password }));
    await refused(target.guest(CONFIRM, { token: forOldAddress }), ACCOUNT_MESSAGES.confirmLinkInvalid);
    expect((await mine({ ...ann, email: moved })).emailConfirmed).toBe(false);

    // The link opens in any browser: the API key is enough.
    const link = await target.storeConfirmLink(ann.userId, moved, Date.now() + 60_000);
    expect((await ok(target.guest(CONFIRM, { token: link }))).confirmEmail).toBe(true);
    expect((await mine(ann)).emailConfirmed).toBe(true);
    await refused(target.guest(CONFIRM, { token: link }), ACCOUNT_MESSAGES.confirmLinkInvalid);
    // Confirmed, it need not be sent again.
    await refused(target.as(ann.token, 'mutation { sendEmailConfirmation }'), ACCOUNT_MESSAGES.confirmAlready);
  });

  it('lets staff mark an address confirmed that they checked with the customer; no one else, and customers only (decision 0335)', async () => {
    const cleo = await signUp('staff-confirm');
    const MARK = 'mutation ($userId: ID!) { confirmUserEmail(userId: $userId) { id email emailConfirmed } }';
    await refused(target.as(cleo.token, MARK, { userId: cleo.userId }), /./, /^Unauthorized/);
    await refused(target.guest(MARK, { userId: cleo.userId }), /./, /^Unauthorized/);
    expect((await mine(cleo)).emailConfirmed).toBe(false);
    await refused(target.admin(MARK, { userId: '00000000-0000-4000-8000-000000000000' }), ACCOUNT_MESSAGES.customerNotFound, 'NotFound');
    const marked = (await ok(target.admin(MARK, { userId: cleo.userId }))).confirmUserEmail;
    expect(marked).toMatchObject({ id: cleo.userId, email: cleo.email, emailConfirmed: true });
    expect((await mine(cleo)).emailConfirmed).toBe(true);
    // Marking again changes nothing and is no error.
    expect((await ok(target.admin(MARK, { userId: cleo.userId }))).confirmUserEmail).toMatchObject({ emailConfirmed: true });
  });

  it('changes the password with the current one, under the sign-up policy, ending every other session', async () => {
    const ann = await signUp('password');
    const otherDevice = (await ok(target.guest(SIGN_IN, { email: ann.email, password: target.password }))).signIn as { token: string };
    const next = `${target.password}-2`;
    const change = (currentPassword: string, password: string, confirmPassword = password) =>
      target.as(ann.token, CHANGE_PASSWORD, { currentPassword, password, confirmPassword });
    await refused(change(`${target.password}x`, next), MESSAGES.incorrectPassword);
    await refused(change(target.password, next, `${next}x`), MESSAGES.passwordsDoNotMatch);
    await refused(change(target.password, 'short'), /at least 8/);
    await refused(change('', next), MESSAGES.allFieldsRequired);
    const session = (await ok(change(target.password, next))).changeMyPassword as { token: string; userId: string };
    expect(session.userId).toBe(ann.userId);
    expect(session.token).not.toBe(ann.token);
    for (const ended of [ann.token, otherDevice.token]) {
      expect((await target.as(ended, MY_ACCOUNT)).errors?.[0]?.errorType).toMatch(/^Unauthorized/);
    }
    expect(await mine({ ...ann, token: session.token })).toMatchObject({ id: ann.userId });
    await refused(target.guest(SIGN_IN, { email: ann.email, password: target.password }), MESSAGES.incorrectPassword);
    expect((await ok(target.guest(SIGN_IN, { email: ann.email, password: next }))).signIn).toBeTruthy();
  });

  it('deletes the account with its password: it cannot sign in, and its address is free again', async () => {
    const ann = await signUp('delete');
    await ok(update(ann, { phone: '845 555 0199' }));
    const link = await target.storeConfirmLink(ann.userId, ann.email, Date.now() + 60_000);
    await refused(target.as(ann.token, DELETE, { currentPassword: `${target.password}x` }), MESSAGES.incorrectPassword);
    await refused(target.as(ann.token, DELETE, { currentPassword: '' }), ACCOUNT_MESSAGES.currentPasswordRequired);
    expect((await mine(ann)).phone).toBe('845 555 0199');
    expect((await ok(target.as(ann.token, DELETE, { currentPassword: target.password }))).deleteMyAccount).toBe(true);
    expect((await target.as(ann.token, MY_ACCOUNT)).errors?.[0]?.errorType).toMatch(/^Unauthorized/);
    await refused(target.guest(SIGN_IN, { email: ann.email, password: target.password }), MESSAGES.userNotFound);
    await refused(target.guest(CONFIRM, { token: link }), ACCOUNT_MESSAGES.confirmLinkInvalid);
    // Nothing of it is left for the admin to list.
    const users = await ok(
      target.admin('query ($filter: ModelUserFilterInput) { listUsers(filter: $filter, limit: 1000) { items { id } } }', {
        filter: { id: { eq: ann.userId } },
      }),
    );
    expect((users.listUsers as { items: unknown[] }).items).toEqual([]);
    await target.beforeSignUp?.();
    const again = await ok(
      target.guest(SIGN_UP, {
        firstName: 'Ann',
        lastName: 'Again',
        email: ann.email,
        password: target.password,
        confirmPassword: target.password,
      }),
    );
    expect((again.signUp as { userId: string }).userId).not.toBe(ann.userId);
  });
}
