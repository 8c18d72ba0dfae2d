/** The functions serve exactly the custom mutations and queries the schema routes to them, and nothing else. */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as schemaModule from '../../data/schema';
import { buildHandlers } from '../../../server/operations';
import { ACCOUNTS_FUNCTION, CATALOGUE_FUNCTION, MEDIA_FUNCTION, SERVED_FIELDS } from './served-fields';

describe('SERVED_FIELDS', () => {
  it('names the same functions as the schema', () => {
    expect([ACCOUNTS_FUNCTION, MEDIA_FUNCTION, CATALOGUE_FUNCTION]).toEqual([
      schemaModule.ACCOUNTS_FUNCTION,
      schemaModule.MEDIA_FUNCTION,
      schemaModule.CATALOGUE_FUNCTION,
    ]);
  });

  it('matches the @function routing of the transformed schema and the local handler table', () => {
    const routed: Record<string, string[]> = {};
    for (const definition of parse(schemaModule.schema.transform().schema).definitions) {
      if (definition.kind !== 'ObjectTypeDefinition' || !['Query', 'Mutation'].includes(definition.name.value)) continue;
      for (const field of definition.fields ?? []) {
        const fn = field.directives?.find((directive) => directive.name.value === 'function');
        const name = fn?.arguments?.find((argument) => argument.name.value === 'name')?.value;
        if (name?.kind === 'StringValue') (routed[name.value] ??= []).push(`${definition.name.value}.${field.name.value}`);
      }
    }
    expect(Object.fromEntries(Object.entries(SERVED_FIELDS).map(([fn, fields]) => [fn, [...fields].sort()]))).toEqual(
      Object.fromEntries(Object.entries(routed).map(([fn, fields]) => [fn, fields.sort()])),
    );
    const handlers = buildHandlers({
      accounts: {} as never,
      catalogue: {} as never,
      media: {} as never,
      uploads: {} as never,
      activity: {} as never,
      reservations: {} as never,
      notify: {} as never,
      rsvps: {} as never,
    });
    expect(Object.keys(handlers).sort()).toEqual(
      Object.values(SERVED_FIELDS)
        .flatMap((fields) => [...fields])
        .sort(),
    );
  });
});
