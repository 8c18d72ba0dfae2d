/**
 * POST /graphql: authenticates the request the way AppSync does (x-api-key for the public,
 * Authorization: <session token> for the Lambda authorizer), then runs it through the engine.
 * Errors are HTTP 200 with `errors[]` (the Amplify client reads nothing from a non-200), except
 * for requests that are not GraphQL at all.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decideAccess, type FieldPolicy } from '../auth/authorizer';
import type { SessionStore } from '../auth/sessions';
import type { ModelStore } from '../db/model-store';
import type { ErrorType } from '../errors';
import { requestError, tooManyRequests, type AppSyncError, type GraphQLEngine } from '../graphql/engine';
import { newRowBudget, type RequestAdmission, type RequestAuth } from '../graphql/request-context';
import { addressKey, type RateLimiter } from '../accounts/throttle';
import { ROLE_ADMIN } from '../../shared/roles';
import { BodyTooLargeError, readBody, sendJson } from './respond';
import type { ResponseCache } from './response-cache';
import { tokensForAnswer } from '../graphql/cost';
import { API_SECURITY_HEADERS } from './security-headers';

/** Every GraphQL request must fit in this (images go to their upload target, not through GraphQL). */
export const MAX_BODY_BYTES = 256 * 1024;
/**
 * An admin's request may be larger: a CSV import of MAX_IMPORT_ROWS rows is sent as one call, so it
 * lands in one transaction (about 1.5 MB for 5,000 rows with short descriptions). Judged from the
 * session before the body is read, so the public API key still gets MAX_BODY_BYTES.
 */
export const MAX_ADMIN_BODY_BYTES = 8 * 1024 * 1024;

export interface GraphQLRouteDeps {
  engine: GraphQLEngine;
  store: ModelStore;
  sessions: SessionStore;
  apiKey: string;
  policy: FieldPolicy;
  clientIp: (req: IncomingMessage) => string;
  cache: ResponseCache;
  /** Requests per address (null: no limit). */
  rateLimiter: RateLimiter | null;
  /** Told of every request refused as a whole, for one log line each (no stack traces). */
  onRefused: (refusal: Refusal) => void;
}

export interface Refusal {
  status: number;
  errorType: ErrorType;
  message: string;
  address: string;
}

/** Refusals sent before the whole body is read close the connection, so no client reuses it mid-body. */
const CLOSE_CONNECTION = { Connection: 'close' };
/** Bodies up to this length key the response cache as they are (500 entries: at most 2 MB of keys). */
const MAX_VERBATIM_KEY_LENGTH = 4096;

const NOT_AUTHORIZED = 'You are not authorized to make this call.';
/** The public key is denied no field (shared by every public request; never added to). */
const NO_FIELDS: ReadonlySet<string> = new Set();

export function authenticate(
  req: IncomingMessage,
  deps: Pick<GraphQLRouteDeps, 'sessions' | 'apiKey' | 'policy'>,
): RequestAuth | AppSyncError {
  const authorization = req.headers.authorization;
  if (authorization) {
    const principal = deps.sessions.resolve(authorization);
    const decision = decideAccess(principal, deps.policy);
    if (!decision.isAuthorized) return requestError('UnauthorizedException', NOT_AUTHORIZED);
    return { mode: 'lambda', principal, deniedFields: new Set(decision.deniedFields), token: authorization };
  }
  const apiKey = req.headers['x-api-key'];
  if (apiKey !== undefined) {
    if (apiKey !== deps.apiKey) return requestError('UnauthorizedException', NOT_AUTHORIZED);
    return { mode: 'apiKey', principal: null, deniedFields: NO_FIELDS, token: null };
  }
  return requestError('UnauthorizedException', 'Valid authorization header not provided.');
}

export async function handleGraphQL(req: IncomingMessage, res: ServerResponse, deps: GraphQLRouteDeps): Promise<void> {
  const address = deps.clientIp(req);
  // A module function, not a closure: the server runs under tsx, which names every closure made per request.
  const refused = { res, deps, address };
  if (req.method !== 'POST') {
    refuse(refused, 405, requestError('MethodNotAllowed', 'GraphQL requests must be POST with a JSON body.'), {
      Allow: 'POST',
      ...CLOSE_CONNECTION,
    });
    return;
  }
  // Everything up to the body is judged from the headers, so a refused caller sends no megabytes.
  // One token now; a request that runs pays the rest of its cost's tokens once it is priced.
  const key = addressKey(address);
  const wait = deps.rateLimiter?.take(key) ?? 0;
  if (wait > 0) {
    // HTTP 200 like every GraphQL error (the Amplify client reads nothing from another status).
    refuse(refused, 200, tooManyRequests(wait), { ...retryAfter(wait), ...CLOSE_CONNECTION });
    return;
  }
  if (!isJsonContentType(req.headers['content-type'])) {
    // Forms and text/plain are what a cross-site page can send without asking; GraphQL is JSON.
    refuse(refused, 415, requestError('UnsupportedMediaType', 'GraphQL requests must be sent as application/json.'), CLOSE_CONNECTION);
    return;
  }
  const auth = authenticate(req, deps);
  if ('errorType' in auth) {
    refuse(refused, 200, auth, CLOSE_CONNECTION);
    return;
  }
  const bodyLimit = auth.principal?.type === ROLE_ADMIN ? MAX_ADMIN_BODY_BYTES : MAX_BODY_BYTES;
  let body: Buffer;
  try {
    body = await readBody(req, bodyLimit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      refuse(refused, 413, requestError('PayloadTooLarge', `The request body is over the ${bodyLimit / 1024} KB limit.`), CLOSE_CONNECTION);
      return;
    }
    throw error;
  }
  const text = body.toString('utf8');
  const cacheKey = answerCacheKey(auth, text);
  const version = deps.store.version;
  const isAdmin = auth.principal?.type === ROLE_ADMIN;
  const cached = deps.cache.get(cacheKey, version);
  if (cached !== undefined) {
    // One token, whatever it weighs (decision 0376): it was built once, and paid for by weight, for
    // every visitor; sending it writes that one buffer, and what a client that does not read can
    // hold is bounded by the connection caps (MAX_PIPELINED_REQUESTS, MAX_CONNECTIONS_PER_ADDRESS)
    // and by the address's cap of unread answers (MAX_UNREAD_MB_PER_ADDRESS, decision 0381).
    sendRawJson(res, cached);
    return;
  }
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch {
    refuse(refused, 400, requestError('BadRequest', 'The request body is not valid JSON.'));
    return;
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    refuse(refused, 400, requestError('BadRequest', 'The request body must be a JSON object with a query.'));
    return;
  }
  // Admins are neither charged by cost nor bounded in the dear lane: their screens' costs are upper
  // bounds far above what they read, and they are signed in, not anyone with the public key.
  let paidTokens = 1;
  const admission: RequestAdmission | undefined = isAdmin
    ? undefined
    : {
        key,
        charge: (tokens) => {
          const wait = tokens > 1 && deps.rateLimiter ? deps.rateLimiter.take(key, tokens - 1) : 0;
          if (wait === 0) paidTokens = tokens;
          return wait;
        },
      };
  const { response, cacheable } = await deps.engine.execute(request, {
    auth,
    clientIp: address,
    store: deps.store,
    rowBudget: newRowBudget(),
    admission,
  });
  // No data at all: the request was refused as a whole (its shape, cost, arguments or a limit).
  const refusal = response.data === undefined ? response.errors?.[0] : undefined;
  if (refusal) deps.onRefused({ status: 200, errorType: refusal.errorType, message: refusal.message, address });
  // Serializing is synchronous: a dearest answer (1,000 records) takes a few milliseconds here.
  const json = answerBody(JSON.stringify(response));
  if (cacheable) deps.cache.set(cacheKey, version, json);
  // An answer heavier than its price (the estimate goes by average stored lengths) takes the rest
  // of its tokens now, into debt: the address's next requests wait for them.
  if (admission && deps.rateLimiter) {
    const owed = tokensForAnswer(bodyLength(json)) - paidTokens;
    if (owed > 0) deps.rateLimiter.spend(key, owed);
  }
  const retryAfterSeconds = refusal?.errorType === 'TooManyRequests' ? refusal.errorInfo?.retryAfterSeconds : undefined;
  sendRawJson(res, json, typeof retryAfterSeconds === 'number' ? { 'Retry-After': String(retryAfterSeconds) } : undefined);
}

/**
 * Where an answer is kept: answers depend on the caller's class (public, user, admin), never on
 * who exactly they are. A short body (every query the SPA sends) is its own key; a longer one is
 * keyed by its digest, so the cache never holds large request bodies. A public JSON body is the
 * key as it came, with no class prefix to copy it into (the busiest lookup: about 2% of a
 * getItem's time); every other key starts with its class's name, a letter, so no body, whatever
 * it holds, can name another class's answer. Whatever else keeps answers in this cache must key
 * them by a name that starts with a letter too (the calendars' `event-calendar:`).
 */
function answerCacheKey(auth: RequestAuth, text: string): string {
  const verbatim = text.length <= MAX_VERBATIM_KEY_LENGTH;
  if (verbatim && auth.mode === 'apiKey' && text.startsWith('{')) return text;
  const bodyKey = verbatim ? text : createHash('sha256').update(text).digest('base64');
  return `${auth.mode}:${auth.principal?.type ?? '-'}:${bodyKey}`;
}

/** Answers a request refused as a whole, and tells deps.onRefused. */
function refuse(
  { res, deps, address }: { res: ServerResponse; deps: GraphQLRouteDeps; address: string },
  status: number,
  error: AppSyncError,
  headers: Record<string, string> = {},
): void {
  deps.onRefused({ status, errorType: error.errorType, message: error.message, address });
  sendJson(res, status, { errors: [error] }, { ...API_SECURITY_HEADERS, ...headers });
}

/** The Retry-After header for a wait of `ms`, in whole seconds (at least 1). */
export const retryAfter = (ms: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))) });

/** `application/json`, with or without parameters such as charset (the Amplify client sends one). */
export function isJsonContentType(header: string | undefined): boolean {
  return header !== undefined && JSON_MEDIA_TYPE.test(header);
}
const JSON_MEDIA_TYPE = /^\s*application\/json\s*(;|$)/i;

/** Every answer's headers but its length, in writeHead's array form (node:http's quickest path). */
const ANSWER_HEADERS = [
  ['Content-Type', 'application/json; charset=utf-8'],
  ['Cache-Control', 'no-store'],
  ...Object.entries(API_SECURITY_HEADERS),
].flat();

/**
 * An answer as it is kept and sent: a short one as its text, which node:http writes with its
 * headers in one piece (a buffer goes as a second piece: about 2-4% of a getItem's throughput), a
 * longer one as bytes, encoded once rather than on every send.
 */
export type AnswerBody = string | Buffer;
const MAX_TEXT_ANSWER_LENGTH = 8 * 1024;
const answerBody = (json: string): AnswerBody => (json.length <= MAX_TEXT_ANSWER_LENGTH ? json : Buffer.from(json));
const bodyLength = (body: AnswerBody): number => (typeof body === 'string' ? Buffer.byteLength(body) : body.length);

function sendRawJson(res: ServerResponse, json: AnswerBody, headers?: Record<string, string>): void {
  const all = [...ANSWER_HEADERS, 'Content-Length', String(bodyLength(json))];
  if (headers) for (const name in headers) all.push(name, headers[name]!);
  res.writeHead(200, all);
  res.end(json);
}
