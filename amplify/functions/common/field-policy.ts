/**
 * The authorizer's field policy (server/auth/authorizer.ts) read from the AppSync SDL, the same way
 * the local engine reads it: every Query/Mutation field with @aws_lambda may be asked for in lambda
 * mode, and those that also carry @aws_api_key are public; so may a field of another type that has
 * its own directives (an item's price history: @aws_lambda alone, so denied to all but admins,
 * decision 0295).
 */
import { parse } from 'graphql';
import type { FieldPolicy } from '../../../server/auth/authorizer';

export function fieldPolicyFromSdl(sdl: string, selfServiceFields: ReadonlySet<string>): FieldPolicy {
  const lambdaFields: string[] = [];
  const publicFields = new Set<string>();
  for (const definition of parse(sdl).definitions) {
    if (definition.kind !== 'ObjectTypeDefinition' && definition.kind !== 'ObjectTypeExtension') continue;
    const typeName = definition.name.value;
    for (const field of definition.fields ?? []) {
      const directives = new Set((field.directives ?? []).map((directive) => directive.name.value));
      const key = `${typeName}.${field.name.value}`;
      if (directives.has('aws_lambda')) lambdaFields.push(key);
      if (directives.has('aws_api_key')) publicFields.add(key);
    }
  }
  return { lambdaFields, publicFields, selfServiceFields };
}
