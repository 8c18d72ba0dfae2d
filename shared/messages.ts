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
  // The customer's account page (/account, decision 0302) and e-mail confirmation (decision 0303).
  accountSaved: 'Your details are saved',
  /** Changing the e-mail address (or the password, or deleting the account) asks for the current password. */
  currentPasswordRequired: 'Enter your current password',
  accountPasswordChanged: 'Your new password is set. Other devices are signed out.',
  accountDeleted: 'Your account is deleted. Thank you for shopping with us.',
  /** The account operations are a customer's; an admin's account is managed in the portal. */
  adminAccountElsewhere: 'Admin accounts are managed in the admin portal (Admin Users)',
  emailConfirmed: 'Your email address is confirmed',
  confirmLinkInvalid:
    'This link has expired, was already used, or is for an address the account no longer has. Send a new one from your account page.',
  confirmAlready: 'Your email address is already confirmed',
  /** Without SMTP the shop cannot send the link (README: Password resets). */
  mailUnavailable: 'The shop cannot send email at the moment. Please try again later or call the shop.',
} as const;

/** What the account page says once a confirmation link is sent to `email`. */
export const confirmationSentMessage = (email: string) => `We sent a link to ${email}. Open it within 24 hours to confirm the address.`;

/**
 * Why a customer cannot reserve (or ask to be told of a restock) yet: the address is not confirmed
 * (shared/account-rules.ts, decision 0303).
 */
export const confirmEmailFirstMessage = (email: string) =>
  `Confirm your email address first: we sent a link to ${email}. No email? Send the link again from your account page.`;
