/**
 * Values of the wrong type for an argument or input field, as a hostile client sends them:
 * nulls for required fields, strings for numbers, objects for strings (the shape of NoSQL
 * injection), out-of-range integers, impossible dates. GraphQL coercion must refuse every one.
 */
import { getNullableType, isEnumType, isInputObjectType, isListType, isNonNullType, type GraphQLInputType } from 'graphql';

export type LabelledValue = [label: string, value: unknown];

const BY_SCALAR: Record<string, LabelledValue[]> = {
  String: [
    ['an object', { $gt: '' }],
    ['a boolean', true],
    ['a number', 42],
  ],
  ID: [
    ['an object', { $ne: null }],
    ['a boolean', true],
    ['a fraction', 1.5],
  ],
  Int: [
    ['a numeric string', '1'],
    ['a fraction', 1.5],
    ['2^31', 2 ** 31],
  ],
  Float: [
    ['a numeric string', '9.99'],
    ['a boolean', true],
  ],
  Boolean: [
    ['the string "true"', 'true'],
    ['the number 1', 1],
  ],
  AWSDate: [
    ['February 30th', '2031-02-30'],
    ['a number', 20310101],
    ['free text', 'next friday'],
  ],
  AWSEmail: [
    ['no @', 'not-an-email'],
    ['an object', { $gt: '' }],
  ],
  AWSDateTime: [
    ['a date without time', '2031-01-01'],
    ['a number', 1],
  ],
};

export function wrongValues(type: GraphQLInputType): LabelledValue[] {
  const values: LabelledValue[] = isNonNullType(type) ? [['null for a required value', null]] : [];
  const inner = getNullableType(type);
  if (isListType(inner)) return [...values, ['a list of objects', [{ $ne: null }]], ['an object for a list', { 0: 'x' }]];
  if (isInputObjectType(inner)) return [...values, ['a string for an object', 'x'], ['a list for an object', [{}]]];
  if (isEnumType(inner)) return [...values, ['an unknown enum value', 'NOT_A_VALUE']];
  return [...values, ...(BY_SCALAR[inner.name] ?? BY_SCALAR.String!)];
}

/** A copy of `variables` with the value at `path` (an argument, or a field of one) replaced. */
export function withValueAt(variables: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  const [head, field] = path as [string, string?];
  if (field === undefined) return { ...variables, [head]: value };
  const parent = variables[head];
  return { ...variables, [head]: { ...(typeof parent === 'object' && parent !== null ? parent : {}), [field]: value } };
}
