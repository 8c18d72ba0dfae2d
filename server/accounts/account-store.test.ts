/** The SQLite account store's own guarantees. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { SqliteAccountStore } from './account-store';

let server: TestServer;
let accounts: SqliteAccountStore;
beforeAll(async () => {
  server = await startTestServer();
  accounts = new SqliteAccountStore(server.store);
});
afterAll(async () => {
  await server?.stop();
});

describe('SqliteAccountStore', () => {
  it('never deletes the last admin', async () => {
    const only = await accounts.create({ email: 'only@example.com', name: 'Only Admin', type: ROLE_ADMIN }, 'hash');
    await expect(accounts.deleteAdmin(only.id)).rejects.toThrow('The last admin cannot be deleted');
    const second = await accounts.create({ email: 'second@example.com', name: 'Second Admin', type: ROLE_ADMIN }, 'hash');
    server.sessions.create(second.id);
    await accounts.deleteAdmin(second.id);
    expect(await accounts.get(second.id)).toBeNull();
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM _sessions WHERE userId = ?').get(second.id)).toEqual({ n: 0 });
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM _credentials WHERE userId = ?').get(second.id)).toEqual({ n: 0 });
  });

  it('deletes only admins through deleteAdmin', async () => {
    const client = await accounts.create({ email: 'client@example.com', name: 'A Client', type: ROLE_USER }, 'hash');
    await expect(accounts.deleteAdmin(client.id)).rejects.toThrow('Admin not found');
  });

  it('refuses an e-mail that another account has, on create and update', async () => {
    const a = await accounts.create({ email: 'a@example.com', name: 'A', type: ROLE_USER }, 'hash');
    await expect(accounts.create({ email: 'a@example.com', name: 'B', type: ROLE_USER }, 'hash')).rejects.toThrow(
      'An account with this email already exists',
    );
    const b = await accounts.create({ email: 'b@example.com', name: 'B', type: ROLE_USER }, 'hash');
    await expect(accounts.update(b.id, { email: 'a@example.com', name: 'B' })).rejects.toThrow('An account with this email already exists');
    expect((await accounts.update(a.id, { email: 'a@example.com', name: 'A A' })).name).toBe('A A');
  });
});

describe('sign-up throttling', () => {
  it('counts attempts on taken e-mails too, so sign-up cannot probe for accounts without limit', async () => {
    const { AccountService } = await import('./account-service');
    const sessions = { create: () => ({ token: 't', expiresAt: Date.now() + 1000 }), revoke: () => {}, revokeAllFor: () => {} };
    const { DEFAULT_THROTTLE_RULES } = await import('./account-service');
    const service = new AccountService(accounts, sessions, {
      ...DEFAULT_THROTTLE_RULES,
      signUpPerAddress: { burst: 2, intervalMs: 60_000 },
    });
    const probe = {
      firstName: 'P',
      lastName: 'Q',
      email: 'taken@example.com',
      password: 'Corkscrew#2024',
      confirmPassword: 'Corkscrew#2024',
    };
    await accounts.create({ email: 'taken@example.com', name: 'Taken', type: ROLE_USER }, 'hash');
    await expect(service.signUp(probe, '203.0.113.9')).rejects.toThrow('An account with this email already exists');
    await expect(service.signUp(probe, '203.0.113.9')).rejects.toThrow('An account with this email already exists');
    await expect(service.signUp(probe, '203.0.113.9')).rejects.toThrow(/Too many sign-ups from this address/);
  });
});
