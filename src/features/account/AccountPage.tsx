import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { ACCOUNT_MESSAGES, confirmationSentMessage } from '../../../shared/account-messages';
import { OUTBOX_CUSTOMER_MESSAGES } from '../../../shared/outbox';
import { ROLE_USER } from '../../../shared/roles';
import { SPA_ROUTES } from '../../../shared/spa-routes';
import { isValidEmail, normalizeEmail, passwordProblem } from '../../../shared/validation/account';
import { namesProblem } from '../../../shared/validation/name';
import { PHONE_MAX_LENGTH, phoneProblem } from '../../../shared/validation/phone';
import { CurrentPasswordField, NewPasswordFields } from '../../components/forms/PasswordFields';
import { MyRsvps } from '../rsvp/MyRsvps';
import { EmailField, TextField } from '../../components/forms/TextField';
import { useAuthForm } from '../../components/forms/use-auth-form';
import { Spinner } from '../../components/ui/Spinner';
import { usePageHead } from '../../hooks/use-page-head';
import { LOGIN_PATH, useSession } from '../../lib/auth';
import { useMailDelivery } from '../../lib/mail-delivery';
import { changePassword, loadAccount, saveDetails, sendConfirmation, toast, type Account } from './account-api';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { NotifyRequests } from './NotifyRequests';
import './account.css';

// The confirmation page shares this chunk (src/app/router.tsx).
export { ConfirmEmailPage } from './ConfirmEmailPage';

const DETAILS = ['firstName', 'lastName', 'email', 'phone', 'currentPassword'] as const;
const PASSWORDS = ['currentPassword', 'password', 'confirmPassword'] as const;
/** Bounded as the server bounds them (shared/validation). */
const NAME_INPUT_MAX = 60;
const EMAIL_INPUT_MAX = 254;

/** First and last name from the stored "First Last" (split on the first space, as the admin editor does). */
function splitName(name: string): [string, string] {
  const at = name.indexOf(' ');
  return at < 0 ? [name, ''] : [name.slice(0, at), name.slice(at + 1)];
}

/**
 * /account (decisions 0302 to 0304): a signed-in customer's own details (name, e-mail, optional
 * phone), whether the address is confirmed (and "Send the link again"), their RSVPs (decision
 * 0351), the back-in-stock e-mails asked for (decision 0336), a new password, and deleting the
 * account. Signed out, it goes to /login; an admin is pointed to the portal.
 */
export function AccountPage() {
  usePageHead();
  const session = useSession();
  const [account, setAccount] = useState<Account | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const signedInCustomer = session !== null && session.role === ROLE_USER;

  useEffect(() => {
    if (!signedInCustomer) return;
    let live = true;
    loadAccount().then(
      (outcome) => {
        if (!live) return;
        if (outcome.ok) setAccount(outcome.data);
        else setFailed(outcome.message);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [signedInCustomer]);

  if (!session) return <Navigate to={LOGIN_PATH} replace />;
  if (!signedInCustomer) {
    return (
      <AccountFrame>
        <p>{ACCOUNT_MESSAGES.adminAccountElsewhere}.</p>
        <p>
          <Link to={SPA_ROUTES.adminPortal}>Go to the admin portal</Link>
        </p>
      </AccountFrame>
    );
  }
  if (failed) {
    return (
      <AccountFrame>
        <p role="alert">{failed}</p>
      </AccountFrame>
    );
  }
  if (!account) {
    return (
      <AccountFrame>
        <Spinner label="Loading your account" />
      </AccountFrame>
    );
  }
  return (
    <AccountFrame>
      <EmailStatus account={account} />
      <section className="account-section" aria-labelledby="account-pickup">
        <h2 id="account-pickup" className="account-section__title">
          Reserve for pickup
        </h2>
        <p className="account-section__note">Bottles you hold at the shop, and pay for at the counter.</p>
        <p className="account-links">
          <Link to={SPA_ROUTES.pickupList}>Your pickup list</Link> · <Link to={SPA_ROUTES.reservations}>Your reservations</Link>
        </p>
      </section>
      <NotifyRequests />
      <MyRsvps />
      <DetailsForm account={account} onSaved={setAccount} />
      <PasswordForm />
      <DeleteSection />
    </AccountFrame>
  );
}

function AccountFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="container account-page">
      <h1 className="account-page__title">Your account</h1>
      {children}
    </div>
  );
}

/**
 * The address and whether it is confirmed; unconfirmed, how to confirm it: the mailed link, or
 * (the shop keeping its mail in the outbox, decision 0366) the link the shop hands over.
 */
function EmailStatus({ account }: { account: Account }) {
  const [busy, setBusy] = useState(false);
  const kept = useMailDelivery() === 'outbox';
  const send = async () => {
    setBusy(true);
    try {
      const outcome = await sendConfirmation();
      const done = kept ? OUTBOX_CUSTOMER_MESSAGES.linkKept(account.email) : confirmationSentMessage(account.email);
      toast(outcome.ok ? 'success' : 'error', outcome.ok ? done : outcome.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="account-section" aria-labelledby="account-email-status">
      <h2 id="account-email-status" className="account-section__title">
        Email address
      </h2>
      <p className="account-email">
        <span className="account-email__address">{account.email}</span>{' '}
        {account.emailConfirmed ? (
          <span className="account-badge account-badge--ok">Confirmed</span>
        ) : (
          <span className="account-badge account-badge--todo">Not confirmed</span>
        )}
      </p>
      {account.emailConfirmed ? null : (
        <>
          <p className="account-section__note">
            {kept
              ? OUTBOX_CUSTOMER_MESSAGES.confirmNote
              : 'Open the link we sent to this address to confirm it. You need a confirmed address to reserve items for pickup.'}
          </p>
          <button type="button" className="button button--outline" onClick={send} disabled={busy}>
            {busy ? 'Sending…' : kept ? 'Make a new link' : 'Send the link again'}
          </button>
        </>
      )}
    </section>
  );
}

function DetailsForm({ account, onSaved }: { account: Account; onSaved: (account: Account) => void }) {
  const [firstName, lastName] = splitName(account.name);
  const { busy, values, onSubmit, fieldProps, reset } = useAuthForm({
    fields: DETAILS,
    initial: { firstName, lastName, email: account.email, phone: account.phone ?? '' },
    submit: async (input) => {
      if ([input.firstName, input.lastName, input.email].some((value) => value.trim() === '')) {
        return { message: MESSAGES.allFieldsRequired };
      }
      const problem =
        namesProblem(input.firstName, input.lastName) ??
        (isValidEmail(normalizeEmail(input.email)) ? null : MESSAGES.invalidEmail) ??
        phoneProblem(input.phone);
      if (problem) return { message: problem };
      const outcome = await saveDetails(input);
      if (!outcome.ok) return { message: outcome.message };
      onSaved(outcome.data);
      return 'success';
    },
    successMessage: () => ACCOUNT_MESSAGES.accountSaved,
    onSuccess: (): void => reset({ currentPassword: '' }),
  });
  const emailChanges = normalizeEmail(values.email) !== account.email;
  const kept = useMailDelivery() === 'outbox';
  return (
    <section className="account-section" aria-labelledby="account-details">
      <h2 id="account-details" className="account-section__title">
        Your details
      </h2>
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <div className="field-columns">
          <TextField label="First Name" autoComplete="given-name" maxLength={NAME_INPUT_MAX} {...fieldProps('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" maxLength={NAME_INPUT_MAX} {...fieldProps('lastName')} />
        </div>
        <EmailField
          maxLength={EMAIL_INPUT_MAX}
          hint={
            emailChanges
              ? kept
                ? OUTBOX_CUSTOMER_MESSAGES.newAddressHint
                : 'A new address must be confirmed again: we send it a link.'
              : undefined
          }
          {...fieldProps('email')}
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_MAX_LENGTH}
          hint="So the shop can call you about a reservation."
          {...fieldProps('phone')}
        />
        {emailChanges ? <CurrentPasswordField label="Current password" {...fieldProps('currentPassword')} /> : null}
        <div className="account-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Save details'}
          </button>
        </div>
      </form>
    </section>
  );
}

function PasswordForm() {
  const { busy, onSubmit, fieldProps, reset } = useAuthForm({
    fields: PASSWORDS,
    submit: async (input) => {
      if (PASSWORDS.some((field) => input[field] === '')) return { message: MESSAGES.allFieldsRequired };
      if (input.password !== input.confirmPassword) return { message: MESSAGES.passwordsDoNotMatch };
      const problem = passwordProblem(input.password);
      if (problem) return { message: problem };
      const outcome = await changePassword(input);
      return outcome.ok ? 'success' : { message: outcome.message };
    },
    successMessage: () => ACCOUNT_MESSAGES.accountPasswordChanged,
    onSuccess: (): void => reset({ currentPassword: '', password: '', confirmPassword: '' }),
  });
  return (
    <section className="account-section" aria-labelledby="account-password">
      <h2 id="account-password" className="account-section__title">
        Change password
      </h2>
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <CurrentPasswordField label="Current password" {...fieldProps('currentPassword')} />
        <NewPasswordFields
          labels={['New password', 'Confirm new password']}
          password={fieldProps('password')}
          confirm={fieldProps('confirmPassword')}
        />
        <div className="account-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}

function DeleteSection() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const opener = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const deleted = useCallback(() => {
    toast('success', ACCOUNT_MESSAGES.accountDeleted);
    void navigate(SPA_ROUTES.home, { replace: true });
  }, [navigate]);
  return (
    <section className="account-section account-section--danger" aria-labelledby="account-delete">
      <h2 id="account-delete" className="account-section__title">
        Delete my account
      </h2>
      <p className="account-section__note">
        Your name, email address and phone number are removed and you are signed out everywhere. This cannot be undone.
      </p>
      <button ref={opener} type="button" className="button button--danger" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open ? <DeleteAccountDialog onClose={close} onDeleted={deleted} /> : null}
    </section>
  );
}
