import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '../../../shared/account-messages';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { usePageHead } from '../../hooks/use-page-head';
import { useSession } from '../../lib/auth';
import { confirmEmail } from './account-api';
import './account.css';

type State = { kind: 'ready' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * /confirm-email?token=... (decision 0303), where a confirmation link opens. The address is
 * confirmed by a button, not by opening the page: mail scanners open links before the person
 * does. It works in any browser, signed in or not.
 */
export function ConfirmEmailPage() {
  usePageHead();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const session = useSession();
  const [state, setState] = useState<State>({ kind: 'ready' });
  const onward = session ? { to: SPA_ROUTES.account, label: 'Go to your account' } : { to: SPA_ROUTES.login, label: 'Log in' };

  const confirm = async () => {
    setState({ kind: 'busy' });
    const outcome = await confirmEmail(token);
    setState(outcome.ok ? { kind: 'done' } : { kind: 'failed', message: outcome.message });
  };

  return (
    <section className="account-section account-confirm" aria-labelledby="confirm-email-title">
      <h1 id="confirm-email-title" className="account-section__title">
        Confirm your email address
      </h1>
      {!token ? (
        <p className="account-section__note">
          This link is incomplete. Open the link from the email again, or send a new one from your account page.
        </p>
      ) : state.kind === 'done' ? (
        <p className="account-section__note" role="status">
          {ACCOUNT_MESSAGES.emailConfirmed}.
        </p>
      ) : state.kind === 'failed' ? (
        <p className="account-section__note" role="alert">
          {state.message}
        </p>
      ) : (
        <>
          <p className="account-section__note">Confirm that this address is yours, so the shop can reach you about reservations.</p>
          <div className="account-form__actions">
            <button type="button" className="button" onClick={confirm} disabled={state.kind === 'busy'}>
              {state.kind === 'busy' ? 'Confirming…' : 'Confirm my email address'}
            </button>
          </div>
        </>
      )}
      {state.kind === 'done' || state.kind === 'failed' || !token ? (
        <div className="account-form__actions">
          <Link className="button" to={onward.to}>
            {onward.label}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
