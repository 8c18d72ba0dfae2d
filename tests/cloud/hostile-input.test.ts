/**
 * The security battery's hostile inputs against the emulated AWS backend (`npm run test:cloud`):
 * every mutation of the schema, sent by an admin (so nothing but the input can be the reason for
 * a refusal), with a value of the wrong type in every argument and input field, and with a string
 * over the 10,000-character limit in every string field. Each is refused, and together they store
 * nothing, read back through the API (tests/security/hostile-input.test.ts is the local battery).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isLeafType } from 'graphql';
import { ERROR_TYPES } from '../../shared/error-types';
import { MAX_TEXT_LENGTH } from '../../shared/validation/text';
import { inputSlots, mutations, wellFormedCall, type RootOperation } from '../security/support/operations';
import { withValueAt, wrongValues } from '../security/support/wrong-values';
import { call, cloudShop, stored, type CloudShop } from './support/api';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});

/** A refusal (of this errorType and message when given), with no data in the answer. */
async function expectRefused(op: RootOperation, variables: Record<string, unknown>, expected?: { errorType: string; message: RegExp }) {
  const probe = wellFormedCall(op, shop.values);
  const { body } = await call({ token: shop.admin }, probe.query, variables);
  expect(body.errors?.length, `${op.key} accepted ${JSON.stringify(variables).slice(0, 200)}`).toBeGreaterThan(0);
  if (expected) expect(body.errors![0]).toMatchObject(expected);
  for (const value of Object.values(body.data ?? {})) expect(value).toBeNull();
}

/**
 * Runs an operation's probes, each refused, and reads what is stored once before them and once
 * after: every probe is refused, so a record added, changed (its updatedAt) or gone shows one of
 * them stored something. (Read around each probe it was two thirds of the cloud batteries' time.)
 */
async function expectAllRefusedStoringNothing(op: RootOperation, probes: () => Promise<void>) {
  const before = await stored(shop, op);
  await probes();
  expect(await stored(shop, op), `one of ${op.key}'s refused probes changed what is stored`).toBe(before);
}

const stringSlots = (op: RootOperation) =>
  inputSlots(op).filter((slot) => isLeafType(getNamedType(slot.type)) && /^(String|ID|AWS)/.test(getNamedType(slot.type).name));

describe.each(mutations().map((op) => [op.key, op] as const))('%s', (_key, op) => {
  it('refuses a value of the wrong type in every argument and input field, storing nothing', async () => {
    await shop.renew(op.model === 'User');
    const probe = wellFormedCall(op, shop.values);
    await expectAllRefusedStoringNothing(op, async () => {
      for (const slot of inputSlots(op)) {
        for (const [, value] of wrongValues(slot.type)) await expectRefused(op, withValueAt(probe.variables, slot.path, value));
      }
    });
  });

  it(`refuses a string over ${MAX_TEXT_LENGTH} characters in every string argument and input field, storing nothing`, async () => {
    await shop.renew(op.model === 'User');
    const probe = wellFormedCall(op, shop.values);
    await expectAllRefusedStoringNothing(op, async () => {
      for (const slot of stringSlots(op)) {
        // A plain text is refused for its length; an AWS scalar (a date, a URL) already for its form.
        const plainText = ['String', 'ID'].includes(getNamedType(slot.type).name);
        await expectRefused(
          op,
          withValueAt(probe.variables, slot.path, 'x'.repeat(MAX_TEXT_LENGTH + 1)),
          plainText ? { errorType: ERROR_TYPES.validation, message: /is too long: at most 10,000 characters/ } : undefined,
        );
      }
    });
  });
});
