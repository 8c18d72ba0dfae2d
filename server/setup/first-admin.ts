/**
 * The first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD at first start: there is no default
 * password. Its name is ADMIN_NAME (decision 0200: the staff see who did what, not "Shop Admin"); when
 * that is not set, a name made from the e-mail address ("jane.doe@..." gives "Jane Doe"), and the
 * log says how to set it.
 */
import { registerAccount } from '../accounts/account-service';
import type { AccountStore } from '../accounts/account-store';
import { ROLE_ADMIN } from '../../shared/roles';

/** "jane.doe@example.com" gives "Jane Doe"; "e2e-admin@..." gives "E2e Admin". */
export function nameFromEmail(email: string): string {
  const words = (email.split('@')[0] ?? '').split(/[._+-]+/).filter((word) => word !== '');
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(' ');
  return name || 'Admin';
}

export async function ensureFirstAdmin(
  accounts: AccountStore,
  email: string | null,
  password: string | null,
  name: string | null = null,
): Promise<void> {
  if (!email || !password) return;
  if ((await accounts.countByType(ROLE_ADMIN)) > 0) return;
  const given = name?.trim() || null;
  const admin = await registerAccount(accounts, { email, password, name: given ?? nameFromEmail(email), type: ROLE_ADMIN });
  console.log(`[server] created the first admin, ${admin.email} (${admin.name})`);
  if (!given)
    console.log('[server] ADMIN_NAME was not set: the name comes from the e-mail address; an admin can change it on the Admins page');
}
