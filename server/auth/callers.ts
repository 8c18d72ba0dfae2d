/**
 * The services' own check of who calls (beside the authorizer's, decision 0363): a customer acting
 * for their own account, or staff. One rule for reservations, "notify me" and RSVPs; each feature
 * says in its own words why a guest or a staff account is refused.
 */
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { unauthorized } from '../errors';
import type { Principal } from './authorizer';

export interface CustomerOnlyMessages {
  /** To a guest: what signing in would let them do. */
  signIn: string;
  /** To a staff account: why it is for customers. */
  customersOnly: string;
}

/** The caller when they are a signed-in customer; otherwise refused with the feature's words. */
export function customerOf(caller: Principal | null, messages: CustomerOnlyMessages): Principal {
  if (!caller) throw unauthorized(messages.signIn);
  if (caller.type !== ROLE_USER) throw unauthorized(messages.customersOnly);
  return caller;
}

/** The caller when they are staff; anyone else gets the authorizer's own refusal. */
export function staffOf(caller: Principal | null): Principal {
  if (!caller || caller.type !== ROLE_ADMIN) throw unauthorized('Not Authorized');
  return caller;
}
