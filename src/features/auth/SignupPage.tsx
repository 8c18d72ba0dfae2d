import { Navigate } from 'react-router-dom';
import { usePageHead } from '../../hooks/use-page-head';
import { firstName, homePathFor, sessionStore, signUp, useSession } from '../../lib/auth';
import { AuthCard, AuthFormActions } from './components/AuthCard';
import { NewPasswordFields } from '../../components/forms/PasswordFields';
import { EmailField, TextField } from '../../components/forms/TextField';
import { useAuthForm } from '../../components/forms/use-auth-form';
import './auth.css';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

/** /signup (product §2): a new customer account (type user); redirects by role once signed in. */
export function SignupPage() {
  usePageHead();
  const session = useSession();
  const { busy, onSubmit, fieldProps } = useAuthForm({
    fields: FIELDS,
    submit: (values) => signUp(values.firstName, values.lastName, values.email, values.password, values.confirmPassword),
    successMessage: () => `Welcome, ${firstName(sessionStore.getSnapshot()?.name ?? '')}! Your account is ready.`,
  });

  if (session) return <Navigate to={homePathFor(session.role)} replace />;

  return (
    <AuthCard title="Create an account" lead="Sign up to keep up with new arrivals, tastings and events.">
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <div className="field-columns">
          <TextField label="First Name" autoComplete="given-name" {...fieldProps('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...fieldProps('lastName')} />
        </div>
        <EmailField {...fieldProps('email')} />
        <NewPasswordFields password={fieldProps('password')} confirm={fieldProps('confirmPassword')} />
        <AuthFormActions submitLabel="Sign Up" busy={busy} otherLabel="Already have an account? Log in" otherPath="/login" />
      </form>
    </AuthCard>
  );
}
