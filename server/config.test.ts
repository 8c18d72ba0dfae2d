/**
 * The start-up warning about PUBLIC_ORIGIN (config.ts), alone; http.test.ts sees a real server
 * print it. The connection limits from the environment (tests/security/connection-limits.test.ts
 * holds a real server to them).
 */
import { describe, expect, it } from 'vitest';
import { defaultMaxConnections, loadConfig, openFileLimit, publicOriginWarning } from './config';

describe('publicOriginWarning', () => {
  it('warns on a wildcard host without PUBLIC_ORIGIN, naming the origin every URL will carry', () => {
    for (const host of ['0.0.0.0', '::']) {
      const line = publicOriginWarning({ publicOrigin: null, host, port: 3000 });
      expect(line, host).toContain('PUBLIC_ORIGIN');
      expect(line, host).toContain('http://localhost:3000');
      expect(line, host).toMatch(/canonical links, \/sitemap\.xml, robots\.txt and the \.ics files/);
      expect(line, host).not.toContain('\n');
    }
    // The port actually bound, not the configured 0.
    expect(publicOriginWarning({ publicOrigin: null, host: '0.0.0.0', port: 0 }, 43210)).toContain('http://localhost:43210');
  });

  it('says nothing with PUBLIC_ORIGIN set or on one interface', () => {
    expect(publicOriginWarning({ publicOrigin: 'https://shop.example.com', host: '0.0.0.0', port: 3000 })).toBeNull();
    for (const host of ['127.0.0.1', 'localhost', '::1', '192.168.1.5'])
      expect(publicOriginWarning({ publicOrigin: null, host, port: 3000 }), host).toBeNull();
  });
});

describe('connection limits', () => {
  it('has defaults, and no per-address cap behind a proxy unless one is set', () => {
    expect(loadConfig({}).connections).toEqual({
      perAddress: 64,
      total: defaultMaxConnections(),
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 65_000,
      maxRequestsPerConnection: 1000,
      maxPipelined: 16,
      unreadTimeoutMs: 30_000,
      unreadBytesPerAddress: 8 * 1024 * 1024,
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).connections).toMatchObject({ perAddress: 0, unreadBytesPerAddress: 0 });
    expect(loadConfig({ TRUST_PROXY: 'true', MAX_UNREAD_MB_PER_ADDRESS: '32' }).connections.unreadBytesPerAddress).toBe(32 * 1024 * 1024);
    expect(loadConfig({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '200' }).connections.perAddress).toBe(200);
  });

  it('reads the environment, in seconds where it says so, and refuses nonsense', () => {
    const limits = loadConfig({ MAX_CONNECTIONS: '100', HEADERS_TIMEOUT_SECONDS: '0.5', MAX_PIPELINED_REQUESTS: '4' }).connections;
    expect(limits).toMatchObject({ total: 100, headersTimeoutMs: 500, maxPipelined: 4 });
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS must be a whole number of at least 1/);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: 'lots' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '0' })).toThrow(/HEADERS_TIMEOUT_SECONDS must be a number of seconds above 0/);
  });

  it('keeps the total below the file limit, at most 4,000', () => {
    const limits =
      'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n';
    expect(openFileLimit(() => limits)).toBe(1024);
    expect(openFileLimit(() => 'nothing here')).toBeNull();
    expect(
      openFileLimit(() => {
        throw new Error('no /proc');
      }),
    ).toBeNull();
    expect(defaultMaxConnections(1024)).toBe(768);
    expect(defaultMaxConnections(8192)).toBe(4000);
    expect(defaultMaxConnections(null)).toBe(4000);
  });
});
