/** Validation rules that bound what one request may ask for (deep nesting, alias floods, huge texts). */
import { validationError } from '../errors';
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

export const MAX_DEPTH = 10;
export const MAX_ALIASES = 20;

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
export const MAX_STRING_LENGTH = 10_000;
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

/** Refuses (ValidationError) a root field's arguments holding a string over MAX_STRING_LENGTH. */
export function checkStringLengths(fieldKey: string, args: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(args)) {
    if (LONG_STRING_ARGUMENTS.has(`${fieldKey}.${name}`)) continue;
    const path = longStringIn(value, name);
    if (path) throw validationError(`${path} is longer than ${MAX_STRING_LENGTH} characters`);
  }
}
