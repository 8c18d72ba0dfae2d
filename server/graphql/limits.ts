/** Validation rules that bound the shape of a document (deep nesting, alias floods, huge selections); cost.ts bounds what it reads. */
import {
  GraphQLError,
  Kind,
  Lexer,
  Source,
  TokenKind,
  visit,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  valueFromASTUntyped,
} from 'graphql';
import { AppError } from '../errors';
import { filterTerms } from './cost';

export const MAX_DEPTH = 10;
/**
 * Tokens in one query text. Validation visits every node with type information (about 1.5 µs a
 * token here), so a 256 KB text of one-character tokens took over 100 ms to validate. The SPA's
 * largest document has a few hundred tokens; a 200-condition filter written inline about 1,800.
 */
export const MAX_TOKENS = 5_000;
export const MAX_ALIASES = 20;
/** Fields and fragments in one document; the SPA's largest query has about 40. */
export const MAX_SELECTIONS = 200;
/** graphql-js stops validating after this many errors (a junk query could list thousands). */
export const MAX_VALIDATION_ERRORS = 20;

/** Counts the query text's tokens, stopping past MAX_TOKENS; lexing errors are left to the parser. Returns the refusal, or null. */
export function tokenCountProblem(query: string): string | null {
  const lexer = new Lexer(new Source(query));
  let tokens = 0;
  try {
    while (lexer.advance().kind !== TokenKind.EOF) {
      tokens += 1;
      if (tokens > MAX_TOKENS)
        return `Query has more than ${MAX_TOKENS.toLocaleString('en-US')} tokens; the limit is ${MAX_TOKENS.toLocaleString('en-US')}. Send long values as variables.`;
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * Checked between parse and validate, because validation itself is the cost: graphql-js's
 * OverlappingFieldsCanBeMerged compares every pair of same-named fields, so 1,000 copies of one
 * field (37 KB, no alias, depth 3) held the event loop for seconds. A document may hold at most
 * MAX_SELECTIONS fields and fragments, and no selection set may name the same field twice
 * (legal GraphQL, but no client of ours sends it). A filter written inline is counted here too
 * (as cost.ts counts it): validating 450 inline conditions of long strings took about 20 ms,
 * refusing them first takes under one. Returns the refusal, or null.
 */
export function documentSizeProblem(document: DocumentNode): string | null {
  let selections = 0;
  // Assigned inside the visitor's callbacks, which TypeScript's narrowing does not follow.
  let repeated = null as string | null;
  let filterProblem = null as string | null;
  visit(document, {
    Argument(node) {
      if (filterProblem || node.name.value !== 'filter' || node.value.kind === Kind.VARIABLE) return;
      try {
        filterTerms(valueFromASTUntyped(node.value));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        filterProblem = error.message;
      }
    },
    Field() {
      selections += 1;
    },
    FragmentSpread() {
      selections += 1;
    },
    InlineFragment() {
      selections += 1;
    },
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
  return filterProblem;
}

/**
 * The deepest field nesting of a selection set. Each named fragment's depth is worked out once
 * and reused (a chain of fragments that each spread the next twice made the old check's time
 * double with every fragment: 23 of them held the event loop for 8 s). A fragment met again while
 * its own depth is being worked out is a cycle, which NoFragmentCycles reports.
 */
function depthOf(
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
  memo: Map<string, number>,
): number {
  if (!selectionSet) return 0;
  let max = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      max = Math.max(max, selection.selectionSet ? 1 + depthOf(selection.selectionSet, fragments, memo) : 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      max = Math.max(max, depthOf(selection.selectionSet, fragments, memo));
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment) continue;
      let depth = memo.get(name);
      if (depth === undefined) {
        memo.set(name, 0); // in progress: a cycle counts nothing more
        depth = depthOf(fragment.selectionSet, fragments, memo);
        memo.set(name, depth);
      }
      max = Math.max(max, depth);
    }
  }
  return max;
}

export function maxDepthRule(context: ValidationContext): ASTVisitor {
  return {
    Document(node) {
      const fragments = new Map(
        node.definitions
          .filter((def): def is FragmentDefinitionNode => def.kind === Kind.FRAGMENT_DEFINITION)
          .map((def) => [def.name.value, def]),
      );
      const memo = new Map<string, number>();
      for (const def of node.definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION) continue;
        const depth = depthOf(def.selectionSet, fragments, memo);
        if (depth > MAX_DEPTH)
          context.reportError(new GraphQLError(`Query is nested ${depth} levels deep; the limit is ${MAX_DEPTH}.`, [def]));
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
        if (aliases > MAX_ALIASES)
          context.reportError(new GraphQLError(`Query uses ${aliases} aliases; the limit is ${MAX_ALIASES}.`, [node]));
      },
    },
  };
}
