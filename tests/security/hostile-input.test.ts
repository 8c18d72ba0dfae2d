/**
 * Malformed and hostile values on every mutation of the schema, sent by an admin (so nothing but
 * the input itself can be the reason for a refusal; a customer's own operations by a customer): wrong types in every argument and input
 * field, 1 MB strings, strings just over the 10,000-character limit, markup in names and
 * descriptions. Wrong values and over-long texts get a ValidationError, with nothing stored; markup
 * is stored as the text it is and only ever served as JSON. (An admin may send up to 8 MB, for a
 * CSV import; bodies over the limits get a 413 in request-limits.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isLeafType } from 'graphql';
import { postGraphQL, startTestServer, type TestServer } from '../support/test-server';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { battery } from './support/figures';
import { catalogueFixture } from './support/fixtures';
import { expectNoInternals } from './support/leaks';
import { audienceOf, documentFor, inputSlots, mutations, wellFormedCall, type RootOperation } from './support/operations';
import { callAs, expectNothingStored, expectRefused, headersFor, storedState } from './support/shop';
import { withValueAt, wrongValues } from './support/wrong-values';
import { MARKUP_SAMPLES } from './support/markup';
import { MAX_TEXT_LENGTH as MAX_STRING_LENGTH } from '../../shared/validation/text';

const tally = battery('hostile input');
let shop: TestServer;
let fixture: Awaited<ReturnType<typeof catalogueFixture>>;
let adminToken: string;
let customerToken: string;
/** Who sends: an admin, except to a customer's own operations, which refuse staff before reading the input. */
const senderOf = (op: RootOperation) => (audienceOf(op) === 'customer' ? customerToken : adminToken);

beforeAll(async () => {
  shop = await startTestServer();
  fixture = await catalogueFixture(shop);
  adminToken = (await shop.sessionFor(ROLE_ADMIN)).token;
  customerToken = (await shop.sessionFor(ROLE_USER)).token;
});
afterAll(async () => {
  await shop?.stop();
});

const ONE_MB = 'x'.repeat(1024 * 1024);
const stringSlots = (op: RootOperation) =>
  inputSlots(op).filter((slot) => isLeafType(getNamedType(slot.type)) && /^(String|ID|AWS)/.test(getNamedType(slot.type).name));

describe.each(mutations().map((op) => [op.key, op] as const))('%s', (_key, op) => {
  it('refuses a value of the wrong type in every argument and input field, storing nothing', async () => {
    await fixture.renew(op.model === 'User');
    const call = wellFormedCall(op, fixture.values);
    for (const slot of inputSlots(op)) {
      for (const [label, value] of wrongValues(slot.type)) {
        await tally.attempt(`${op.key} ${slot.path.join('.')} = ${label}`, async () => {
          const before = storedState(shop);
          const { status, body } = await callAs(shop, { token: senderOf(op) }, call.query, withValueAt(call.variables, slot.path, value));
          expect(status).toBe(200);
          expectRefused(body, 'ValidationError');
          expect(body.errors![0]!.message).toMatch(/\$\w+|Expected|required|must/);
          expectNothingStored(shop, before);
        });
      }
    }
  });
});

// A 1 MB string fits an admin's 8 MB body, so the 10,000-character limit is what refuses it.
describe.each(mutations().map((op) => [op.key, op] as const))('%s', (_key, op) => {
  it('refuses a 1 MB string in every string argument and input field as too long, storing nothing', async () => {
    await fixture.renew(op.model === 'User');
    const call = wellFormedCall(op, fixture.values);
    for (const slot of stringSlots(op)) {
      await tally.attempt(`${op.key} ${slot.path.join('.')} = 1 MB`, async () => {
        const before = storedState(shop);
        const { status, body } = await postGraphQL(
          shop,
          { query: call.query, variables: withValueAt(call.variables, slot.path, ONE_MB) },
          headersFor({ token: adminToken }),
        );
        expectNoInternals(body);
        expect(status).toBe(200);
        expectRefused(body, 'ValidationError');
        expect(body.errors![0]!.message).toMatch(/too long/);
        expectNothingStored(shop, before);
      });
    }
  });
});

describe.each(mutations().map((op) => [op.key, op] as const))('%s', (_key, op) => {
  it(`refuses a string over ${MAX_STRING_LENGTH} characters in every string argument and input field, storing nothing`, async () => {
    await fixture.renew(op.model === 'User');
    const call = wellFormedCall(op, fixture.values);
    for (const slot of stringSlots(op)) {
      await tally.attempt(`${op.key} ${slot.path.join('.')} = ${MAX_STRING_LENGTH + 1} characters`, async () => {
        const before = storedState(shop);
        const { body } = await callAs(
          shop,
          { token: senderOf(op) },
          call.query,
          withValueAt(call.variables, slot.path, 'x'.repeat(MAX_STRING_LENGTH + 1)),
        );
        expectRefused(body, 'ValidationError');
        expectNothingStored(shop, before);
      });
    }
  });
});

describe('long text within the limit', () => {
  it(`is stored whole up to ${MAX_STRING_LENGTH} characters`, async () => {
    await tally.attempt(`an item description of ${MAX_STRING_LENGTH} characters`, async () => {
      const description = 'Vintage notes. '.repeat(MAX_STRING_LENGTH).slice(0, MAX_STRING_LENGTH);
      const { body } = await callAs(
        shop,
        { token: adminToken },
        'mutation ($i: CreateItemInput!) { createItem(input: $i) { id description } }',
        { i: { name: 'Long notes', tags: ['wine'], description } },
      );
      expect(body.errors).toBeUndefined();
      expect((body.data!.createItem as { description: string }).description).toBe(description);
    });
  });
});

describe('markup in names and descriptions', () => {
  const textFields = (op: RootOperation) =>
    stringSlots(op).filter((slot) => /^(name|description|firstName|lastName)$/.test(slot.path.at(-1)!));
  const creators = mutations().filter((op) => textFields(op).length > 0 && /^(create|sign[uU]p)/.test(op.name));

  it('is stored and answered as the exact text sent, as JSON that no browser renders', async () => {
    expect(creators.map((op) => op.name)).toEqual(
      expect.arrayContaining(['createItem', 'createEvent', 'createCategory', 'createTag', 'createAdmin', 'signUp']),
    );
    for (const op of creators) {
      for (const markup of MARKUP_SAMPLES) {
        await tally.attempt(`${op.key} with ${markup}`, async () => {
          await fixture.renew();
          const call = wellFormedCall(op, fixture.values);
          const variables = textFields(op).reduce((vars, slot) => withValueAt(vars, slot.path, markup), call.variables);
          const response = await fetch(`${shop.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headersFor({ token: adminToken }) },
            body: JSON.stringify({ query: documentFor(op), variables }),
          });
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          expect(response.headers.get('x-content-type-options')).toBe('nosniff');
          const body = (await response.json()) as { data: Record<string, Record<string, unknown>>; errors?: unknown };
          expectNoInternals(body);
          expect(body.errors).toBeUndefined();
          const created = body.data[op.name]!;
          // Names are stored as sent (first and last name joined for accounts).
          const stored = shop.store.get(op.model ?? 'User', String(created.id ?? created.userId))!;
          // (A banner has a description and no name.)
          if (textFields(op).some((slot) => /name$/i.test(slot.path.at(-1)!))) expect(String(stored.name)).toContain(markup);
          if ('description' in stored) expect(stored.description).toBe(markup);
        });
      }
    }
  });
});
