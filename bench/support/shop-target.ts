/**
 * The shop server the browser parts measure, run as its own process: a fresh data directory
 * seeded with the demo catalogue (`demo`), or topped up to 5,000 items and 200 tags (`scale`),
 * serving the SPA from DIST_DIR on a loopback port. Prints `READY <port> <apiKey>`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoCatalogue } from '../../demo/seed-demo-shop';
import { startServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedScaleCatalogue } from './scale-catalogue';

const catalogue = process.argv[2] ?? 'demo';
if (catalogue !== 'demo' && catalogue !== 'scale') throw new Error('usage: shop-target.ts demo | scale');
if (!process.env.DIST_DIR) throw new Error('DIST_DIR must name the built SPA');

const dataDir = mkdtempSync(join(tmpdir(), `shop-bench-${catalogue}-`));
const server = await startServer(
  {
    ...loadConfig({}),
    port: Number(process.env.PORT ?? 0),
    host: '127.0.0.1',
    dataDir,
    distDir: process.env.DIST_DIR,
    seedDemo: true,
  },
  { seedDemoShop: seedDemoCatalogue },
);
if (catalogue === 'scale') seedScaleCatalogue(server.store);

process.on('SIGTERM', () => {
  void server.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
console.log(`READY ${server.port} ${server.apiKey}`);
