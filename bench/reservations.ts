/**
 * Reserve for pickup under a crowd (product §11): 20 customers reserving at once, each
 * reservation two lines set on the pickup list, then `reserve` (timed: its p50 and p95), then
 * cancelled so the customer stays under the open-reservation limit; meanwhile a visitor reads the
 * menu. Budgets (design §4): a reservation's p95 at most 50 ms and the visitor's p99 at most 100 ms.
 * The 20 send without pause, far past a shop's busiest hour, and every reservation changes stock,
 * so the visitor's read is never a cached one. The server runs in
 * its own process (child-target).
 */
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pickupSlots } from '../shared/pickup-slots';
import { startTarget } from './support/child-target';
import { CUSTOMERS_PER_CLIENT, RESERVATION_ITEMS, RESERVING_AT_ONCE } from './support/reservation-shop';
import { formatTable, median, metric, type Metric } from './support/summary';
import { percentile, timedPost } from './support/timed-post';

/** Reservations per customer: within the reserve rate's burst of 5 (decision 0313). */
const ROUNDS_PER_CUSTOMER = 4;
const BUDGET = { reserveP95Ms: 50, visitorP99Ms: 100 };
const VISITOR_QUERY = '{ listItems(filter: { tags: { contains: "wine" } }, limit: 100) { items { id name price stock } nextToken } }';
const SET_LINE = 'mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }';
const RESERVE = 'mutation ($slotStart: String!) { reserve(slotStart: $slotStart) { id number status } }';
const CANCEL = 'mutation ($id: ID!) { cancelMyReservation(id: $id) { status } }';

export async function runReservations(): Promise<Metric[]> {
  const target = await startTarget('bench/support/api-target.ts', ['reservations']);
  try {
    const tokens = JSON.parse(readFileSync(target.extra!, 'utf8')) as string[];
    const slotStart = pickupSlots({ weeklyHours: Array.from({ length: 7 }, () => '10:00-21:00') }, new Date(), {
      preparationMinutes: 0,
    })[0]!.slots[0]!.start;
    const visitorAgent = new Agent({ keepAlive: true, localAddress: '127.0.0.1' });
    const visit = async () => {
      const { ms, body } = await timedPost(target.port, { apiKey: target.apiKey }, VISITOR_QUERY, visitorAgent);
      if (body.includes('"errors"')) throw new Error(`the visitor's read failed: ${body.slice(0, 200)}`);
      return ms;
    };
    const quiet: number[] = [];
    for (let i = 0; i < 200; i += 1) quiet.push(await visit());

    const reserveTimes: number[] = [];
    let crowdDone = false;
    const crowd = Array.from({ length: RESERVING_AT_ONCE }, async (_, client) => {
      const agent = new Agent({ keepAlive: true, localAddress: `127.0.0.${2 + client}` });
      const call = async (token: string, query: string, variables: Record<string, unknown>) => {
        const answer = await timedPost(target.port, { token }, query, agent, variables);
        const body = JSON.parse(answer.body) as { data?: Record<string, { id?: string }>; errors?: unknown[] };
        if (body.errors) throw new Error(`${query.slice(0, 40)} failed: ${answer.body.slice(0, 300)}`);
        return { ms: answer.ms, data: body.data! };
      };
      for (let round = 0; round < ROUNDS_PER_CUSTOMER; round += 1) {
        for (let turn = 0; turn < CUSTOMERS_PER_CLIENT; turn += 1) {
          const token = tokens[client * CUSTOMERS_PER_CLIENT + turn]!;
          const item = (client + turn + round) % RESERVATION_ITEMS;
          await call(token, SET_LINE, { itemId: `bench-item-${item}`, quantity: 2 });
          await call(token, SET_LINE, { itemId: `bench-item-${(item + 1) % RESERVATION_ITEMS}`, quantity: 1 });
          const reserved = await call(token, RESERVE, { slotStart });
          reserveTimes.push(reserved.ms);
          await call(token, CANCEL, { id: reserved.data.reserve!.id });
        }
      }
      agent.destroy();
    });
    const started = performance.now();
    const underCrowd: number[] = [];
    const visitor = (async () => {
      while (!crowdDone) underCrowd.push(await visit());
    })();
    await Promise.all(crowd).finally(() => {
      crowdDone = true;
    });
    await visitor;
    const seconds = (performance.now() - started) / 1000;
    visitorAgent.destroy();

    const reservations = reserveTimes.length;
    console.log(`\nReserve for pickup: ${RESERVING_AT_ONCE} customers at once, ${reservations} reservations in ${seconds.toFixed(1)} s`);
    console.log(
      formatTable(
        ['who', 'requests', 'median ms', 'p95 ms', 'p99 ms'],
        [
          [
            'visitor, server quiet',
            String(quiet.length),
            median(quiet).toFixed(1),
            percentile(quiet, 0.95).toFixed(1),
            percentile(quiet, 0.99).toFixed(1),
          ],
          [
            `visitor, ${RESERVING_AT_ONCE} reserving`,
            String(underCrowd.length),
            median(underCrowd).toFixed(1),
            percentile(underCrowd, 0.95).toFixed(1),
            percentile(underCrowd, 0.99).toFixed(1),
          ],
          [
            'reserve (2 lines)',
            `${reservations} (${(reservations / seconds).toFixed(0)}/s)`,
            median(reserveTimes).toFixed(1),
            percentile(reserveTimes, 0.95).toFixed(1),
            percentile(reserveTimes, 0.99).toFixed(1),
          ],
        ],
      ),
    );
    const visitorP99 = percentile(underCrowd, 0.99);
    const reserveP95 = percentile(reserveTimes, 0.95);
    return [
      metric('reservations', 'reserve p50 (ms)', median(reserveTimes).toFixed(1)),
      metric('reservations', 'reserve p95 (ms)', reserveP95.toFixed(1), `<= ${BUDGET.reserveP95Ms}`, reserveP95 <= BUDGET.reserveP95Ms),
      metric(
        'reservations',
        `visitor listItems p99 while ${RESERVING_AT_ONCE} reserve (ms)`,
        visitorP99.toFixed(1),
        `<= ${BUDGET.visitorP99Ms}`,
        visitorP99 <= BUDGET.visitorP99Ms,
      ),
    ];
  } finally {
    await target.stop();
  }
}
