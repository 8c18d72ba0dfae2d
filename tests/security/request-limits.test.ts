/**
 * Requests shaped to exhaust or confuse the server: deep and aliased queries, bodies over the
 * limits (declared or streamed), broken JSON, wrong content types and methods, batched bodies,
 * odd GraphQL requests and SQL-looking filters. Each gets a clear error with an errorType, and
 * nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { battery } from './support/figures';
import { expectNoInternals } from './support/leaks';
import { rawRequest, type RawRequest } from './support/raw-http';
import { asGuest, callAs, expectNothingStored, expectRefused, storedState, type GraphQLBody } from './support/shop';

const tally = battery('request limits');
let shop: TestServer;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  shop = await startTestServer();
  adminToken = (await shop.sessionFor(ROLE_ADMIN)).token;
  userToken = (await shop.sessionFor(ROLE_USER)).token;
  shop.store.create('Category', { id: 'cat', name: 'Region', type: ['wine'], visible: true, index: 0 });
  shop.store.create('Tag', { id: 'tag', name: 'France', categoryId: 'cat', index: 0 });
  shop.store.create('Item', { name: '100% Agave_Reposado', price: 40, tags: ['liquor'] });
  shop.store.create('Item', { name: 'Plain Merlot', price: 15, tags: ['wine'] });
});
afterAll(async () => {
  await shop?.stop();
});

/** Sends a raw request as an admin, expects the status and error type, and that nothing was stored. */
async function expectRawRefusal(label: string, request: RawRequest, status: number, errorType: string) {
  await tally.attempt(label, async () => {
    const before = storedState(shop);
    const response = await rawRequest(shop.url, '/graphql', { ...request, headers: { authorization: adminToken, ...request.headers } });
    expect(response.status).toBe(status);
    expectNoInternals(response.json);
    expectRefused(response.json as GraphQLBody, errorType);
    expectNothingStored(shop, before);
  });
}

/** A GraphQL request as an admin that must be refused with `errorType` and store nothing. */
async function expectQueryRefusal(label: string, query: string, errorType: string, variables: Record<string, unknown> = {}) {
  await tally.attempt(label, async () => {
    const before = storedState(shop);
    const { body } = await callAs(shop, { token: adminToken }, query, variables);
    expectRefused(body, errorType);
    expectNothingStored(shop, before);
  });
}

// Pages of 2, so a query as deep as the limit is within the cost budget and only its depth is judged.
const nest = (levels: number) => `${'tags(limit: 2) { items { category { '.repeat(levels)}id${' } } }'.repeat(levels)}`;
const aliases = (count: number, field = 'listItems(limit: 1) { items { id } }') =>
  Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ');
const createEvent = (name: string) => `createEvent(input: { name: "${name}", date: "2031-01-01", description: "d" }) { id }`;

describe('query shape limits (depth 10, 20 aliases)', () => {
  it('allows depth 10 and 20 aliases, the limits themselves', async () => {
    await tally.attempt('depth 10', async () => {
      const { body } = await callAs(shop, asGuest(shop), `{ listCategories(limit: 2) { items { ${nest(2)} } } }`);
      expect(body.errors).toBeUndefined();
    });
    await tally.attempt('20 aliases', async () => {
      const { body } = await callAs(shop, asGuest(shop), `{ ${aliases(20)} }`);
      expect(body.errors).toBeUndefined();
    });
  });

  it('refuses depth 11 however it is written', async () => {
    await expectQueryRefusal('depth 11, nested', `{ listCategories { items { ${nest(3)} } } }`, 'ValidationError');
    await expectQueryRefusal(
      'depth 11, through named fragments',
      `{ listCategories { items { ...A } } } fragment A on Category { tags { items { ...B } } } fragment B on Tag { category { ${nest(2)} } }`,
      'ValidationError',
    );
    await expectQueryRefusal(
      'depth 11, through inline fragments',
      `{ listCategories { items { ... on Category { tags { items { ... on Tag { category { ${nest(2)} } } } } } } } }`,
      'ValidationError',
    );
    await expectQueryRefusal(
      'a fragment cycle',
      '{ listTags { items { ...A } } } fragment A on Tag { category { tags { items { ...A } } } }',
      'ValidationError',
    );
  });

  it('refuses 21 aliases, in queries, fragments and mutations, running none of them', async () => {
    await expectQueryRefusal('21 aliases at the root', `{ ${aliases(21)} }`, 'ValidationError');
    await expectQueryRefusal('21 aliases nested', `{ listItems { items { ${aliases(21, 'id')} } } }`, 'ValidationError');
    await expectQueryRefusal('21 aliases through a fragment', `{ ...F } fragment F on Query { ${aliases(21)} }`, 'ValidationError');
    await expectQueryRefusal(
      '21 aliased createEvent',
      `mutation { ${Array.from({ length: 21 }, (_, i) => `e${i}: ${createEvent(`Flood ${i}`)}`).join(' ')} }`,
      'ValidationError',
    );
  });
});

describe('GraphQL requests that are not what they seem', () => {
  it('refuses introspection, ambiguous documents and unknown operations', async () => {
    await expectQueryRefusal('introspection of the schema', '{ __schema { types { name } } }', 'ValidationError');
    await expectQueryRefusal('introspection of a type', '{ __type(name: "User") { fields { name } } }', 'ValidationError');
    await expectQueryRefusal('two anonymous operations', '{ listItems { items { id } } } { listTags { items { id } } }', 'ValidationError');
    await expectQueryRefusal('a subscription', 'subscription { onCreateItem { id } }', 'ValidationError');
    await expectQueryRefusal('a field that does not exist', '{ listPasswords { items { hash } } }', 'ValidationError');
    await expectQueryRefusal('a password field on User', '{ listUsers { items { id password } } }', 'ValidationError');
    await expectQueryRefusal('an empty query', ' ', 'ValidationError');
    await tally.attempt('an operationName that names nothing', async () => {
      const response = await rawRequest(shop.url, '/graphql', {
        headers: { authorization: adminToken },
        body: JSON.stringify({ query: 'query A { listItems { items { id } } }', operationName: 'B' }),
      });
      expectNoInternals(response.json);
      expect((response.json as GraphQLBody).errors?.[0]?.message).toMatch(/Unknown operation named "B"/);
    });
  });

  it('refuses limits, page tokens and filters out of range', async () => {
    await expectQueryRefusal('limit 0', '{ listItems(limit: 0) { items { id } } }', 'ValidationError');
    await expectQueryRefusal('limit -1', '{ listItems(limit: -1) { items { id } } }', 'ValidationError');
    await expectQueryRefusal('limit over 32 bits', '{ listItems(limit: 4294967296) { items { id } } }', 'ValidationError');
    await expectQueryRefusal(
      'a forged nextToken',
      '{ listItems(nextToken: "eyJzZXEiOiItMSBPUiAxPTEifQ==") { items { id } } }',
      'ValidationError',
    );
    const deepFilter = Array.from({ length: 30 }).reduce<Record<string, unknown>>((inner) => ({ not: inner }), { name: { eq: 'x' } });
    await expectQueryRefusal(
      'a filter nested 30 deep',
      'query ($f: ModelItemFilterInput) { listItems(filter: $f) { items { id } } }',
      'ValidationError',
      { f: deepFilter },
    );
    // Built as text: JSON.stringify itself overflows on values this deep.
    const nestedNot = (levels: number, open: string, inner: string, close: string) =>
      `${open.repeat(levels)}${inner}${close.repeat(levels)}`;
    await tally.attempt('a filter variable nested 20,000 deep', async () => {
      const body = `{"query":"query ($f: ModelItemFilterInput) { listItems(filter: $f) { items { id } } }","variables":{"f":${nestedNot(20_000, '{"not":', '{"name":{"eq":"x"}}', '}')}}}`;
      const response = await rawRequest(shop.url, '/graphql', { headers: { 'x-api-key': shop.apiKey }, body });
      expectNoInternals(response.json);
      expectRefused(response.json as GraphQLBody, 'ValidationError');
    });
    await expectQueryRefusal(
      'a filter literal nested 5,000 deep',
      `{ listItems(filter: ${nestedNot(5000, '{ not: ', '{ name: { eq: "x" } }', ' }')}) { items { id } } }`,
      'ValidationError',
    );
    const wideFilter = { or: Array.from({ length: 500 }, (_, i) => ({ name: { eq: `n${i}` } })) };
    await expectQueryRefusal(
      'a filter of 500 terms',
      'query ($f: ModelItemFilterInput) { listItems(filter: $f) { items { id } } }',
      'ValidationError',
      { f: wideFilter },
    );
  });

  it('reads SQL wildcards and quotes in filters as plain text', async () => {
    const names = async (filter: Record<string, unknown>) => {
      const { body } = await callAs(shop, asGuest(shop), 'query ($f: ModelItemFilterInput) { listItems(filter: $f) { items { name } } }', {
        f: filter,
      });
      expect(body.errors).toBeUndefined();
      return (body.data!.listItems as { items: Array<{ name: string }> }).items.map((item) => item.name);
    };
    const cases: Array<[string, Record<string, unknown>, string[]]> = [
      ['contains %', { name: { contains: '%' } }, ['100% Agave_Reposado']],
      ['contains _', { name: { contains: '_' } }, ['100% Agave_Reposado']],
      ['beginsWith %', { name: { beginsWith: '%' } }, []],
      ["eq ' OR '1'='1", { name: { eq: "' OR '1'='1" } }, []],
      ['contains a quote and comment', { name: { contains: '\'; DROP TABLE "Item"; --' } }, []],
    ];
    for (const [label, filter, expected] of cases)
      await tally.attempt(`filter ${label}`, async () => expect(await names(filter)).toEqual(expected));
    expect(shop.store.list('Item').items).toHaveLength(2);
  });
});

describe('request bodies', () => {
  const plainQuery = JSON.stringify({ query: `mutation { ${createEvent('Sent anyway')} }` });

  it('refuses bodies over 256 KB from anyone but an admin and over 8 MB from an admin, declared or streamed', async () => {
    await expectRawRefusal(
      '300 KB body from a user',
      {
        headers: { authorization: userToken },
        body: JSON.stringify({ query: `mutation { ${createEvent('Big')} }`, variables: { pad: 'x'.repeat(300 * 1024) } }),
      },
      413,
      'PayloadTooLarge',
    );
    await expectRawRefusal('9 MB body with Content-Length', { body: Buffer.alloc(9 * 1024 * 1024, 0x20) }, 413, 'PayloadTooLarge');
    await expectRawRefusal('9 MB body streamed without Content-Length', { streamBytes: 9 * 1024 * 1024 }, 413, 'PayloadTooLarge');
    await expectRawRefusal(
      'Content-Length claiming 9 MB',
      { headers: { 'content-length': String(9 * 1024 * 1024) }, body: '' },
      413,
      'PayloadTooLarge',
    );
  });

  it('refuses bodies that are not one JSON object, including batched requests', async () => {
    const broken: Array<[string, string]> = [
      ['truncated JSON', plainQuery.slice(0, -5)],
      ['trailing garbage', `${plainQuery}}}`],
      ['single quotes', plainQuery.replaceAll('"', "'")],
      ['NaN', '{"query": NaN}'],
      ['an empty body', ''],
      ['JSON nested 100,000 deep', '['.repeat(100_000) + ']'.repeat(100_000)],
      ['a UTF-16 body', Buffer.from(plainQuery, 'utf16le').toString('latin1')],
    ];
    for (const [label, body] of broken) await expectRawRefusal(label, { body }, 400, 'BadRequest');
    const batched = JSON.stringify([JSON.parse(plainQuery), JSON.parse(plainQuery)]);
    await expectRawRefusal('a batched (array) body', { body: batched }, 400, 'BadRequest');
    for (const [label, body] of [
      ['null', 'null'],
      ['a string', '"mutation { signOut }"'],
      ['a number', '42'],
    ] as const) {
      await expectRawRefusal(`${label} as the body`, { body }, 400, 'BadRequest');
    }
    await expectRawRefusal('a query that is not a string', { body: JSON.stringify({ query: { kind: 'Document' } }) }, 200, 'BadRequest');
    await expectRawRefusal(
      'variables that are an array',
      { body: JSON.stringify({ query: 'mutation ($i: CreateEventInput!) { createEvent(input: $i) { id } }', variables: [{}] }) },
      200,
      'BadRequest',
    );
  });

  it('refuses content types other than JSON, which is all a cross-site form can send', async () => {
    const types: Array<[string, string, string]> = [
      ['text/plain', 'text/plain', plainQuery],
      ['a form', 'application/x-www-form-urlencoded', `query=${encodeURIComponent(`mutation { ${createEvent('Form')} }`)}`],
      [
        'multipart',
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="query"\r\n\r\nmutation { ${createEvent('Multipart')} }\r\n--x--`,
      ],
      ['application/graphql', 'application/graphql', `mutation { ${createEvent('Raw')} }`],
      ['JSON look-alike', 'application/jsonp', plainQuery],
    ];
    for (const [label, contentType, body] of types)
      await expectRawRefusal(`content type ${label}`, { headers: { 'content-type': contentType }, body }, 415, 'UnsupportedMediaType');
    await expectRawRefusal('no content type', { headers: { 'content-type': '' }, body: plainQuery }, 415, 'UnsupportedMediaType');
  });

  it('accepts JSON with a charset, as the Amplify client sends it', async () => {
    await tally.attempt('application/json; charset=UTF-8', async () => {
      const response = await rawRequest(shop.url, '/graphql', {
        headers: { 'content-type': 'application/json; charset=UTF-8', 'x-api-key': shop.apiKey },
        body: '{"query":"{ listItems { items { id } } }"}',
      });
      expect(response.status).toBe(200);
      expect((response.json as GraphQLBody).errors).toBeUndefined();
    });
  });

  it('refuses other methods on /graphql', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      await expectRawRefusal(`${method} /graphql`, { method, body: method === 'GET' ? undefined : plainQuery }, 405, 'MethodNotAllowed');
    }
  });
});

describe('the refusal log stays small whatever a client sends', () => {
  it('clips quoted text and writes a few lines per address a minute, the rest summed up', async () => {
    const quiet = await startTestServer({ overrides: { refusalLinesPerAddress: 20 } });
    try {
      await tally.attempt('500 refused requests, each naming a 255,000-character unknown field', async () => {
        const field = 'x'.repeat(255_000);
        for (let i = 0; i < 500; i += 1) {
          const { body } = await callAs(quiet, asGuest(quiet), `{ ${field}${i} }`);
          expect(body.errors?.length).toBeGreaterThan(0);
        }
        const written = quiet.refusalLines.join('\n').length;
        // Before: every refusal was a line quoting the whole name, about 128 MB for these 500.
        expect(quiet.refusalLines).toHaveLength(20);
        expect(written).toBeLessThan(20 * 1_000);
        for (const line of quiet.refusalLines) expect(JSON.parse(line)).toMatchObject({ event: 'request-refused', address: '127.0.0.1' });
      });
    } finally {
      await quiet.stop();
    }
    // The stop writes the summary still owed for the minute.
    expect(JSON.parse(quiet.refusalLines.at(-1)!)).toMatchObject({ event: 'requests-refused-summary', address: '127.0.0.1', refused: 480 });
  });
});
