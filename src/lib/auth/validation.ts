/**
 * The checks the login and sign-up forms make before calling the server (product §5). The server
 * makes them again and is the authority; checking here only saves a round trip. The password
 * policy and the messages are the shared ones (shared/), so both sides agree.
 */
import { MESSAGES } from '../../../shared/messages';
import { passwordProblem } from '../../../shared/validation/account';
import { namesProblem } from '../../../shared/validation/name';

const { allFieldsRequired: ALL_FIELDS_REQUIRED, passwordsDoNotMatch: PASSWORDS_DO_NOT_MATCH } = MESSAGES;

export interface LoginInput {
  email: string;
  password: string;
}

export interface NewPasswordInput {
  password: string;
  confirmPassword: string;
}

export interface SignUpInput extends NewPasswordInput {
  firstName: string;
  lastName: string;
  email: string;
}

export interface ResetPasswordInput extends NewPasswordInput {
  /** The reset link's token. */
  token: string;
}

/** A password of spaces is still a password; a name or e-mail of spaces is missing. */
const isBlank = (value: string) => value.trim() === '';

/** The first problem of a login form, or null when it may be sent. */
export function loginProblem({ email, password }: LoginInput): string | null {
  if (isBlank(email) || password === '') return ALL_FIELDS_REQUIRED;
  return null;
}

/** The first problem of a sign-up form, or null when it may be sent. */
export function signUpProblem(input: SignUpInput): string | null {
  const { firstName, lastName, email } = input;
  if (isBlank(firstName) || isBlank(lastName) || isBlank(email)) return ALL_FIELDS_REQUIRED;
  return namesProblem(firstName, lastName) ?? newPasswordProblem(input);
}

/** The first problem of a new password and its confirmation (sign-up, a reset), or null. */
export function newPasswordProblem({ password, confirmPassword }: NewPasswordInput): string | null {
  if (password === '' || confirmPassword === '') return ALL_FIELDS_REQUIRED;
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  return passwordProblem(password);
}

/** The first problem of a "Forgot password?" form, or null. */
export function resetRequestProblem(email: string): string | null {
  return isBlank(email) ? ALL_FIELDS_REQUIRED : null;
}
