/** React bindings of the session: re-render on sign-in and sign-out. Signed-in calls: admin/common/admin-client.ts. */
import { useBrowserStore } from '../hydration';
import { ROLE_USER } from '../../../shared/roles';
import { sessionStore } from './session';
import type { Session } from './storage';

export const LOGIN_PATH = '/login';

/**
 * The current session (null when signed out); the calling component re-renders when it changes.
 * Signed out while a server-rendered page is hydrated: the server renders every page signed out.
 */
export function useSession(): Session | null {
  return useBrowserStore(sessionStore.subscribe, sessionStore.getSnapshot, null);
}

/** The signed-in customer's id; null for a guest or an admin (admins are refused the customers' own calls, decision 0313). */
export function useCustomerId(): string | null {
  const session = useSession();
  return session && session.role === ROLE_USER ? session.userId : null;
}
