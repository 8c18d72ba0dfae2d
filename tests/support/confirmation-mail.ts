/**
 * The e-mail confirmation mail a sign-up sends (server/accounts/account-service.ts), as tests read
 * it from a loopback inbox (tests/support/smtp-inbox.ts): the local server's and the emulated
 * cloud's accounts function send the same one.
 */
import type { ReceivedMail, SmtpInbox } from './smtp-inbox';

export const CONFIRMATION_SUBJECT = 'Confirm your email address for Patterson Wine & Liquor';

/** The mail's one link (the site's /confirm-email page with its token). */
export function confirmLink(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (mail.subject !== CONFIRMATION_SUBJECT || !link) throw new Error(`not a confirmation mail: ${mail.subject}`);
  return link;
}

/** The one-time token the link carries, for `confirmEmail(token)`. */
export const confirmLinkToken = (mail: ReceivedMail): string => new URL(confirmLink(mail)).searchParams.get('token') ?? '';

/**
 * The mails to `to` after a short wait for any still on their way, leaving out the sign-up's
 * confirmation (on the emulated cloud every sign-up mails one).
 */
export async function mailsTo(inbox: SmtpInbox, to: string, waitMs = 700): Promise<ReceivedMail[]> {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return inbox.messages.filter((message) => message.to.includes(to) && message.subject !== CONFIRMATION_SUBJECT);
}
