import { Navigate, Outlet } from 'react-router-dom';
import { LOGIN_PATH, useSession } from './hooks';
import { mayOpenAdminRoutes } from './storage';

/**
 * Guard of the admin routes (product §2, §6): they render only with a stored session whose role is
 * admin; anyone else goes to /login. Navigation only: the server checks every call, so a forged
 * role opens the page shell but no data. Reacts to sign-out (or a rejected session) at once.
 */
export function RequireAdmin() {
  const session = useSession();
  if (!mayOpenAdminRoutes(session)) return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}
