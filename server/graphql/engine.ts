/**
 * The AppSync-compatible GraphQL engine: serves the generated SDL with resolvers that are generic
 * over the models (no per-model code), custom operations dispatched to handlers, per-field
 * authorization by auth mode, request limits, and AppSync's error shape.
 */
import {
  buildSchema,
  defaultFieldResolver,
  execute,
  GraphQLError,
  GraphQLObjectType,
  isObjectType,
  type GraphQLField,
  Kind,
  parse,
  specifiedRules,
  validate,
  NoSchemaIntrospectionCustomRule,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { AppError, unauthorized, type ErrorType } from '../errors';
import type { AuthMode } from './appsync-sdl';
import type { ModelMeta } from '../model/model-meta';
import { MODEL_WRITES, type ModelRecord, type ModelWrite, type WrittenModel } from '../model/model-writes';
import type { Principal } from '../auth/authorizer';
import { installAwsScalars } from './scalars';
import { documentSizeProblem, maxAliasesRule, maxDepthRule, MAX_VALIDATION_ERRORS, tokenCountProblem } from './limits';
import {
  COST_BUDGET,
  DEAR_LANE_RETRY_MS,
  isDear,
  MAX_DEAR_IN_LANE_PER_ADDRESS,
  MAX_DEAR_WAITING,
  requestCost,
  filterFields,
  tokensForRequest,
} from './cost';
import { waitText } from '../accounts/throttle';
import { ROLE_ADMIN } from '../../shared/roles';
import { BoundedCache } from '../cache/bounded-cache';
import { spendRows, type CustomHandler, type RequestContext } from './request-context';

function spendList<T extends { items: unknown[] }>(context: RequestContext, result: T): T {
  spendRows(context, result.items.length);
  return result;
}

function spendLookup<T>(context: RequestContext, record: T): T {
  spendRows(context, 1);
  return record;
}

export interface GraphQLRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface AppSyncError {
  path: ReadonlyArray<string | number> | null;
  data: null;
  errorType: ErrorType;
  errorInfo: Record<string, unknown> | null;
  locations: ReadonlyArray<{ line: number; column: number }> | null;
  message: string;
}

export interface AppSyncResponse {
  data?: Record<string, unknown> | null;
  errors?: AppSyncError[];
}

export interface ExecutionOutcome {
  response: AppSyncResponse;
  /** A read of model data only, answered without errors: the same request gets the same answer until a write. */
  cacheable: boolean;
}

interface PreparedDocument {
  document: DocumentNode;
  modelReadsOnly: boolean;
}

export interface EngineOptions {
  sdl: string;
  models: ModelMeta[];
  handlers: Record<string, CustomHandler>;
  /** Custom mutations that touch accounts (bcrypt, sessions): at most one per request. */
  accountOperations?: ReadonlySet<string>;
  /** Rules a model mutation must keep, checked before it writes; throws to refuse it. */
  checkModelWrite?: (write: ModelWrite) => void | Promise<void>;
  /**
   * Told what a model write changed, inside the write's own transaction, so the activity log has
   * an entry exactly when the write happened (server/activity/activity-recorder.ts).
   */
  recordModelWrite?: (write: WrittenModel, caller: Principal | null) => void;
  /**
   * What a model write stores, from its input and the record as it is, inside the write's own
   * transaction (an item's price history, server/catalogue/price-history.ts); throws to refuse it.
   */
  completeModelWrite?: (write: ModelWrite, before: ModelRecord | null) => Record<string, unknown>;
  /** Introspection and "Did you mean" suggestions only in development. */
  development: boolean;
  log?: (message: string, error: unknown) => void;
}

const DOCUMENT_CACHE_SIZE = 1000;
/**
 * What parsed documents may hold, in bytes as estimated below. A stream of distinct valid
 * documents (each up to 64 KB of query text) grew the old count-only cache until the heap ran out.
 */
const DOCUMENT_CACHE_BYTES = 32 * 1024 * 1024;
/** Heap bytes per character of query text, parsed without locations: measured 13 for token-dense text; with margin. */
const DOCUMENT_BYTES_PER_CHAR = 32;
/** Longer query texts are parsed every time rather than kept. */
const MAX_CACHED_QUERY_LENGTH = 64 * 1024;

export class GraphQLEngine {
  readonly schema: GraphQLSchema;
  /**
   * Auth modes under which each root field (`Type.field`) may be called, and each field of another
   * type that has its own (an item's price history, decision 0295).
   */
  readonly fieldModes = new Map<string, Set<AuthMode>>();
  private readonly documents = new BoundedCache<PreparedDocument>(DOCUMENT_CACHE_SIZE, DOCUMENT_CACHE_BYTES);
  /** `Query.getX` / `Query.listXs` root fields: pure reads of model data. */
  private readonly modelReadFields = new Set<string>();
  private readonly rules;
  private readonly accountOperations: ReadonlySet<string>;
  private readonly dearLane = new OneAtATime(MAX_DEAR_WAITING, MAX_DEAR_IN_LANE_PER_ADDRESS);

  constructor(private readonly options: EngineOptions) {
    this.accountOperations = options.accountOperations ?? new Set();
    this.schema = buildSchema(options.sdl);
    installAwsScalars(this.schema);
    this.rules = [...specifiedRules, maxDepthRule, maxAliasesRule, ...(options.development ? [] : [NoSchemaIntrospectionCustomRule])];
    this.readFieldModes();
    this.attachModelResolvers();
    this.attachCustomResolvers();
  }

  /** Guarded fields callable in lambda mode and those the public may call, for the authorizer's policy. */
  guardedFields(mode: AuthMode): string[] {
    return [...this.fieldModes].filter(([, modes]) => modes.has(mode)).map(([field]) => field);
  }

  async execute(request: GraphQLRequest, context: RequestContext): Promise<ExecutionOutcome> {
    const refuse = (errors: AppSyncError[]) => ({ response: { errors }, cacheable: false });
    if (typeof request.query !== 'string' || request.query.length === 0) {
      return refuse([requestError('BadRequest', 'The request has no GraphQL query.')]);
    }
    if (
      request.variables !== undefined &&
      request.variables !== null &&
      (typeof request.variables !== 'object' || Array.isArray(request.variables))
    ) {
      return refuse([requestError('BadRequest', 'variables must be a JSON object.')]);
    }
    const prepared = this.documentFor(request.query);
    if ('errors' in prepared) return refuse(prepared.errors);
    const operationName = typeof request.operationName === 'string' ? request.operationName : undefined;
    const priced = this.price(prepared.document, operationName, (request.variables ?? {}) as Record<string, unknown>, context);
    if ('errorType' in priced) return refuse([priced]);
    const dear = isDear(priced);
    const admission = context.admission;
    if (admission) {
      // Judged before the charge: a request the lane cannot take costs its caller nothing more.
      if (dear && !this.dearLane.hasRoom(admission.key)) {
        return refuse([tooManyRequests(DEAR_LANE_RETRY_MS, 'Too many large requests are waiting')]);
      }
      const wait = admission.charge(tokensForRequest(priced));
      if (wait > 0) return refuse([tooManyRequests(wait)]);
    }
    let result: Awaited<ReturnType<typeof execute>>;
    try {
      const run = () =>
        execute({
          schema: this.schema,
          document: prepared.document,
          variableValues: request.variables as Record<string, unknown> | undefined,
          operationName,
          contextValue: context,
        });
      result = dear ? await this.dearLane.run(async () => run(), admission?.key) : await run();
    } catch (error) {
      // graphql-js 15 throws (instead of reporting) for an operation type the schema lacks: subscriptions.
      if (error instanceof GraphQLError) return refuse([this.formatError(error, 'ValidationError')]);
      throw error;
    }
    const response: AppSyncResponse = { data: result.data ?? null };
    if (result.errors?.length) response.errors = result.errors.map((error) => this.formatError(error));
    return { response, cacheable: prepared.modelReadsOnly && !result.errors?.length };
  }

  /**
   * The request's cost (cost.ts), or its refusal: over its caller's budget, or more than one
   * account operation (each is a bcrypt hash or a session write).
   */
  private price(
    document: DocumentNode,
    operationName: string | undefined,
    variables: Record<string, unknown>,
    { auth, store }: Pick<RequestContext, 'auth' | 'store'>,
  ): { cost: number; answerBytes: number } | AppSyncError {
    const operations = document.definitions.filter((def): def is OperationDefinitionNode => def.kind === Kind.OPERATION_DEFINITION);
    const operation =
      operationName === undefined
        ? operations.length === 1
          ? operations[0]
          : undefined
        : operations.find((def) => def.name?.value === operationName);
    if (!operation) return { cost: 0, answerBytes: 0 }; // execute reports the missing or ambiguous operation
    const budget = auth.mode === 'lambda' && auth.principal?.type === ROLE_ADMIN ? COST_BUDGET.admin : COST_BUDGET.public;
    try {
      const mayCall = (field: string) => (this.fieldModes.get(field)?.has(auth.mode) ?? false) && !auth.deniedFields.has(field);
      const storedTextLength = (type: string, field: string) => store.averageTextLength(type, field);
      const { cost, accountOperations, answerBytes } = requestCost(
        this.schema,
        document,
        operation,
        variables,
        mayCall,
        storedTextLength,
        this.accountOperations,
      );
      if (accountOperations > 1) {
        return requestError(
          'ValidationError',
          `A request may make one account operation (${[...this.accountOperations].join(', ')}) at most; this one makes ${accountOperations}.`,
        );
      }
      if (cost > budget) {
        return requestError(
          'ValidationError',
          `The request would cost ${formatCost(cost)}; the limit is ${budget.toLocaleString('en-US')} (fields, records, lookups and filter conditions, counted by list page size). Ask for fewer records or fields.`,
        );
      }
      return { cost, answerBytes };
    } catch (error) {
      if (error instanceof AppError) return requestError(error.errorType, error.message);
      throw error;
    }
  }

  /** Parses and validates a query once; later requests with the same text reuse the result. */
  private documentFor(query: string): PreparedDocument | { errors: AppSyncError[] } {
    const cached = this.documents.get(query);
    if (cached) return cached;
    const tooManyTokens = tokenCountProblem(query);
    if (tooManyTokens) return { errors: [requestError('ValidationError', tooManyTokens)] };
    let document: DocumentNode;
    try {
      // Without locations: a third of the memory, and errors need none (AppSync's rarely help).
      document = parse(query, { noLocation: true });
    } catch (error) {
      return { errors: [this.formatError(error as GraphQLError, 'ValidationError')] };
    }
    const tooLarge = documentSizeProblem(document);
    if (tooLarge) return { errors: [requestError('ValidationError', tooLarge)] };
    const errors = validate(this.schema, document, this.rules, undefined, { maxErrors: MAX_VALIDATION_ERRORS });
    if (errors.length) return { errors: errors.map((error) => this.formatError(error, 'ValidationError')) };
    const prepared = { document, modelReadsOnly: this.readsModelsOnly(document) };
    if (query.length <= MAX_CACHED_QUERY_LENGTH) this.documents.set(query, prepared, query.length * DOCUMENT_BYTES_PER_CHAR);
    return prepared;
  }

  /** True for a document of one query operation whose root fields are all plain model reads. */
  private readsModelsOnly(document: DocumentNode): boolean {
    const operations = document.definitions.filter((def) => def.kind === Kind.OPERATION_DEFINITION);
    if (operations.length !== 1) return false;
    const [operation] = operations;
    if (operation?.kind !== Kind.OPERATION_DEFINITION || operation.operation !== 'query') return false;
    return operation.selectionSet.selections.every(
      (selection) =>
        selection.kind === Kind.FIELD &&
        (selection.name.value === '__typename' || this.modelReadFields.has(`Query.${selection.name.value}`)),
    );
  }

  private formatError(error: GraphQLError | Error, fallbackType?: ErrorType): AppSyncError {
    // graphql-js passes some errors through unwrapped: a stack overflow while parsing or coercing a
    // deeply nested document or variable, or a bug. Their messages are ours, not the caller's.
    if (!(error instanceof GraphQLError)) {
      if (error instanceof RangeError) return requestError('ValidationError', 'The request is nested too deeply.');
      this.options.log?.('request failed', error);
      return requestError('InternalFailure', 'An internal error occurred.');
    }
    const original = error.originalError;
    let errorType: ErrorType = fallbackType ?? 'ValidationError';
    let errorInfo: Record<string, unknown> | null = null;
    let message = error.message;
    if (original instanceof AppError) {
      errorType = original.errorType;
      errorInfo = original.errorInfo;
    } else if (original && !(original instanceof GraphQLError) && error.path) {
      // An unexpected failure inside a resolver: log it, tell the caller nothing internal.
      if (!(original instanceof TypeError && /^Invalid AWS/.test(original.message))) {
        this.options.log?.('resolver failed', original);
        errorType = 'InternalFailure';
        message = 'An internal error occurred.';
      }
    }
    if (!this.options.development) message = message.replace(/ Did you mean .*\?$/, '');
    return {
      path: error.path ?? null,
      data: null,
      errorType,
      errorInfo,
      locations: error.locations ? error.locations.map(({ line, column }) => ({ line, column })) : null,
      message,
    };
  }

  private readFieldModes(): void {
    const roots = [this.schema.getQueryType(), this.schema.getMutationType()];
    for (const type of Object.values(this.schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      const isRoot = roots.includes(type);
      for (const field of Object.values(type.getFields())) {
        const modes = new Set<AuthMode>();
        for (const directive of field.astNode?.directives ?? []) {
          if (directive.name.value === 'aws_api_key') modes.add('apiKey');
          if (directive.name.value === 'aws_lambda') modes.add('lambda');
        }
        const key = `${type.name}.${field.name}`;
        if (isRoot) this.fieldModes.set(key, modes);
        else if (modes.size) this.guardField(key, field as GraphQLField<unknown, RequestContext>, modes);
      }
    }
  }

  /**
   * A field with its own auth modes answers null with AppSync's Unauthorized error to a caller
   * outside them or denied it by the authorizer, as AppSync does; the rest of the record is served.
   */
  private guardField(key: string, field: GraphQLField<unknown, RequestContext>, modes: Set<AuthMode>): void {
    this.fieldModes.set(key, modes);
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source, args, context: RequestContext, info) => {
      const { auth } = context;
      if (!modes.has(auth.mode) || auth.deniedFields.has(key)) {
        throw unauthorized(`Not Authorized to access ${field.name} on type ${info.parentType.name}`);
      }
      return resolve(source, args, context, info) as unknown;
    };
  }

  /**
   * A filter may test only fields the caller may read: a filter on an admin-only field (an item's
   * price history, decision 0295) would tell its values by what it finds. AppSync is given the
   * same check (amplify/data/model-read-guard.ts).
   */
  private refuseUnreadableFilter(model: string, fieldName: string, filter: unknown, auth: RequestContext['auth']): void {
    for (const field of filterFields(filter)) {
      const modes = this.fieldModes.get(`${model}.${field}`);
      if (modes && (!modes.has(auth.mode) || auth.deniedFields.has(`${model}.${field}`)))
        throw unauthorized(`Not Authorized to access ${fieldName} on type Query`);
    }
  }

  private setRootResolver(typeName: 'Query' | 'Mutation', fieldName: string, resolve: GraphQLFieldResolver<unknown, RequestContext>): void {
    const type = typeName === 'Query' ? this.schema.getQueryType() : this.schema.getMutationType();
    const field = type?.getFields()[fieldName];
    if (!field) throw new Error(`the schema has no ${typeName}.${fieldName}`);
    const key = `${typeName}.${fieldName}`;
    const modes = this.fieldModes.get(key) ?? new Set<AuthMode>();
    field.resolve = (source, args, context: RequestContext, info) => {
      const { auth } = context;
      if (!modes.has(auth.mode) || auth.deniedFields.has(key)) {
        throw unauthorized(`Not Authorized to access ${fieldName} on type ${typeName}`);
      }
      return resolve(source, args, context, info) as unknown;
    };
  }

  private attachModelResolvers(): void {
    const { models } = this.options;
    for (const model of models) {
      const name = model.name;
      if (model.operations.has('get')) {
        this.setRootResolver('Query', `get${name}`, (_s, args, ctx) => spendLookup(ctx, ctx.store.get(name, args.id as string)));
        this.modelReadFields.add(`Query.get${name}`);
      }
      if (model.operations.has('list')) {
        this.setRootResolver('Query', `list${model.pluralName}`, (_s, args, ctx) => {
          this.refuseUnreadableFilter(name, `list${model.pluralName}`, args.filter, ctx.auth);
          return spendList(ctx, ctx.store.list(name, args));
        });
        this.modelReadFields.add(`Query.list${model.pluralName}`);
      }
      for (const op of MODEL_WRITES) {
        if (!model.operations.has(op)) continue;
        this.setRootResolver('Mutation', `${op}${name}`, async (_s, args, ctx) => {
          const input = args.input as Record<string, unknown>;
          await this.options.checkModelWrite?.({ op, model: name, input });
          const { recordModelWrite: record, completeModelWrite: complete } = this.options;
          return ctx.store.transaction(() => {
            const before = op === 'create' ? null : ctx.store.get(name, String(input.id));
            const stored = complete ? complete({ op, model: name, input }, before) : input;
            const written = ctx.store[op](
              name,
              stored as Record<string, unknown> & { id: string },
              args.condition as Record<string, unknown> | null,
            );
            record?.({ op, model: name, before, after: op === 'delete' ? null : written }, ctx.auth.principal);
            return written;
          });
        });
      }

      const objectType = this.schema.getType(name);
      if (!(objectType instanceof GraphQLObjectType)) throw new Error(`the schema has no type ${name}`);
      const fields = objectType.getFields();
      for (const relation of model.relations) {
        const field = fields[relation.name];
        if (!field) throw new Error(`the schema has no ${name}.${relation.name}`);
        field.resolve =
          relation.kind === 'hasMany'
            ? (parent: Record<string, unknown>, args, ctx: RequestContext) =>
                spendList(
                  ctx,
                  ctx.store.list(relation.target, { ...args, where: { field: relation.foreignKey, value: parent.id as string } }),
                )
            : (parent: Record<string, unknown>, _args, ctx: RequestContext) => {
                const key = parent[relation.foreignKey];
                return typeof key === 'string' ? spendLookup(ctx, ctx.store.get(relation.target, key)) : null;
              };
      }
    }
  }

  private attachCustomResolvers(): void {
    for (const [key, handler] of Object.entries(this.options.handlers)) {
      const [typeName, fieldName] = key.split('.') as ['Query' | 'Mutation', string];
      this.setRootResolver(typeName, fieldName, (_s, args, ctx) => handler(args, ctx));
    }
  }
}

/**
 * Runs tasks one after another, letting the event loop through (setImmediate) between them, so
 * requests that arrived meanwhile are served before the next task starts.
 */
/**
 * Runs tasks one at a time, letting the event loop through between them. Callers with a key (the
 * public and customers, by address) are bounded: at most `maxWaiting` of them wait in all, and at
 * most `maxPerKey` of one key's are in the lane (running or waiting); hasRoom says whether one
 * more fits. Tasks without a key (the server's own reads, admins) always queue.
 */
class OneAtATime {
  private busy = false;
  private readonly waiting: Array<() => void> = [];
  /** Keyed tasks waiting. */
  private keyedWaiting = 0;
  /** Keyed tasks in the lane (running or waiting), per key. */
  private readonly perKey = new Map<string, number>();

  constructor(
    private readonly maxWaiting: number,
    private readonly maxPerKey: number,
  ) {}

  hasRoom(key: string): boolean {
    if ((this.perKey.get(key) ?? 0) >= this.maxPerKey) return false;
    return !this.busy || this.keyedWaiting < this.maxWaiting;
  }

  async run<T>(task: () => Promise<T>, key?: string): Promise<T> {
    if (key !== undefined) this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1);
    try {
      if (this.busy) {
        if (key !== undefined) this.keyedWaiting += 1;
        await new Promise<void>((resolve) => this.waiting.push(resolve));
        if (key !== undefined) this.keyedWaiting -= 1;
      }
      this.busy = true;
      try {
        return await task();
      } finally {
        setImmediate(() => {
          const next = this.waiting.shift();
          if (next) next();
          else this.busy = false;
        });
      }
    } finally {
      if (key !== undefined) {
        const left = (this.perKey.get(key) ?? 1) - 1;
        if (left > 0) this.perKey.set(key, left);
        else this.perKey.delete(key);
      }
    }
  }
}

const formatCost = (cost: number) => (Number.isFinite(cost) && cost < 1e15 ? Math.round(cost).toLocaleString('en-US') : 'more than 10^15');

/**
 * The refusal of a caller over a limit (the address's rate budget, the dear lane's places), in one
 * shape wherever it is given: TooManyRequests with `retryAfterSeconds`.
 */
export function tooManyRequests(waitMs: number, what = 'Too many requests from this address'): AppSyncError {
  return {
    ...requestError('TooManyRequests', `${what}. Try again in ${waitText(waitMs)}.`),
    errorInfo: { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
  };
}

/** An error about the request as a whole (bad body, bad auth), in AppSync's shape. */
export function requestError(errorType: ErrorType, message: string): AppSyncError {
  return { path: null, data: null, errorType, errorInfo: null, locations: null, message };
}
