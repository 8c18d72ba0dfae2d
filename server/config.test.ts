/** The start-up warning about PUBLIC_ORIGIN (config.ts), alone; http.test.ts sees a real server print it. */
import { describe, expect, it } from 'vitest';
import { publicOriginWarning } from './config';

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
