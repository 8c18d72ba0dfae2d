/**
 * The rate limits' arithmetic and settings: tokens taken by count (a request's cost, its answer's
 * weight), debt for an answer heavier than priced, and the page limit's defaults.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { isDear, requestCost, tokensForAnswer, tokensForCost, tokensForRequest } from './cost';
import { RateLimiter } from '../accounts/throttle';
import { installAwsScalars } from './scalars';
import { startTestServer, type TestServer } from '../../tests/support/test-server';

describe('RateLimiter.take with a count', () => {
  it('takes several tokens at once, refuses without taking any, and never asks for more than the burst', () => {
    let now = 0;
    const limiter = new RateLimiter({ burst: 100, intervalMs: 20 }, () => now);
    expect(limiter.take('a', 65)).toBe(0);
    // 35 left: 65 more are 30 tokens short, 600 ms at one per 20 ms.
    expect(limiter.take('a', 65)).toBe(600);
    expect(limiter.take('a', 35)).toBe(0);
    now += 600;
    expect(limiter.take('a', 30)).toBe(0);
    // A count over the burst waits for a full bucket, not for ever.
    now += 10_000;
    expect(limiter.take('a', 1_000)).toBe(0);
    expect(limiter.take('b')).toBe(0);
  });

  it('charges a dear request one token per 200 of cost, any other one token', () => {
    expect(tokensForCost(0)).toBe(1);
    expect(tokensForCost(2_000)).toBe(1);
    expect(tokensForCost(2_001)).toBe(11);
    expect(tokensForCost(13_000)).toBe(65);
  });
});

describe("an answer's weight (decision 0359)", () => {
  const schema = buildSchema(readFileSync(new URL('../generated/appsync-schema.graphql', import.meta.url), 'utf8'));
  installAwsScalars(schema);
  const priced = (query: string, lengths: Record<string, number>) => {
    const document = parse(query);
    const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
    return requestCost(
      schema,
      document,
      operation,
      {},
      () => true,
      (type, field) => lengths[`${type}.${field}`] ?? 0,
    );
  };

  it("estimates an answer's text by each field's average stored length, times the page it may hold", () => {
    const lengths = { 'Item.id': 36, 'Item.name': 24, 'Item.description': 1_100 };
    const attack = priced('{ listItems(limit: 490) { items { id name description } } }', lengths);
    // Priced by fields and records alone it stayed under the dear threshold (2,000)...
    expect(attack.cost).toBeLessThan(2_000);
    // ...but it carries about half a megabyte.
    expect(attack.answerBytes).toBe(490 * (36 + 24 + 1_100));
    expect(isDear(attack)).toBe(true);
    expect(tokensForRequest(attack)).toBe(Math.ceil((490 * 1_160) / 5_120));
    // Fragments and aliases weigh what they select, each time they select it.
    const twice = priced(
      '{ a: listItems(limit: 490) { ...f } b: listItems(limit: 490) { ...f } } fragment f on ModelItemConnection { items { description } }',
      lengths,
    );
    expect(twice.answerBytes).toBe(2 * 490 * 1_100);
    // A visitor's page of 100 names is as cheap as before.
    const page = priced('{ listItems(limit: 100) { items { id name } } }', lengths);
    expect(isDear(page)).toBe(false);
    expect(tokensForRequest(page)).toBe(1);
  });

  it('takes one token per 5 KB of answer over 128 KB, one below', () => {
    expect(tokensForAnswer(0)).toBe(1);
    expect(tokensForAnswer(128 * 1024)).toBe(1);
    expect(tokensForAnswer(128 * 1024 + 1)).toBe(26);
    expect(tokensForAnswer(500 * 1024)).toBe(100);
  });

  it('spends into debt for an answer heavier than priced, so the next request waits', () => {
    let now = 0;
    const limiter = new RateLimiter({ burst: 100, intervalMs: 20 }, () => now);
    expect(limiter.take('a', 90)).toBe(0);
    limiter.spend('a', 60);
    // 10 left, 60 spent: 50 in debt, and one more token is 51 intervals away.
    expect(limiter.take('a')).toBe(51 * 20);
    now += 51 * 20;
    expect(limiter.take('a')).toBe(0);
    // Debt never passes the burst.
    limiter.spend('a', 10_000);
    expect(limiter.take('a')).toBe(101 * 20);
  });

  describe('the stored lengths', () => {
    let shop: TestServer;
    beforeAll(async () => {
      shop = await startTestServer();
    });
    afterAll(async () => {
      await shop?.stop();
    });

    it('are the average of what is stored in each text field', () => {
      shop.store.create('Item', { name: 'A', price: 1, tags: ['wine'], description: 'x'.repeat(100) });
      shop.store.create('Item', { name: 'B', price: 1, tags: ['wine'], description: 'x'.repeat(300) });
      expect(shop.store.averageTextLength('Item', 'description')).toBe(200);
      expect(shop.store.averageTextLength('Item', 'price')).toBe(0);
      expect(shop.store.averageTextLength('NoSuchModel', 'name')).toBe(0);
    });
  });
});

describe('the page rate limit setting', () => {
  it('is on by default, set on its own, and off with RATE_LIMIT_PER_SECOND=0 unless set', () => {
    expect(loadConfig({}).pageRateLimit).toEqual({ burst: 2000, intervalMs: 5 });
    expect(loadConfig({ PAGE_RATE_LIMIT_PER_SECOND: '10', PAGE_RATE_LIMIT_BURST: '50' }).pageRateLimit).toEqual({
      burst: 50,
      intervalMs: 100,
    });
    expect(loadConfig({ RATE_LIMIT_PER_SECOND: '0' }).pageRateLimit).toBeNull();
    expect(loadConfig({ RATE_LIMIT_PER_SECOND: '0', PAGE_RATE_LIMIT_PER_SECOND: '5' }).pageRateLimit).toEqual({
      burst: 2000,
      intervalMs: 200,
    });
    expect(loadConfig({ PAGE_RATE_LIMIT_PER_SECOND: '0' }).pageRateLimit).toBeNull();
    expect(() => loadConfig({ PAGE_RATE_LIMIT_BURST: '0' })).toThrow(/PAGE_RATE_LIMIT_BURST must be a whole number/);
  });
});
