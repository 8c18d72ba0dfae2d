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
 * The show/hide password button (SPEC §2): a toggle button, so its name stays "Show password" and
 * aria-pressed says whether the password is shown. The icon shows the action it offers.
 */
export function PasswordToggle({ visible, onToggle, controls, label = 'Show password' }: PasswordToggleProps) {
  return (
    <button type="button" className="password-toggle" aria-label={label} aria-pressed={visible} aria-controls={controls} onClick={onToggle}>
      <EyeIcon crossed={visible} />
    </button>
  );
}
