/**
 * `npm start`'s server (run and restarted after a crash by scripts/supervise.ts): the shop and its
 * API on one port. Stops cleanly on SIGTERM/SIGINT (exit code 0). A configuration that cannot work
 * (a bad setting, a first admin asked for and impossible: ADMIN_EMAIL without a good
 * ADMIN_PASSWORD) is one line and exit code 78 (EXIT_CONFIG), which is not restarted; data without
 * any admin gets one line saying how to make one; one line says where e-mail goes (a mail server,
 * or the outbox: decision 0366). The entry point is the one place that hands the
 * server demo/'s seeder (decision 0263).
 */
import { resolve } from 'node:path';
import { seedDemoCatalogue } from '../demo/seed-demo-shop';
import { SPA_ROUTES } from '../shared/spa-routes';
import { SqliteAccountStore } from './accounts/account-store';
import { mailStartLine } from './accounts/mailer';
import { outboxDir } from './accounts/outbox-files';
import { startServer, type ShopServer } from './app';
import { loadConfig, type ServerConfig } from './config';
import { EXIT_CONFIG } from './exit-codes';
import { FirstAdminError, hasAdmin, NO_ADMIN_HINT } from './setup/first-admin';

/** A configuration that cannot work: one line, no stack, and the exit code that is not restarted. */
function refuse(error: unknown): never {
  console.error(`[server] not started: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(EXIT_CONFIG);
}

let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  refuse(error);
}
let server: ShopServer;
try {
  server = await startServer(config, { seedDemoShop: seedDemoCatalogue });
} catch (error) {
  if (!(error instanceof FirstAdminError)) throw error;
  refuse(error);
}
let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: finishing in-flight requests`);
  // A request still running after 9 s (a stuck client) does not hold the stop past the 10 s a
  // supervisor allows; exit code 1 says the stop was forced. SQLite survives that like a crash.
  const force = setTimeout(() => process.exit(1), 9_000);
  force.unref();
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
// Before the line that says it is open: a supervisor (or a test) that stops it on that line gets
// the clean stop, never the default of a signal without a handler (killed, no exit code).
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
console.log(`Patterson Wine & Liquor is open at ${server.url}/home (data in ${config.dataDir})`);
console.log(mailStartLine(config.smtp, resolve(outboxDir(config.dataDir)), `${server.url}${SPA_ROUTES.adminOutbox}`));
if (!(await hasAdmin(new SqliteAccountStore(server.store)))) console.log(NO_ADMIN_HINT);
