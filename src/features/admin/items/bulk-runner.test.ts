/**
 * The bulk runner (bulk-runner.ts): against a real test server with its request rate limit on,
 * 300 Promote writes (one updateItem each, as the SPA sends them) all land and none is
 * reported failed: refused writes wait as `retryAfterSeconds` asks and go again. Then the
 * bounds of the retry, with a fake `send`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TYPES } from '../../../../shared/error-types';
import { ROLE_ADMIN } from '../../../../shared/roles';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server';
import { planBulkChange, type BulkWrite } from './bulk-change';
import { runBulkWrites } from './bulk-runner';
import { adminItem } from './test-items';
import { ApiCallError, throwOnErrors } from '../common/graphql-errors';

/** The mutation the SPA sends for a bulk write (api.ts), conditional on the listed copy. */
const UPDATE_ITEM = `mutation ($input: UpdateItemInput!, $condition: ModelItemConditionInput) {
  updateItem(input: $input, condition: $condition) { id promoted updatedAt }
}`;

describe('runBulkWrites against a rate-limited server', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    // A burst of 20, then the shop's steady 50 a second: 300 writes at 4 at once take about 6 s
    // whatever happens, and run into the limit unless each write takes over 75 ms (a machine
    // under load made 1,500 writes against a refill of 250 a second slow enough to miss it).
    server = await startTestServer({ env: { RATE_LIMIT_PER_SECOND: '50', RATE_LIMIT_BURST: '20' } });
    token = (await server.sessionFor(ROLE_ADMIN)).token;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** One write as api.ts makes it: its errors thrown (ApiCallError) when it has any. */
  const send = async (write: BulkWrite) => {
    if (write.kind !== 'update') throw new Error('only updates here');
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({
        query: UPDATE_ITEM,
        variables: { input: write.input, condition: { updatedAt: { eq: write.item.updatedAt } } },
      }),
    });
    const body = (await response.json()) as { errors?: unknown[] };
    throwOnErrors(body);
  };

  it('promotes 300 items: every write lands, none failed, though the server refused some at first', async () => {
    const items = Array.from({ length: 300 }, (_, i) => {
      const record = server.store.create('Item', { name: `Bulk ${i}`, tags: ['wine'], price: 10, promoted: false });
      return adminItem({ id: String(record.id), name: String(record.name), updatedAt: String(record.updatedAt) });
    });
    expect(items).toHaveLength(300);
    const plan = planBulkChange(items, { kind: 'promote' });
    expect(plan.writes).toHaveLength(300);

    let retries = 0;
    let lastSettled = 0;
    const outcome = await runBulkWrites(plan.writes, send, {
      retry: { onRetry: () => (retries += 1) },
      onWritten: (_, __, settled) => (lastSettled = settled),
    });

    expect(outcome).toEqual({ done: 300, stale: 0, failed: 0, notWritten: [] });
    expect(lastSettled).toBe(300);
    expect(retries).toBeGreaterThan(0);
    expect(server.refusalLines.some((line) => line.includes(ERROR_TYPES.tooManyRequests))).toBe(true);
    const notPromoted = items.filter(({ id }) => server.store.get('Item', id)?.promoted !== true);
    expect(notPromoted).toEqual([]);
  }, 120_000);
});

describe('runBulkWrites retry bounds', () => {
  const writes = planBulkChange([adminItem({ id: 'a' }), adminItem({ id: 'b' })], { kind: 'promote' }).writes;
  const refusal = (retryAfterSeconds?: number) => [
    {
      errorType: ERROR_TYPES.tooManyRequests,
      message: 'Too many',
      errorInfo: retryAfterSeconds === undefined ? null : { retryAfterSeconds },
    },
  ];

  it('waits as each refusal asks and counts a write that lands on a retry as done', async () => {
    const waits: number[] = [];
    const tries = new Map<string, number>();
    const outcome = await runBulkWrites(
      writes,
      async (write) => {
        const n = (tries.get(write.item.id) ?? 0) + 1;
        tries.set(write.item.id, n);
        if (n <= 2) throw new ApiCallError(refusal(2));
      },
      { concurrency: 1, retry: { sleep: async (ms) => void waits.push(ms) } },
    );
    expect(outcome).toEqual({ done: 2, stale: 0, failed: 0, notWritten: [] });
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(2000);
    expect(Math.min(...waits)).toBeGreaterThan(1000);
  });

  it('gives up after 5 retries: the write counts as failed, the others still run', async () => {
    let calls = 0;
    const outcome = await runBulkWrites(
      writes,
      async (write) => {
        if (write.item.id === 'a') {
          calls += 1;
          throw new ApiCallError(refusal());
        }
      },
      { concurrency: 1, retry: { sleep: async () => {} } },
    );
    expect(calls).toBe(6);
    expect(outcome).toEqual({ done: 1, stale: 0, failed: 1, notWritten: ['a'] });
  });

  it('does not retry other errors: a stale item is stale, an internal failure failed', async () => {
    let calls = 0;
    const outcome = await runBulkWrites(
      writes,
      async (write) => {
        calls += 1;
        throw new ApiCallError([{ errorType: write.item.id === 'a' ? ERROR_TYPES.conditionFailed : ERROR_TYPES.internal }]);
      },
      { retry: { sleep: async () => {} } },
    );
    expect(calls).toBe(2);
    expect(outcome).toMatchObject({ done: 0, stale: 1, failed: 1 });
  });
});
