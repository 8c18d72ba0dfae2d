/**
 * The outbox (decision 0366): without a mail server the shop keeps every e-mail it would have sent,
 * and staff read them on /admin-outbox. What the browser, the local server and the Lambda functions
 * agree on: how mail leaves, a kept mail as listOutbox answers it, the page sizes, how long mails
 * are kept.
 */

/** How the shop's e-mail leaves: over the shop's SMTP server, or kept in the outbox. */
export type MailDelivery = 'smtp' | 'outbox';

/** One kept e-mail as listOutbox answers it (read back from the stored message itself). */
export interface OutboxMail {
  /** Its file (object) name; it sorts by the time it was written. */
  id: string;
  /** When it was written (ISO). */
  at: string;
  to: string;
  subject: string;
  /** The plain text, links and all. */
  text: string;
  /** File names of what came with it (an event's .ics). */
  attachments: string[];
}

export interface OutboxPage {
  mails: OutboxMail[];
  nextToken: string | null;
}

/** Page sizes of listOutbox. */
export const DEFAULT_OUTBOX_PAGE = 20;
export const MAX_OUTBOX_PAGE = 100;

/** Kept this long, then deleted (locally by the server, in the cloud by the bucket's lifecycle rule). */
export const OUTBOX_KEEP_DAYS = 30;

/**
 * What the client config (amplify_outputs.json, `custom.mailDelivery`) says of the shop's mail. A
 * config without it (a deploy from before the outbox) had a mail server or sent nothing at all;
 * the screens then speak as they did.
 */
export function mailDeliveryOf(outputs: unknown): MailDelivery {
  const custom = (outputs as { custom?: { mailDelivery?: unknown } } | null)?.custom;
  return custom?.mailDelivery === 'outbox' ? 'outbox' : 'smtp';
}

/**
 * What customers are told where the shop would have said "we sent you a link" (decision 0366):
 * the mail is kept for staff, so they ask the shop for the link (at the counter, on the phone).
 */
export const OUTBOX_CUSTOMER_MESSAGES = {
  signedUp: (firstName: string) =>
    `Welcome, ${firstName}! Your account is ready. The shop sends no email yet: ask the shop for the link that confirms your address.`,
  /** "Send the link again" (and the account page's note while the address is not confirmed). */
  linkKept: (email: string) =>
    `A new link for ${email} is ready, but the shop sends no email yet: ask the shop for it. It works for 24 hours.`,
  confirmNote:
    'The shop sends no email yet: ask the shop for the link that confirms this address, or to mark it confirmed. You need a confirmed address to reserve items for pickup.',
  newAddressHint: 'A new address must be confirmed again: ask the shop for its link.',
  forgotLead: 'Enter the email you signed up with. The shop sends no email yet: it keeps your link, and you ask the shop for it.',
  resetKept:
    'If an account has this email address, the shop has a link to set a new password; it works for 30 minutes. The shop sends no email yet: ask the shop for the link.',
} as const;
