/**
 * `npm run bench [-- part...]`: the performance budgets of design §4, measured in one run.
 * Parts: api (throughput against bare node:http), hostile (a visitor under the dearest allowed
 * requests, and the time to judge 256 KB hostile documents), lighthouse (mobile scores of the public pages),
 * scale (/menu with 5,000 items in Chromium), import (a 5,000-row CSV checked and applied), activity (a
 * write's cost with the activity log against without), reservations (a reservation's p50/p95 and a
 * visitor's p99 while 20 customers reserve). Each prints its detail; the run ends with one
 * summary table and exits 1 when a budget is missed.
 */
import { runActivity } from './activity';
import { runApi } from './api';
import { runHostile } from './hostile';
import { runImport } from './import';
import { runLighthouse } from './lighthouse';
import { runReservations } from './reservations';
import { runScale } from './scale';
import { formatSummary, type Metric } from './support/summary';

const PARTS: Record<string, () => Promise<Metric[]>> = {
  activity: runActivity,
  api: runApi,
  hostile: runHostile,
  import: runImport,
  lighthouse: runLighthouse,
  reservations: runReservations,
  scale: runScale,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in PARTS));
if (unknown.length) {
  console.error(`unknown bench part ${unknown.join(', ')}; parts: ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}

const started = Date.now();
const metrics: Metric[] = [];
for (const name of asked.length ? asked : Object.keys(PARTS)) {
  const partStarted = Date.now();
  console.log(`\n== ${name} ==`);
  metrics.push(...(await PARTS[name]!()));
  console.log(`(${name}: ${((Date.now() - partStarted) / 1000).toFixed(0)} s)`);
}

console.log('\n== summary ==');
console.log(formatSummary(metrics));
const missed = metrics.filter((m) => m.pass === false);
console.log(
  `\n${missed.length ? `${missed.length} budget(s) missed` : 'every budget holds'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
// exit, not exitCode: chrome-launcher and autocannon may leave handles open.
process.exit(missed.length ? 1 : 0);
