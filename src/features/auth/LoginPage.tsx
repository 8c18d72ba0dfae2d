import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { LOGIN_RETURN_PARAM, safeReturnPath } from '../../../shared/login-return';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { ROLE_USER } from '../../../shared/roles';
import { usePageHead } from '../../hooks/use-page-head';
import { firstName, homePathFor, login, sessionStore, useSession } from '../../lib/auth';
import { AuthCard, AuthFormActions } from './components/AuthCard';
import { CurrentPasswordField } from '../../components/forms/PasswordFields';
import { EmailField } from '../../components/forms/TextField';
import { useAuthForm } from '../../components/forms/use-auth-form';
import './auth.css';

const FIELDS = ['email', 'password'] as const;

/** /login (product §2): e-mail and password; Enter in either field submits. */
export function LoginPage() {
  usePageHead();
  const session = useSession();
  // "Log in to reserve for pickup" comes back to the page it was on (decision 0319); only a path of this site.
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(LOGIN_RETURN_PARAM));
  const { busy, onSubmit, fieldProps } = useAuthForm({
    fields: FIELDS,
    submit: ({ email, password }) => login(email, password),
    successMessage: () => `Welcome back, ${firstName(sessionStore.getSnapshot()?.name ?? '')}!`,
  });

  // Signed in already, or just now: admins to the admin portal, everyone else home (or back).
  if (session) return <Navigate to={session.role === ROLE_USER && returnTo ? returnTo : homePathFor(session.role)} replace />;

  return (
    <AuthCard title="Log in" lead="Welcome back. Log in with your e-mail and password.">
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <EmailField {...fieldProps('email')} />
        <CurrentPasswordField {...fieldProps('password')} />
        <p className="auth-form__aside">
          <Link to={SPA_ROUTES.forgotPassword}>Forgot password?</Link>
        </p>
        <AuthFormActions submitLabel="Log in" busy={busy} otherLabel="Sign Up" otherPath="/signup" />
      </form>
    </AuthCard>
  );
}
