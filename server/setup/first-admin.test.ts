import { describe, expect, it, vi } from 'vitest';
import type { AccountStore } from '../accounts/account-store';
import { ensureFirstAdmin, nameFromEmail } from './first-admin';

/** Just enough of an account store for the first admin: no admins yet, create records what it got. */
function emptyStore() {
  const created: Array<{ email: string; name: string; type: number }> = [];
  const store = {
    countByType: async () => created.length,
    findByEmail: async () => null,
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

  it('makes names from addresses', () => {
    expect(nameFromEmail('jane.doe@example.com')).toBe('Jane Doe');
    expect(nameFromEmail('e2e-admin@example.com')).toBe('E2e Admin');
    expect(nameFromEmail('OWNER+shop@example.com')).toBe('Owner Shop');
    expect(nameFromEmail('@example.com')).toBe('Admin');
  });
});
