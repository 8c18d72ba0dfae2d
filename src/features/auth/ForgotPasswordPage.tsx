import { useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { OUTBOX_CUSTOMER_MESSAGES } from '../../../shared/outbox';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { usePageHead } from '../../hooks/use-page-head';
import { requestPasswordReset } from '../../lib/auth';
import { useMailDelivery } from '../../lib/mail-delivery';
import { AuthCard, AuthFormActions, AuthNotice } from './components/AuthCard';
import { EmailField } from '../../components/forms/TextField';
import { useAuthForm } from '../../components/forms/use-auth-form';
import './auth.css';

const FIELDS = ['email'] as const;

/**
 * /forgot-password (decision 0258): asks for a link to set a new password. The answer is the same
 * whether or not an account has the address, and says what to do when no e-mail comes. A shop
 * without a mail server keeps the link in its outbox (decision 0366): the page says to ask the shop.
 */
export function ForgotPasswordPage() {
  usePageHead();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const kept = useMailDelivery() === 'outbox';
  const { busy, onSubmit, fieldProps } = useAuthForm({
    fields: FIELDS,
    submit: async ({ email }) => {
      const result = await requestPasswordReset(email);
      if (result === 'success') setSentTo(email.trim());
      return result;
    },
  });

  if (sentTo !== null) {
    return (
      <AuthNotice
        title={kept ? 'Ask the shop for your link' : 'Check your email'}
        lead={`We received your request for ${sentTo}.`}
        note={kept ? OUTBOX_CUSTOMER_MESSAGES.resetKept : MESSAGES.resetRequested}
        status
        actionLabel="Back to Log in"
        actionPath={SPA_ROUTES.login}
      />
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      lead={kept ? OUTBOX_CUSTOMER_MESSAGES.forgotLead : 'Enter the email you signed up with and we will send you a link to set a new one.'}
    >
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <EmailField {...fieldProps('email')} />
        <AuthFormActions submitLabel="Send the link" busy={busy} otherLabel="Back to Log in" otherPath={SPA_ROUTES.login} />
      </form>
    </AuthCard>
  );
}
