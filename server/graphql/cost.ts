/**
 * What one request may cost, worked out from the parsed document and its variables before
 * anything runs (decision 0134). Every field counts once per record it is resolved on; a list counts
 * its query, its page size (the `limit` asked for, or the default) and the records' fields; a
 * single-record lookup (`getX`, `Tag.category`) counts its query under every row it sits in;
 * filter conditions and long strings count too, at every depth, root or nested.
 *
 * Named fragments are costed once per page size and the figure reused wherever they are spread,
 * so the work grows with the document's length whatever its shape (a chain of fragments that
 * each spread the next twice is 2^n fields, and is costed in n steps).
 */
import {
  getNamedType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { filterDepthMessage, isEmptyFilterTerm, MAX_FILTER_DEPTH, spendFilterTerm } from '../db/sql-filter';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from '../db/model-store';
import { validationError } from '../errors';
import { MAX_TEXT_LENGTH, textTooLongMessage } from '../../shared/validation/text';

/** The price list, in units of "one field resolved on one record". */
export const COST = {
  field: 1,
  /** One SQL query for a page of a list. */
  listQuery: 10,
  /** One record read into a page (its fields are counted on their own). */
  row: 1,
  /** One SQL query by id: `getX` or a belongs-to field such as `Tag.category`. */
  lookup: 5,
  /** One filter condition, per list or write it filters. */
  filterTerm: 2,
  /** Every started 1,000 characters of a string argument. */
  stringKiloChars: 1,
  /** A custom mutation (bcrypt, image resizing, batch writes): far dearer than a read. */
  customOperation: 1000,
} as const;

/**
 * The most a request may cost. The public (API key) and signed-in customers get enough for the
 * largest page a client asks for, 1,000 records with every field (the Amplify client's default
 * selection, about 19,000 since items carry their facts and their Sale mark and price history: decisions 0291, 0294), and not two of them: a visitor's p99 must stay under 100 ms while 4 clients send the dearest allowed request
 * (npm run bench -- hostile). An admin's catalogue screens nest tags under 1,000 categories (about
 * 420,000 by these upper bounds; the rows actually read are capped again as they are read).
 */
export const COST_BUDGET = { public: 20_000, admin: 1_000_000 } as const;

/**
 * Requests dearer than this run one at a time, with the event loop let through between them, so
 * cheap requests (a visitor's page) wait for at most one dear request rather than a queue of them.
 */
export const DEAR_REQUEST_COST = 2_000;

/**
 * The dear lane's bounds for callers from outside (the public and customers; admins and the
 * server's own page reads are not bounded): at most this many wait in all, and at most
 * MAX_DEAR_IN_LANE_PER_ADDRESS of one address's are in it, running or waiting (the menu page sends
 * three lists over DEAR_REQUEST_COST at once: items, categories, tags). Beyond them the request is
 * refused with TooManyRequests, retry after DEAR_LANE_RETRY_MS (the queue of a few clears in well
 * under a second).
 */
export const MAX_DEAR_WAITING = 4;
export const MAX_DEAR_IN_LANE_PER_ADDRESS = 3;
export const DEAR_LANE_RETRY_MS = 1_000;

/**
 * Cost units per rate-limit token for a dear request: one over DEAR_REQUEST_COST takes
 * ceil(cost / COST_PER_TOKEN) tokens from its address's bucket when it runs (11 to 90); any other
 * request, and a cached answer, takes one, as before (the SPA's pages send lists of 100 that cost a
 * few hundred, and they run side by side, not in the lane). The dearest public read (20,000) takes
 * 100, so one address's burst of 500 holds 5 of them and then one every 2 s at the default
 * rate: about the lane time a visitor can spare. Admins pay one per request: their screens' cost is
 * an upper bound far above what they read.
 */
export const COST_PER_TOKEN = 200;

/** The tokens a request of `cost` takes from its address's bucket. */
export const tokensForCost = (cost: number) => (cost > DEAR_REQUEST_COST ? Math.ceil(cost / COST_PER_TOKEN) : 1);

/**
 * What an answer weighs, beside what it costs to work out (decision 0359): a read whose answer is
 * estimated over DEAR_ANSWER_BYTES (each text field's average stored length, times the records a
 * page may hold) runs in the dear lane, and an answer it builds over it, estimated or as built,
 * takes a token per ANSWER_BYTES_PER_TOKEN. Half a megabyte then takes 100 tokens, as the dearest
 * public read does, so one address's burst builds five of them, not five hundred. An answer sent
 * from the response cache takes one token whatever it weighs (decision 0376): the menu's pages of
 * 1,000 (about 390 KB each) are built once for every visitor, not once per load.
 */
export const DEAR_ANSWER_BYTES = 128 * 1024;
export const ANSWER_BYTES_PER_TOKEN = 5 * 1024;

/** The tokens an answer of `bytes` takes (1 up to DEAR_ANSWER_BYTES). */
export const tokensForAnswer = (bytes: number) => (bytes > DEAR_ANSWER_BYTES ? Math.ceil(bytes / ANSWER_BYTES_PER_TOKEN) : 1);

/** A request's tokens: the dearer of its cost and its answer's estimated weight. */
export const tokensForRequest = ({ cost, answerBytes }: Pick<RequestCost, 'cost' | 'answerBytes'>) =>
  Math.max(tokensForCost(cost), tokensForAnswer(answerBytes));

/** Whether a request runs in the dear lane: dear to work out, or a heavy answer. */
export const isDear = ({ cost, answerBytes }: Pick<RequestCost, 'cost' | 'answerBytes'>) =>
  cost > DEAR_REQUEST_COST || answerBytes > DEAR_ANSWER_BYTES;

/** How deep an argument value (a filter, an input object) may nest. */
const MAX_VALUE_DEPTH = 2 * MAX_FILTER_DEPTH + 4;

export interface RequestCost {
  cost: number;
  /** Account operations, counted wherever fragments repeat them. */
  accountOperations: number;
  /** The text the answer may carry, in characters: each text field's average stored length, per record. */
  answerBytes: number;
}

/** The average stored length of a model type's text field (0 when unknown): ModelStore.averageTextLength. */
export type StoredTextLength = (type: string, field: string) => number;

type Variables = Readonly<Record<string, unknown>>;

const tooLong = (path: string) => validationError(textTooLongMessage(path));
const nestedTooDeeply = () => validationError('The request is nested too deeply.');

/**
 * Cost of one argument value: its strings (refusing one over MAX_TEXT_LENGTH unless allowed),
 * walked iteratively over literals and the variables they name.
 */
function valueCost(root: unknown, isAst: boolean, path: string, variables: Variables, allowLong: boolean): number {
  let cost = 0;
  const stack: Array<{ value: unknown; ast: boolean; path: string; depth: number }> = [{ value: root, ast: isAst, path, depth: 0 }];
  while (stack.length) {
    const { value, ast, path: at, depth } = stack.pop()!;
    if (depth > MAX_VALUE_DEPTH) throw nestedTooDeeply();
    if (ast) {
      const node = value as ValueNode;
      switch (node.kind) {
        case Kind.VARIABLE:
          stack.push({ value: variables[node.name.value], ast: false, path: at, depth });
          break;
        case Kind.STRING:
          cost += stringCost(node.value, at, allowLong);
          break;
        case Kind.LIST:
          node.values.forEach((item, i) => stack.push({ value: item, ast: true, path: `${at}[${i}]`, depth: depth + 1 }));
          break;
        case Kind.OBJECT:
          for (const field of node.fields)
            stack.push({ value: field.value, ast: true, path: `${at}.${field.name.value}`, depth: depth + 1 });
          break;
        default:
          break;
      }
    } else if (typeof value === 'string') {
      cost += stringCost(value, at, allowLong);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, ast: false, path: `${at}[${i}]`, depth: depth + 1 }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) stack.push({ value: inner, ast: false, path: `${at}.${key}`, depth: depth + 1 });
    }
  }
  return cost;
}

function stringCost(text: string, path: string, allowLong: boolean): number {
  if (text.length > MAX_TEXT_LENGTH && !allowLong) throw tooLong(path);
  return Math.ceil(text.length / 1000) * COST.stringKiloChars;
}

/** A plain JSON view of an argument (literal or variable), for reading `limit` and filters. */
function plainValue(node: ValueNode, variables: Variables, depth = 0): unknown {
  if (depth > MAX_VALUE_DEPTH) throw nestedTooDeeply();
  switch (node.kind) {
    case Kind.VARIABLE:
      return variables[node.name.value];
    case Kind.INT:
      return Number(node.value);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, plainValue(field.value, variables, depth + 1)]));
    case Kind.LIST:
      return node.values.map((item) => plainValue(item, variables, depth + 1));
    case Kind.NULL:
      return null;
    default:
      return 'value' in node ? node.value : null;
  }
}

/** Visits every entry of a model filter, at every depth (iteratively), refusing one too deep. */
function forEachFilterEntry(filter: unknown, visit: (key: string, value: unknown) => void): void {
  const stack: Array<{ filter: unknown; depth: number }> = [{ filter, depth: 0 }];
  while (stack.length) {
    const { filter: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > MAX_FILTER_DEPTH) throw validationError(filterDepthMessage());
    for (const [key, value] of Object.entries(current)) {
      if (value === null || value === undefined) continue;
      visit(key, value);
      if (key === 'and' || key === 'or')
        for (const inner of Array.isArray(value) ? (value as unknown[]) : [value]) stack.push({ filter: inner, depth: depth + 1 });
      else if (key === 'not') stack.push({ filter: value, depth: depth + 1 });
    }
  }
}

/**
 * Entries in a model filter, counted as the SQL compiler counts them (every field condition, every
 * `not` and every empty `and`/`or` term); refuses what it would, before anything runs.
 */
export function filterTerms(filter: unknown): number {
  const budget = { terms: 0 };
  forEachFilterEntry(filter, (key, value) => {
    if (key === 'and' || key === 'or') {
      for (const inner of Array.isArray(value) ? (value as unknown[]) : [value]) if (isEmptyFilterTerm(inner)) spendFilterTerm(budget);
    } else spendFilterTerm(budget);
  });
  return budget.terms;
}

/** The record fields a model filter tests, at any depth. */
export function filterFields(filter: unknown): Set<string> {
  const fields = new Set<string>();
  forEachFilterEntry(filter, (key) => {
    if (key !== 'and' && key !== 'or' && key !== 'not') fields.add(key);
  });
  return fields;
}

const isConnection = (type: GraphQLObjectType) => /^Model\w+Connection$/.test(type.name) && 'items' in type.getFields();

/**
 * The cost of running `operation` of `document` with `variables`. Root fields the caller may not
 * call (`mayCall`) cost nothing more than their name: they are refused, not run, and are reported
 * as Unauthorized as AppSync would. Throws a ValidationError for a string over the length cap or
 * a filter over its limits, wherever they sit.
 */
export function requestCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Variables,
  mayCall: (rootField: string) => boolean = () => true,
  storedTextLength: StoredTextLength = () => 0,
  /** Custom mutations that touch accounts (bcrypt, sessions): the engine allows one per request. */
  accountOperations: ReadonlySet<string> = new Set(),
): RequestCost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const memo = new Map<string, RequestCost>();
  const inProgress = new Set<string>();

  /** Cost of a selection set resolved once on `type`; `pageSize` is the page a connection type holds. */
  const selectionCost = (set: SelectionSetNode | undefined, type: GraphQLObjectType, pageSize: number): RequestCost => {
    const total: RequestCost = { cost: 0, accountOperations: 0, answerBytes: 0 };
    if (!set) return total;
    const add = (part: RequestCost, times = 1) => {
      total.cost += part.cost * times;
      total.accountOperations += part.accountOperations * times;
      total.answerBytes += part.answerBytes * times;
    };
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        const key = `${name}:${pageSize}`;
        if (!fragment || inProgress.has(key)) continue; // unknown fragments and cycles: validation refuses them
        let cost = memo.get(key);
        if (!cost) {
          inProgress.add(key);
          const fragmentType = schema.getType(fragment.typeCondition.name.value);
          cost = isObjectType(fragmentType)
            ? selectionCost(fragment.selectionSet, fragmentType, pageSize)
            : { cost: 0, accountOperations: 0, answerBytes: 0 };
          inProgress.delete(key);
          memo.set(key, cost);
        }
        add(cost);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const conditionType = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        if (isObjectType(conditionType)) add(selectionCost(selection.selectionSet, conditionType, pageSize));
      } else {
        const name = selection.name.value;
        const definition = type.getFields()[name];
        total.cost += COST.field;
        if (!definition) continue; // __typename, or a field validation refuses
        const key = `${type.name}.${name}`;
        const isRoot = type === schema.getMutationType() || type === schema.getQueryType();
        if (isRoot && !mayCall(key)) continue;
        for (const argument of selection.arguments ?? []) {
          total.cost += valueCost(argument.value, true, argument.name.value, variables, false);
          if (argument.name.value === 'filter' || argument.name.value === 'condition') {
            total.cost += filterTerms(plainValue(argument.value, variables)) * COST.filterTerm;
          }
        }
        if (type === schema.getMutationType() && !/^(create|update|delete)[A-Z]/.test(name)) total.cost += COST.customOperation;
        if (isRoot && accountOperations.has(name)) total.accountOperations += 1;
        const returned = getNamedType(definition.type);
        if (!isObjectType(returned)) {
          total.answerBytes += storedTextLength(type.name, name);
          continue;
        }
        if (isConnection(returned)) {
          const limitArgument = selection.arguments?.find((argument) => argument.name.value === 'limit');
          const asked = limitArgument ? Number(plainValue(limitArgument.value, variables)) : DEFAULT_LIST_LIMIT;
          const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_LIST_LIMIT) : DEFAULT_LIST_LIMIT;
          total.cost += COST.listQuery;
          add(selectionCost(selection.selectionSet, returned, limit));
        } else if (isConnection(type) && name === 'items') {
          total.cost += pageSize * COST.row;
          add(selectionCost(selection.selectionSet, returned, 1), pageSize);
        } else {
          // A record by id: a root getX, a belongs-to relation, or a custom operation's answer.
          if (!accountOperations.has(name) && type !== schema.getMutationType()) total.cost += COST.lookup;
          add(selectionCost(selection.selectionSet, returned, 1));
        }
      }
    }
    return total;
  };

  const root =
    operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'query' ? schema.getQueryType() : null;
  // Variables a request sends count whether or not the document uses them.
  const variableCost = valueCost(variables, false, 'variables', {}, true);
  if (!root) return { cost: variableCost, accountOperations: 0, answerBytes: 0 };
  const cost = selectionCost(operation.selectionSet, root, 1);
  return { cost: cost.cost + variableCost, accountOperations: cost.accountOperations, answerBytes: cost.answerBytes };
}
