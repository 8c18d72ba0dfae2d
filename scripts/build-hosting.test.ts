import { describe, expect, it } from 'vitest';
import { originFor } from './build-hosting';

describe('the origin the hosting bundle names', () => {
  it('is the one given, else PUBLIC_ORIGIN, else the branch domain Amplify gives (a slash made a dash)', () => {
    expect(originFor({ PUBLIC_ORIGIN: 'https://shop.example' }, 'https://given.example')).toBe('https://given.example');
    expect(originFor({ PUBLIC_ORIGIN: 'https://shop.example', AWS_BRANCH: 'main', AWS_APP_ID: 'd1' })).toBe('https://shop.example');
    expect(originFor({ AWS_BRANCH: 'feature/new-menu', AWS_APP_ID: 'd123' })).toBe('https://feature-new-menu.d123.amplifyapp.com');
  });

  it('refuses anything but a scheme and a host', () => {
    for (const origin of ['', 'shop.example', 'https://shop.example/', 'https://shop.example/path'])
      expect(() => originFor({}, origin), origin).toThrow(/scheme and host/);
    expect(() => originFor({})).toThrow(/scheme and host/);
  });
});
