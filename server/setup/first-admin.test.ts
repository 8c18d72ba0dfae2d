import { describe, expect, it, vi } from 'vitest';
import type { AccountStore } from '../accounts/account-store';
import { PASSWORD_POLICY_TEXT } from '../../shared/validation/account';
import { ensureFirstAdmin, FirstAdminError, nameFromEmail } from './first-admin';

/** Just enough of an account store for the first admin: no admins yet, create records what it got. */
function emptyStore(existing: { email: string } | null = null) {
  const created: Array<{ email: string; name: string; type: number }> = [];
  const store = {
    countByType: async () => created.length,
    findByEmail: async (email: string) => (existing?.email === email ? existing : null),
    create: async (user: { email: string; name: string; type: number }) => {
      created.push(user);
      return { id: 'u1', ...user };
    },
  } as unknown as AccountStore;
  return { store, created };
}

describe('the first admin', () => {
  it('is named by ADMIN_NAME, never "Shop Admin"', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { store, created } = emptyStore();
    await ensureFirstAdmin(store, 'owner@example.com', 'Gr8-Merlot-2024!', '  Maria Rossi ');
    expect(created).toMatchObject([{ email: 'owner@example.com', name: 'Maria Rossi' }]);
  });

  it('without ADMIN_NAME, is named from the e-mail address', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { store, created } = emptyStore();
    await ensureFirstAdmin(store, 'jane.doe@example.com', 'Gr8-Merlot-2024!', null);
    expect(created[0]?.name).toBe('Jane Doe');
  });

  it('asked for without a password, or with one the policy refuses, is a FirstAdminError naming the policy', async () => {
    const { store, created } = emptyStore();
    await expect(ensureFirstAdmin(store, 'owner@example.com', null)).rejects.toThrow(FirstAdminError);
    await expect(ensureFirstAdmin(store, 'owner@example.com', null)).rejects.toThrow(PASSWORD_POLICY_TEXT);
    await expect(ensureFirstAdmin(store, 'owner@example.com', 'merlot2024!')).rejects.toThrow(
      `ADMIN_PASSWORD does not meet the password policy (Password must contain an upper-case letter). ${PASSWORD_POLICY_TEXT}`,
    );
    await expect(ensureFirstAdmin(store, null, 'Gr8-Merlot-2024!')).rejects.toThrow('ADMIN_EMAIL is not');
    expect(created).toEqual([]);
  });

  it("with an address that is not one or is a customer's, is a FirstAdminError in the sign-up form's words", async () => {
    const { store } = emptyStore({ email: 'owner@example.com' });
    await expect(ensureFirstAdmin(store, 'owner', 'Gr8-Merlot-2024!')).rejects.toThrow(
      new FirstAdminError('ADMIN_EMAIL owner: Please enter a valid email address'),
    );
    await expect(ensureFirstAdmin(store, 'owner@example.com', 'Gr8-Merlot-2024!')).rejects.toThrow(
      'ADMIN_EMAIL owner@example.com: An account with this email already exists',
    );
  });

  it('is not asked for again once an admin exists: ADMIN_* left in the environment are not used', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { store, created } = emptyStore();
    await ensureFirstAdmin(store, 'owner@example.com', 'Gr8-Merlot-2024!');
    await expect(ensureFirstAdmin(store, 'owner@example.com', null)).resolves.toBeUndefined();
    await expect(ensureFirstAdmin(store, 'other@example.com', 'weak')).resolves.toBeUndefined();
    expect(created).toHaveLength(1);
  });

  it('makes names from addresses', () => {
    expect(nameFromEmail('jane.doe@example.com')).toBe('Jane Doe');
    expect(nameFromEmail('e2e-admin@example.com')).toBe('E2e Admin');
    expect(nameFromEmail('OWNER+shop@example.com')).toBe('Owner Shop');
    expect(nameFromEmail('@example.com')).toBe('Admin');
  });
});
