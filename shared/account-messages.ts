/** User-facing messages of the customer's own account (product §8, decisions 0302 to 0304). */
/**
 * The customer's account page (/account, decision 0302) and e-mail confirmation (decision 0303):
 * a module of their own, apart from MESSAGES (which the storefront's first script carries), so only
 * the account pages' chunks load them (design §4).
 */
export const ACCOUNT_MESSAGES = {
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
  /** Staff confirming an address they checked with the customer (decision 0335). */
  customerNotFound: 'Customer not found',
  addressMarkedConfirmed: 'Email address marked confirmed',
} as const;

/** What the account page says once a confirmation link is sent to `email`. */
export const confirmationSentMessage = (email: string) => `We sent a link to ${email}. Open it within 24 hours to confirm the address.`;
