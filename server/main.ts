/** `npm start`: the shop and its API on one port. Stops cleanly on SIGTERM/SIGINT. */
import { startServer } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const server = await startServer(config);
console.log(`Patterson Wine & Liquor is open at ${server.url}/home (data in ${config.dataDir})`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: finishing in-flight requests`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close().then(() => process.exit(0), () => process.exit(1));
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
