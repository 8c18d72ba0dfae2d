/**
 * Runs the composition's handler table (server/composition/compose-shop.ts) inside a Lambda function that
 * AppSync invokes for a custom mutation. Amplify's invoke template sends
 * `{ typeName, fieldName, arguments, identity, request, ... }`; the Lambda authorizer's
 * resolverContext arrives as `identity.resolverContext`.
 *
 * A thrown error would reach the browser as `errorType: "Lambda:Unhandled"`. So errors the
 * handlers raise on purpose (AppError) are returned as `{ error }` and everything else as
 * `{ data }`; backend.ts replaces the response template of these functions with
 * RESPONSE_TEMPLATE, which raises `{ error }` with its own errorType and errorInfo, as the local
 * server reports them.
 */
import { decideAccess, type FieldPolicy, type Principal } from '../../../server/auth/authorizer';
import { AppError } from '../../../server/errors';
import { newRowBudget, type CustomHandler, type RequestContext } from '../../../server/graphql/request-context';
import { textTooLongMessage, tooLongTextIn } from '../../../shared/validation/text';
import { ERROR_TYPES } from '../../../shared/error-types';
import { operatorLine } from '../../../shared/log-line';
import { isRole } from '../../../shared/roles';

export interface AmplifyFunctionEvent {
  typeName: string;
  fieldName: string;
  arguments?: Record<string, unknown> | null;
  identity?: { resolverContext?: Record<string, string> } | null;
  request?: { headers?: Record<string, string | undefined> } | null;
}

/** What Lambda hands a handler beside the event; only the time left is read (decision 0307). */
export interface LambdaContext {
  getRemainingTimeInMillis?: () => number;
}

export type FunctionResult =
  { data: unknown } | { error: { errorType: string; message: string; errorInfo: Record<string, unknown> | null } };

export const RESPONSE_TEMPLATE = `## Our functions answer { data } or { error } (amplify/functions/common/appsync.ts).
#if( $ctx.error )
  $util.error($ctx.error.message, $ctx.error.type)
#end
#if( !$util.isNull($ctx.result.error) )
  $util.error($ctx.result.error.message, $ctx.result.error.errorType, null, $ctx.result.error.errorInfo)
#end
$util.toJson($ctx.result.data)`;

/** Who is calling, from the authorizer's resolverContext; null under the API key. */
export function principalOf(event: AmplifyFunctionEvent): Principal | null {
  const context = event.identity?.resolverContext;
  const type = Number(context?.type);
  if (!context?.userId || !isRole(type)) return null;
  return { userId: context.userId, name: context.name ?? '', type };
}

export function headerOf(event: AmplifyFunctionEvent, name: string): string | null {
  const headers = event.request?.headers ?? {};
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  return found?.[1] ?? null;
}

/**
 * Entries AWS appends to X-Forwarded-For after the client's own address: AppSync's endpoint is a
 * CloudFront distribution, which appends the address its viewer connected from, and behind it
 * AppSync's side appends the CloudFront edge's address (decision 0182).
 */
export const ENTRIES_AFTER_CLIENT = 1;

/**
 * The caller's address, as CloudFront saw the connection: the entry just before the ones AWS
 * appends after it. Everything earlier is whatever the client sent, so the first entry (used before
 * decision 0182) let a client pick a new address, and a fresh throttle, with every request.
 */
export function clientIpOf(event: AmplifyFunctionEvent): string {
  const raw: unknown = headerOf(event, 'x-forwarded-for');
  const header = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '';
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than expected: nothing came after the client, so the last one is AWS's own.
  return entries[entries.length - 1 - ENTRIES_AFTER_CLIENT] ?? entries[entries.length - 1] ?? 'unknown';
}

export function requestContextOf(event: AmplifyFunctionEvent, lambda?: LambdaContext): RequestContext {
  const principal = principalOf(event);
  const remaining = lambda?.getRemainingTimeInMillis?.bind(lambda);
  return {
    ...(remaining ? { remainingMs: remaining } : {}),
    auth: {
      mode: principal ? 'lambda' : 'apiKey',
      principal,
      deniedFields: new Set(),
      token: principal ? headerOf(event, 'authorization') : null,
    },
    clientIp: clientIpOf(event),
    // The custom handlers never touch the local ModelStore; the cloud's stores come in through the services.
    store: undefined as never,
    rowBudget: newRowBudget(),
  };
}

/** Runs the handler for `Type.field` if this function serves it. */
export async function runHandler(
  handlers: Record<string, CustomHandler>,
  served: ReadonlySet<string>,
  policy: FieldPolicy,
  event: AmplifyFunctionEvent,
  lambda?: LambdaContext,
): Promise<FunctionResult> {
  const key = `${event.typeName}.${event.fieldName}`;
  // The authorizer's deniedFields decide this first, but AppSync documents denied fields as nulled
  // in the answer; the handler must not run for them at all (the cloud role matrix checks it).
  const principal = principalOf(event);
  if (principal && decideAccess(principal, policy).deniedFields.includes(key)) {
    return {
      error: {
        errorType: ERROR_TYPES.unauthorized,
        message: `Not Authorized to access ${event.fieldName} on type ${event.typeName}`,
        errorInfo: null,
      },
    };
  }
  const handler = served.has(key) ? handlers[key] : undefined;
  if (!handler) return { error: { errorType: ERROR_TYPES.badRequest, message: `${key} is not served by this function`, errorInfo: null } };
  // AppSync checks types only; texts get the limit the local server applies before any handler.
  const tooLong = tooLongTextIn(event.arguments ?? {});
  if (tooLong) return { error: { errorType: ERROR_TYPES.validation, message: textTooLongMessage(tooLong), errorInfo: null } };
  try {
    return { data: await handler(event.arguments ?? {}, requestContextOf(event, lambda)) };
  } catch (error) {
    return errorResult(error, key);
  }
}

/** An error as the response template raises it: an AppError as it is, anything else as internal. */
export function errorResult(error: unknown, what: string): FunctionResult {
  if (error instanceof AppError) return { error: { errorType: error.errorType, message: error.message, errorInfo: error.errorInfo } };
  // One clipped line, no stack: the error's text may be the caller's (decision 0266).
  console.error(operatorLine('lambda', `${what} failed`, error));
  return { error: { errorType: ERROR_TYPES.internal, message: 'An internal error occurred.', errorInfo: null } };
}

/** A dependency this function does not have (e.g. image storage in the accounts function). */
export function notServedHere<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get: () => {
      throw new Error(`${what} is not available in this function`);
    },
  });
}
