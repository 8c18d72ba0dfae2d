/**
 * The optional phone number of a customer's account (product §5, decision 0302), checked by the
 * account page and by the server (server/accounts/account-service.ts, which the accounts Lambda
 * runs too). What a person types for a US or international number: digits with spaces, dots,
 * dashes, brackets and a leading +; 7 to 15 digits (E.164's most), at most PHONE_MAX_LENGTH
 * characters in all. Stored as typed (trimmed, inner spaces collapsed): the shop reads it, it dials
 * nothing.
 */
export const PHONE_MAX_LENGTH = 25;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

export const PHONE_MESSAGE = 'Please enter a phone number such as (845) 555-0123, or leave it empty';

const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;

/** The phone as stored: trimmed, runs of spaces made one; empty is no phone (null). */
export function normalizePhone(phone: string | null | undefined): string | null {
  const trimmed = (phone ?? '').trim().replace(/ {2,}/g, ' ');
  return trimmed === '' ? null : trimmed;
}

/** The rule an optional phone number breaks, or null (an empty one breaks none). */
export function phoneProblem(phone: string | null | undefined): string | null {
  const value = normalizePhone(phone);
  if (value === null) return null;
  if (value.length > PHONE_MAX_LENGTH || !PHONE_CHARACTERS.test(value)) return PHONE_MESSAGE;
  const digits = value.replace(/[^0-9]/g, '').length;
  return digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS ? PHONE_MESSAGE : null;
}

/**
 * A phone's digits as compared (decision 0378): every digit, a US number's leading country code 1
 * dropped, so "(845) 555-0123", "845.555.0123" and "+1 845 555 0123" are one number; null without
 * enough digits to be one.
 */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/[^0-9]/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length >= PHONE_MIN_DIGITS ? national : null;
}
