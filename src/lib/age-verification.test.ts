import { describe, expect, it } from 'vitest';
import { AGE_VERIFIED_KEY, isAgeVerified, rememberAgeVerified } from './age-verification';

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
    rememberAgeVerified(storage);
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
    expect(() => rememberAgeVerified(broken)).not.toThrow();
    expect(isAgeVerified(undefined)).toBe(false);
  });
});
