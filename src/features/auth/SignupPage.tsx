import { Navigate } from 'react-router-dom';
import { OUTBOX_CUSTOMER_MESSAGES } from '../../../shared/outbox';
import { usePageHead } from '../../hooks/use-page-head';
import { firstName, homePathFor, sessionStore, signUp, useSession } from '../../lib/auth';
import { mailDelivery } from '../../lib/mail-delivery';
import { AuthCard, AuthFormActions } from './components/AuthCard';
import { NewPasswordFields } from '../../components/forms/PasswordFields';
import { EmailField, TextField } from '../../components/forms/TextField';
import { useAuthForm } from '../../components/forms/use-auth-form';
import './auth.css';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

const welcome = (name: string) =>
  mailDelivery() === 'outbox'
    ? OUTBOX_CUSTOMER_MESSAGES.signedUp(name)
    : `Welcome, ${name}! Your account is ready. Confirm your email address with the link we sent you.`;

/**
 * /signup (product §2): a new customer account (type user); redirects by role once signed in. The
 * welcome says where the link that confirms the address is: in the customer's mail, or (without a
 * mail server, decision 0366) with the shop.
 */
export function SignupPage() {
  usePageHead();
  const session = useSession();
  const { busy, onSubmit, fieldProps } = useAuthForm({
    fields: FIELDS,
    submit: (values) => signUp(values.firstName, values.lastName, values.email, values.password, values.confirmPassword),
    successMessage: () => welcome(firstName(sessionStore.getSnapshot()?.name ?? '')),
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
