/**
 * API throughput (design §4): a 100-item listItems and a getItem against a bare node:http server
 * sending the same JSON, in the same run; budgets: the cached list at least 1.0 of bare, getItem at
 * least 0.8 (design §4). Each target runs in its own process, on a core of its own where the
 * machine has two; autocannon drives it from this one over loopback, for a bounded time.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinLoadGenerator, startTarget, type Target } from './support/child-target';
import { formatTable, metric, type Metric } from './support/summary';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 1.5);
/**
 * Rounds of one run per side, taking turns; each ratio is the median of the rounds' ratios. Short
 * runs, many rounds: this machine's speed drifts over seconds (one side's 40 KB answers went from
 * 24,000 to 53,000 a second between runs), so a ratio is taken between neighbouring runs.
 */
const ROUNDS = 11;
const CONNECTIONS = 16;
const BUDGET = { list: 1.0, getItem: 0.8 };
const TARGET = 'bench/support/api-target.ts';

// The query the Amplify client sends for client.models.Item.list().
const LIST_QUERY = `query ($filter: ModelItemFilterInput, $limit: Int, $nextToken: String) {
  listItems(filter: $filter, limit: $limit, nextToken: $nextToken) {
    items { id name price description tags promoted upc img createdAt updatedAt __typename }
    nextToken __typename } }`;
const GET_QUERY = `query ($id: ID!) { getItem(id: $id) { id name price description tags promoted upc img createdAt updatedAt __typename } }`;

/** Requests per second; with `vary`, every request body differs so no cached answer can be reused. */
async function load(port: number, apiKey: string, body: string, vary = false): Promise<number> {
  let counter = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/graphql`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body,
    ...(vary
      ? {
          requests: [
            { setupRequest: (request) => ({ ...request, body: body.replace('"variables":{}', `"variables":{"n":${counter++}}`) }) },
          ],
        }
      : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`load run had ${result.non2xx} non-2xx and ${result.errors} errors`);
  return result.requests.average;
}

async function post(port: number, apiKey: string, body: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body,
  });
  return response.text();
}

/** A bare node:http server answering every POST with these bytes (pinned like ours). */
async function startBare(dir: string, name: string, json: string): Promise<Target> {
  writeFileSync(join(dir, name), json);
  return startTarget(TARGET, ['bare', join(dir, name)], {}, { pinned: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runApi(): Promise<Metric[]> {
  const unpin = pinLoadGenerator();
  const ours = await startTarget(TARGET, ['ours'], {}, { pinned: true });
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-json-'));
  const targets: Target[] = [ours];
  const listBody = JSON.stringify({ query: LIST_QUERY, variables: {} });
  const runs = { oursList: [] as number[], bareList: [] as number[], oursGet: [] as number[], bareGet: [] as number[] };
  let listJson: string, getJson: string, oursListUncached: number;
  try {
    listJson = await post(ours.port, ours.apiKey, listBody);
    const items = (JSON.parse(listJson) as { data: { listItems: { items: Array<{ id: string }> } } }).data.listItems.items;
    if (items.length !== 100) throw new Error(`expected 100 items, got ${items.length}`);
    const getBody = JSON.stringify({ query: GET_QUERY, variables: { id: items[42]!.id } });
    getJson = await post(ours.port, ours.apiKey, getBody);
    const bareList = await startBare(dir, 'list.json', listJson);
    targets.push(bareList);
    const bareGet = await startBare(dir, 'get.json', getJson);
    targets.push(bareGet);
    // Warm both paths (document cache, JIT) before measuring.
    await autocannon({
      url: `${ours.url}/graphql`,
      method: 'POST',
      connections: 4,
      duration: 2,
      headers: { 'content-type': 'application/json', 'x-api-key': ours.apiKey },
      body: listBody,
    });
    // Ours and bare take turns, ROUNDS times: what the machine does meanwhile weighs on both alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.oursList.push(await load(ours.port, ours.apiKey, listBody));
      runs.bareList.push(await load(bareList.port, '-', listBody));
      runs.oursGet.push(await load(ours.port, ours.apiKey, getBody));
      runs.bareGet.push(await load(bareGet.port, '-', getBody));
    }
    oursListUncached = await load(ours.port, ours.apiKey, listBody, true);
  } finally {
    await Promise.all(targets.map((target) => target.stop()));
    unpin();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `runs (req/s): ${Object.entries(runs)
      .map(([side, values]) => `${side} ${values.map((v) => v.toFixed(0)).join(' ')}`)
      .join('; ')}`,
  );
  const [oursList, bareList, oursGet, bareGet] = [runs.oursList, runs.bareList, runs.oursGet, runs.bareGet].map(median) as [
    number,
    number,
    number,
    number,
  ];
  const roundRatios = (ours: number[], bare: number[]) => median(ours.map((value, round) => value / bare[round]!));
  const listRatio = roundRatios(runs.oursList, runs.bareList);
  const getRatio = roundRatios(runs.oursGet, runs.bareGet);

  const kb = (json: string) => `${(json.length / 1024).toFixed(1)} KB`;
  const rows: Array<[string, number, number, string]> = [
    ['listItems (100 items)', oursList, bareList, kb(listJson)],
    ['listItems (100 items), every request unique: no response cache', oursListUncached, bareList, kb(listJson)],
    ['getItem', oursGet, bareGet, kb(getJson)],
  ];
  console.log(
    `\nAPI throughput, ${ROUNDS} rounds of ${DURATION_S}s runs taking turns (req/s: medians; ratio: median of the rounds'), ${CONNECTIONS} connections, loopback`,
  );
  const ratios = [listRatio, oursListUncached / bareList, getRatio];
  console.log(
    formatTable(
      ['operation', 'ours req/s', 'bare node:http req/s', 'ratio', 'response'],
      rows.map(([name, a, b, size], row) => [name, a.toFixed(0), b.toFixed(0), ratios[row]!.toFixed(2), size]),
    ),
  );
  return [
    metric('api', 'listItems (100) vs bare node:http', listRatio.toFixed(3), `>= ${BUDGET.list}`, listRatio >= BUDGET.list),
    metric('api', 'listItems uncached vs bare', (oursListUncached / bareList).toFixed(2)),
    metric('api', 'getItem vs bare', getRatio.toFixed(2), `>= ${BUDGET.getItem}`, getRatio >= BUDGET.getItem),
  ];
}
