/**
 * Rules on a customer's account that later features call (decision 0303): reserving for pickup and
 * "tell me when it is back" need a confirmed e-mail address, so the shop can reach the person and
 * nobody can reserve in a stranger's name. The browser calls them to say why at once; the server
 * calls them before it acts.
 */
import { confirmEmailFirstMessage } from './messages';

export interface AccountForRules {
  email: string;
  /** Set when the owner opened the confirmation link sent to this address; null or false otherwise. */
  emailConfirmed?: boolean | null;
}

/** The message saying the address must be confirmed first, or null when it is. */
export function requiresConfirmedEmail(account: AccountForRules): string | null {
  return account.emailConfirmed === true ? null : confirmEmailFirstMessage(account.email);
}

/** Whether the account may reserve an item (and ask for restock notices). */
export const canReserve = (account: AccountForRules): boolean => requiresConfirmedEmail(account) === null;
