/**
 * The shop's mail when wrong passwords from many addresses start slowing an admin account's
 * sign-ins (decision 0370): staff hold the keys to the shop, so someone guessing at one is worth
 * knowing at once. Sent once per episode, to the shop's own mailbox; the admin's address is the
 * shop's own staff's, and nothing a stranger typed goes in it (decision 0266).
 */
import type { MailMessage } from './mailer';
import type { UserRecord } from './account-store';
import { slowdownText, type LockoutRule } from './throttle';

export function slowedSignInsMail(admin: Pick<UserRecord, 'email'>, rule: LockoutRule, to: string): MailMessage {
  return {
    to,
    subject: 'Sign-ins to an admin account are being slowed',
    text: [
      `Someone is trying wrong passwords on the admin account ${admin.email}.`,
      '',
      `Wrong passwords: ${slowdownText(rule)}.`,
      '',
      'The admin still signs in with the right password, at once from an address they used before.',
      'If nobody on the staff mistyped, make sure the account has a strong password of its own',
      '(Admin Users), and the activity log keeps an entry for this.',
      '',
      'Patterson Wine & Liquor',
    ].join('\n'),
  };
}
