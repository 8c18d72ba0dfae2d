/**
 * A guard function of ours, first in the pipeline of each model list whose records have admin-only
 * fields (an item's price history, decision 0295), wired in amplify/backend.ts. AppSync nulls such
 * a field in the answer for a caller it is denied to, but the transformer's list resolver still
 * filters on it: a visitor could find past prices by what `contains` finds. The local server
 * refuses the same filter (server/graphql/engine.ts, refuseUnreadableFilter).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'graphql';
import { ROLE_ADMIN } from '../../shared/roles';
import { fieldPolicyFromSdl } from '../functions/common/field-policy';

/** Admin-only fields per model: those of a non-root type that only Lambda-authorized callers may read. */
export function adminOnlyFields(sdl: string): Map<string, string[]> {
  const roots = new Set(['Query', 'Mutation', 'Subscription']);
  const policy = fieldPolicyFromSdl(sdl, new Set());
  const byModel = new Map<string, string[]>();
  for (const key of policy.lambdaFields) {
    const [typeName, fieldName] = key.split('.') as [string, string];
    if (roots.has(typeName) || policy.publicFields.has(key)) continue;
    byModel.set(typeName, [...(byModel.get(typeName) ?? []), fieldName]);
  }
  return byModel;
}

/** The list queries (`Query.field`) whose filter input tests records of `model`. */
export function listsFiltering(sdl: string, model: string): string[] {
  const lists: string[] = [];
  for (const definition of parse(sdl).definitions) {
    if (definition.kind !== 'ObjectTypeDefinition' || definition.name.value !== 'Query') continue;
    for (const field of definition.fields ?? []) {
      const filter = field.arguments?.find((argument) => argument.name.value === 'filter');
      if (filter?.type.kind === 'NamedType' && filter.type.name.value === `Model${model}FilterInput`) lists.push(field.name.value);
    }
  }
  return lists;
}

export const SHOP_SDL = readFileSync(fileURLToPath(new URL('../../server/generated/appsync-schema.graphql', import.meta.url)), 'utf8');

/**
 * Refuses, to all but an admin, a filter naming one of `fields` at any depth. The filter's JSON is
 * searched for the field as a key (`{"f":` or `,"f":`): inside a string value the quotes would be
 * escaped, so a value that merely contains the name does not match.
 */
export function filterGuardRequestTemplate(fields: readonly string[]): string {
  const tests = fields.flatMap((field) => [`$filter.contains('{"${field}":')`, `$filter.contains(',"${field}":')`]).join(' || ');
  return `## Only an admin filters on admin-only fields (server/graphql/engine.ts refuses the same locally).
#if( $util.authType() != "Lambda Authorization" || $util.isNull($ctx.identity.resolverContext) || "$ctx.identity.resolverContext.type" != "${ROLE_ADMIN}" )
  #set( $filter = $util.toJson($util.defaultIfNull($ctx.args.filter, {})) )
  #if( ${tests} )
    $util.unauthorized()
  #end
#end
$util.toJson({"version":"2018-05-29","payload":{}})`;
}

export const FILTER_GUARD_RESPONSE_TEMPLATE = '$util.toJson({})';
