/** User-facing messages of product §8 that both the browser and the server produce. */
export const MESSAGES = {
  allFieldsRequired: 'All fields are required',
  passwordsDoNotMatch: 'Passwords do not match',
  userNotFound: 'User not found',
  incorrectPassword: 'Incorrect password',
  missingRequiredFields: 'Missing required fields',
  invalidEmail: 'Please enter a valid email address',
  duplicateEmail: 'An account with this email already exists',
  /** Names are one short line without links (shared/validation/name.ts). */
  nameTooLong: 'First and last names must be at most 60 characters each',
  nameNotOneLine: 'Names must be one line, without line breaks or control characters',
  nameHasLink: 'Names cannot contain links or web addresses',
  genericError: 'Error',
  /** An item without a department tag (product §5), from the Item Editor and from the server. */
  requiredTags: 'Please select required tag(s)',
  /** "Forgot password?": the one answer, whether or not an account has the address (decision 0258). */
  resetRequested:
    'If an account has this email address, a link to set a new password is on its way; it works for 30 minutes. No email? Ask the shop for a link.',
  resetLinkInvalid: 'This link has expired or was already used. Ask for a new one.',
  passwordChanged: 'Your new password is set. Log in with it.',
} as const;

// "Reserve for pickup" (product §11): PICKUP_MESSAGES is in shared/pickup-messages.ts, not
// re-exported here, so the first script (which holds this module) carries none of it.

/**
 * Why a customer cannot reserve (or ask to be told of a restock) yet: the address is not confirmed
 * (shared/account-rules.ts, decision 0303). It names no mail: without a mail server the link is
 * kept in the shop's outbox (decision 0366), and the account page says which.
 */
export const confirmEmailFirstMessage = (email: string) =>
  `Confirm your email address first: ${email} is not confirmed yet. Your account page says how.`;
