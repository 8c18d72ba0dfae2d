/**
 * An AppSync endpoint built from the synthesized API: the AppSync simulator runs the generated VTL
 * pipeline resolvers against DynamoDB Local and the Lambda data sources, and this module puts
 * AppSync's own front in front of it, which the simulator lacks (design §8, gap 1):
 * - auth mode chosen as AppSync does: `x-api-key` -> API key; any other `Authorization` -> the
 *   Lambda authorizer, called with `{ authorizationToken, requestContext }`;
 * - the authorizer's answer cached per token for its TTL (`ttlOverride` or the API's setting),
 *   401 `UnauthorizedException` when it refuses, `deniedFields` answered `Unauthorized`;
 * - `$util.authType()` is "Lambda Authorization" and `$ctx.identity` is `{ resolverContext }`;
 * - `$ctx.request.headers` as AppSync hands them on (viewer-headers.ts): X-Forwarded-For with the
 *   client's own header, the address CloudFront saw it connect from, then a CloudFront edge's,
 *   and CloudFront's other headers, in the shape of a captured AppSync event;
 * And one route AppSync has not, for the cloud batteries: POST /_emulation/cold-start ends every
 * Lambda instance, so the next call to each function starts a fresh one. And POST
 * /_emulation/schedule runs a function as one of amplify/backend.ts's EventBridge schedules does,
 * with the rule's input as its event (the emulation has no EventBridge).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Firewall, firewallRules } from './firewall';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AddressInfo } from 'node:net';
import type * as GraphQL from 'graphql';
import type { SynthesizedBackend } from './backend';
import type { LambdaFunction, LambdaHooks } from './lambda-runtime';
import { AWS_LIMITS, changeLimits, jsonBytes, type EmulationLimits } from './limits';
import { OFFLINE_CREDENTIALS } from './services';
import { viewerHeaders } from './viewer-headers';
import { listenOnLoopback } from './loopback';

const require = createRequire(import.meta.url);
const simulatorLib = (path: string) => require(`@aws-amplify/amplify-appsync-simulator/lib/${path}`) as Record<string, any>;
const { AmplifyAppSyncSimulator } = simulatorLib('index') as {
  AmplifyAppSyncSimulator: new () => { init(config: unknown): void; schema: any };
};
const { runQueryOrMutation } = simulatorLib('utils/graphql-runner/query-and-mutation');
const { getOperationType } = simulatorLib('utils/graphql-runner/helpers');
const { Unauthorized, TemplateSentError } = simulatorLib('velocity/util');
const { parse, GraphQLError, defaultFieldResolver } = require('graphql') as typeof GraphQL;

const LAMBDA = 'AWS_LAMBDA';

// The simulator knows the AWS_LAMBDA mode for @aws_lambda checks but not for the VTL context.
const authUtilsModule = simulatorLib('velocity/util/auth-utils');
const baseAuthUtils = authUtilsModule.authUtils as (context: { requestAuthorizationMode: string }) => { authType(): string };
authUtilsModule.authUtils = (context: { requestAuthorizationMode: string }) => ({
  authType: () => (context.requestAuthorizationMode === LAMBDA ? 'Lambda Authorization' : baseAuthUtils(context).authType()),
});
const { VelocityTemplate } = simulatorLib('velocity');
const { map: mapValue } = simulatorLib('velocity/value-mapper/mapper');
const buildRenderContext = VelocityTemplate.prototype.buildRenderContext as (...args: unknown[]) => { ctx: Record<string, unknown> };
VelocityTemplate.prototype.buildRenderContext = function (
  this: unknown,
  ctxValues: unknown,
  requestContext: { requestAuthorizationMode: string; resolverContext?: unknown },
  info: unknown,
) {
  const rendered = buildRenderContext.call(this, ctxValues, requestContext, info);
  if (requestContext.requestAuthorizationMode === LAMBDA)
    rendered.ctx.identity = mapValue({ resolverContext: requestContext.resolverContext ?? {} });
  return rendered;
};

/** What one GraphQL request has used of AppSync's limits (design §8, decision 0287). */
interface RequestScope {
  limits: EmulationLimits;
  resolverExecutions: number;
  /** Lambda invocations this request is waiting for: a timeout then names the Lambda source. */
  lambdaCallsInFlight: number;
}
const requestScope = new AsyncLocalStorage<RequestScope>();

// An evaluated template over the limit is refused as AppSync refuses it (errorType MappingTemplate,
// "Transformation too large"), request and response templates alike.
const render = VelocityTemplate.prototype.render as (...args: unknown[]) => { result: unknown };
VelocityTemplate.prototype.render = function (this: unknown, ctxValues: unknown, requestContext: unknown, info: unknown) {
  const rendered = render.call(this, ctxValues, requestContext, info);
  const scope = requestScope.getStore();
  if (scope && jsonBytes(rendered.result) > scope.limits.templateBytes)
    throw new TemplateSentError('Transformation too large', 'MappingTemplate', null, null, info);
  return rendered;
};

// $util.transform as AppSync has it (design §8, gaps 2 and 3): a condition keeps its
// expression values, and neither a condition nor a filter carries values its expression does not
// use (DynamoDB refuses those). Without this every conditional write (a stale-edit check, a
// promote) failed with DynamoDB:ValidationException, which AppSync does not do.
const { transformUtils } = simulatorLib('velocity/util/transform');
const { generateFilterExpression } = simulatorLib('velocity/util/transform/dynamodb-filter');
const dynamoExpression = (input: { toJSON(): unknown }) => {
  const result = generateFilterExpression(input.toJSON()) as {
    expressions: string[];
    expressionNames: Record<string, string>;
    expressionValues: Record<string, unknown>;
  };
  const expression = result.expressions.join(' ').trim();
  const expressionValues = Object.fromEntries(
    Object.entries(result.expressionValues).filter(([name]) => new RegExp(`${name}(?![\\w])`).test(expression)),
  );
  return JSON.stringify({ expression, expressionNames: result.expressionNames, expressionValues });
};
transformUtils.toDynamoDBConditionExpression = dynamoExpression;
transformUtils.toDynamoDBFilterExpression = dynamoExpression;

interface AuthorizerAnswer {
  isAuthorized: boolean;
  resolverContext?: Record<string, string>;
  deniedFields?: string[];
  ttlOverride?: number;
}

export interface AppSyncEndpoint {
  url: string;
  apiKey: string;
  server: Server;
  authorizerCalls: () => number;
}

export async function startAppSync(
  backend: SynthesizedBackend,
  lambdas: Map<string, LambdaFunction>,
  options: { port: number; apiKey: string; dynamoEndpoint: string; limits?: EmulationLimits; hooks?: LambdaHooks },
): Promise<AppSyncEndpoint> {
  const limits = options.limits ?? { ...AWS_LIMITS };
  const hooks = options.hooks ?? { slowFunction: '', slowByMs: 0 };
  const lambda = (name: string) => {
    const fn = lambdas.get(name);
    if (!fn) throw new Error(`no Lambda function ${name}`);
    return fn;
  };
  const simulator = new AmplifyAppSyncSimulator();
  simulator.init({
    schema: { content: backend.schema },
    mappingTemplates: backend.mappingTemplates,
    functions: backend.appsyncFunctions,
    resolvers: backend.resolvers,
    dataSources: backend.dataSources.map((source) => {
      switch (source.type) {
        case 'AMAZON_DYNAMODB':
          return {
            ...source,
            config: {
              endpoint: options.dynamoEndpoint,
              region: 'us-east-1',
              credentials: OFFLINE_CREDENTIALS,
              tableName: source.tableName,
            },
          };
        case 'AWS_LAMBDA': {
          const fn = lambda(source.functionName);
          return {
            ...source,
            invoke: async (payload: unknown) => {
              const scope = requestScope.getStore();
              if (scope) scope.lambdaCallsInFlight++;
              try {
                return await fn.invoke(payload);
              } catch (error) {
                // The simulator hands `type` to the response template as $ctx.error.type.
                throw Object.assign(new Error((error as Error).message), {
                  type: (error as { errorType?: string }).errorType ?? 'Lambda:Unhandled',
                });
              } finally {
                if (scope) scope.lambdaCallsInFlight--;
              }
            },
          };
        }
        default:
          return source;
      }
    }),
    appSync: {
      name: 'shop',
      apiKey: options.apiKey,
      defaultAuthenticationType: { authenticationType: 'API_KEY' },
      additionalAuthenticationProviders: [
        {
          authenticationType: LAMBDA,
          lambdaAuthorizerConfig: {
            AuthorizerUri: backend.authorizer.functionName,
            AuthorizerResultTtlInSeconds: backend.authorizer.resultTtlSeconds,
          },
        },
        { authenticationType: 'AWS_IAM' },
      ],
    },
  });
  denyFieldsFromContext(simulator.schema, backend.resolvers);
  countResolverExecutions(simulator.schema, backend.resolvers);

  const startingLimits = { ...limits };
  const authorizer = lambda(backend.authorizer.functionName);
  const cache = new Map<string, { answer: AuthorizerAnswer; until: number }>();
  let authorizerCalls = 0;
  const authorize = async (
    token: string,
    body: { query?: string; operationName?: string; variables?: unknown },
  ): Promise<AuthorizerAnswer> => {
    const cached = cache.get(token);
    if (cached && cached.until > Date.now()) return cached.answer;
    authorizerCalls++;
    let answer: AuthorizerAnswer;
    try {
      answer = (await authorizer.invoke({
        authorizationToken: token,
        requestContext: {
          apiId: 'offlineapi',
          accountId: '123456789012',
          requestId: randomUUID(),
          queryString: body.query ?? '',
          operationName: body.operationName,
          variables: body.variables ?? {},
        },
      })) as AuthorizerAnswer;
    } catch {
      return { isAuthorized: false }; // a failed authorizer refuses, and is asked again next time
    }
    const ttl = answer.ttlOverride ?? backend.authorizer.resultTtlSeconds;
    if (ttl > 0) cache.set(token, { answer, until: Date.now() + ttl * 1000 });
    else cache.delete(token);
    return answer;
  };

  // The batteries send thousands of requests a minute from one loopback address, as no visitor
  // does: `npm run test:cloud` starts the firewall with a higher limit (CLOUD_FIREWALL_LIMIT), and
  // tests/cloud/firewall.test.ts lowers it to test the template's rule and puts this one back.
  const startingFirewallLimit = process.env.CLOUD_FIREWALL_LIMIT ? Number(process.env.CLOUD_FIREWALL_LIMIT) : null;
  const firewall = new Firewall(firewallRules(backend.app));
  firewall.limitOverride = startingFirewallLimit;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('appsync emulation:', error);
      if (!res.headersSent) send(res, 500, { errors: [{ errorType: 'InternalFailure', message: 'An internal failure occurred' }] });
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader(
      'Access-Control-Allow-Headers',
      'content-type, x-api-key, authorization, x-amz-date, x-amz-security-token, x-amz-user-agent',
    );
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.setHeader('Access-Control-Max-Age', '86400');
    // The API's web ACL (decision 0382) sees every request before AppSync, preflights included; a
    // request it blocks gets the rule's response alone, none of AppSync's headers.
    if (req.url?.split('?')[0] === '/graphql') {
      const blocked = firewall.check(req.socket.remoteAddress ?? 'unknown');
      if (blocked) {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        res.writeHead(blocked.status, { ...blocked.headers, 'Content-Type': blocked.contentType });
        return void res.end(blocked.body);
      }
    }
    if (req.method === 'OPTIONS') return void res.writeHead(200).end();
    // For the cloud batteries (tests/cloud/firewall.test.ts): the web ACL's limit for one test
    // ({"limit": null} puts back the one it started with) and its counts forgotten.
    if (req.method === 'POST' && req.url === '/_emulation/firewall') {
      const { limit } = JSON.parse((await readBody(req)) || '{}') as { limit?: unknown };
      if (limit !== null && !(typeof limit === 'number' && Number.isInteger(limit) && limit > 0))
        return send(res, 400, { message: 'limit must be a positive whole number, or null for the template' });
      firewall.limitOverride = limit ?? startingFirewallLimit;
      firewall.reset();
      return send(res, 200, {
        rules: firewall.rules.map(({ name, limit: ruleLimit, windowMs }) => ({ name, limit: ruleLimit, windowMs })),
      });
    }
    if (req.method === 'POST' && req.url === '/_emulation/cold-start') {
      for (const fn of lambdas.values()) fn.stop();
      return send(res, 200, { stopped: lambdas.size });
    }
    // For the cloud batteries (tests/cloud/limits.test.ts): the limits in force, changed for one test
    // ({"reset": true} puts back the ones the emulation started with); a slow-function hook; and
    // how many instances each function has up.
    if (req.url === '/_emulation/limits' && (req.method === 'GET' || req.method === 'POST')) {
      if (req.method === 'POST') {
        try {
          const change = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
          if (change.reset === true) Object.assign(limits, startingLimits);
          else changeLimits(limits, change);
        } catch (error) {
          return send(res, 400, { message: (error as Error).message });
        }
      }
      return send(res, 200, { limits, aws: AWS_LIMITS });
    }
    if (req.method === 'POST' && req.url === '/_emulation/hooks') {
      const change = JSON.parse((await readBody(req)) || '{}') as Partial<LambdaHooks>;
      hooks.slowFunction = typeof change.slowFunction === 'string' ? change.slowFunction : '';
      hooks.slowByMs = typeof change.slowByMs === 'number' && change.slowByMs > 0 ? change.slowByMs : 0;
      return send(res, 200, hooks);
    }
    // A redeploy with other settings (tests/cloud/outbox.test.ts: no SMTP_HOST, decision 0366): new
    // values for variables the template already gives a function, as EmulationOptions.deployEnvironment
    // does at start; every instance is stopped, so the next call starts one with them. Answers the
    // values they had, to put back after.
    if (req.method === 'POST' && req.url === '/_emulation/environment') {
      const change = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
      const before: Record<string, string> = {};
      for (const fn of lambdas.values()) {
        const environment = fn.definition.environment;
        for (const [name, value] of Object.entries(change)) {
          if (typeof value !== 'string' || !(name in environment)) continue;
          before[name] ??= environment[name]!;
          environment[name] = value;
        }
        fn.stop();
      }
      return send(res, 200, { before });
    }
    if (req.method === 'POST' && req.url === '/_emulation/schedule') {
      const { function: name, event } = JSON.parse((await readBody(req)) || '{}') as { function?: unknown; event?: unknown };
      const matching = [...lambdas.keys()].filter(
        (key) => typeof name === 'string' && name && key.toLowerCase().includes(name.toLowerCase()),
      );
      if (matching.length !== 1 || typeof event !== 'object' || event === null)
        return send(res, 400, { message: `${matching.length} functions match ${String(name)}, or no event` });
      return send(res, 200, { result: await lambda(matching[0]!).invoke(event) });
    }
    if (req.method === 'GET' && req.url === '/_emulation/lambdas')
      return send(res, 200, Object.fromEntries([...lambdas].map(([name, fn]) => [name, { instances: fn.instanceCount }])));
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/graphql')
      return send(res, 404, { errors: [{ errorType: 'NotFound', message: 'Not found' }] });
    let body: { query?: string; operationName?: string; variables?: Record<string, unknown> };
    try {
      body = JSON.parse((await readBody(req)) || '{}') as typeof body;
    } catch {
      return send(res, 400, { errors: [{ errorType: 'MalformedHttpRequestException', message: 'The request body is not JSON.' }] });
    }

    const apiKey = req.headers['x-api-key'];
    const token = req.headers.authorization;
    let auth: { requestAuthorizationMode: string; resolverContext?: Record<string, string>; deniedFields?: string[] };
    if (typeof apiKey === 'string') {
      if (apiKey !== options.apiKey) return unauthorized(res, 'You are not authorized to make this call.');
      auth = { requestAuthorizationMode: 'API_KEY' };
    } else if (typeof token === 'string' && token) {
      const answer = await authorize(token, body);
      if (!answer.isAuthorized) return unauthorized(res, 'You are not authorized to make this call.');
      auth = { requestAuthorizationMode: LAMBDA, resolverContext: answer.resolverContext ?? {}, deniedFields: answer.deniedFields ?? [] };
    } else {
      return unauthorized(res, 'Valid authorization header not provided.');
    }

    let document;
    try {
      document = parse(body.query ?? '');
    } catch (error) {
      return send(res, 400, { errors: [{ errorType: 'MalformedHttpRequestException', message: (error as Error).message }] });
    }
    const headers = viewerHeaders(req.headers, req.socket.remoteAddress);
    const context = { ...auth, headers, sourceIp: req.socket.remoteAddress, appsyncErrors: [] };
    const type = getOperationType(document, body.operationName);
    if (type !== 'query' && type !== 'mutation')
      return send(res, 400, { errors: [{ errorType: 'UnsupportedOperation', message: `${type} is not served here` }] });
    const scope: RequestScope = { limits, resolverExecutions: 0, lambdaCallsInFlight: 0 };
    const execution = requestScope.run(scope, () =>
      runQueryOrMutation(simulator.schema, document, body.variables ?? {}, body.operationName, context),
    ) as Promise<{ data?: unknown; errors?: Array<Record<string, any>> }>;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), limits.requestTimeoutMs)));
    const result = await Promise.race([execution, timedOut]).finally(() => clearTimeout(timer));
    // AppSync answers at its limit whatever still runs (a Lambda goes on to its own timeout).
    if (result === 'timeout') return send(res, 200, timedOutAnswer(document, body.operationName, scope));
    send(res, 200, appSyncShape(result));
  };

  await listenOnLoopback(server, options.port);
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/graphql`, apiKey: options.apiKey, server, authorizerCalls: () => authorizerCalls };
}

/**
 * Fields the authorizer named in `deniedFields` (`Type.field`; this authorizer never names ARNs)
 * answer null with AppSync's Unauthorized error: root fields, and fields of other types that have
 * their own auth rule, which gives them their own resolver (an item's price history, decision 0295). AppSync documents them as
 * "forcibly changed to null, even if a value was returned from a resolver", so the resolver runs
 * first here: a write that only deniedFields would stop is then done, and the batteries'
 * stored-state checks see it.
 */
function denyFieldsFromContext(schema: any, resolvers: SynthesizedBackend['resolvers']): void {
  const roots = [schema.getQueryType(), schema.getMutationType()].filter(Boolean);
  // A field with its own auth rule gets its own resolver from Amplify's transformer (the SDL
  // keeps no directive on it, and the simulator's schema none at all): those are the fields of
  // other types an authorizer names.
  const guarded = new Set(resolvers.map(({ typeName, fieldName }) => `${typeName}.${fieldName}`));
  for (const type of Object.values<any>(schema.getTypeMap())) {
    // Object types only (the simulator's own graphql copy: by shape, not instanceof).
    if (type.name.startsWith('__') || typeof type.getInterfaces !== 'function' || 'resolveType' in type) continue;
    const isRoot = roots.includes(type);
    for (const field of Object.values<{ name: string; resolve?: (...args: any[]) => unknown }>(type.getFields())) {
      if (!isRoot && !guarded.has(`${type.name}.${field.name}`)) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = async (
        source: unknown,
        args: unknown,
        ctx: { deniedFields?: string[]; appsyncErrors: unknown[] },
        info: { parentType: { name: string } },
      ) => {
        if (!ctx.deniedFields?.includes(`${info.parentType.name}.${field.name}`)) return resolve(source, args, ctx, info);
        const errorsBefore = ctx.appsyncErrors.length;
        try {
          await resolve(source, args, ctx, info);
        } catch {
          /* replaced by the denial */
        }
        // The simulator replaces this array as it goes: drop what the denied resolver added.
        ctx.appsyncErrors = ctx.appsyncErrors.slice(0, errorsBefore);
        throw new Unauthorized(`Not Authorized to access ${field.name} on type ${info.parentType.name}`, info);
      };
    }
  }
}

/**
 * Fields with a resolver count as AppSync counts resolver executions; past the limit a field
 * answers null with an error. The error's type and message are the ones reported from AppSync
 * (decision 0287).
 */
function countResolverExecutions(schema: any, resolvers: SynthesizedBackend['resolvers']): void {
  for (const { typeName, fieldName } of resolvers) {
    const field = schema.getType(typeName)?.getFields()[fieldName] as { resolve?: (...args: any[]) => unknown } | undefined;
    if (!field) continue;
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source: unknown, args: unknown, ctx: unknown, info: unknown) => {
      const scope = requestScope.getStore();
      if (scope && ++scope.resolverExecutions > scope.limits.resolverExecutions)
        throw new TemplateSentError('Resolver execution limit reached.', 'ResolverExecutionLimitReached', null, null, info);
      return resolve(source, args, ctx, info);
    };
  }
}

/**
 * What AppSync answers at its request time limit: each root field null with "Execution timed out."
 * and the source it was waiting for (`Lambda:ExecutionTimeoutException`, as reported from AppSync).
 */
function timedOutAnswer(document: GraphQL.DocumentNode, operationName: string | undefined, scope: RequestScope) {
  const operation = document.definitions.find(
    (definition): definition is GraphQL.OperationDefinitionNode =>
      definition.kind === 'OperationDefinition' && (!operationName || definition.name?.value === operationName),
  );
  const keys = (operation?.selectionSet.selections ?? [])
    .filter((selection): selection is GraphQL.FieldNode => selection.kind === 'Field')
    .map((field) => ({ key: field.alias?.value ?? field.name.value, loc: field.loc }));
  const errorType = scope.lambdaCallsInFlight > 0 ? 'Lambda:ExecutionTimeoutException' : 'ExecutionTimeoutException';
  return {
    data: Object.fromEntries(keys.map(({ key }) => [key, null])),
    errors: keys.map(({ key, loc }) => ({
      path: [key],
      data: null,
      errorType,
      errorInfo: null,
      locations: loc ? [{ line: loc.startToken.line, column: loc.startToken.column, sourceName: null }] : null,
      message: 'Execution timed out.',
    })),
  };
}

/** AppSync's error entries: path, data, errorType, errorInfo, locations, message. */
function appSyncShape(result: { data?: unknown; errors?: Array<Record<string, any>> }) {
  if (!result.errors?.length) return { data: result.data ?? null };
  return {
    data: result.data ?? null,
    errors: result.errors.map((error) => {
      const original = error instanceof GraphQLError ? (error.originalError as Record<string, any> | undefined) : undefined;
      return {
        path: error.path ?? null,
        data: error.data ?? null,
        errorType: error.errorType ?? original?.type ?? error.extensions?.errorType ?? null,
        errorInfo: error.errorInfo ?? null,
        locations: error.locations ?? null,
        message: error.message,
      };
    }),
  };
}

/** Listens on 127.0.0.1, failing (not hanging) when the port is taken. */
function unauthorized(res: ServerResponse, message: string) {
  send(res, 401, { errors: [{ errorType: 'UnauthorizedException', message }] });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
