/**
 * Telling "your session is no longer valid" apart from other failures of a signed-in call.
 *
 * The server answers a call whose token it no longer accepts (expired, revoked, forged) with
 * `errorType: 'UnauthorizedException'` (HTTP 200 locally; AppSync sends HTTP 401, which the
 * Amplify client turns into an error whose `originalError.name` is UnauthorizedException and whose
 * message is 'Unauthorized'). A valid session calling something its role may not use gets
 * `errorType: 'Unauthorized'` instead: that is a refusal, not an ended session.
 */
import { ERROR_TYPES } from '../../../shared/error-types';
import type { SignedInOptions } from '../amplify';

export const SESSION_REJECTED_ERROR_TYPE = ERROR_TYPES.sessionRejected;

/** Thrown by a signed-in call when there is no usable session; the app is already going to /login. */
export class SessionEndedError extends Error {
  constructor() {
    super('Your session has ended. Please log in again.');
    this.name = 'SessionEndedError';
  }
}

const isRejection = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { errorType, originalError } = error as { errorType?: unknown; originalError?: { name?: unknown } | null };
  if (errorType === SESSION_REJECTED_ERROR_TYPE) return true;
  const name = originalError?.name;
  return typeof name === 'string' && name.startsWith(SESSION_REJECTED_ERROR_TYPE);
};

/** Whether a call's `errors` (or a thrown `{ errors }`) say the session is no longer valid. */
export function isSessionRejected(errorsOrResult: unknown): boolean {
  if (Array.isArray(errorsOrResult)) return errorsOrResult.some(isRejection);
  if (typeof errorsOrResult === 'object' && errorsOrResult !== null && 'errors' in errorsOrResult) {
    return isSessionRejected((errorsOrResult as { errors?: unknown }).errors);
  }
  return false;
}

/**
 * Runs a signed-in call with the current session's options. Without a session, or when the server
 * rejects the session (UnauthorizedException, returned or thrown), calls `onSessionEnded` and
 * rejects with SessionEndedError; anything else comes back as it came, errors included. A call
 * refused under a token this browser has since replaced (a password change ends every session and
 * answers with this browser's new one while other calls are in flight) is tried again once with
 * the new session rather than signing the customer out.
 */
export async function runSignedIn<R>(
  call: (auth: SignedInOptions) => Promise<R>,
  getAuth: () => SignedInOptions | null,
  onSessionEnded: () => void,
): Promise<R> {
  const ended = () => {
    onSessionEnded();
    return new SessionEndedError();
  };
  let auth = getAuth();
  for (let attempt = 0; auth; attempt += 1) {
    let result: R;
    try {
      result = await call(auth);
    } catch (error) {
      // A request the client could not make at all may still carry the server's errors.
      if (!isSessionRejected(error)) throw error;
      result = error as R;
    }
    if (!isSessionRejected(result)) return result;
    const current = getAuth();
    if (attempt > 0 || !current || current.authToken === auth.authToken) break;
    auth = current;
  }
  throw ended();
}
