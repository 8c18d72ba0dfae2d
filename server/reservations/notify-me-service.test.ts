/** NotifyMeService on the SQLite store (a real data directory): the contract both stores meet (tests/support/notify-me-contract.ts). */
import { afterAll, beforeAll, describe } from 'vitest';
import { ROLE_USER } from '../../shared/roles';
import { notifyMeContract } from '../../tests/support/notify-me-contract';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { NotifyMeService } from './notify-me-service';
import { SqliteNotifyStore } from './sqlite-notify-store';
import { SqliteReservationStore } from './sqlite-reservation-store';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

let people = 0;
describe('NotifyMeService on SQLite', () => {
  notifyMeContract({
    service: async (mailer) =>
      new NotifyMeService(
        new SqliteNotifyStore(server.store, new SqliteReservationStore(server.store)),
        mailer ? { mailer, siteOrigin: () => 'https://shop.example' } : null,
      ),
    customer: async (confirmed = true) => {
      const email = `notify${++people}.${Date.now()}@example.com`;
      const user = server.store.create('User', { email, name: `Customer ${people}`, type: ROLE_USER, emailConfirmed: confirmed });
      return { userId: user.id, name: String(user.name), type: ROLE_USER, email };
    },
    item: async (stock) => server.store.create('Item', { name: `Notify Wine ${++people}`, price: 10, stock, tags: ['wine'] }).id,
    setStock: async (id, stock) => void server.store.update('Item', { id, stock }),
  });
});
