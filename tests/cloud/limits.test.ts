/**
 * AWS's limits on the emulated cloud (design §8, decision 0287): each refuses what crosses it, with
 * the answer AWS gives. The emulation runs with AWS's own numbers; a test that would otherwise wait
 * 30 s or send megabytes lowers one limit for itself (POST /_emulation/limits) and puts it back.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AWS_LIMITS } from '../cloud-emulation/limits';
import { newImportId } from '../../shared/import-chunks';
import { call, cloudShop, guest, uniqueEmail, type CloudShop } from './support/api';
import { changeLimits, instancesOf, limitsInForce, noHooks, resetLimits, slowFunction } from './support/emulation';

const CATALOGUE = 'shopCatalogue';
const LIST_ACTIVITY = 'query { listActivity(limit: 50) { entries { id } nextToken } }';
const SIGN_IN = 'mutation ($email: String, $password: String) { signIn(email: $email, password: $password) { token } }';
const IMPORT = `mutation ($importId: String!, $offset: Int!, $rows: [ItemImportRowInput!]!, $apply: Boolean) {
  importItems(importId: $importId, offset: $offset, rows: $rows, apply: $apply) { applied problems { message } } }`;

let shop: CloudShop;
const admin = () => ({ token: shop.admin });
beforeAll(async () => {
  shop = await cloudShop();
});
afterEach(async () => {
  await resetLimits();
  await noHooks();
});

/** At least `count` instances of the catalogue function up and idle. */
async function warmInstances(count: number) {
  // Long enough that the calls overlap however far apart a busy machine lets them arrive.
  await slowFunction(CATALOGUE, 2_000);
  await Promise.all(Array.from({ length: count }, () => call(admin(), LIST_ACTIVITY)));
  await noHooks();
  expect(await instancesOf(CATALOGUE)).toBeGreaterThanOrEqual(count);
}

/** Wall time of `run` in ms, with its result. */
async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await run();
  return [result, Date.now() - started];
}

/** Import rows adding up to about `bytes` of JSON. */
const importRows = (bytes: number) =>
  Array.from({ length: Math.ceil(bytes / 10_000) }, (_, index) => ({
    row: index + 2,
    name: `Bulk wine ${index}`,
    price: '10.00',
    description: 'x'.repeat(10_000),
    tags: [{ categoryId: 'department', names: 'Wine' }],
  }));

describe("AWS's limits on the emulated cloud", () => {
  it("runs with AWS's numbers unless told otherwise: 30 s a request, 6 MB a Lambda payload, 1 MB a template", async () => {
    const { limits, aws } = await limitsInForce();
    expect(aws).toEqual(AWS_LIMITS);
    expect(limits).toEqual(AWS_LIMITS);
    expect(AWS_LIMITS).toMatchObject({
      requestTimeoutMs: 30_000,
      resolverExecutions: 10_000,
      templateBytes: 1_000_000,
      lambdaRequestBytes: 6_291_456,
      lambdaResponseBytes: 6_291_556,
    });
  });

  it('answers a request still running at 30 s with "Execution timed out.", as AppSync does (a 31 s handler)', async () => {
    // The function's own timeout is also 30 s (its template): lifted so that AppSync's limit is what answers.
    await changeLimits({ lambdaTimeoutSeconds: 60 });
    await slowFunction(CATALOGUE, 31_000);
    const [{ status, body }, elapsed] = await timed(() => call(admin(), LIST_ACTIVITY));
    expect(status).toBe(200);
    expect(body.data).toEqual({ listActivity: null });
    expect(body.errors).toEqual([
      expect.objectContaining({ errorType: 'Lambda:ExecutionTimeoutException', message: 'Execution timed out.' }),
    ]);
    expect(elapsed).toBeGreaterThanOrEqual(30_000);
    expect(elapsed).toBeLessThan(31_000);
  }, 45_000);

  it('holds a lowered request limit too, and a fast request is not touched by it', async () => {
    await warmInstances(1);
    await changeLimits({ requestTimeoutMs: 3_000 });
    expect((await call(admin(), LIST_ACTIVITY)).body.errors).toBeUndefined();
    await slowFunction(CATALOGUE, 5_000);
    const [{ body }, elapsed] = await timed(() => call(admin(), LIST_ACTIVITY));
    expect(body.errors?.[0]).toMatchObject({ errorType: 'Lambda:ExecutionTimeoutException', message: 'Execution timed out.' });
    expect(elapsed).toBeLessThan(4_500);
  });

  it("counts a function's timeout from when an instance takes the call, not while it waits for one", async () => {
    await changeLimits({ lambdaInstances: 1, lambdaTimeoutSeconds: 2 });
    await slowFunction(CATALOGUE, 800);
    // Three calls one after another on the one instance: 2.4 s in all, each well within its 2 s.
    const [answers, elapsed] = await timed(() => Promise.all([1, 2, 3].map(() => call(admin(), LIST_ACTIVITY))));
    for (const { body } of answers) expect(body.errors).toBeUndefined();
    expect(elapsed).toBeGreaterThanOrEqual(2_400);
    // One call that runs past its own 2 s is cut, as Lambda cuts it.
    await slowFunction(CATALOGUE, 2_500);
    const { body } = await call(admin(), LIST_ACTIVITY);
    expect(body.errors?.[0]).toMatchObject({ errorType: 'Lambda:Unhandled', message: 'Task timed out after 2.00 seconds' });
  });

  it('runs calls to one function side by side in several instances', async () => {
    // Instances that start here take seconds on a busy machine: started first, then timed warm.
    await warmInstances(3);
    await slowFunction(CATALOGUE, 1_500);
    const [answers, elapsed] = await timed(() => Promise.all([1, 2, 3].map(() => call(admin(), LIST_ACTIVITY))));
    for (const { body } of answers) expect(body.errors).toBeUndefined();
    // One after another they would take 4.5 s at least.
    expect(elapsed).toBeLessThan(4_000);
    expect(await instancesOf(CATALOGUE)).toBeGreaterThanOrEqual(2);
    expect(await instancesOf(CATALOGUE)).toBeLessThanOrEqual(AWS_LIMITS.lambdaInstances);
  });

  it('refuses a 7 MB payload: first as a template over 1 MB, and past that as a Lambda request over 6 MB', async () => {
    // Under the API key, so no authorizer (whose event carries the variables too) sees it first.
    const variables = { email: uniqueEmail('payload'), password: 'p'.repeat(7 * 1024 * 1024) };
    const refused = await call(guest, SIGN_IN, variables);
    expect(refused.body.data).toEqual({ signIn: null });
    expect(refused.body.errors?.[0]).toMatchObject({ errorType: 'MappingTemplate', message: 'Transformation too large' });

    await changeLimits({ templateBytes: 16 * 1024 * 1024 });
    const tooLarge = await call(guest, SIGN_IN, variables);
    expect(tooLarge.body.data).toEqual({ signIn: null });
    expect(tooLarge.body.errors?.[0]).toMatchObject({
      errorType: 'Lambda:RequestEntityTooLargeException',
      message: 'Request must be smaller than 6291456 bytes for the InvokeFunction operation',
    });
  }, 60_000);

  it('refuses a Lambda answer over the response limit (lowered here to 2 KB)', async () => {
    expect(JSON.stringify((await call(admin(), LIST_ACTIVITY)).body.data).length).toBeGreaterThan(2_000);
    await changeLimits({ lambdaResponseBytes: 2_000 });
    const { body } = await call(admin(), LIST_ACTIVITY);
    expect(body.data).toEqual({ listActivity: null });
    expect(body.errors?.[0]).toMatchObject({
      errorType: 'Lambda:Unhandled',
      message: 'Response payload size exceeded maximum allowed payload size (2000 bytes).',
    });
  });

  it('refuses a 1.5 MB template (a forged import chunk, three times the cap the shop sends under) and stores nothing, and an answer over the limit', async () => {
    const name = `Oversize import ${Date.now()}`;
    const rows = importRows(1_500_000).map((row) => ({ ...row, name: `${name} ${row.row}` }));
    const { body } = await call(admin(), IMPORT, { importId: newImportId(), offset: 0, rows, apply: true });
    expect(body.data).toEqual({ importItems: null });
    expect(body.errors?.[0]).toMatchObject({ errorType: 'MappingTemplate', message: 'Transformation too large' });
    let nextToken: string | null = null;
    do {
      const page: { body: { data?: any } } = await call(
        admin(),
        'query ($filter: ModelItemFilterInput, $nextToken: String) { listItems(filter: $filter, limit: 1000, nextToken: $nextToken) { items { id } nextToken } }',
        { filter: { name: { beginsWith: name } }, nextToken },
      );
      expect(page.body.data.listItems.items).toEqual([]);
      nextToken = page.body.data.listItems.nextToken as string | null;
    } while (nextToken);

    // An answer is a template too: the item list's response, with the limit lowered below its size.
    const LIST = 'query { listCategories(limit: 1000) { items { id name } } }';
    const size = JSON.stringify((await call(guest, LIST)).body.data).length;
    await changeLimits({ templateBytes: Math.floor(size / 2) });
    const answer = await call(guest, LIST);
    expect(answer.body.data).toEqual({ listCategories: null });
    expect(answer.body.errors?.[0]).toMatchObject({ errorType: 'MappingTemplate', message: 'Transformation too large' });
  }, 60_000);

  it('refuses resolver executions past the limit in one request (lowered here to 3)', async () => {
    await changeLimits({ resolverExecutions: 3 });
    const aliases = (count: number) =>
      `query { ${Array.from({ length: count }, (_, index) => `c${index}: listCategories(limit: 1) { items { id } }`).join(' ')} }`;
    expect((await call(guest, aliases(3))).body.errors).toBeUndefined();
    const { body } = await call(guest, aliases(4));
    expect(body.errors).toEqual([expect.objectContaining({ path: ['c3'], errorType: 'ResolverExecutionLimitReached' })]);
    expect(body.data?.c0).not.toBeNull();
    expect(body.data?.c3).toBeNull();
  });
});
