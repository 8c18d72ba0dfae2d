/**
 * The signed-in session in browser storage (product §3, design §2). Pure: every function takes the
 * Storage to use, so tests pass an in-memory one.
 *
 * sessionStorage keys:
 * - `token`:   JSON `{"User_ID": "...", "Name": "First Last"}` (product §3's shape)
 * - `role`:    the numeric user type as a string, "0" admin or "1" user
 * - `user_id`: the user's id
 * - `session`: JSON `{"token": "<opaque session token>", "expiresAt": "<ISO time>"}`, what the
 *              server checks on every signed-in call
 *
 * localStorage (`ageVerified`) is not touched here: it outlives a session on purpose.
 */
import { isRole, ROLE_ADMIN, type Role } from '../../../shared/roles';
import { isJsonObject, parseJsonAs } from '../json';

export const TOKEN_KEY = 'token';
export const ROLE_KEY = 'role';
export const USER_ID_KEY = 'user_id';
export const SESSION_KEY = 'session';

/** What signIn and signUp return (the schema's AuthSession). */
export interface AuthSessionData {
  token: string;
  userId: string;
  name: string;
  type: number;
  expiresAt: string;
}

/** The signed-in visitor as the app reads it back from storage. */
export interface Session {
  userId: string;
  /** First and last name joined by a space. */
  name: string;
  /** The stored role; null when it is missing or not a known role. Navigation only: the server decides. */
  role: Role | null;
  /** The opaque token sent as `authToken` with `authMode: 'lambda'`. */
  authToken: string;
  /** When the server stops accepting the token at the latest (ISO time). */
  expiresAt: string;
}

/** The part of the Web Storage API the session needs. */
export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

function readJson(storage: SessionStorageLike, key: string): Record<string, unknown> | null {
  return parseJsonAs(storage.getItem(key), isJsonObject);
}

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The stored role, or null when there is none or it is not "0" or "1". */
export function readRole(storage: SessionStorageLike): Role | null {
  const text = storage.getItem(ROLE_KEY);
  if (text === null || !/^\d+$/.test(text)) return null;
  const role = Number(text);
  return isRole(role) ? role : null;
}

/**
 * The session, or null when the visitor is signed out: product §3's `token` with a User_ID and a Name
 * and the session token must both be there. The role may be missing or unknown (then null).
 */
export function readSession(storage: SessionStorageLike): Session | null {
  const user = readJson(storage, TOKEN_KEY);
  const session = readJson(storage, SESSION_KEY);
  if (!user || !session) return null;
  const { User_ID: userId, Name: name } = user;
  const { token: authToken, expiresAt } = session;
  if (!nonEmptyString(userId) || !nonEmptyString(name) || !nonEmptyString(authToken)) return null;
  return { userId, name, role: readRole(storage), authToken, expiresAt: typeof expiresAt === 'string' ? expiresAt : '' };
}

/** Stores what signIn or signUp returned. */
export function writeSession(storage: SessionStorageLike, data: AuthSessionData): void {
  storage.setItem(TOKEN_KEY, JSON.stringify({ User_ID: data.userId, Name: data.name }));
  storage.setItem(ROLE_KEY, String(data.type));
  storage.setItem(USER_ID_KEY, data.userId);
  storage.setItem(SESSION_KEY, JSON.stringify({ token: data.token, expiresAt: data.expiresAt }));
}

/** Signs out in storage (product §4): deletes the token, clears the role, then all of sessionStorage. */
export function clearSession(storage: SessionStorageLike): void {
  for (const key of [TOKEN_KEY, ROLE_KEY, USER_ID_KEY, SESSION_KEY]) storage.removeItem(key);
  storage.clear();
}

/** Whether the server has certainly stopped accepting the session (its absolute expiry is past). */
export function isExpired(session: Pick<Session, 'expiresAt'>, now: number): boolean {
  const expiresAt = Date.parse(session.expiresAt);
  return Number.isFinite(expiresAt) && expiresAt <= now;
}

/** The first name, for a greeting: "Ana Maria Lopez" gives "Ana". */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** Where a signed-in visitor belongs (product §6): admins to the admin portal, everyone else home. */
export function homePathFor(role: Role | null): '/admin-portal' | '/home' {
  return role === ROLE_ADMIN ? '/admin-portal' : '/home';
}

/** Whether storage says this visitor may open the admin routes (product §2): a session and role admin. */
export function mayOpenAdminRoutes(session: Session | null): boolean {
  return session !== null && session.role === ROLE_ADMIN;
}

/**
 * A Storage that works when the browser's does not (storage disabled, some private modes throw on
 * access): the app then keeps the session in memory for the life of the page.
 */
export function memoryStorage(): SessionStorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}
