/**
 * Every root operation of the API, read from the generated AppSync SDL (so an operation added to
 * the schema is covered without touching the batteries), and well-formed calls of each: the
 * variables a real client would send, built from the argument types.
 *
 *     for (const op of rootOperations()) {
 *       const { query, variables } = wellFormedCall(op, values);
 *     }
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
} from 'graphql';
import introspection from '../../../shared/generated/model-introspection.json' with { type: 'json' };

const SDL_PATH = fileURLToPath(new URL('../../../server/generated/appsync-schema.graphql', import.meta.url));
export const schema = buildSchema(readFileSync(SDL_PATH, 'utf8'));
const MODELS = new Set(Object.keys(introspection.models));

export interface RootOperation {
  kind: 'query' | 'mutation';
  /** `Type.field`, as the authorizer names it. */
  key: string;
  name: string;
  field: GraphQLField<unknown, unknown>;
  /** The model the operation reads or writes (its result's), e.g. Item for listItems; null for none. */
  model: string | null;
}

function modelOf(type: GraphQLNamedType): string | null {
  const name = type.name.replace(/^Model(\w+)Connection$/, '$1');
  return MODELS.has(name) ? name : null;
}

export function rootOperations(): RootOperation[] {
  return (['query', 'mutation'] as const).flatMap((kind) => {
    const type = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
    return Object.values(type?.getFields() ?? {}).map((field) => ({
      kind,
      key: `${type!.name}.${field.name}`,
      name: field.name,
      field,
      model: modelOf(getNamedType(field.type)),
    }));
  });
}

export const mutations = () => rootOperations().filter((op) => op.kind === 'mutation');

/**
 * Who may call an operation, from product §7 and design §2-§3 (written here, not read from the
 * server): the public (API key) reads the catalogue, signs up or in, resets a password and confirms an
 * e-mail address; any signed-in caller may sign out and use their own account; everything else, user lists included, is for admins.
 */
export type Audience = 'public' | 'signed-in' | 'customer' | 'admin';
const PUBLIC_CATALOGUE = new Set(['Item', 'Banner', 'Category', 'Tag', 'Event', 'ShopSettings']);
const ACCOUNT_ENTRY = new Set([
  'Mutation.signUp',
  'Mutation.signIn',
  'Mutation.requestPasswordReset',
  'Mutation.resetPassword',
  // A confirmation link opens in any browser (decision 0303).
  'Mutation.confirmEmail',
]);
/** The caller's own session and account (decision 0302): never another's, whatever it names. */
const OWN_SESSION = new Set([
  'Mutation.signOut',
  'Query.myAccount',
  'Mutation.updateMyAccount',
  'Mutation.changeMyPassword',
  'Mutation.sendEmailConfirmation',
  'Mutation.deleteMyAccount',
]);

/**
 * A customer's own pickup list, reservations, "notify me" requests (product §11, decision 0328) and
 * RSVPs (product §12): customers only; staff keep none.
 */
export const CUSTOMERS_ONLY: ReadonlySet<string> = new Set([
  'Query.myPickupList',
  'Mutation.setPickupListLine',
  'Mutation.reserve',
  'Query.myReservations',
  'Mutation.cancelMyReservation',
  'Mutation.changeReservation',
  'Mutation.notifyMeWhenBack',
  'Mutation.cancelNotifyMe',
  'Query.myNotifyRequests',
  'Mutation.rsvp',
  'Mutation.cancelMyRsvp',
  'Query.myRsvps',
]);

export function audienceOf(op: RootOperation): Audience {
  if (op.kind === 'query' && op.model && PUBLIC_CATALOGUE.has(op.model) && /^(get|list)/.test(op.name)) return 'public';
  if (ACCOUNT_ENTRY.has(op.key)) return 'public';
  if (OWN_SESSION.has(op.key)) return 'signed-in';
  if (CUSTOMERS_ONLY.has(op.key)) return 'customer';
  return 'admin';
}

/**
 * Fields of a record only admins may read, whatever the record's own audience (written here from
 * decision 0295, not read from the server): an item's past prices.
 */
export const ADMIN_ONLY_FIELDS: ReadonlySet<string> = new Set(['Item.priceHistory']);

/** Fields of non-root types that carry their own auth directives in the SDL (`Type.field`): what the matrix must classify. */
export function guardedTypeFields(): string[] {
  const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name]);
  return Object.values(schema.getTypeMap())
    .filter((type) => isObjectType(type) && !type.name.startsWith('__') && !roots.has(type.name))
    .flatMap((type) =>
      Object.values((type as GraphQLObjectType).getFields())
        .filter((field) => field.astNode?.directives?.some((directive) => directive.name.value.startsWith('aws_')))
        .map((field) => `${type.name}.${field.name}`),
    );
}

/** The record type an operation's result holds (inside `items` for a list); null for a scalar result. */
export function recordTypeOf(op: RootOperation): GraphQLObjectType | null {
  const named = getNamedType(op.field.type);
  if (!isObjectType(named)) return null;
  const items = named.getFields().items;
  const record = items ? getNamedType(items.type) : named;
  return isObjectType(record) ? record : null;
}

/** The fields to read back: every scalar of the result a caller of the operation's audience may read, inside `items` for a list. */
export function selectionOf(op: RootOperation, fields?: readonly string[]): string {
  const named = getNamedType(op.field.type);
  const record = recordTypeOf(op);
  if (!isObjectType(named) || !record) return '';
  const chosen =
    fields ??
    Object.values(record.getFields())
      .filter((field) => isLeafType(getNamedType(field.type)) && !ADMIN_ONLY_FIELDS.has(`${record.name}.${field.name}`))
      .map((field) => field.name);
  return named.getFields().items ? `{ items { ${chosen.join(' ')} } nextToken }` : `{ ${chosen.join(' ')} }`;
}

/** A document calling the operation with every argument as a variable of its own; `fields`, the record's fields to read. */
export function documentFor(op: RootOperation, fields?: readonly string[]): string {
  const args = op.field.args;
  const definitions = args.length ? `(${args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ')})` : '';
  const call = args.length ? `(${args.map((arg) => `${arg.name}: $${arg.name}`).join(', ')})` : '';
  return `${op.kind} Probe${definitions} { ${op.name}${call} ${selectionOf(op, fields)} }`;
}

/** Values the test supplies where a type alone cannot say what a real client sends. */
export interface ValueSource {
  /** An existing record's id (update, delete, get), or null for none. */
  idOf(model: string | null): string;
  /** All ids to list for `ids` arguments (reorders). */
  idsOf(model: string | null): string[];
  /** A stored image URL (banners). */
  imageUrl: string;
  /** A fresh e-mail address. */
  email(): string;
  password: string;
}

const BY_TYPE: Record<string, unknown> = {
  String: 'Security probe',
  ID: 'probe-id',
  Int: 1,
  Float: 9.99,
  Boolean: true,
  AWSDate: '2031-01-01',
  AWSTime: '18:00',
  AWSDateTime: '2031-01-01T18:00:00.000Z',
  AWSTimestamp: 1_900_000_000,
  AWSJSON: '{}',
  AWSURL: 'https://example.com/',
  AWSPhone: '+1 845 555 0100',
  AWSIPAddress: '127.0.0.1',
};

/** Fields the schema leaves optional but the server's rules require (an item's department tag). */
const RULE_REQUIRED: Record<string, Record<string, unknown>> = { CreateItemInput: { tags: ['wine'] } };

function byName(name: string, op: RootOperation, values: ValueSource): unknown {
  switch (name) {
    case 'id':
      return values.idOf(op.model);
    case 'categoryId':
      return values.idOf('Category');
    case 'ids':
      return values.idsOf(op.model);
    case 'images':
      return [values.imageUrl];
    case 'img':
      return values.imageUrl;
    case 'email':
      return values.email();
    case 'password':
    case 'confirmPassword':
      return values.password;
    case 'firstName':
      return 'Probe';
    case 'lastName':
      return 'Person';
    default:
      return undefined;
  }
}

function valueOf(type: GraphQLInputType, name: string, op: RootOperation, values: ValueSource): unknown {
  const named = byName(name, op, values);
  if (named !== undefined) return named;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [valueOf(inner.ofType, name, op, values)];
  if (isEnumType(inner)) return inner.getValues()[0]!.value;
  if (isInputObjectType(inner)) {
    // Required fields only: what the smallest real call sends, plus what the catalogue rules require.
    return {
      ...Object.fromEntries(
        Object.values(inner.getFields())
          .filter((field) => isNonNullType(field.type))
          .map((field) => [field.name, valueOf(field.type, field.name, op, values)]),
      ),
      ...RULE_REQUIRED[inner.name],
    };
  }
  return BY_TYPE[inner.name] ?? 'probe';
}

/** Optional filters, conditions and page tokens are left out, as a plain call leaves them. */
const sentByDefault = (arg: GraphQLArgument) => isNonNullType(arg.type) || (isLeafType(getNamedType(arg.type)) && arg.name !== 'nextToken');

export function wellFormedCall(
  op: RootOperation,
  values: ValueSource,
  fields?: readonly string[],
): { query: string; variables: Record<string, unknown> } {
  const variables = Object.fromEntries(
    op.field.args.filter(sentByDefault).map((arg) => [arg.name, valueOf(arg.type, arg.name, op, values)]),
  );
  return { query: documentFor(op, fields), variables };
}

/** The public reads that return records holding an admin-only field, each with the field (`Type.field`). */
export function adminOnlyFieldReads(): Array<{ field: string; op: RootOperation }> {
  return [...ADMIN_ONLY_FIELDS].flatMap((field) =>
    rootOperations()
      .filter((op) => op.kind === 'query' && audienceOf(op) === 'public' && recordTypeOf(op)?.name === field.split('.')[0])
      .map((op) => ({ field, op })),
  );
}

/** Every place a value goes: each argument, and each field of an input-object argument. */
export interface InputSlot {
  path: [string] | [string, string];
  type: GraphQLInputType;
}

export function inputSlots(op: RootOperation): InputSlot[] {
  return op.field.args.flatMap((arg): InputSlot[] => {
    const inner = isNonNullType(arg.type) ? arg.type.ofType : arg.type;
    const own: InputSlot = { path: [arg.name], type: arg.type };
    if (!isInputObjectType(inner)) return [own];
    // Filters and conditions are recursive; their top-level fields stand for the rest.
    return [own, ...Object.values(inner.getFields()).map((field): InputSlot => ({ path: [arg.name, field.name], type: field.type }))];
  });
}
