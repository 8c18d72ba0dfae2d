/** Test helpers of the auth module (no DOM): an in-memory Storage and a sample AuthSession. */
import { memoryStorage, type AuthSessionData, type SessionStorageLike } from './storage';

/** An in-memory Storage whose contents a test can read back. */
export function testStorage(entries: Record<string, string> = {}): SessionStorageLike & { dump(): Record<string, string> } {
  const storage = memoryStorage();
  for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
  const keys = new Set(Object.keys(entries));
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => {
      keys.add(key);
      storage.setItem(key, value);
    },
    removeItem: (key) => {
      keys.delete(key);
      storage.removeItem(key);
    },
    clear: () => {
      keys.clear();
      storage.clear();
    },
    dump: () => Object.fromEntries([...keys].map((key) => [key, storage.getItem(key) ?? ''])),
  };
}

export const sampleSession = (overrides: Partial<AuthSessionData> = {}): AuthSessionData => ({
  token: 'tok-123',
  userId: 'user-1',
  name: 'Ana Lopez',
  type: 1,
  expiresAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});
