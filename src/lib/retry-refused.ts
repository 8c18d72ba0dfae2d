/**
 * Calls the server refused for coming too fast (`TooManyRequests`, shared/error-types.ts), tried
 * again after the wait the refusal names (`errorInfo.retryAfterSeconds`, server/http/graphql-route.ts),
 * a bounded number of times. Pure (no React, no client): the bulk item writes use it
 * (features/admin/items/bulk-runner.ts), and a run's calls share one pause, so one refusal holds
 * every call of the run instead of each finding the limit on its own.
 *
 *     const gate = newRetryGate();
 *     await retryRefused(() => client.graphql({ query, variables }), { gate });
 */
import { ERROR_TYPES } from '../../shared/error-types';

/** How many times one call is tried again after a refusal before the refusal counts as a failure. */
export const MAX_RETRIES = 5;
/** The wait when a refusal names none (or an unusable one). */
const DEFAULT_WAIT_SECONDS = 1;
/** A refusal asking for longer than this is waited this long (a bulk change is not held for minutes). */
const MAX_WAIT_SECONDS = 30;

interface RefusalError {
  errorType?: unknown;
  errorInfo?: { retryAfterSeconds?: unknown } | null;
}

function errorList(error: unknown): RefusalError[] {
  if (typeof error !== 'object' || error === null || !('errors' in error)) return [];
  const { errors } = error as { errors?: unknown };
  return Array.isArray(errors)
    ? errors.filter((entry): entry is RefusalError => typeof entry === 'object' && entry !== null).flatMap(unwrapHttpRefusal)
    : [];
}

/**
 * On AWS a refusal may come from the API's firewall (decision 0382) with status 429: the Amplify
 * client then throws one error whose `originalError.response.body` holds the refusal's own
 * `{ errors }`, which are read as if AppSync had sent them.
 */
function unwrapHttpRefusal(entry: RefusalError): RefusalError[] {
  const body = (entry as { originalError?: { response?: { body?: unknown } } }).originalError?.response?.body;
  if (entry.errorType !== undefined || typeof body !== 'string') return [entry];
  try {
    const inner = errorList(JSON.parse(body));
    return inner.length ? inner : [entry];
  } catch {
    return [entry];
  }
}

/**
 * How long (ms) the server asked to wait when `error` (a thrown `{ errors }`, as the Amplify
 * client throws, or an ApiCallError) is a `TooManyRequests` refusal; null for any other error.
 */
export function retryAfterMs(error: unknown): number | null {
  const refusal = errorList(error).find((entry) => entry.errorType === ERROR_TYPES.tooManyRequests);
  if (!refusal) return null;
  const seconds = refusal.errorInfo?.retryAfterSeconds;
  const usable = typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0;
  return Math.min(usable ? seconds : DEFAULT_WAIT_SECONDS, MAX_WAIT_SECONDS) * 1000;
}

/** The pause the calls of one run share: none starts before `resumeAt` (ms since the epoch). */
export interface RetryGate {
  resumeAt: number;
}

export const newRetryGate = (): RetryGate => ({ resumeAt: 0 });

export interface RetryOptions {
  /** Shared by the calls of a run; a call alone gets its own. */
  gate?: RetryGate;
  /** Tries after the first; MAX_RETRIES unless given. */
  retries?: number;
  /** Told each time a refusal is to be tried again (how long the run now waits). */
  onRetry?: (waitMs: number) => void;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `call`; when it throws a `TooManyRequests` refusal, waits as asked (holding every call that
 * shares the gate) and runs it again, up to `retries` times. Any other error, or a refusal past
 * the last retry, is thrown as it came.
 */
export async function retryRefused<T>(call: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const gate = options.gate ?? newRetryGate();
  const retries = options.retries ?? MAX_RETRIES;
  const sleep = options.sleep ?? wait;
  for (let attempt = 0; ; attempt += 1) {
    const pause = gate.resumeAt - Date.now();
    if (pause > 0) await sleep(pause);
    try {
      return await call();
    } catch (error) {
      const after = retryAfterMs(error);
      if (after === null || attempt >= retries) throw error;
      gate.resumeAt = Math.max(gate.resumeAt, Date.now() + after);
      options.onRetry?.(after);
    }
  }
}
