/**
 * Account rules shared by the browser forms and the server (product §5, design §3): the identity
 * password policy and e-mail shape. The server enforces them; the forms show them early.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt reads at most 72 bytes. */
export const PASSWORD_MAX_BYTES = 72;

export const PASSWORD_POLICY_TEXT = 'At least 8 characters, with a lower-case letter, an upper-case letter, a number and a symbol.';

/** The first rule a password breaks, or null when it meets the policy. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES) return `Password must be at most ${PASSWORD_MAX_BYTES} bytes`;
  if (!/[a-z]/.test(password)) return 'Password must contain a lower-case letter';
  if (!/[A-Z]/.test(password)) return 'Password must contain an upper-case letter';
  if (!/[0-9]/.test(password)) return 'Password must contain a number';
  if (!/[^A-Za-z0-9]/.test(password)) return 'Password must contain a symbol';
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const isValidEmail = (email: string) => email.length <= 254 && EMAIL.test(email);
