/** The rate limits' arithmetic and settings: tokens taken by count (a request's cost), and the page limit's defaults. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { tokensForCost } from './cost';
import { RateLimiter } from '../accounts/throttle';

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
