/**
 * The app's one session store and auth service: sessionStorage and the Amplify data client.
 * (The logic lives in storage.ts, session-store.ts and service.ts, which tests drive directly.)
 */
import { client, signedInOptions, type SignedInOptions } from '../amplify';
import { createAuthService, type AuthApi } from './service';
import { createSessionStore } from './session-store';
import { isExpired, memoryStorage, type SessionStorageLike } from './storage';

/** The browser's sessionStorage, or memory when the browser refuses storage. */
function browserSessionStorage(): SessionStorageLike {
  try {
    const storage = window.sessionStorage;
    const probe = '__storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}

export const sessionStore = createSessionStore(browserSessionStorage());

const api: AuthApi = {
  signIn: (input) => client.mutations.signIn(input),
  signUp: (input) => client.mutations.signUp(input),
  signOut: (authToken) => client.mutations.signOut(signedInOptions(authToken)),
  requestPasswordReset: (input) => client.mutations.requestPasswordReset(input),
  resetPassword: (input) => client.mutations.resetPassword(input),
};

/** login, signUp and logout of product §7, and the password resets. */
export const authService = createAuthService(api, sessionStore);
export const { login, signUp, logout, requestPasswordReset, resetPassword } = authService;

/** Signs out locally only: used when the server no longer accepts the session. */
export function endSession(): void {
  sessionStore.clear();
}

/**
 * `{ authMode: 'lambda', authToken }` for a signed-in call, or null when there is no session
 * (a session past its expiry is ended here).
 */
export function getSignedInOptions(now: number = Date.now()): SignedInOptions | null {
  const session = sessionStore.getSnapshot();
  if (!session) return null;
  if (isExpired(session, now)) {
    endSession();
    return null;
  }
  return signedInOptions(session.authToken);
}
