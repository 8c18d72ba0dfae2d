/**
 * A signed-in customer's call through the app's data client (decisions 0302, 0318): the session
 * attached, the answer as the data or `{ message }` (the server's first message). A session the
 * server no longer accepts ends here and rejects with SessionEndedError (the app goes to /login).
 */
import { MESSAGES } from '../../shared/messages';
import { endSession, getSignedInOptions, runSignedIn, SessionEndedError } from './auth';

export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string };

export interface Response<T> {
  data?: T | null;
  errors?: readonly { message?: string | null }[] | null;
}

export function outcomeOf<T>(response: Response<T>): Outcome<T> {
  const message = response.errors?.[0]?.message;
  if (response.errors?.length) return { ok: false, message: message || MESSAGES.genericError };
  return response.data === null || response.data === undefined
    ? { ok: false, message: MESSAGES.genericError }
    : { ok: true, data: response.data };
}

export async function signedIn<T>(
  call: (auth: ReturnType<typeof getSignedInOptions> & object) => Promise<Response<T>>,
): Promise<Outcome<T>> {
  try {
    return outcomeOf(await runSignedIn(call, getSignedInOptions, endSession));
  } catch (error) {
    if (error instanceof SessionEndedError) throw error;
    return { ok: false, message: error instanceof Error && error.message ? error.message : MESSAGES.genericError };
  }
}

/** The data, or a rejection with the server's message (for a query, which shows it). */
export const orThrow = <T>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.data;
};

export const mapped = <T, U>(outcome: Outcome<T>, map: (data: T) => U): Outcome<U> =>
  outcome.ok ? { ok: true, data: map(outcome.data) } : outcome;

/** A toast, with react-toastify loaded only when the first one is shown. */
export const toast = (kind: 'success' | 'error', message: string) => void import('./notify').then(({ notify }) => notify[kind](message));
