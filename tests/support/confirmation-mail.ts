/**
 * The e-mail confirmation mail a sign-up sends (server/accounts/account-service.ts), as tests read
 * it from a loopback inbox (tests/support/smtp-inbox.ts): the local server's and the emulated
 * cloud's accounts function send the same one.
 */
import type { ReceivedMail } from './smtp-inbox';

export const CONFIRMATION_SUBJECT = 'Confirm your email address for Patterson Wine & Liquor';

/** The mail's one link (the site's /confirm-email page with its token). */
export function confirmLink(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (mail.subject !== CONFIRMATION_SUBJECT || !link) throw new Error(`not a confirmation mail: ${mail.subject}`);
  return link;
}

/** The one-time token the link carries, for `confirmEmail(token)`. */
export const confirmLinkToken = (mail: ReceivedMail): string => new URL(confirmLink(mail)).searchParams.get('token') ?? '';
