/** The browser side of accounts (product §3-§7): session storage, auth service, hooks, admin guard. */
export {
  authService,
  endSession,
  getSignedInOptions,
  login,
  logout,
  requestPasswordReset,
  resetPassword,
  sessionStore,
  signUp,
} from './session';
export { LOGIN_PATH, useCustomerId, useSession } from './hooks';
export { RequireAdmin } from './RequireAdmin';
export { isSessionRejected, runSignedIn, SessionEndedError, SESSION_REJECTED_ERROR_TYPE } from './session-rejection';
export type { SignedInOptions } from '../amplify';
export type { AuthResult, AuthService } from './service';
export {
  firstName,
  homePathFor,
  mayOpenAdminRoutes,
  ROLE_KEY,
  SESSION_KEY,
  TOKEN_KEY,
  USER_ID_KEY,
  type AuthSessionData,
  type Session,
} from './storage';
