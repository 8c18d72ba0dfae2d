/**
 * Runs `task` over every value with at most `limit` running at once, in the given order; resolves
 * when all are done and rejects with the first rejection (the running ones still finish, no new
 * one starts). Used for bulk item writes (the browser) and image lookups of an import (S3 in the cloud).
 */
export async function runLimited<T>(values: readonly T[], limit: number, task: (value: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < values.length) {
      const value = values[next++] as T;
      try {
        await task(value);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, worker));
}
