import { describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../../shared/roles';
import { clearSession, firstName, homePathFor, isExpired, mayOpenAdminRoutes, readRole, readSession, writeSession } from './storage';
import { sampleSession, testStorage } from './testing';

describe('writeSession', () => {
  it('stores the keys of product §3 plus the session token', () => {
    const storage = testStorage();
    writeSession(storage, sampleSession({ type: ROLE_ADMIN }));
    expect(storage.dump()).toEqual({
      token: '{"User_ID":"user-1","Name":"Ana Lopez"}',
      role: '0',
      user_id: 'user-1',
      session: '{"token":"tok-123","expiresAt":"2030-01-01T00:00:00.000Z"}',
    });
  });
});

describe('readSession', () => {
  it('reads back what writeSession stored', () => {
    const storage = testStorage();
    writeSession(storage, sampleSession());
    expect(readSession(storage)).toEqual({
      userId: 'user-1',
      name: 'Ana Lopez',
      role: ROLE_USER,
      authToken: 'tok-123',
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
  });

  it('is null when signed out', () => {
    expect(readSession(testStorage())).toBeNull();
  });

  it('is null without a name, a user id or the session token', () => {
    const session = '{"token":"t","expiresAt":"2030-01-01T00:00:00Z"}';
    expect(readSession(testStorage({ token: '{"User_ID":"u"}', session }))).toBeNull();
    expect(readSession(testStorage({ token: '{"Name":"Ana"}', session }))).toBeNull();
    expect(readSession(testStorage({ token: '{"User_ID":"u","Name":"Ana"}' }))).toBeNull();
    expect(readSession(testStorage({ token: '{"User_ID":"u","Name":"Ana"}', session: '{"token":""}' }))).toBeNull();
  });

  it('is null, without throwing, for values that are not the expected JSON', () => {
    const session = '{"token":"t"}';
    expect(readSession(testStorage({ token: 'not json', session }))).toBeNull();
    expect(readSession(testStorage({ token: '["u","Ana"]', session }))).toBeNull();
    expect(readSession(testStorage({ token: 'null', session }))).toBeNull();
    expect(readSession(testStorage({ token: '{"User_ID":1,"Name":"Ana"}', session }))).toBeNull();
  });

  it('keeps the session with an unknown role as role null', () => {
    const entries = { token: '{"User_ID":"u","Name":"Ana"}', session: '{"token":"t","expiresAt":"x"}' };
    expect(readSession(testStorage({ ...entries, role: 'admin' }))?.role).toBeNull();
    expect(readSession(testStorage(entries))?.role).toBeNull();
  });
});

describe('readRole', () => {
  it('reads "0" and "1" only', () => {
    expect(readRole(testStorage({ role: '0' }))).toBe(ROLE_ADMIN);
    expect(readRole(testStorage({ role: '1' }))).toBe(ROLE_USER);
    for (const role of ['2', '-0', ' 0', '0.0', '', 'true', '00x']) expect(readRole(testStorage({ role }))).toBeNull();
    expect(readRole(testStorage())).toBeNull();
  });
});

describe('clearSession', () => {
  it('removes the session keys and everything else in session storage', () => {
    const storage = testStorage({ other: 'x' });
    writeSession(storage, sampleSession());
    clearSession(storage);
    expect(storage.dump()).toEqual({});
    expect(readSession(storage)).toBeNull();
  });
});

describe('isExpired', () => {
  const at = Date.parse('2026-05-01T12:00:00Z');
  it('is true from the expiry on', () => {
    expect(isExpired({ expiresAt: '2026-05-01T12:00:00Z' }, at)).toBe(true);
    expect(isExpired({ expiresAt: '2026-05-01T11:00:00Z' }, at)).toBe(true);
    expect(isExpired({ expiresAt: '2026-05-01T12:00:01Z' }, at)).toBe(false);
  });
  it('leaves an unreadable expiry to the server', () => {
    expect(isExpired({ expiresAt: '' }, at)).toBe(false);
    expect(isExpired({ expiresAt: 'soon' }, at)).toBe(false);
  });
});

describe('the redirect by role (product §6)', () => {
  it('sends admins to the admin portal and everyone else home', () => {
    expect(homePathFor(ROLE_ADMIN)).toBe('/admin-portal');
    expect(homePathFor(ROLE_USER)).toBe('/home');
    expect(homePathFor(null)).toBe('/home');
  });
});

describe('mayOpenAdminRoutes (product §2)', () => {
  it('needs a session and the admin role', () => {
    const base = { userId: 'u', name: 'Ana', authToken: 't', expiresAt: '' };
    expect(mayOpenAdminRoutes({ ...base, role: ROLE_ADMIN })).toBe(true);
    expect(mayOpenAdminRoutes({ ...base, role: ROLE_USER })).toBe(false);
    expect(mayOpenAdminRoutes({ ...base, role: null })).toBe(false);
    expect(mayOpenAdminRoutes(null)).toBe(false);
  });

  it('does not let a stored role alone open them', () => {
    expect(mayOpenAdminRoutes(readSession(testStorage({ role: '0' })))).toBe(false);
  });
});

describe('firstName', () => {
  it('takes the first word of the name', () => {
    expect(firstName('Ana Lopez')).toBe('Ana');
    expect(firstName('  Ana   Maria Lopez ')).toBe('Ana');
    expect(firstName('Cher')).toBe('Cher');
    expect(firstName('')).toBe('');
  });
});
