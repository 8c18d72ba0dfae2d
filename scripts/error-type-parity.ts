/**
 * The error-type half of the AppSync parity check (`npm run check:amplify`): the `errorType`s the
 * synthesized resolvers (VTL) can answer with must be names the SPA knows (shared/error-types.ts),
 * spelled the same. Read from the templates:
 * - `$util.error("message", "Type")` and `$util.unauthorized()` (= "Unauthorized") name a type;
 * - `$util.error($ctx.error.message, $ctx.error.type)` passes a data source's error on: from
 *   DynamoDB that is `DynamoDB:<exception>`, so the local server must spell its failed write
 *   conditions that way too.
 */
import { ERROR_TYPES } from '../shared/error-types';

/** Types only the cloud answers, each with what the local server answers instead. */
export const CLOUD_ONLY_ERROR_TYPES: Record<string, string> = {
  'Unrecognized Filter':
    'a filter the transformer cannot turn into a DynamoDB expression; the local server checks filters first and answers ValidationError',
};

export interface VtlErrorTypes {
  named: Set<string>;
  passesDataSourceErrors: boolean;
}

export function errorTypesInVtl(templates: Iterable<string>): VtlErrorTypes {
  const named = new Set<string>();
  let passesDataSourceErrors = false;
  for (const text of templates) {
    for (const match of text.matchAll(/\$util\.error\(\s*(?:"(?:[^"\\]|\\.)*"|[^,()]+(?:\([^()]*\))?)\s*,\s*"([^"]+)"/g))
      named.add(match[1]!);
    if (/\$util\.unauthorized\(\)/.test(text)) named.add('Unauthorized');
    if (/\$util\.error\(\s*\$ctx\.error\.message\s*,\s*\$ctx\.error\.type\s*\)/.test(text)) passesDataSourceErrors = true;
  }
  return { named, passesDataSourceErrors };
}

export function diffErrorTypes(found: VtlErrorTypes, known: Record<string, string> = ERROR_TYPES): string[] {
  const names = new Set(Object.values(known));
  const problems: string[] = [];
  for (const type of [...found.named].sort()) {
    if (!names.has(type) && !(type in CLOUD_ONLY_ERROR_TYPES)) {
      problems.push(
        `AppSync's resolvers answer errorType "${type}", which shared/error-types.ts does not list (nor CLOUD_ONLY_ERROR_TYPES)`,
      );
    }
  }
  if (found.passesDataSourceErrors && !known.conditionFailed?.startsWith('DynamoDB:')) {
    problems.push(
      `AppSync passes DynamoDB's errors on as "DynamoDB:<exception>", but a failed condition is "${known.conditionFailed}" here`,
    );
  }
  return problems;
}
