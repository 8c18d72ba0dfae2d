/**
 * Runs the writes of a bulk change (decision 0255), a few at a time, and counts how they went.
 * Pure: the caller hands in `send`, which makes one write and throws the API's `{ errors }` when
 * it failed (as the Amplify client does), so the runner is tested against a real server through
 * fetch (tests/reliability/bulk-rate-limit.test.ts). A write the server refused for coming too
 * fast (`TooManyRequests`) waits as the refusal asks and is sent again (src/lib/retry-refused.ts),
 * every write of the run pausing together; only what still fails after that counts as failed.
 */
import { ERROR_TYPES } from '../../../../shared/error-types';
import { runLimited } from '../../../../shared/run-limited';
import { SessionEndedError } from '../../../lib/auth/session-rejection';
import { newRetryGate, retryRefused, type RetryOptions } from '../../../lib/retry-refused';
import { hasErrorType } from '../common/graphql-errors';
import type { BulkOutcome, BulkWrite } from './bulk-change';

/** How many writes of a bulk change are in flight at once. */
export const BULK_CONCURRENCY = 4;

export type WriteResult = 'done' | 'stale' | 'failed';

export interface BulkRunOptions {
  concurrency?: number;
  /** After each write settles (done, stale or failed), with how many have settled so far. */
  onWritten?: (write: BulkWrite, result: WriteResult, settled: number) => void;
  /** For tests: the retry's bound and sleep. */
  retry?: Pick<RetryOptions, 'retries' | 'sleep' | 'onRetry'>;
}

/**
 * Sends every write; resolves with the counts and the ids of the items not written (stale or
 * failed). Rejects only when the session ended (SessionEndedError): the rest are not sent.
 */
export async function runBulkWrites(
  writes: readonly BulkWrite[],
  send: (write: BulkWrite) => Promise<unknown>,
  options: BulkRunOptions = {},
): Promise<BulkOutcome & { notWritten: string[] }> {
  const outcome = { done: 0, stale: 0, failed: 0, notWritten: [] as string[] };
  const gate = newRetryGate();
  let settled = 0;
  await runLimited(writes, options.concurrency ?? BULK_CONCURRENCY, async (write) => {
    let result: WriteResult;
    try {
      await retryRefused(() => send(write), { ...options.retry, gate });
      result = 'done';
    } catch (error) {
      if (error instanceof SessionEndedError) throw error;
      result = hasErrorType(error, ERROR_TYPES.conditionFailed) ? 'stale' : 'failed';
    }
    outcome[result] += 1;
    if (result !== 'done') outcome.notWritten.push(write.item.id);
    settled += 1;
    options.onWritten?.(write, result, settled);
  });
  return outcome;
}
