import { useId, useState } from 'react';
import { PASSWORD_POLICY_TEXT } from '../../../shared/validation/account';
import { TextField, type FieldProps } from './TextField';

/** A password field, shown as text while `visible` (the show/hide toggle). */
function PasswordField({ label, visible, ...props }: FieldProps & { label: string; visible: boolean }) {
  return <TextField label={label} type={visible ? 'text' : 'password'} autoCapitalize="none" spellCheck={false} {...props} />;
}

/** Log in's password (or the account page's "Current password"), with its own Show password toggle. */
export function CurrentPasswordField({ label = 'Password', ...props }: FieldProps & { label?: string }) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const toggle = <PasswordToggle visible={visible} onToggle={() => setVisible((shown) => !shown)} controls={id} />;
  return <PasswordField {...props} id={id} label={label} visible={visible} autoComplete="current-password" end={toggle} />;
}

/**
 * A new password under the password policy (said under it) and its confirmation, with one Show
 * passwords toggle for both: sign-up's, and the one a reset sets.
 */
export function NewPasswordFields({
  password,
  confirm,
  labels = ['Password', 'Confirm Password'],
}: {
  password: FieldProps;
  confirm: FieldProps;
  /** The two fields' labels (the account page says "New password"). */
  labels?: readonly [string, string];
}) {
  const [visible, setVisible] = useState(false);
  const passwordId = useId();
  const confirmId = useId();
  const toggle = (
    <PasswordToggle
      visible={visible}
      onToggle={() => setVisible((shown) => !shown)}
      controls={`${passwordId} ${confirmId}`}
      label="Show passwords"
    />
  );
  return (
    <>
      <PasswordField
        {...password}
        id={passwordId}
        label={labels[0]}
        hint={PASSWORD_POLICY_TEXT}
        visible={visible}
        autoComplete="new-password"
        end={toggle}
      />
      <PasswordField {...confirm} id={confirmId} label={labels[1]} visible={visible} autoComplete="new-password" />
    </>
  );
}

interface PasswordToggleProps {
  /** Whether the password is shown as text. */
  visible: boolean;
  onToggle: () => void;
  /** Ids of the inputs it shows and hides. */
  controls: string;
  label?: string;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /> : null}
    </svg>
  );
}

/**
 * The show/hide password button (product §2): a toggle button, so its name stays "Show password" and
 * aria-pressed says whether the password is shown. The icon shows the action it offers.
 */
function PasswordToggle({ visible, onToggle, controls, label = 'Show password' }: PasswordToggleProps) {
  return (
    <button type="button" className="password-toggle" aria-label={label} aria-pressed={visible} aria-controls={controls} onClick={onToggle}>
      <EyeIcon crossed={visible} />
    </button>
  );
}
