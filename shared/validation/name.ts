/**
 * The rule for people's names (first and last name), shared by the sign-up and admin forms and the
 * server (server/accounts/account-service.ts, which the accounts Lambda runs too). A name is shown
 * in the shop and once was put in e-mails: anyone may sign up with any address, so a name must not
 * be able to carry a message. One short line, no links:
 * - at most NAME_MAX_LENGTH characters: 60 fits long real names ("Maria Anna Sophia
 *   Kalogeropoulou-Papadopoulou" is 52), the header and admin lists show it on one line, and it
 *   leaves no room for a paragraph;
 * - no control characters (line breaks, tabs), line or paragraph separators, or bidirectional
 *   overrides that reorder what a reader sees;
 * - no "://" and no "www.", the start of a link a mail reader or page would offer to open.
 * Names already stored are left as they are.
 */
import { MESSAGES } from '../messages';

export const NAME_MAX_LENGTH = 60;

/** Control characters, line and paragraph separators, bidirectional embeddings, overrides and isolates. */
export const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;
const LINK = /:\/\/|www\./i;

/** The first rule a first or last name breaks, or null. Blank names are the forms' "required" check. */
export function nameProblem(name: string, maxLength = NAME_MAX_LENGTH): string | null {
  if (NOT_ONE_LINE.test(name)) return MESSAGES.nameNotOneLine;
  if (LINK.test(name)) return MESSAGES.nameHasLink;
  if ([...name.trim()].length > maxLength) return MESSAGES.nameTooLong;
  return null;
}

/** The same rule for a whole name as stored: a first and a last name joined by a space. */
export const fullNameProblem = (name: string) => nameProblem(name, NAME_MAX_LENGTH * 2 + 1);

/** The first problem of a first and a last name, or null. */
export const namesProblem = (firstName: string, lastName: string) => nameProblem(firstName) ?? nameProblem(lastName);
