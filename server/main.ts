/** `npm start`: the shop and its API on one port. Stops cleanly on SIGTERM/SIGINT. */
import { seedDemoCatalogue } from '../demo/seed-demo-shop';
import { startServer } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const server = await startServer(config, { seedDemoShop: seedDemoCatalogue });
console.log(`Patterson Wine & Liquor is open at ${server.url}/home (data in ${config.dataDir})`);

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
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
