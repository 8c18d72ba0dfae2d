/**
 * The activity log's cost on a write (decision 0260): an admin's updateItem executed by the GraphQL
 * engine on SQLite, with the log (the record read before, the entry added in the same
 * transaction) and without it, in the same run, interleaved in rounds so drift hits both alike.
 * Budget: a logged write costs at most 2x an unlogged one (the log adds a read and an insert to a
 * write's read and update). In-process: HTTP would add the same constant to both sides.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import introspection from '../shared/generated/model-introspection.json' with { type: 'json' };
import { ROLE_ADMIN } from '../shared/roles';
import { ActivityRecorder } from '../server/activity/activity-recorder';
import { SqliteActivityLog } from '../server/activity/sqlite-activity-log';
import { openDatabase } from '../server/db/database';
import { ModelStore } from '../server/db/model-store';
import { GraphQLEngine } from '../server/graphql/engine';
import type { ModelIntrospectionSchema } from '../server/model/introspection-types';
import { buildModelMetas } from '../server/model/model-meta';
import { newRowBudget, type RequestContext } from '../server/graphql/request-context';
import { formatTable, metric, type Metric } from './support/summary';

const BUDGET = 2;
const ROUNDS = 10;
const WRITES_PER_ROUND = 300;
const UPDATE = 'mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id price } }';
const SDL = readFileSync(fileURLToPath(new URL('../server/generated/appsync-schema.graphql', import.meta.url)), 'utf8');

function shop(logged: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-activity-'));
  const models = buildModelMetas(introspection as unknown as ModelIntrospectionSchema);
  const db = openDatabase(join(dir, 'shop.sqlite3'), models);
  const store = new ModelStore(db, models);
  const activity = new ActivityRecorder(new SqliteActivityLog(db));
  const engine = new GraphQLEngine({
    sdl: SDL,
    models,
    handlers: {},
    development: false,
    recordModelWrite: logged ? (write, caller) => void activity.recordModelWrite(write, caller) : undefined,
  });
  const item = store.create('Item', { name: 'Bench Rioja', price: 10, tags: ['wine'], description: 'Tempranillo' });
  const context = (): RequestContext => ({
    auth: { mode: 'lambda', principal: { userId: 'bench-admin', name: 'Bench', type: ROLE_ADMIN }, deniedFields: new Set(), token: null },
    clientIp: '127.0.0.1',
    store,
    rowBudget: newRowBudget(),
  });
  let price = 10;
  return {
    /** Milliseconds for `count` updates, each changing the price. */
    async writes(count: number): Promise<number> {
      const started = performance.now();
      for (let i = 0; i < count; i += 1) {
        price += 1;
        const { response } = await engine.execute({ query: UPDATE, variables: { input: { id: item.id, price } } }, context());
        if (response.errors) throw new Error(`updateItem failed: ${JSON.stringify(response.errors)}`);
      }
      return performance.now() - started;
    },
    entries: () => (db.prepare('SELECT COUNT(*) AS n FROM _activity').get() as { n: number }).n,
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function runActivity(): Promise<Metric[]> {
  const [plain, logged] = [shop(false), shop(true)];
  try {
    await plain.writes(WRITES_PER_ROUND);
    await logged.writes(WRITES_PER_ROUND);
    let plainMs = 0;
    let loggedMs = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      plainMs += await plain.writes(WRITES_PER_ROUND);
      loggedMs += await logged.writes(WRITES_PER_ROUND);
    }
    const writes = ROUNDS * WRITES_PER_ROUND;
    if (logged.entries() !== writes + WRITES_PER_ROUND || plain.entries() !== 0)
      throw new Error('the log did not record each write exactly once');
    const ratio = loggedMs / plainMs;
    console.log(
      formatTable(
        ['updateItem (in-process engine, SQLite)', 'per write'],
        [
          ['without the activity log', `${((plainMs / writes) * 1000).toFixed(0)} µs`],
          ['with the activity log', `${((loggedMs / writes) * 1000).toFixed(0)} µs`],
        ],
      ),
    );
    return [
      metric('activity', 'logged write (µs)', ((loggedMs / writes) * 1000).toFixed(0)),
      metric('activity', 'write cost: logged / unlogged', ratio.toFixed(2), `<= ${BUDGET}`, ratio <= BUDGET),
    ];
  } finally {
    plain.close();
    logged.close();
  }
}
