/**
 * Logging in and coming back (decision 0319): apart from spa-routes.ts, which the storefront's
 * first script carries, so only the pages that send to /login or read its return load this
 * (design §4).
 */
import { SPA_ROUTES } from './spa-routes';

/** The query parameter /login reads the page to go back to from (decision 0319). */
export const LOGIN_RETURN_PARAM = 'return';

/** A path of this site to go back to after logging in, or null: one path ("/x..."), never another origin ("//x", "/\\x"). */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('/') || /^\/[\\/]/.test(value)) return null;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) return null;
  return value;
}

/** /login?return=<path>: logging in comes back to `path` (decision 0319). */
export const loginReturnPath = (path: string): string => `${SPA_ROUTES.login}?${LOGIN_RETURN_PARAM}=${encodeURIComponent(path)}`;
