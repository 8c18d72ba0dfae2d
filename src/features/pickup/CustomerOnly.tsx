import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { ROLE_USER } from '../../../shared/roles';
import { loginReturnPath } from '../../../shared/login-return';
import { useSession } from '../../lib/auth';

/** A signed-in customer's page, or where to go instead: /login coming back here for a guest; a note for staff. */
export function CustomerOnly({ path, children }: { path: string; children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to={loginReturnPath(path)} replace />;
  if (session.role !== ROLE_USER) return <p>Reserving is for customers' accounts; staff reserve nothing for themselves.</p>;
  return children;
}
