import { describe, expect, it } from 'vitest';
import { cookieSaysAgeVerified } from '../../shared/age-verified-cookie';
import { AGE_VERIFIED_KEY, isAgeVerified, keepAgeVerifiedCookie, rememberAgeVerified } from './age-verification';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('age verification', () => {
  it('is absent at first, and stored as "true" under ageVerified once confirmed', () => {
    const storage = memoryStorage();
    expect(isAgeVerified(storage)).toBe(false);
    rememberAgeVerified(storage, undefined);
    expect(storage.values.get(AGE_VERIFIED_KEY)).toBe('true');
    expect(AGE_VERIFIED_KEY).toBe('ageVerified');
    expect(isAgeVerified(storage)).toBe(true);
  });

  it('does not count other values', () => {
    const storage = memoryStorage();
    storage.setItem(AGE_VERIFIED_KEY, 'false');
    expect(isAgeVerified(storage)).toBe(false);
  });

  it('survives storage that throws or is missing', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(isAgeVerified(broken)).toBe(false);
    expect(() => rememberAgeVerified(broken, undefined)).not.toThrow();
    expect(isAgeVerified(undefined)).toBe(false);
  });

  it('writes the cookie the server reads, Secure over HTTPS, and gives it back to a visitor who confirmed before it existed', () => {
    const jar = { cookie: '', location: { protocol: 'https:' } };
    rememberAgeVerified(memoryStorage(), jar);
    expect(jar.cookie).toMatch(/^ageVerified=true; Max-Age=\d+; Path=\/; SameSite=Lax; Secure$/);
    expect(cookieSaysAgeVerified(jar.cookie.split(';')[0])).toBe(true);

    const confirmedEarlier = memoryStorage();
    confirmedEarlier.setItem(AGE_VERIFIED_KEY, 'true');
    const plain = { cookie: 'other=1', location: { protocol: 'http:' } };
    keepAgeVerifiedCookie(confirmedEarlier, plain);
    expect(plain.cookie).toMatch(/^ageVerified=true; Max-Age=\d+; Path=\/; SameSite=Lax$/);

    const neverConfirmed = { cookie: '' };
    keepAgeVerifiedCookie(memoryStorage(), neverConfirmed);
    expect(neverConfirmed.cookie).toBe('');
  });

  it('reads the cookie from a Cookie header, and nothing that only looks like it', () => {
    expect(cookieSaysAgeVerified('a=1; ageVerified=true; b=2')).toBe(true);
    expect(cookieSaysAgeVerified('ageVerified=true')).toBe(true);
    expect(cookieSaysAgeVerified('ageVerified=false')).toBe(false);
    expect(cookieSaysAgeVerified('xageVerified=true')).toBe(false);
    expect(cookieSaysAgeVerified('ageVerified=truer')).toBe(false);
    expect(cookieSaysAgeVerified(undefined)).toBe(false);
  });
});
