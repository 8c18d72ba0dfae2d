/**
 * The API's firewall (decision 0382) on the emulated cloud: the web ACL the template associates
 * with AppSync lets one address send what the local server's rate limit lets it, and refuses the
 * rest with a 429 that a browser can read (CORS) and the SPA's own client recognises as
 * "too many requests, try again in 60 s". The limit is lowered for the test; the rule itself is
 * read from the template.
 */
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { afterAll, describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../src/lib/retry-refused';
import { DEFAULT_RATE_LIMIT, FIREWALL_WINDOW_SECONDS, requestsPerWindow } from '../../shared/request-rate';
import { rawRequest } from '../security/support/raw-http';
import { setFirewallLimit } from './support/emulation';

const url = new URL(process.env.CLOUD_API_URL!);
const apiKey = process.env.CLOUD_API_KEY!;
const LIST = JSON.stringify({ query: '{ listItems(limit: 1) { items { id } } }' });
const from = (localAddress: string) =>
  rawRequest(url.origin, url.pathname, {
    body: LIST,
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey, origin: 'https://shop.example.com' },
    localAddress,
  });

describe("the API's firewall on the emulated cloud", () => {
  afterAll(async () => {
    await setFirewallLimit(null);
  });

  it("has one rule: per address, the local server's burst and refill over WAF's one-minute window", async () => {
    const { rules } = await setFirewallLimit(null);
    expect(rules).toEqual([
      { name: 'RequestsPerAddress', limit: requestsPerWindow(DEFAULT_RATE_LIMIT, FIREWALL_WINDOW_SECONDS), windowMs: 60_000 },
    ]);
    // 500 at once, then 50 a second: 3,500 a minute.
    expect(rules[0]!.limit).toBe(3500);
  });

  it('refuses an address past the limit with a readable 429, and serves another address', async () => {
    await setFirewallLimit(20);
    for (let i = 0; i < 20; i++) expect((await from('127.0.0.40')).status).toBe(200);
    const refused = await from('127.0.0.40');
    expect(refused.status).toBe(429);
    expect(refused.headers).toMatchObject({
      'retry-after': '60',
      'access-control-allow-origin': '*',
      'x-amzn-errortype': 'TooManyRequests',
      'content-type': 'application/json',
    });
    expect(refused.json).toMatchObject({
      errors: [{ errorType: 'TooManyRequests', errorInfo: { retryAfterSeconds: 60 } }],
    });
    // AppSync's own headers are not on a blocked request: only the rule's.
    expect(refused.headers['access-control-allow-headers']).toBeUndefined();
    const visitor = await from('127.0.0.41');
    expect(visitor.status).toBe(200);
    expect((visitor.json as { data: unknown }).data).toBeTruthy();
  });

  it("the SPA's Amplify client throws a refusal its retry reads as 'wait 60 s'", async () => {
    await setFirewallLimit(5);
    // The client sends from 127.0.0.1: that address spends its five first.
    for (let i = 0; i < 5; i++) expect((await from('127.0.0.1')).status).toBe(200);
    Amplify.configure({ API: { GraphQL: { endpoint: url.href, region: 'us-east-1', defaultAuthMode: 'apiKey', apiKey } } });
    const client = generateClient();
    const error = await (client.graphql({ query: '{ listItems(limit: 1) { items { id } } }' }) as Promise<unknown>).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).not.toBeNull();
    // 60 s asked; the SPA waits at most 30 s before it tries again (MAX_WAIT_SECONDS).
    expect(retryAfterMs(error)).toBe(30_000);
    await setFirewallLimit(null);
  });
});
