/** The first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD at first start: there is no default password. */
import { createAccount } from '../accounts/accounts';
import type { ModelStore } from '../db/model-store';
import { ROLE_ADMIN } from '../../shared/roles';

export async function ensureFirstAdmin(store: ModelStore, email: string | null, password: string | null): Promise<void> {
  if (!email || !password) return;
  const hasAdmin = store.list('User', { filter: { type: { eq: ROLE_ADMIN } }, limit: 1 }).items.length > 0;
  if (hasAdmin) return;
  const admin = await createAccount(store, { email, password, name: 'Shop Admin', type: ROLE_ADMIN });
  console.log(`[server] created the first admin, ${admin.email as string}`);
}
