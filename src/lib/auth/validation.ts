/**
 * The checks the login and sign-up forms make before calling the server (SPEC §5). The server
 * makes them again and is the authority; checking here only saves a round trip. The password
 * policy and the messages are the shared ones (shared/), so both sides agree.
 */
import { MESSAGES } from '../../../shared/messages';
import { passwordProblem } from '../../../shared/validation/account';

const { allFieldsRequired: ALL_FIELDS_REQUIRED, passwordsDoNotMatch: PASSWORDS_DO_NOT_MATCH } = MESSAGES;

export interface LoginInput {
  email: string;
  password: string;
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
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
  const { firstName, lastName, email, password, confirmPassword } = input;
  if (isBlank(firstName) || isBlank(lastName) || isBlank(email) || password === '' || confirmPassword === '') {
    return ALL_FIELDS_REQUIRED;
  }
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  return passwordProblem(password);
}
