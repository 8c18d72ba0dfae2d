/**
 * The cloud's functions serve exactly what the features declare (decision 0363): the schema routes
 * each custom operation to the function its feature names, and the schema's auth agrees with who
 * the feature lets call it.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../data/schema';
import { operationsOf, SELF_SERVICE_FIELDS, servedFields } from '../../../server/composition/compose-shop';
import { ACCOUNTS_FUNCTION, CATALOGUE_FUNCTION, MEDIA_FUNCTION, type ShopLambda } from '../../../server/composition/lambdas';
import { fieldPolicyFromSdl } from './field-policy';

const sdl = readFileSync(new URL('../../../server/generated/appsync-schema.graphql', import.meta.url), 'utf8');
const LAMBDAS: ShopLambda[] = [ACCOUNTS_FUNCTION, MEDIA_FUNCTION, CATALOGUE_FUNCTION];

describe('the functions and the features', () => {
  it('route every custom operation to the function its feature names, and no other', () => {
    const routed: Record<string, string[]> = {};
    for (const definition of parse(schema.transform().schema).definitions) {
      if (definition.kind !== 'ObjectTypeDefinition' || !['Query', 'Mutation'].includes(definition.name.value)) continue;
      for (const field of definition.fields ?? []) {
        const fn = field.directives?.find((directive) => directive.name.value === 'function');
        const name = fn?.arguments?.find((argument) => argument.name.value === 'name')?.value;
        if (name?.kind === 'StringValue') (routed[name.value] ??= []).push(`${definition.name.value}.${field.name.value}`);
      }
    }
    expect(Object.keys(routed).sort()).toEqual([...LAMBDAS].sort());
    for (const lambda of LAMBDAS) expect([...servedFields(lambda)].sort()).toEqual(routed[lambda]!.sort());
  });

  it("let call each operation whom the schema's auth lets call it", () => {
    const policy = fieldPolicyFromSdl(sdl, SELF_SERVICE_FIELDS);
    for (const [field, { callers }] of operationsOf()) {
      expect(policy.lambdaFields, field).toContain(field);
      expect(policy.publicFields.has(field), `${field} is for ${callers}`).toBe(callers === 'visitors');
    }
    expect([...SELF_SERVICE_FIELDS]).toContain('Mutation.reserve');
    expect([...SELF_SERVICE_FIELDS]).not.toContain('Query.listReservations');
  });
});
