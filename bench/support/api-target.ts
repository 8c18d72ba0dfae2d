/**
 * One side of the API benchmark, run as its own process: `ours` is the real shop server with 100
 * items; `bare` is a plain node:http server that answers every POST with the same JSON bytes.
 * Prints `READY <port> <apiKey>` when it listens.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { registerAccount } from '../../server/accounts/account-service';
import { SqliteAccountStore } from '../../server/accounts/account-store';
import { ROLE_ADMIN, ROLE_USER } from '../../shared/roles';
import { IMPORT_EXISTING, IMPORT_IMAGE_HASH, importUpc } from './import-file';
import { RESERVATION_CUSTOMERS, RESERVATION_ITEMS } from './reservation-shop';

/** bare: the JSON file to answer with; import: the till inbox's folder. */
const [mode, jsonFile] = process.argv.slice(2);

/**
 * A shop server on a free loopback port in a data directory of its own, no demo shop, no request
 * rate limit unless `limited` (these parts measure what one request costs, not the limiter); on
 * SIGTERM it closes and its directory goes.
 */
async function benchServer(
  name: string,
  {
    limited = false,
    hooks = {},
    tillInboxDir,
  }: { limited?: boolean; hooks?: Parameters<typeof startServer>[1]; tillInboxDir?: string } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-bench-${name}`));
  const server = await startServer(
    {
      // autocannon keeps sending on a connection the server closes after its 1,000th answer
      // (MAX_REQUESTS_PER_CONNECTION) and counts the 503s: the throughput runs turn that cap off too.
      ...loadConfig(limited ? {} : { RATE_LIMIT_PER_SECOND: '0', MAX_REQUESTS_PER_CONNECTION: '0' }),
      port: 0,
      host: '127.0.0.1',
      dataDir,
      distDir: join(dataDir, 'none'),
      seedDemo: false,
      ...(tillInboxDir ? { tillInboxDir } : {}),
    },
    hooks,
  );
  process.on('SIGTERM', () => {
    void server.close().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  return { server, dataDir };
}

if (mode === 'ours' || mode === 'hostile' || mode === 'hostile-limited') {
  // hostile-limited: the limits npm start uses, for bursts against the limiter and the dear lane.
  const limited = mode === 'hostile-limited';
  const { server } = await benchServer('', { limited, hooks: limited ? { writeRefusalLine: () => undefined } : {} });
  // hostile: enough records that the largest allowed pages are full (1,000 items, 1,000 tags).
  const hostile = mode !== 'ours';
  const items = hostile ? 1200 : 100;
  server.store.transaction(() => {
    if (hostile) {
      const category = server.store.create('Category', { id: 'region', name: 'Region', type: ['Wine'], visible: true, index: 0 });
      for (let i = 0; i < 1000; i += 1) server.store.create('Tag', { name: `Region ${i}`, categoryId: category.id, index: i });
    }
    for (let i = 0; i < items; i += 1) {
      server.store.create('Item', {
        name: `Bench Wine ${i}`,
        price: 10 + i / 4,
        description: 'A generous red with notes of plum and spice, aged in oak.',
        tags: ['wine', 'tag-red', 'tag-france'],
        promoted: i % 9 === 0,
        upc: String(100000000000 + i),
        img: `/media/${'a'.repeat(64)}.png`,
      });
    }
  });
  console.log(`READY ${server.port} ${server.apiKey}`);
} else if (mode === 'import') {
  // The import benchmark: an admin's session, a region category, one uploaded image and
  // IMPORT_EXISTING items with UPCs the file will update.
  // The till feed's inbox is the bench's own folder (its second argument), which it drops the stock file into.
  const { server } = await benchServer('import-', { tillInboxDir: jsonFile });
  writeFileSync(join(server.media.dir, `${IMPORT_IMAGE_HASH}.png`), 'png');
  server.store.transaction(() => {
    server.store.create('Category', { id: 'region', name: 'Region', type: ['Wine'], visible: true, index: 1 });
    server.store.create('Tag', { id: 'rhone', name: 'Côtes du Rhône', categoryId: 'region', index: 0 });
    for (let i = 0; i < IMPORT_EXISTING; i += 1) {
      server.store.create('Item', { name: `Existing ${i}`, price: 10, description: 'Before', tags: ['wine'], upc: importUpc(i) });
    }
  });
  const admin = await registerAccount(new SqliteAccountStore(server.store), {
    email: 'bench-admin@example.com',
    name: 'Bench Admin',
    password: 'Bench-Admin-Passw0rd!',
    type: ROLE_ADMIN,
  });
  console.log(`READY ${server.port} ${server.apiKey} ${server.sessions.create(admin.id).token}`);
} else if (mode === 'reservations') {
  // The reservation benchmark: the shop open every day, no preparation time, RESERVATION_ITEMS
  // items with plenty on the shelf, and RESERVATION_CUSTOMERS customers with confirmed addresses,
  // their session tokens written to a file whose path follows the API key.
  const { server, dataDir } = await benchServer('reservations-');
  server.store.transaction(() => {
    server.store.create('ShopSettings', {
      id: 'shop',
      name: 'Bench Shop',
      weeklyHours: Array.from({ length: 7 }, () => '10:00-21:00'),
      pickupPreparationMinutes: 0,
    });
    for (let i = 0; i < RESERVATION_ITEMS; i += 1) {
      server.store.create('Item', { id: `bench-item-${i}`, name: `Bench Wine ${i}`, price: 10 + i, tags: ['wine'], stock: 100_000 });
    }
    for (let i = 0; i < 100; i += 1) server.store.create('Item', { name: `Shelf Wine ${i}`, price: 12, tags: ['wine'], stock: 6 });
  });
  const accounts = new SqliteAccountStore(server.store);
  const tokens: string[] = [];
  for (let i = 0; i < RESERVATION_CUSTOMERS; i += 1) {
    const customer = await registerAccount(accounts, {
      email: `bench-customer-${i}@example.com`,
      name: `Bench Customer ${i}`,
      password: 'Bench-Customer-Passw0rd!',
      type: ROLE_USER,
    });
    server.store.update('User', { id: customer.id, emailConfirmed: true });
    tokens.push(server.sessions.create(customer.id).token);
  }
  const tokenFile = join(dataDir, 'customers.json');
  writeFileSync(tokenFile, JSON.stringify(tokens));
  console.log(`READY ${server.port} ${server.apiKey} ${tokenFile}`);
} else if (mode === 'bare') {
  const { readFileSync } = await import('node:fs');
  const payload = readFileSync(jsonFile!);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': payload.length });
      res.end(payload);
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(`READY ${(server.address() as AddressInfo).port} -`));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  throw new Error('usage: api-target.ts ours | hostile | import | reservations | bare <json-file>');
}
