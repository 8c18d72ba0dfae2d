import { describe, expect, it } from 'vitest';
import { diffErrorTypes, errorTypesInVtl } from './error-type-parity';
import { ERROR_TYPES } from '../shared/error-types';

describe('error-type parity', () => {
  const templates = [
    '#if( $ctx.error )\n  $util.error($ctx.error.message, $ctx.error.type)\n#end',
    '$util.error("Unauthorized on ${deniedFields}", "Unauthorized")',
    '#if( !$isAuthorized )\n  $util.unauthorized()\n#end',
    '$util.error("Unable to process the filter expression", "Unrecognized Filter")',
  ];

  it('reads the named types and whether data-source errors are passed on', () => {
    const found = errorTypesInVtl(templates);
    expect([...found.named].sort()).toEqual(['Unauthorized', 'Unrecognized Filter']);
    expect(found.passesDataSourceErrors).toBe(true);
  });

  it('accepts the shared names, and the cloud-only type with its reason', () => {
    expect(diffErrorTypes(errorTypesInVtl(templates))).toEqual([]);
  });

  it('refuses a type the SPA does not know', () => {
    expect(diffErrorTypes(errorTypesInVtl(['$util.error("x", "Throttled")']))).toEqual([expect.stringContaining('"Throttled"')]);
  });

  it('refuses an unprefixed failed-condition name when DynamoDB errors are passed on', () => {
    const found = errorTypesInVtl(templates);
    expect(diffErrorTypes(found, { ...ERROR_TYPES, conditionFailed: 'ConditionalCheckFailedException' })).toEqual([
      expect.stringContaining('DynamoDB:<exception>'),
    ]);
  });
});
