/**
 * The session as an external store for React (`useSyncExternalStore`): the app's views re-render
 * when the app signs in or out. Reads go to storage each time, so the snapshot also follows edits
 * made behind the app's back (developer tools); a snapshot object stays the same while the stored
 * values do, as React requires.
 */
import {
  clearSession,
  isExpired,
  readSession,
  ROLE_KEY,
  SESSION_KEY,
  TOKEN_KEY,
  writeSession,
  type AuthSessionData,
  type Session,
  type SessionStorageLike,
} from './storage';

export interface SessionStore {
  /** The current session or null; the same object until storage changes. */
  getSnapshot: () => Session | null;
  subscribe: (listener: () => void) => () => void;
  save: (data: AuthSessionData) => void;
  clear: () => void;
}

export function createSessionStore(storage: SessionStorageLike, now: () => number = Date.now): SessionStore {
  const listeners = new Set<() => void>();
  let cachedKey: string | undefined;
  let cached: Session | null = null;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  const store: SessionStore = {
    getSnapshot() {
      const key = [TOKEN_KEY, SESSION_KEY, ROLE_KEY].map((name) => storage.getItem(name) ?? '\u0000').join('\u0001');
      if (key !== cachedKey) {
        cachedKey = key;
        cached = readSession(storage);
      }
      return cached;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save(data) {
      writeSession(storage, data);
      notify();
    },
    clear() {
      clearSession(storage);
      notify();
    },
  };

  // A session past its absolute expiry is of no use: forget it before anything renders.
  const initial = store.getSnapshot();
  if (initial && isExpired(initial, now())) clearSession(storage);
  return store;
}
