/**
 * Transactions as AWS asks for them (design §7; decision 0301): every TransactWriteItems carries
 * a ClientRequestToken, and what DynamoDB answers "try again" to is tried again here, with
 * exponential back-off and full jitter, never reported to the caller as a stale edit.
 *
 * - A cancellation whose reasons are only `TransactionConflict` or throttling (another
 *   transaction held an item; a partition was busy) is retried as a new transaction, with a new
 *   token: nothing of it was written. Its conditions are sent again unchanged, so if the other
 *   writer changed a record meanwhile, the retry fails its condition and the caller reports that.
 * - A cancellation naming `ConditionalCheckFailed` is the caller's to report (a stale edit, a
 *   duplicate e-mail) and is never retried.
 * - An answer that leaves the outcome unknown (`TransactionInProgressException`, a 500, a lost
 *   connection) is retried with the same token, which DynamoDB applies once (for 10 minutes).
 * - When the attempts run out the caller gets `TooManyRequests` with `retryAfterSeconds`, which
 *   the SPA's calls wait for and try again (src/lib/retry-refused.ts).
 */
import { randomUUID } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../../server/errors';
import { cancellationReasons, type DynamoPort } from './dynamo-port';

/** Cancellation reasons that say "the same transaction may succeed in a moment". */
const RETRYABLE_REASONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);
/** Errors after which the transaction may or may not have been applied: retried with its token. */
const UNKNOWN_OUTCOME = new Set(['TransactionInProgressException', 'InternalServerError', 'TimeoutError', 'ECONNRESET']);
/** Errors that refused the whole request before it ran. */
const THROTTLED = new Set(['ThrottlingException', 'ProvisionedThroughputExceededException', 'RequestLimitExceeded']);

export type RetryKind = 'new-transaction' | 'same-token' | 'no';

/** Whether a failed TransactWriteItems is worth another attempt, and with which token. */
export function retryKind(error: unknown): RetryKind {
  const reasons = cancellationReasons(error);
  if (reasons) {
    if (reasons.includes('ConditionalCheckFailed')) return 'no';
    return reasons.some((reason) => RETRYABLE_REASONS.has(reason)) ? 'new-transaction' : 'no';
  }
  if (!(error instanceof Error)) return 'no';
  const code = (error as Error & { code?: string }).code;
  if (THROTTLED.has(error.name)) return 'new-transaction';
  if (UNKNOWN_OUTCOME.has(error.name) || (code && UNKNOWN_OUTCOME.has(code))) return 'same-token';
  return 'no';
}

export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** The first back-off's ceiling; each next one doubles, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  newToken?: () => string;
  random?: () => number;
}

export const busyMessage = 'The shop is busy with other changes to the same records; try again in a moment';

/** The port with its transactions tokened and retried as above; its other calls are left as they are (the SDK retries those). */
export function withTransactionRetries(port: DynamoPort, options: RetryOptions = {}): DynamoPort {
  const {
    attempts = 6,
    baseDelayMs = 25,
    maxDelayMs = 800,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    newToken = randomUUID,
    random = Math.random,
  } = options;
  return {
    ...port,
    async transactWrite(input: TransactWriteCommandInput) {
      let token = input.ClientRequestToken ?? newToken();
      for (let attempt = 1; ; attempt += 1) {
        try {
          await port.transactWrite({ ...input, ClientRequestToken: token });
          return;
        } catch (error) {
          const kind = retryKind(error);
          if (kind === 'no') throw error;
          if (attempt >= attempts) throw new AppError('TooManyRequests', busyMessage, { retryAfterSeconds: 1 });
          if (kind === 'new-transaction') token = newToken();
          await sleep(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt));
        }
      }
    },
  };
}
