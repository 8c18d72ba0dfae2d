/**
 * The first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD at first start: there is no default
 * password. Its name is ADMIN_NAME (decision 0200: the staff see who did what, not "Shop Admin"); when
 * that is not set, a name made from the e-mail address ("jane.doe@..." gives "Jane Doe"), and the
 * log says how to set it. An operator who asked for an admin and cannot have it (no password, a
 * password the policy refuses, an address taken) gets a FirstAdminError, which `npm start` prints
 * as one line before it exits with code 78 (EXIT_CONFIG: not restarted); with no admin asked for
 * and none in the data, it prints NO_ADMIN_HINT.
 */
import { registerAccount } from '../accounts/account-service';
import type { AccountStore } from '../accounts/account-store';
import { AppError } from '../errors';
import { ROLE_ADMIN } from '../../shared/roles';
import { PASSWORD_POLICY_TEXT, passwordProblem } from '../../shared/validation/account';

/** The first admin was asked for and cannot be made; the message says what to change. */
export class FirstAdminError extends Error {}

/** What `npm start` prints when the data has no admin at all. */
export const NO_ADMIN_HINT =
  '[server] there is no admin yet: run `npm run create-admin -- you@example.com "First Last"`, or start with ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_NAME set';

/** "jane.doe@example.com" gives "Jane Doe"; "e2e-admin@..." gives "E2e Admin". */
export function nameFromEmail(email: string): string {
  const words = (email.split('@')[0] ?? '').split(/[._+-]+/).filter((word) => word !== '');
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(' ');
  return name || 'Admin';
}

export const hasAdmin = async (accounts: AccountStore): Promise<boolean> => (await accounts.countByType(ROLE_ADMIN)) > 0;

/**
 * Creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD when the data has no admin yet; with an
 * admin there, they are not used (they may stay in a service's environment). Throws a
 * FirstAdminError when the admin was asked for and cannot be made.
 */
export async function ensureFirstAdmin(
  accounts: AccountStore,
  email: string | null,
  password: string | null,
  name: string | null = null,
): Promise<void> {
  if (!email && !password) return;
  if (await hasAdmin(accounts)) return;
  if (!email) throw new FirstAdminError('ADMIN_PASSWORD is set but ADMIN_EMAIL is not: set both to create the first admin');
  if (!password)
    throw new FirstAdminError(`ADMIN_EMAIL is set but ADMIN_PASSWORD is not: set the first admin's password. ${PASSWORD_POLICY_TEXT}`);
  const problem = passwordProblem(password);
  if (problem) throw new FirstAdminError(`ADMIN_PASSWORD does not meet the password policy (${problem}). ${PASSWORD_POLICY_TEXT}`);
  const given = name?.trim() || null;
  let admin;
  try {
    admin = await registerAccount(accounts, { email, password, name: given ?? nameFromEmail(email), type: ROLE_ADMIN });
  } catch (error) {
    // An address that is not one, or a customer's: the same words the sign-up form shows.
    if (error instanceof AppError) throw new FirstAdminError(`ADMIN_EMAIL ${email}: ${error.message}`);
    throw error;
  }
  console.log(`[server] created the first admin, ${admin.email} (${admin.name})`);
  if (!given)
    console.log('[server] ADMIN_NAME was not set: the name comes from the e-mail address; an admin can change it on the Admins page');
}
