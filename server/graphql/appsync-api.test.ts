/**
 * The AppSync-compatible API, driven through the real aws-amplify data client against a running
 * local server: filters, pagination, conditions, relations, timestamps and authorization.
 */
import { Amplify } from '@aws-amplify/core';
import { generateClient } from 'aws-amplify/data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../amplify/data/schema';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { fillPage } from '../../shared/list-pages';
import { startTestServer, type TestServer } from '../../tests/support/test-server';

let server: TestServer;
let admin: ReturnType<typeof generateClient<Schema>>;
let publicClient: ReturnType<typeof generateClient<Schema>>;
let userClient: ReturnType<typeof generateClient<Schema>>;

const errorTypes = (result: { errors?: Array<{ errorType?: string }> }) => (result.errors ?? []).map((error) => error.errorType);

beforeAll(async () => {
  server = await startTestServer();
  Amplify.configure(server.outputsFor(server.url));
  const adminSession = await server.sessionFor(ROLE_ADMIN);
  const userSession = await server.sessionFor(ROLE_USER);
  admin = generateClient<Schema>({ authMode: 'lambda', authToken: adminSession.token });
  userClient = generateClient<Schema>({ authMode: 'lambda', authToken: userSession.token });
  publicClient = generateClient<Schema>();
});

afterAll(async () => {
  await server?.stop();
});

describe('create, read, timestamps', () => {
  it('creates an item with every field and reads it back publicly', async () => {
    const created = await admin.models.Item.create({
      name: 'Chateau Test 2019',
      price: 24.5,
      description: 'A test red.',
      tags: ['wine', 'red'],
      promoted: true,
      upc: '012345678905',
      img: null,
    });
    expect(created.errors).toBeUndefined();
    const item = created.data!;
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(item.updatedAt).toBe(item.createdAt);

    const fetched = await publicClient.models.Item.get({ id: item.id });
    expect(fetched.data).toMatchObject({
      name: 'Chateau Test 2019',
      price: 24.5,
      tags: ['wine', 'red'],
      promoted: true,
      upc: '012345678905',
    });

    const updated = await admin.models.Item.update({ id: item.id, price: 22 });
    expect(updated.data!.price).toBe(22);
    expect(updated.data!.name).toBe('Chateau Test 2019');
    expect(updated.data!.createdAt).toBe(item.createdAt);
    expect(updated.data!.updatedAt > item.updatedAt).toBe(true);
  });

  it('uses a client-chosen id, and refuses a second create with it', async () => {
    const first = await admin.models.Tag.create({ id: 'fixed-id-tag', name: 'Fixed', categoryId: 'nowhere' });
    expect(first.data!.id).toBe('fixed-id-tag');
    const second = await admin.models.Tag.create({ id: 'fixed-id-tag', name: 'Again', categoryId: 'nowhere' });
    expect(errorTypes(second)).toEqual(['DynamoDB:ConditionalCheckFailedException']);
    expect((await publicClient.models.Tag.get({ id: 'fixed-id-tag' })).data!.name).toBe('Fixed');
  });

  it('returns null for a missing record and an error for invalid scalar input', async () => {
    expect((await publicClient.models.Item.get({ id: 'does-not-exist' })).data).toBeNull();
    const badDate = await admin.models.Event.create({ name: 'Bad', date: '2025-02-30', description: 'x' });
    expect(badDate.data).toBeNull();
    expect(badDate.errors?.[0]?.message).toMatch(/AWSDate/);
  });

  it('deletes and returns the deleted record', async () => {
    const event = (await admin.models.Event.create({ name: 'Tasting', date: '2030-05-01', time: '19:00', description: 'Reds' })).data!;
    const deleted = await admin.models.Event.delete({ id: event.id });
    expect(deleted.data!.name).toBe('Tasting');
    expect((await publicClient.models.Event.get({ id: event.id })).data).toBeNull();
    const again = await admin.models.Event.delete({ id: event.id });
    expect(errorTypes(again)).toEqual(['DynamoDB:ConditionalCheckFailedException']);
  });
});

describe('filters', () => {
  const names = ['Alpha Red', 'Beta White', 'Gamma Rose', 'Delta Gin', 'Epsilon Glass'];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const rows = [
      { name: names[0]!, price: 10, promoted: true, tags: ['wine', 'red'], upc: 'F-001', description: 'bold and dry' },
      { name: names[1]!, price: 20, promoted: false, tags: ['wine', 'white'], upc: 'F-002', description: 'crisp' },
      { name: names[2]!, price: 30, promoted: true, tags: ['wine'], upc: 'F-003' },
      { name: names[3]!, price: 40, tags: ['liquor', 'gin'], upc: 'F-004', description: 'juniper' },
      { name: names[4]!, tags: ['extras'], upc: 'F-005', description: 'Stemware' },
    ];
    for (const row of rows) ids[row.name] = (await admin.models.Item.create(row)).data!.id;
  });

  async function namesFor(filter: Record<string, unknown>): Promise<string[]> {
    // The fields the public may read: the price history is for admins only (decision 0295).
    const result = await publicClient.models.Item.list({
      filter: { and: [{ upc: { beginsWith: 'F-' } }, filter] },
      limit: 1000,
      selectionSet: ['id', 'name'],
    });
    expect(result.errors).toBeUndefined();
    return result.data.map((item) => item.name).sort();
  }

  it.each([
    ['eq', { price: { eq: 20 } }, [names[1]]],
    ['ne (missing attribute counts as not equal)', { price: { ne: 20 } }, [names[0], names[2], names[3], names[4]]],
    ['lt', { price: { lt: 30 } }, [names[0], names[1]]],
    ['le', { price: { le: 30 } }, [names[0], names[1], names[2]]],
    ['gt', { price: { gt: 30 } }, [names[3]]],
    ['ge', { price: { ge: 30 } }, [names[2], names[3]]],
    ['between', { price: { between: [15, 35] } }, [names[1], names[2]]],
    ['string contains (case-sensitive)', { name: { contains: 'ta' } }, [names[1], names[3]]],
    ['string notContains (missing attribute counts)', { description: { notContains: 'i' } }, [names[0], names[2], names[4]]],
    ['list contains', { tags: { contains: 'wine' } }, [names[0], names[1], names[2]]],
    ['list notContains', { tags: { notContains: 'wine' } }, [names[3], names[4]]],
    ['beginsWith', { name: { beginsWith: 'Ga' } }, [names[2]]],
    ['boolean eq', { promoted: { eq: true } }, [names[0], names[2]]],
    ['boolean ne', { promoted: { ne: true } }, [names[1], names[3], names[4]]],
    ['attributeExists true', { description: { attributeExists: true } }, [names[0], names[1], names[3], names[4]]],
    ['attributeExists false', { price: { attributeExists: false } }, [names[4]]],
    ['attributeType number', { price: { attributeType: 'number' } }, [names[0], names[1], names[2], names[3]]],
    ['attributeType _null', { promoted: { attributeType: '_null' } }, [names[3], names[4]]],
    ['size of a string', { description: { size: { le: 5 } } }, [names[1]]],
    ['size of a list', { tags: { size: { eq: 1 } } }, [names[2], names[4]]],
    ['id eq', { id: { eq: 'x' } }, []],
    ['and', { and: [{ price: { ge: 10 } }, { promoted: { eq: true } }] }, [names[0], names[2]]],
    ['or', { or: [{ price: { eq: 10 } }, { tags: { contains: 'gin' } }] }, [names[0], names[3]]],
    ['not', { not: { tags: { contains: 'wine' } } }, [names[3], names[4]]],
    ['not over a missing attribute', { not: { price: { gt: 15 } } }, [names[0], names[4]]],
    [
      'nested and/or/not',
      { or: [{ and: [{ price: { lt: 25 } }, { not: { promoted: { eq: true } } }] }, { upc: { eq: 'F-005' } }] },
      [names[1], names[4]],
    ],
  ])('%s', async (_label, filter, expected) => {
    expect(await namesFor(filter)).toEqual([...expected].sort());
  });

  it('rejects between with the wrong number of values', async () => {
    const result = await publicClient.models.Item.list({ filter: { price: { between: [1] } } as never });
    expect(errorTypes(result)).toEqual(['ValidationError']);
  });

  it('filters in SQL through an index on promoted', () => {
    const plan = server.db.prepare('EXPLAIN QUERY PLAN SELECT * FROM "Item" WHERE "promoted" = 1').all() as Array<{ detail: string }>;
    expect(plan.map((row) => row.detail).join(' ')).toMatch(/USING INDEX idx_Item_promoted/);
  });
});

describe('pagination', () => {
  it('walks every page with no duplicates or gaps, default limit 100', async () => {
    const created = new Set<string>();
    server.store.transaction(() => {
      for (let i = 0; i < 250; i += 1) created.add(server.store.create('Banner', { img: `/media/p${i}.png`, index: i }).id);
    });
    const first = await publicClient.models.Banner.list();
    expect(first.data).toHaveLength(100);
    expect(first.nextToken).toEqual(expect.any(String));

    const seen: string[] = [];
    let nextToken: string | null | undefined;
    let pages = 0;
    do {
      const page = await publicClient.models.Banner.list({ limit: 33, nextToken });
      expect(page.errors).toBeUndefined();
      seen.push(...page.data.map((banner) => banner.id));
      nextToken = page.nextToken;
      pages += 1;
    } while (nextToken);
    expect(pages).toBe(Math.ceil(250 / 33));
    expect(seen).toHaveLength(250);
    expect(new Set(seen)).toEqual(created);
  });

  it('fills a filtered page in one call (the filter applies before the limit), so fillPage pages as on DynamoDB', async () => {
    server.store.transaction(() => {
      for (let i = 0; i < 90; i += 1) server.store.create('Banner', { img: `/media/${i % 3 ? 'other' : 'fill'}${i}.png`, index: 1000 + i });
    });
    const limits: number[] = [];
    const read = (nextToken?: string) =>
      fillPage(
        async (token, limit) => {
          limits.push(limit);
          return publicClient.models.Banner.list({ filter: { img: { beginsWith: '/media/fill' } }, limit, nextToken: token });
        },
        20,
        nextToken,
      );
    const first = await read();
    expect(first.items).toHaveLength(20);
    const rest = await read(first.nextToken!);
    expect(rest).toEqual({ items: expect.any(Array), nextToken: null });
    expect(rest.items).toHaveLength(10);
    expect(new Set([...first.items, ...rest.items].map((banner) => banner.index)).size).toBe(30);
    expect(limits).toEqual([20, 20]);
  });

  it('refuses a forged nextToken', async () => {
    const result = await publicClient.models.Banner.list({ nextToken: 'not-a-token' });
    expect(errorTypes(result)).toEqual(['ValidationError']);
  });
});

describe('conditions', () => {
  // The model client has no `condition` option; the app sends these through client.graphql.
  const UPDATE = `mutation Update($input: UpdateItemInput!, $condition: ModelItemConditionInput) {
    updateItem(input: $input, condition: $condition) { id price updatedAt } }`;
  const DELETE = `mutation Delete($input: DeleteItemInput!, $condition: ModelItemConditionInput) {
    deleteItem(input: $input, condition: $condition) { id } }`;
  type GraphQLResult = { data?: Record<string, { id: string; price?: number } | null> | null; errors?: Array<{ errorType?: string }> };
  const run = async (query: string, variables: Record<string, unknown>): Promise<GraphQLResult> => {
    try {
      return (await admin.graphql({ query, variables })) as GraphQLResult;
    } catch (failure) {
      return failure as GraphQLResult; // the client throws a result that carries errors
    }
  };

  it('updates and deletes only when the condition holds', async () => {
    const item = (await admin.models.Item.create({ name: 'Conditional', price: 5, tags: ['extras'] })).data!;
    const stale = await run(UPDATE, { input: { id: item.id, price: 6 }, condition: { updatedAt: { eq: '2000-01-01T00:00:00.000Z' } } });
    expect(errorTypes(stale)).toEqual(['DynamoDB:ConditionalCheckFailedException']);
    expect((await publicClient.models.Item.get({ id: item.id })).data!.price).toBe(5);

    const fresh = await run(UPDATE, { input: { id: item.id, price: 7 }, condition: { updatedAt: { eq: item.updatedAt } } });
    expect(fresh.errors).toBeUndefined();
    expect(fresh.data!.updateItem!.price).toBe(7);

    const refusedDelete = await run(DELETE, { input: { id: item.id }, condition: { price: { gt: 100 } } });
    expect(errorTypes(refusedDelete)).toEqual(['DynamoDB:ConditionalCheckFailedException']);
    const allowedDelete = await run(DELETE, { input: { id: item.id }, condition: { price: { eq: 7 } } });
    expect(allowedDelete.data!.deleteItem!.id).toBe(item.id);
  });

  it('fails an update of a record that does not exist', async () => {
    const result = await admin.models.Item.update({ id: 'nope', price: 1 });
    expect(errorTypes(result)).toEqual(['DynamoDB:ConditionalCheckFailedException']);
  });
});

describe('relations', () => {
  it('loads hasMany and belongsTo both ways', async () => {
    const category = (await admin.models.Category.create({ name: 'Region', type: ['Wine'], visible: true, index: 1 })).data!;
    for (const [index, name] of ['France', 'Italy', 'Spain'].entries()) {
      await admin.models.Tag.create({ name, categoryId: category.id, index });
    }
    await admin.models.Tag.create({ name: 'Elsewhere', categoryId: 'another-category' });

    const nested = await publicClient.models.Category.get({ id: category.id }, { selectionSet: ['id', 'name', 'tags.*'] });
    expect(nested.data!.tags.map((tag) => tag.name).sort()).toEqual(['France', 'Italy', 'Spain']);

    const lazy = await (await publicClient.models.Category.get({ id: category.id })).data!.tags();
    expect(lazy.data.map((tag) => tag.name).sort()).toEqual(['France', 'Italy', 'Spain']);

    const tag = (await publicClient.models.Tag.list({ filter: { name: { eq: 'Italy' } } })).data[0]!;
    const parent = await tag.category();
    expect(parent.data!.name).toBe('Region');
  });
});

describe('authorization', () => {
  it('lets the public read but not write', async () => {
    const result = await publicClient.models.Item.create({ name: 'Sneaky', tags: ['wine'] });
    expect(errorTypes(result)).toEqual(['Unauthorized']);
    expect(result.errors![0]!.message).toBe('Not Authorized to access createItem on type Mutation');
    expect((await publicClient.models.Item.list({ filter: { name: { eq: 'Sneaky' } } })).data).toHaveLength(0);
  });

  it('lets a signed-in user read the catalogue but not write it or list users', async () => {
    expect(
      (await userClient.models.Item.list({ limit: 1, selectionSet: ['id', 'name', 'price', 'onSale', 'saleEndsAt'] })).errors,
    ).toBeUndefined();
    // Not the price history (decision 0295).
    expect((await userClient.models.Item.list({ limit: 1, selectionSet: ['id', 'priceHistory'] })).errors?.[0]?.errorType).toBe(
      'Unauthorized',
    );
    for (const result of [
      await userClient.models.Item.create({ name: 'Sneaky', tags: ['wine'] }),
      await userClient.models.Banner.create({ img: '/x.png' }),
      await userClient.models.Category.create({ name: 'X' }),
      await userClient.models.Event.create({ name: 'X', date: '2030-01-01', description: 'x' }),
      await userClient.models.User.list(),
    ]) {
      expect(errorTypes(result)).toEqual(['Unauthorized']);
    }
  });

  it('keeps users away from the public API key', async () => {
    const result = await publicClient.models.User.list();
    expect(errorTypes(result)).toEqual(['Unauthorized']);
  });

  it('lets an admin list users, and never exposes a password field', async () => {
    const result = await admin.models.User.list();
    expect(result.errors).toBeUndefined();
    expect(result.data.length).toBeGreaterThanOrEqual(2);
    for (const user of result.data) expect(Object.keys(user)).not.toContain('password');
  });

  it('rejects an unknown session token as a whole request', async () => {
    const forged = generateClient<Schema>({ authMode: 'lambda', authToken: 'forged-token' });
    const result = await forged.models.Item.list();
    expect(errorTypes(result)).toEqual(['UnauthorizedException']);
  });
});
