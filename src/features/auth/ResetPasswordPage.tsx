import { useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { usePageHead } from '../../hooks/use-page-head';
import { endSession, resetPassword } from '../../lib/auth';
import { AuthCard, AuthFormActions, AuthNotice } from './components/AuthCard';
import { NewPasswordFields } from '../../components/forms/PasswordFields';
import { useAuthForm } from '../../components/forms/use-auth-form';
import './auth.css';

const FIELDS = ['password', 'confirmPassword'] as const;

/**
 * /reset-password?token=... (decision 0258), where a reset link opens: a new password under the
 * policy, once. Then to /login to sign in with it (every earlier session has ended).
 */
export function ResetPasswordPage() {
  usePageHead();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const { busy, onSubmit, fieldProps } = useAuthForm({
    fields: FIELDS,
    submit: ({ password, confirmPassword }) => resetPassword(token, password, confirmPassword),
    successMessage: () => MESSAGES.passwordChanged,
    onSuccess: () => {
      // The server ended every session of the account, this browser's too if it had one.
      endSession();
      void navigate(SPA_ROUTES.login, { replace: true });
    },
  });

  if (!token) {
    return (
      <AuthNotice
        title="Set a new password"
        lead="This link is incomplete."
        note="Open the link from the email again, or ask for a new one."
        actionLabel="Ask for a new link"
        actionPath={SPA_ROUTES.forgotPassword}
      />
    );
  }

  return (
    <AuthCard title="Set a new password" lead="Choose a new password for your account. You will then log in with it.">
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <NewPasswordFields password={fieldProps('password')} confirm={fieldProps('confirmPassword')} />
        <AuthFormActions submitLabel="Set password" busy={busy} otherLabel="Ask for a new link" otherPath={SPA_ROUTES.forgotPassword} />
      </form>
    </AuthCard>
  );
}
