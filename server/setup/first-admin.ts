/** The first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD at first start: there is no default password. */
import { registerAccount } from '../accounts/account-service';
import type { AccountStore } from '../accounts/account-store';
import { ROLE_ADMIN } from '../../shared/roles';

export async function ensureFirstAdmin(accounts: AccountStore, email: string | null, password: string | null): Promise<void> {
  if (!email || !password) return;
  if (await accounts.countByType(ROLE_ADMIN) > 0) return;
  const admin = await registerAccount(accounts, { email, password, name: 'Shop Admin', type: ROLE_ADMIN });
  console.log(`[server] created the first admin, ${admin.email}`);
}
