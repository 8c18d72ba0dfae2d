/**
 * The authentication service (product §7): `login`, `signUp` and the password reset calls (decision
 * 0258) return 'success' or `{ message }`; `logout` ends the session. Pure of I/O of its own: the API calls and the session store are
 * injected (session.ts wires the Amplify data client and sessionStorage).
 */
import type { SessionStore } from './session-store';
import type { AuthSessionData } from './storage';
import { MESSAGES } from '../../../shared/messages';
import {
  loginProblem,
  newPasswordProblem,
  resetRequestProblem,
  signUpProblem,
  type LoginInput,
  type ResetPasswordInput,
  type SignUpInput,
} from './validation';

/** product §7: what a failed call without a message of its own says. */
const GENERIC_ERROR = MESSAGES.genericError;

export type AuthResult = 'success' | { message: string };

/** What the Amplify data client resolves a custom mutation to. */
export interface MutationResponse<T> {
  data?: T | null;
  errors?: readonly { message?: string | null }[] | null;
}

export interface AuthApi {
  signIn(input: LoginInput): Promise<MutationResponse<AuthSessionData>>;
  signUp(input: SignUpInput): Promise<MutationResponse<AuthSessionData>>;
  /** Revokes the given session token on the server. */
  signOut(authToken: string): Promise<unknown>;
  requestPasswordReset(input: { email: string }): Promise<MutationResponse<boolean>>;
  resetPassword(input: ResetPasswordInput): Promise<MutationResponse<boolean>>;
}

export interface AuthService {
  login: (email: string, password: string) => Promise<AuthResult>;
  signUp: (firstName: string, lastName: string, email: string, password: string, confirmPassword: string) => Promise<AuthResult>;
  logout: () => Promise<void>;
  /** "Forgot password?": 'success' is the same answer for every address (MESSAGES.resetRequested). */
  requestPasswordReset: (email: string) => Promise<AuthResult>;
  /** Sets a new password with a reset link's token; signs nobody in. */
  resetPassword: (token: string, password: string, confirmPassword: string) => Promise<AuthResult>;
}

/** How long logout waits for the server before signing out locally anyway. */
export const SIGN_OUT_TIMEOUT_MS = 5000;

const messageOf = (error: unknown): string => {
  const message = error instanceof Error ? error.message : (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : GENERIC_ERROR;
};

/**
 * product §7's result of a sign-in or sign-up response: the server's first error message when it
 * sent errors, 'Error' when it sent no session, otherwise the session to store.
 */
export function readAuthResponse(
  response: MutationResponse<AuthSessionData> | null | undefined,
): { ok: true; session: AuthSessionData } | { ok: false; message: string } {
  const firstError = response?.errors?.[0];
  if (firstError) return { ok: false, message: messageOf(firstError) };
  const data = response?.data;
  if (!data || typeof data.token !== 'string' || data.token === '') return { ok: false, message: GENERIC_ERROR };
  return { ok: true, session: data };
}

function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createAuthService(api: AuthApi, store: SessionStore, signOutTimeoutMs = SIGN_OUT_TIMEOUT_MS): AuthService {
  /** Calls the server; a thrown failure (network, ...) becomes a message too. */
  async function authenticate(call: () => Promise<MutationResponse<AuthSessionData>>): Promise<AuthResult> {
    let response: MutationResponse<AuthSessionData>;
    try {
      response = await call();
    } catch (error) {
      return { message: messageOf(error) };
    }
    const result = readAuthResponse(response);
    if (!result.ok) return { message: result.message };
    store.save(result.session);
    return 'success';
  }

  /** Calls a mutation answering `true` when it did what was asked. */
  async function confirmed(call: () => Promise<MutationResponse<boolean>>): Promise<AuthResult> {
    let response: MutationResponse<boolean>;
    try {
      response = await call();
    } catch (error) {
      return { message: messageOf(error) };
    }
    const firstError = response?.errors?.[0];
    if (firstError) return { message: messageOf(firstError) };
    return response?.data === true ? 'success' : { message: GENERIC_ERROR };
  }

  return {
    login(email, password) {
      const input = { email, password };
      const problem = loginProblem(input);
      if (problem) return Promise.resolve({ message: problem });
      return authenticate(() => api.signIn(input));
    },

    signUp(firstName, lastName, email, password, confirmPassword) {
      const input = { firstName, lastName, email, password, confirmPassword };
      const problem = signUpProblem(input);
      if (problem) return Promise.resolve({ message: problem });
      return authenticate(() => api.signUp(input));
    },

    requestPasswordReset(email) {
      const problem = resetRequestProblem(email);
      if (problem) return Promise.resolve({ message: problem });
      return confirmed(() => api.requestPasswordReset({ email }));
    },

    resetPassword(token, password, confirmPassword) {
      const input = { token, password, confirmPassword };
      const problem = newPasswordProblem(input);
      if (problem) return Promise.resolve({ message: problem });
      return confirmed(() => api.resetPassword(input));
    },

    async logout() {
      const authToken = store.getSnapshot()?.authToken;
      if (authToken) {
        // The session ends here whatever the server says: a failed or slow sign-out is ignored.
        await withTimeout(
          api.signOut(authToken).catch(() => undefined),
          signOutTimeoutMs,
        );
      }
      store.clear();
    },
  };
}
