/** Validation rules that bound what one request may ask for (deep nesting, alias floods, huge texts). */
import { validationError } from '../errors';
import { MAX_TEXT_LENGTH } from '../../shared/validation/text';
import { GraphQLError, Kind, visit, type ASTVisitor, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

export const MAX_DEPTH = 10;
export const MAX_ALIASES = 20;
/** Fields and fragments in one document; the SPA's largest query has about 40. */
export const MAX_SELECTIONS = 200;
/** graphql-js stops validating after this many errors (a junk query could list thousands). */
export const MAX_VALIDATION_ERRORS = 20;

/**
 * Checked between parse and validate, because validation itself is the cost: graphql-js's
 * OverlappingFieldsCanBeMerged compares every pair of same-named fields, so 1,000 copies of one
 * field (37 KB, no alias, depth 3) held the event loop for seconds. A document may hold at most
 * MAX_SELECTIONS fields and fragments, and no selection set may name the same field twice
 * (legal GraphQL, but no client of ours sends it). Returns the refusal, or null.
 */
export function documentSizeProblem(document: DocumentNode): string | null {
  let selections = 0;
  let repeated: string | null = null;
  visit(document, {
    Field() { selections += 1; },
    FragmentSpread() { selections += 1; },
    InlineFragment() { selections += 1; },
    SelectionSet(node) {
      if (repeated) return;
      const names = new Set<string>();
      for (const selection of node.selections) {
        if (selection.kind !== Kind.FIELD) continue;
        const name = (selection.alias ?? selection.name).value;
        if (names.has(name)) repeated = name;
        names.add(name);
      }
    },
  });
  if (selections > MAX_SELECTIONS) return `Query selects ${selections} fields and fragments; the limit is ${MAX_SELECTIONS}.`;
  if (repeated) return `Query selects ${repeated} more than once in one selection.`;
  return null;
}

function depthOf(selectionSet: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!selectionSet) return 0;
  let max = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      max = Math.max(max, selection.selectionSet ? 1 + depthOf(selection.selectionSet, fragments, seen) : 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      max = Math.max(max, depthOf(selection.selectionSet, fragments, seen));
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || seen.has(name)) continue; // cycles are reported by NoFragmentCycles
      max = Math.max(max, depthOf(fragment.selectionSet, fragments, new Set([...seen, name])));
    }
  }
  return max;
}

export function maxDepthRule(context: ValidationContext): ASTVisitor {
  return {
    Document(node) {
      const fragments = new Map(node.definitions.filter((def): def is FragmentDefinitionNode => def.kind === Kind.FRAGMENT_DEFINITION)
        .map((def) => [def.name.value, def]));
      for (const def of node.definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION) continue;
        const depth = depthOf(def.selectionSet, fragments, new Set());
        if (depth > MAX_DEPTH) context.reportError(new GraphQLError(`Query is nested ${depth} levels deep; the limit is ${MAX_DEPTH}.`, [def]));
      }
    },
  };
}

export function maxAliasesRule(context: ValidationContext): ASTVisitor {
  let aliases = 0;
  return {
    Field(node) {
      if (node.alias) aliases += 1;
    },
    Document: {
      leave(node) {
        if (aliases > MAX_ALIASES) context.reportError(new GraphQLError(`Query uses ${aliases} aliases; the limit is ${MAX_ALIASES}.`, [node]));
      },
    },
  };
}

/**
 * The longest text one value may be. Names, descriptions, e-mails and ids are far shorter; only
 * an image upload's data URL is longer, and it is bounded by its own size check instead.
 */
export const MAX_STRING_LENGTH = MAX_TEXT_LENGTH;
const LONG_STRING_ARGUMENTS = new Set(['Mutation.uploadImage.dataUrl']);

function longStringIn(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.length > MAX_STRING_LENGTH ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = longStringIn(inner, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

/** "input.description" -> "Description": the field as a person names it. */
function fieldLabel(path: string): string {
  const name = path.replace(/\[\d+\]/g, '').split('.').pop() ?? path;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Refuses (ValidationError) a root field's arguments holding a string over MAX_STRING_LENGTH. */
export function checkStringLengths(fieldKey: string, args: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(args)) {
    if (LONG_STRING_ARGUMENTS.has(`${fieldKey}.${name}`)) continue;
    const path = longStringIn(value, name);
    if (path) throw validationError(`${fieldLabel(path)} is too long: at most ${MAX_STRING_LENGTH.toLocaleString('en-US')} characters (${path})`);
  }
}
