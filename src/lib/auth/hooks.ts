/** React bindings of the session: re-render on sign-in and sign-out, and signed-in calls. */
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { endSession, getSignedInOptions, sessionStore } from './session';
import type { SignedInOptions } from '../amplify';
import { runSignedIn, SessionEndedError } from './session-rejection';
import type { Session } from './storage';

export const LOGIN_PATH = '/login';

/** The current session (null when signed out); the calling component re-renders when it changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, () => null);
}

/**
 * Runs signed-in calls. `call` receives `{ authMode: 'lambda', authToken }` to spread into the
 * data client's options. When there is no session, or the server answers that the session is no
 * longer valid (UnauthorizedException), the session is cleared, the visitor is sent to /login
 * with a notice, and the returned promise rejects with SessionEndedError (callers need not toast
 * it). Any other result, errors included, is returned as it came.
 *
 *     const signedInCall = useSignedInCall();
 *     const { data, errors } = await signedInCall((auth) => client.models.User.list({ ...auth }));
 */
export function useSignedInCall() {
  const navigate = useNavigate();
  return useCallback(
    <R>(call: (auth: SignedInOptions) => Promise<R>): Promise<R> =>
      runSignedIn(call, getSignedInOptions, () => {
        endSession();
        void navigate(LOGIN_PATH, { replace: true });
        void import('../notify').then(({ notify }) => notify.error(new SessionEndedError().message));
      }),
    [navigate],
  );
}
