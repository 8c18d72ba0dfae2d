import { describe, expect, it } from 'vitest';
import { loginReturnPath, safeReturnPath } from './login-return';
import { isPrivateRoute, itemPath, matchSpaRoute, spaRoutePath } from './spa-routes';

describe('matchSpaRoute', () => {
  it('matches as React Router does: case-insensitive, trailing slashes, decoded params', () => {
    expect(matchSpaRoute('/home')).toEqual({ name: 'home', params: {} });
    expect(matchSpaRoute('/HOME/')).toEqual({ name: 'home', params: {} });
    expect(matchSpaRoute('/item/abc-1')).toEqual({ name: 'item', params: { id: 'abc-1' } });
    expect(matchSpaRoute('/item/a%20b')).toEqual({ name: 'item', params: { id: 'a b' } });
    expect(matchSpaRoute('/admin-item')).toEqual({ name: 'adminItem', params: {} });
  });

  it('matches nothing else', () => {
    for (const path of ['/', '/nope', '/item', '/item/', '/item/a/b', '/home/x', '/admin-items-x', '/menu.json']) {
      expect(matchSpaRoute(path), path).toBeNull();
    }
  });

  it('tells the private routes', () => {
    expect(
      ['login', 'signup', 'forgotPassword', 'resetPassword', 'adminPortal', 'adminSettings'].every((name) => isPrivateRoute(name as never)),
    ).toBe(true);
    expect(['home', 'menu', 'item', 'events', 'aboutus'].some((name) => isPrivateRoute(name as never))).toBe(false);
  });
});

describe('one path per route', () => {
  it('spells a route as SPA_ROUTES does, with its id as one encoded segment', () => {
    expect(itemPath('abc-1')).toBe('/item/abc-1');
    expect(itemPath('a/b?c#d')).toBe('/item/a%2Fb%3Fc%23d');
    for (const [path, canonical] of [
      ['/home', '/home'],
      ['/HOME/', '/home'],
      ['/Events//', '/events'],
      ['/Admin-Item', '/admin-item'],
      ['/Item/AbC-1/', '/item/AbC-1'],
      ['/item/a%20b', '/item/a%20b'],
      ['/item/%41', '/item/A'],
      ['/item/%2F%2Fevil.example', '/item/%2F%2Fevil.example'],
      ['/item/%5Cevil', '/item/%5Cevil'],
    ] as const) {
      expect(spaRoutePath(matchSpaRoute(path)!), path).toBe(canonical);
    }
  });

  it('is a fixed point: the canonical path matches the same route and spells itself', () => {
    for (const path of ['/HOME/', '/Item/x%7Cy/', '/item/%E0%A4', '/item/%F0%9F%8D%B7', '/item/a|b', "/item/it's"]) {
      const canonical = spaRoutePath(matchSpaRoute(path)!);
      expect(canonical, path).toMatch(/^\/[^/\\]/);
      expect(spaRoutePath(matchSpaRoute(canonical)!), path).toBe(canonical);
    }
  });
});

describe('the page /login goes back to (decision 0319)', () => {
  it('takes a path of this site, with its query', () => {
    expect(loginReturnPath('/item/a b?x=1')).toBe('/login?return=%2Fitem%2Fa%20b%3Fx%3D1');
    expect(safeReturnPath(new URLSearchParams(loginReturnPath('/item/a?x=1').split('?')[1]).get('return'))).toBe('/item/a?x=1');
    expect(safeReturnPath('/pickup-list')).toBe('/pickup-list');
  });

  it('refuses another origin, a scheme, control characters and nonsense', () => {
    for (const value of [
      null,
      undefined,
      '',
      'item/a',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/a\nb',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });
});
