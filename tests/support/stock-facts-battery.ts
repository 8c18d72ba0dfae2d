/**
 * The two facts of stock (decision 0367), the battery both backends run: the local server
 * (server/reservations/stock-facts-api.test.ts) and the emulated cloud (tests/cloud/stock-facts.test.ts).
 * fast-check draws interleavings of what changes an item's stock (the editor's count, the till's
 * stock file, reserving, a lowered line, a cancel, the expiry, a pick-up) and after each step the
 * item must say what a model of the two facts says: the shelf's count, what open reservations
 * hold, and visitors offered the count less the holds, never below 0; a reservation is refused
 * exactly when it asks for more than is offered. Then the meeting that used to fail: the till
 * counting held bottles again while customers reserve.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { newImportId } from '../../shared/import-chunks';
import { pickupSlots } from '../../shared/pickup-slots';

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}

type Caller = (query: string, variables?: Record<string, unknown>) => Promise<Answer>;

export interface StockFactsTarget {
  admin: Caller;
  /** A new signed-in customer with a confirmed address. */
  customer(): Promise<Caller>;
  /** Runs the expiry as the schedule does, at `now`. */
  expire(now: Date): Promise<void>;
  /** fast-check runs (each a fresh item and up to 10 steps); fewer where each call is slower. */
  runs: number;
}

const HOURS = Array.from({ length: 7 }, () => '10:00-21:00');
const CREATE_ITEM = `mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }`;
const UPDATE_ITEM = `mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id } }`;
const GET_ITEM = `query ($id: ID!) { getItem(id: $id) { stock shelfStock heldStock } }`;
const GET_SETTINGS = 'query { getShopSettings(id: "shop") { id } }';
const CREATE_SETTINGS = `mutation ($input: CreateShopSettingsInput!) { createShopSettings(input: $input) { id } }`;
const UPDATE_SETTINGS = `mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id } }`;
const SET_LINE = `mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }`;
const RESERVE = `mutation ($slotStart: String!) { reserve(slotStart: $slotStart) { id lines { quantity } } }`;
const CANCEL_MINE = `mutation ($id: ID!) { cancelMyReservation(id: $id) { id status } }`;
const ACTION = `mutation ($id: ID!, $action: String!, $lowered: [LineLoweringInput!], $idChecked: Boolean) {
  reservationAction(id: $id, action: $action, lowered: $lowered, idChecked: $idChecked) { id status } }`;
const IMPORT = `mutation ($importId: String!, $offset: Int!, $rows: [ItemImportRowInput!]!, $apply: Boolean, $stockOnly: Boolean) {
  importItems(importId: $importId, offset: $offset, rows: $rows, apply: $apply, stockOnly: $stockOnly) { applied warnings { message } } }`;

const ok = async (answer: Promise<Answer>) => {
  const body = await answer;
  expect(body.errors).toBeUndefined();
  return body.data!;
};

/** What the model says: the shelf's count and each open reservation's units (by customer). */
interface Model {
  shelf: number;
  open: Map<number, { id: string; units: number; ready: boolean }>;
}
const held = (model: Model) => [...model.open.values()].reduce((sum, hold) => sum + hold.units, 0);

type Step =
  | { kind: 'edit' | 'till'; count: number }
  | { kind: 'reserve'; who: number; units: number }
  | { kind: 'lower' | 'cancel' | 'pickUp'; who: number }
  | { kind: 'expire' };

const CUSTOMERS = 3;
const who = fc.integer({ min: 0, max: CUSTOMERS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom('edit' as const, 'till' as const), count: fc.integer({ min: 0, max: 8 }) }),
  fc.record({ kind: fc.constant('reserve' as const), who, units: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constantFrom('lower' as const, 'cancel' as const, 'pickUp' as const), who }),
  fc.record({ kind: fc.constant('expire' as const) }),
);

export function stockFactsBattery(target: StockFactsTarget): void {
  const { admin } = target;
  const tag = `FACTS-${Date.now()}`;
  let items = 0;
  /** Who holds each of the model's open reservations. */
  const customers: Caller[] = [];
  const slot = () => pickupSlots({ weeklyHours: HOURS }, new Date(), { preparationMinutes: 0 })[0]!.slots[0]!.start;
  /** Far past any hold: the expiry ends every open reservation (this file's own). */
  const expireAll = () => target.expire(new Date(Date.now() + 40 * 24 * 60 * 60_000));

  async function prepare() {
    const settings = (await ok(admin(GET_SETTINGS))).getShopSettings ? UPDATE_SETTINGS : CREATE_SETTINGS;
    // These tests hold whole shelves: no fair-share cap (decision 0374; customer-limits-battery.ts tests it).
    await ok(admin(settings, { input: { id: 'shop', weeklyHours: HOURS, pickupPreparationMinutes: 0, reservationShareCap: 100 } }));
  }

  async function expectFacts(itemId: string, model: Model, after: Step | 'start') {
    const item = (await ok(admin(GET_ITEM, { id: itemId }))).getItem as { stock: number; shelfStock: number; heldStock: number | null };
    const expected = { shelfStock: model.shelf, heldStock: held(model), stock: Math.max(0, model.shelf - held(model)) };
    expect({ shelfStock: item.shelfStock, heldStock: item.heldStock ?? 0, stock: item.stock }, JSON.stringify(after)).toEqual(expected);
  }

  async function run(itemId: string, upc: string, model: Model, next: Step) {
    const hold = 'who' in next ? model.open.get(next.who) : undefined;
    switch (next.kind) {
      case 'edit':
        await ok(admin(UPDATE_ITEM, { input: { id: itemId, stock: next.count } }));
        model.shelf = next.count;
        return;
      case 'till': {
        const rows = [{ row: 2, upc, quantity: String(next.count) }];
        expect(
          (
            (await ok(admin(IMPORT, { importId: newImportId(), offset: 0, rows, apply: true, stockOnly: true }))).importItems as {
              applied: boolean;
            }
          ).applied,
        ).toBe(true);
        model.shelf = next.count;
        return;
      }
      case 'reserve': {
        if (hold) return;
        // A new customer each time: one customer's reserving is rate-limited (5 at once, then one a minute).
        const customer = await target.customer();
        customers[next.who] = customer;
        const offered = Math.max(0, model.shelf - held(model));
        const why = `reserving ${next.units} of ${offered} offered`;
        // More than is offered is refused on the list already, or when reserving.
        const line = await customer(SET_LINE, { itemId, quantity: next.units });
        if (line.errors) {
          expect(next.units, why).toBeGreaterThan(offered);
          return;
        }
        const answer = await customer(RESERVE, { slotStart: slot() });
        if (answer.errors) {
          expect(next.units, `${why}: ${answer.errors[0]!.message}`).toBeGreaterThan(offered);
          await ok(customer(SET_LINE, { itemId, quantity: 0 }));
          return;
        }
        const reservation = answer.data!.reserve as { id: string; lines: Array<{ quantity: number }> };
        expect(
          reservation.lines.map((entry) => entry.quantity),
          why,
        ).toEqual([next.units]);
        expect(next.units, why).toBeLessThanOrEqual(offered);
        model.open.set(next.who, { id: reservation.id, units: next.units, ready: false });
        return;
      }
      case 'lower':
        if (!hold || hold.ready || hold.units < 2) return;
        await ok(admin(ACTION, { id: hold.id, action: 'markReady', lowered: [{ itemId, quantity: hold.units - 1, note: 'One broken' }] }));
        hold.units -= 1;
        hold.ready = true;
        return;
      case 'cancel':
        if (!hold) return;
        await ok(customers[next.who]!(CANCEL_MINE, { id: hold.id }));
        model.open.delete(next.who);
        return;
      case 'pickUp':
        if (!hold) return;
        if (!hold.ready) await ok(admin(ACTION, { id: hold.id, action: 'markReady', lowered: [] }));
        await ok(admin(ACTION, { id: hold.id, action: 'pickUp', idChecked: true }));
        model.shelf = Math.max(0, model.shelf - hold.units);
        model.open.delete(next.who);
        return;
      case 'expire':
        await expireAll();
        model.open.clear();
        return;
    }
  }

  it('keeps offered = counted - held (never below 0) through any interleaving of counts, edits, reserves, lowers, cancels, expiries and pick-ups', async () => {
    await prepare();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.array(step, { minLength: 1, maxLength: 10 }), async (start, steps) => {
        const upc = `${tag}-${++items}`;
        const itemId = (
          (await ok(admin(CREATE_ITEM, { input: { name: `Facts Merlot ${upc}`, price: 15, upc, stock: start, tags: ['wine'] } })))
            .createItem as { id: string }
        ).id;
        const model: Model = { shelf: start, open: new Map() };
        try {
          await expectFacts(itemId, model, 'start');
          for (const next of steps) {
            await run(itemId, upc, model, next);
            await expectFacts(itemId, model, next);
          }
        } finally {
          await expireAll();
        }
      }),
      { numRuns: target.runs },
    );
  }, 600_000);

  it('a till file counting held bottles while customers reserve never offers a bottle the shelf does not have', async () => {
    await prepare();
    const upc = `${tag}-till`;
    const itemId = (
      (await ok(admin(CREATE_ITEM, { input: { name: `Till Race Merlot ${upc}`, price: 15, upc, stock: 6, tags: ['wine'] } })))
        .createItem as { id: string }
    ).id;
    const crowd = await Promise.all(Array.from({ length: 8 }, () => target.customer()));
    await Promise.all(crowd.map((customer) => ok(customer(SET_LINE, { itemId, quantity: 1 }))));
    // Three hold a bottle each; then five more reach for one while a delivery makes the till count
    // 7 on the shelf, the held bottles among them, three times over: 4 more may be had, whatever
    // lands first.
    for (const customer of crowd.slice(0, 3)) await ok(customer(RESERVE, { slotStart: slot() }));
    const tills = Array.from({ length: 3 }, () =>
      admin(IMPORT, { importId: newImportId(), offset: 0, rows: [{ row: 2, upc, quantity: '7' }], apply: true, stockOnly: true }),
    );
    const answers = await Promise.all([...crowd.slice(3).map((customer) => customer(RESERVE, { slotStart: slot() })), ...tills]);
    const reserved = answers.slice(0, 5).filter((answer) => !answer.errors).length;
    for (const till of answers.slice(5)) expect(till.errors).toBeUndefined();
    const item = (await ok(admin(GET_ITEM, { id: itemId }))).getItem as { stock: number; shelfStock: number; heldStock: number };
    expect(item).toEqual({ shelfStock: 7, heldStock: 3 + reserved, stock: 7 - 3 - reserved });
    expect(reserved).toBeLessThanOrEqual(4);
    await expireAll();
    expect(((await ok(admin(GET_ITEM, { id: itemId }))).getItem as { stock: number }).stock).toBe(7);
  }, 300_000);
}
