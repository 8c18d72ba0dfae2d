/**
 * Rules on a customer's account that later features call (decision 0303): reserving for pickup and
 * "tell me when it is back" need a confirmed e-mail address, so the shop can reach the person and
 * nobody can reserve in a stranger's name. The browser calls them to say why at once; the server
 * calls them before it acts. And where the shop may write to the customer (decision 0369).
 */
import { confirmEmailFirstMessage } from './messages';

export interface AccountForRules {
  email: string;
  /** Set when the owner opened the confirmation link sent to this address; null or false otherwise. */
  emailConfirmed?: boolean | null;
  /** The last address the owner confirmed (decision 0369); null or absent before any. */
  confirmedEmail?: string | null;
}

/** The message saying the address must be confirmed first, or null when it is. */
export function requiresConfirmedEmail(account: AccountForRules): string | null {
  return account.emailConfirmed === true ? null : confirmEmailFirstMessage(account.email);
}

/** Whether the account may reserve an item (and ask for restock notices). */
export const canReserve = (account: AccountForRules): boolean => requiresConfirmedEmail(account) === null;

/**
 * An address the owner of an account confirmed: the only kind a customer's mail (a reservation's,
 * a back-in-stock notice, an RSVP's, a reset link) may be sent to. Only customerMailAddress makes
 * one, so a mail cannot be addressed to `email` by mistake: that field may be a stranger's address
 * typed on the account page and not confirmed yet (decision 0369).
 */
export type ConfirmedAddress = string & { readonly confirmedByOwner: true };

/**
 * Where the shop may write to this customer (decision 0369): the last address they confirmed, kept
 * while a newer one waits for its link; an account confirmed before that address was stored apart
 * has its current address when that is confirmed. Null when they never confirmed one: then only
 * confirmation links are sent, to the address they are for.
 */
export function customerMailAddress(account: AccountForRules): ConfirmedAddress | null {
  const address = account.confirmedEmail || (account.emailConfirmed === true ? account.email : null);
  return address ? (address as ConfirmedAddress) : null;
}
