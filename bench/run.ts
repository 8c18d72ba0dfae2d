/**
 * `npm run bench`: API throughput against a bare node:http server sending the same JSON, in the
 * same run (DESIGN §4: ratio at least 0.5). Each target runs in its own process; autocannon drives
 * it from this one over loopback, for a bounded time.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;
const BUDGET = 0.5;

// The query the Amplify client sends for client.models.Item.list().
const LIST_QUERY = `query ($filter: ModelItemFilterInput, $limit: Int, $nextToken: String) {
  listItems(filter: $filter, limit: $limit, nextToken: $nextToken) {
    items { id name price description tags promoted upc img createdAt updatedAt __typename }
    nextToken __typename } }`;
const GET_QUERY = `query ($id: ID!) { getItem(id: $id) { id name price description tags promoted upc img createdAt updatedAt __typename } }`;

interface Target { port: number; apiKey: string; child: ChildProcess }

const children = new Set<ChildProcess>();
process.on('exit', () => { for (const child of children) child.kill('SIGKILL'); });

function startTarget(args: string[]): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-target.ts', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench target exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^READY (\d+) (\S+)/.exec(line);
      if (match) resolve({ port: Number(match[1]), apiKey: match[2]!, child });
    });
  });
}

async function stopTarget(target: Target): Promise<void> {
  target.child.removeAllListeners('exit');
  await new Promise((resolve) => { target.child.once('exit', resolve); target.child.kill('SIGTERM'); });
}

/** Requests per second; with `vary`, every request body differs so no cached answer can be reused. */
async function load(port: number, apiKey: string, body: string, vary = false): Promise<number> {
  let counter = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/graphql`, method: 'POST', connections: CONNECTIONS, duration: DURATION_S,
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body,
    ...(vary ? { requests: [{ setupRequest: (request) => ({ ...request, body: body.replace('"variables":{}', `"variables":{"n":${counter++}}`) }) }] } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`load run had ${result.non2xx} non-2xx and ${result.errors} errors`);
  return result.requests.average;
}

async function post(port: number, apiKey: string, body: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body });
  return response.text();
}

const ours = await startTarget(['ours']);
const listBody = JSON.stringify({ query: LIST_QUERY, variables: {} });
const listJson = await post(ours.port, ours.apiKey, listBody);
const items = (JSON.parse(listJson) as { data: { listItems: { items: Array<{ id: string }> } } }).data.listItems.items;
if (items.length !== 100) throw new Error(`expected 100 items, got ${items.length}`);
const getBody = JSON.stringify({ query: GET_QUERY, variables: { id: items[42]!.id } });
const getJson = await post(ours.port, ours.apiKey, getBody);

const dir = mkdtempSync(join(tmpdir(), 'shop-bench-json-'));
writeFileSync(join(dir, 'list.json'), listJson);
writeFileSync(join(dir, 'get.json'), getJson);

// Warm both paths (document cache, JIT) before measuring.
await autocannon({ url: `http://127.0.0.1:${ours.port}/graphql`, method: 'POST', connections: 4, duration: 2, headers: { 'content-type': 'application/json', 'x-api-key': ours.apiKey }, body: listBody });

const oursList = await load(ours.port, ours.apiKey, listBody);
const oursGet = await load(ours.port, ours.apiKey, getBody);
const oursListUncached = await load(ours.port, ours.apiKey, listBody, true);
await stopTarget(ours);

const bareList = await startTarget(['bare', join(dir, 'list.json')]);
const bareListRps = await load(bareList.port, '-', listBody);
await stopTarget(bareList);
const bareGet = await startTarget(['bare', join(dir, 'get.json')]);
const bareGetRps = await load(bareGet.port, '-', getBody);
await stopTarget(bareGet);

const rows = [
  ['listItems (100 items)', oursList, bareListRps, `${(listJson.length / 1024).toFixed(1)} KB`],
  ['listItems (100 items), every request unique: no response cache', oursListUncached, bareListRps, `${(listJson.length / 1024).toFixed(1)} KB`],
  ['getItem', oursGet, bareGetRps, `${(getJson.length / 1024).toFixed(1)} KB`],
] as const;
console.log(`\nAPI throughput, ${DURATION_S}s per run, ${CONNECTIONS} connections, loopback`);
console.log('| operation | ours req/s | bare node:http req/s | ratio | response |');
console.log('|---|---|---|---|---|');
for (const [name, a, b, size] of rows) console.log(`| ${name} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${(a / b).toFixed(2)} | ${size} |`);
const listRatio = oursList / bareListRps;
console.log(`\nlist ratio: ${listRatio.toFixed(2)} (budget >= ${BUDGET})`);
console.log(`get ratio: ${(oursGet / bareGetRps).toFixed(2)}`);
if (listRatio < BUDGET) process.exitCode = 1;
