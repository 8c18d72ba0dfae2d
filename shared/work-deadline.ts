/**
 * How long one request may work, on both backends (decision 0307). AppSync answers a request
 * that has run 30 s with an error whatever its Lambda is still doing (design §8), so each
 * function's timeout is below it, and a loop of batches (an import chunk's commits) checks the
 * time left before each batch and stops cleanly, saying what it did, rather than be killed part
 * way. The local server gives each such request the same time from its start.
 */

/** The catalogue and media functions' timeout (amplify/functions/resource.ts): under AppSync's 30 s. */
export const FUNCTION_TIMEOUT_SECONDS = 25;

/** A batch starts only with at least this much time left (a DynamoDB transaction of 100 takes about a second). */
export const BATCH_MARGIN_MS = 5_000;

/** The time left, in milliseconds. */
export type RemainingTime = () => number;

/** The local server's rule: the function's timeout from now. */
export const deadlineFromNow = (ms = FUNCTION_TIMEOUT_SECONDS * 1000, now: () => number = Date.now): RemainingTime => {
  const end = now() + ms;
  return () => end - now();
};

/** Whether another batch may start. */
export const timeForAnotherBatch = (remaining: RemainingTime): boolean => remaining() >= BATCH_MARGIN_MS;
