/** Which form field a failure is about, so the form can mark it and put the cursor there. Pure. */
import { MESSAGES } from '../../../shared/messages';
import { ACCOUNT_MESSAGES } from '../../../shared/account-messages';
import { nameProblem } from '../../../shared/validation/name';
import { PHONE_MESSAGE } from '../../../shared/validation/phone';

const EMAIL_MESSAGES: ReadonlySet<string> = new Set([MESSAGES.userNotFound, MESSAGES.duplicateEmail, MESSAGES.invalidEmail]);

/** A password of spaces is a password; a name or an e-mail of spaces is missing. */
const isMissing = (field: string, value: string) => (/password/i.test(field) ? value === '' : value.trim() === '');

/**
 * The field to point at for `message`, among the form's `fields` (in screen order), or null when
 * the message is not about one field (throttling, network, ...).
 */
export function fieldForMessage<F extends string>(message: string, values: Readonly<Record<F, string>>, fields: readonly F[]): F | null {
  const pick = (field: string): F | null => ((fields as readonly string[]).includes(field) ? (field as F) : null);
  if (message === MESSAGES.allFieldsRequired) return fields.find((field) => isMissing(field, values[field])) ?? null;
  if (message === MESSAGES.passwordsDoNotMatch) return pick('confirmPassword');
  if (EMAIL_MESSAGES.has(message)) return pick('email');
  // The account page asks for the current password apart from a new one (decision 0302).
  if (message === MESSAGES.incorrectPassword || message === ACCOUNT_MESSAGES.currentPasswordRequired) {
    return pick('currentPassword') ?? pick('password');
  }
  // The policy's 'Password must ...'.
  if (message.startsWith('Password ')) return pick('password');
  if (message === PHONE_MESSAGE) return pick('phone');
  if (message === MESSAGES.nameTooLong || message === MESSAGES.nameNotOneLine || message === MESSAGES.nameHasLink) {
    // The name that breaks the rule (a link in the last name is not the first name's fault), else the first one given.
    const names = fields.filter((field) => /name/i.test(field));
    return names.find((field) => nameProblem(values[field]) === message) ?? names.find((field) => values[field].trim() !== '') ?? null;
  }
  return null;
}
