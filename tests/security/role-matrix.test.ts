/**
 * Every root operation of the schema (read from the SDL, so new ones are covered) called by
 * every kind of caller, with the outcome product §7 / design §3 give it: the public reads the
 * catalogue and signs up or in, a user also signs out, an admin may do everything, and forged,
 * expired, revoked or orphaned tokens get nothing at all. Every refusal carries an errorType and
 * leaves the database and the media files as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { battery } from './support/figures';
import { catalogueFixture } from './support/fixtures';
import {
  ADMIN_ONLY_FIELDS,
  adminOnlyFieldReads,
  audienceOf,
  guardedTypeFields,
  rootOperations,
  wellFormedCall,
  type Audience,
  type RootOperation,
} from './support/operations';
import { refusedCredentials, sessionAs, TestClock, type NamedCredentials } from './support/principals';
import { asGuest, callAs, expectNothingStored, expectRefused, storedState, type Credentials, type GraphQLBody } from './support/shop';

const tally = battery('role matrix');
const clock = new TestClock();
let shop: TestServer;
let fixture: Awaited<ReturnType<typeof catalogueFixture>>;
let refused: NamedCredentials[];
let userId: string;
let adminId: string;
let promotedUserId: string;

beforeAll(async () => {
  shop = await startTestServer({ overrides: { now: clock.now } });
  fixture = await catalogueFixture(shop);
  refused = await refusedCredentials(shop, clock);
  userId = (await shop.sessionFor(ROLE_USER)).userId;
  adminId = (await shop.sessionFor(ROLE_ADMIN)).userId;
  promotedUserId = (await shop.sessionFor(ROLE_USER)).userId;
});
afterAll(async () => {
  await shop?.stop();
});

/** The callers with a valid credential, and the audiences each one belongs to. */
function validCallers(): Array<{ name: string; credentials: () => Credentials; audiences: Audience[] }> {
  return [
    { name: 'a guest (API key)', credentials: () => asGuest(shop), audiences: ['public'] },
    { name: 'a user', credentials: () => ({ token: shop.sessions.create(userId).token }), audiences: ['public', 'signed-in', 'customer'] },
    // Issued while the account was an admin; the server must go by what the account is now.
    {
      name: 'an admin since demoted',
      credentials: () => ({ token: sessionAs(shop, promotedUserId, ROLE_ADMIN, ROLE_USER) }),
      audiences: ['public', 'signed-in', 'customer'],
    },
  ];
}

const isAuthError = (body: GraphQLBody) => body.errors?.some((error) => /^Unauthorized/.test(error.errorType)) ?? false;

async function expectAllowed(op: RootOperation, credentials: Credentials): Promise<void> {
  const call = wellFormedCall(op, fixture.values);
  const { status, body } = await callAs(shop, credentials, call.query, call.variables);
  expect(status).toBe(200);
  expect(isAuthError(body), `refused: ${JSON.stringify(body.errors)}`).toBe(false);
  if (!body.errors) expect(body.data?.[op.name]).not.toBeUndefined();
}

async function expectDenied(op: RootOperation, credentials: Credentials, errorType: string): Promise<void> {
  const call = wellFormedCall(op, fixture.values);
  const before = storedState(shop);
  const { status, body } = await callAs(shop, credentials, call.query, call.variables);
  expect(status).toBe(200);
  expectRefused(body, errorType);
  expectNothingStored(shop, before);
}

describe.each(rootOperations().map((op) => [`${op.key} (${audienceOf(op)})`, op] as const))('%s', (_label, op) => {
  it('is refused to every bad credential, allowed or refused by role as product §7 says', async () => {
    await fixture.renew(op.model === 'User');
    // The admin goes first, so a read it leaves in the response cache is there for the others to try.
    const asAdmin = { token: shop.sessions.create(adminId).token };
    await tally.attempt(`${op.key} as an admin`, () =>
      audienceOf(op) === 'customer' ? expectDenied(op, asAdmin, 'Unauthorized') : expectAllowed(op, asAdmin),
    );
    await fixture.renew(op.model === 'User');
    for (const caller of validCallers()) {
      const allowed = caller.audiences.includes(audienceOf(op));
      await tally.attempt(`${op.key} as ${caller.name}`, () =>
        allowed ? expectAllowed(op, caller.credentials()) : expectDenied(op, caller.credentials(), 'Unauthorized'),
      );
    }
    for (const { name, credentials } of refused) {
      await tally.attempt(`${op.key} with ${name}`, () => expectDenied(op, credentials, 'UnauthorizedException'));
    }
  });
});

describe.each(adminOnlyFieldReads().map(({ field, op }) => [`${field} through ${op.key}`, field, op] as const))(
  '%s (admin only)',
  (_label, field, op) => {
    const name = field.split('.')[1]!;
    it('is read by an admin, refused to everyone else with the rest of the record served', async () => {
      await fixture.renew(false);
      const probe = (credentials: Credentials) => {
        const call = wellFormedCall(op, fixture.values, ['id', name]);
        return callAs(shop, credentials, call.query, call.variables);
      };
      const records = (body: GraphQLBody) => {
        const result = body.data?.[op.name] as { items?: Array<Record<string, unknown>> } | Record<string, unknown> | null;
        return (result && 'items' in result ? result.items : [result]) as Array<Record<string, unknown> | null>;
      };
      await tally.attempt(`${field} as an admin`, async () => {
        const { body } = await probe({ token: shop.sessions.create(adminId).token });
        expect(body.errors).toBeUndefined();
        expect(records(body).length).toBeGreaterThan(0);
        for (const record of records(body)) expect(record).toHaveProperty(name);
      });
      for (const caller of validCallers()) {
        await tally.attempt(`${field} as ${caller.name}`, async () => {
          const { status, body } = await probe(caller.credentials());
          expect(status).toBe(200);
          expect(records(body).length).toBeGreaterThan(0);
          for (const record of records(body)) expect(record).toMatchObject({ id: expect.any(String), [name]: null });
          expect(body.errors?.length).toBeGreaterThan(0);
          for (const error of body.errors!) {
            expect(error).toMatchObject({
              errorType: 'Unauthorized',
              message: `Not Authorized to access ${name} on type ${field.split('.')[0]}`,
            });
          }
        });
      }
    });
  },
);

describe('the matrix itself', () => {
  it('classifies every field with its own auth: only the admin-only fields of decision 0295', () => {
    expect(guardedTypeFields().sort()).toEqual([...ADMIN_ONLY_FIELDS].sort());
    expect(
      adminOnlyFieldReads()
        .map(({ op }) => op.key)
        .sort(),
    ).toEqual(['Query.getItem', 'Query.listItems']);
  });

  it('covers the operations of product §7 and the custom mutations, in each audience', () => {
    const byKey = new Map(rootOperations().map((op) => [op.key, audienceOf(op)]));
    for (const model of ['Item', 'Banner', 'Category', 'Tag', 'Event', 'ShopSettings']) {
      expect(byKey.get(`Query.list${model === 'Category' ? 'Categories' : model === 'ShopSettings' ? model : `${model}s`}`)).toBe('public');
      for (const write of ['create', 'update', 'delete']) expect(byKey.get(`Mutation.${write}${model}`)).toBe('admin');
    }
    expect(byKey.get('Query.listUsers')).toBe('admin');
    expect(byKey.get('Query.listActivity')).toBe('admin');
    expect(byKey.get('Query.listOutbox')).toBe('admin');
    expect(byKey.get('Mutation.signIn')).toBe('public');
    expect(byKey.get('Mutation.requestPasswordReset')).toBe('public');
    expect(byKey.get('Mutation.resetPassword')).toBe('public');
    expect(byKey.get('Mutation.signOut')).toBe('signed-in');
    expect(byKey.get('Mutation.confirmEmail')).toBe('public');
    for (const own of [
      'Query.myAccount',
      'Mutation.updateMyAccount',
      'Mutation.changeMyPassword',
      'Mutation.sendEmailConfirmation',
      'Mutation.deleteMyAccount',
    ]) {
      expect(byKey.get(own)).toBe('signed-in');
    }
    for (const mine of [
      'Query.myPickupList',
      'Mutation.setPickupListLine',
      'Mutation.reserve',
      'Query.myReservations',
      'Mutation.cancelMyReservation',
      'Mutation.changeReservation',
      'Mutation.notifyMeWhenBack',
      'Mutation.cancelNotifyMe',
      'Query.myNotifyRequests',
      'Mutation.rsvp',
      'Mutation.cancelMyRsvp',
      'Query.myRsvps',
    ]) {
      expect(byKey.get(mine)).toBe('customer');
    }
    for (const staff of ['Query.eventRsvps', 'Mutation.checkInRsvp', 'Mutation.cancelEvent']) expect(byKey.get(staff)).toBe('admin');
    expect(byKey.get('Query.notifyDemand')).toBe('admin');
    expect(byKey.get('Query.listReservations')).toBe('admin');
    expect(byKey.get('Mutation.reservationAction')).toBe('admin');
    for (const custom of [
      'createAdmin',
      'updateAdmin',
      'deleteAdmin',
      'requestImageUpload',
      'storeUploadedImage',
      'replaceBanners',
      'reorderCategories',
      'reorderTags',
      'deleteCategoryAndTags',
      'importItems',
      'createPasswordResetLink',
    ]) {
      expect(byKey.get(`Mutation.${custom}`)).toBe('admin');
    }
  });
});
