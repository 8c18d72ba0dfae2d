/**
 * kill -9 of the server while customers reserve and cancel and staff mark ready, hand over and
 * cancel (product §11, decisions 0314, 0315 and 0332), restarting on the same data directory each
 * time. After every restart, for every item: the shelf, plus what open reservations hold, plus what
 * was handed over, is the starting stock; no reservation is half-written (its row and its record
 * agree, its number is well-formed, its lines hold what its status says); every acknowledged
 * reservation is there, in its acknowledged status or one an unanswered call may have moved it to;
 * no customer has more open reservations than the limit; and a reserved list is empty.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, test } from 'vitest';
import { pickupSlots } from '../../shared/pickup-slots';
import { DEFAULT_MAX_OPEN_RESERVATIONS, isReservationNumber } from '../../shared/reservation-limits';
import { isOpenStatus, RESERVATION_STATUSES, type ReservationStatus } from '../../shared/reservation-status';
import { makeDataDir, printFigures, removeDataDirs, scaled, sleep } from './support/battery';
import { acknowledged, ShopClient } from './support/shop-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, killAllShopProcesses, startShopProcess, type ShopProcess } from './support/shop-process';

const KILLS = scaled(6, 2);
const CUSTOMERS = 8;
const STAFF = 2;
const STARTING_STOCK = 60;
const ITEMS = 4;
/** After the stream is under way, the kill comes this long later. */
const KILL_AFTER_MS = { min: 0, max: 1000 };
/** The longest the kill waits for the stream to get under way. */
const STREAM_WAIT_MS = 5_000;
const HOURS = Array.from({ length: 7 }, () => '10:00-21:00');
const PASSWORD = 'Rel1able!Custom3r';

const RESERVATION = 'id status lines { itemId quantity }';
const SET_LINE = 'mutation SetLine($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }';
const RESERVE = `mutation Reserve($slotStart: String!) { reserve(slotStart: $slotStart) { ${RESERVATION} } }`;
const MINE = `query Mine { myReservations { ${RESERVATION} } }`;
const CANCEL_MINE = `mutation CancelMine($id: ID!) { cancelMyReservation(id: $id) { ${RESERVATION} } }`;
const LIST_OPEN = `query ListOpen($status: String) { listReservations(status: $status) { ${RESERVATION} } }`;
const ACTION = `mutation Act($id: ID!, $action: String!, $lowered: [LineLoweringInput!], $idChecked: Boolean, $reason: String) {
  reservationAction(id: $id, action: $action, lowered: $lowered, idChecked: $idChecked, reason: $reason) { ${RESERVATION} } }`;

interface Reservation {
  id: string;
  status: ReservationStatus;
  lines: Array<{ itemId: string; quantity: number }>;
}

/** Where each status may go next by calls the battery makes (expiry is a day away). */
const LATER: Record<ReservationStatus, ReservationStatus[]> = {
  Requested: ['Requested', 'Ready', 'PickedUp', 'Cancelled'],
  Ready: ['Ready', 'PickedUp', 'Cancelled'],
  PickedUp: ['PickedUp'],
  Cancelled: ['Cancelled'],
  Expired: ['Expired'],
};

/** Each reservation's last acknowledged status, and calls on it that got no answer since. */
class ReservationLedger {
  readonly acknowledged = new Map<string, ReservationStatus>();
  reservesAcknowledged = 0;
  actionsAcknowledged = 0;
  refusals = 0;
  unanswered = 0;

  record(reservation: Reservation, isReserve: boolean): void {
    this.acknowledged.set(reservation.id, reservation.status);
    if (isReserve) this.reservesAcknowledged += 1;
    else this.actionsAcknowledged += 1;
  }
}

afterAll(async () => {
  await killAllShopProcesses();
  removeDataDirs();
});

/** The first slot the shop offers now (no preparation time), as the reserve screen shows it. */
const slotNow = () => pickupSlots({ weeklyHours: HOURS }, new Date(), { preparationMinutes: 0 })[0]!.slots[0]!.start;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** A session's calls: a customer's or staff's token, whichever the client holds. */
const call = (client: ShopClient, query: string, variables: Record<string, unknown> = {}) => client.admin(query, variables);

async function customerLoop(client: ShopClient, items: string[], ledger: ReservationLedger, stop: () => boolean): Promise<void> {
  while (!stop()) {
    try {
      const mine = acknowledged<Reservation[]>(await call(client, MINE), 'myReservations') ?? [];
      const open = mine.filter((reservation) => isOpenStatus(reservation.status));
      if (open.length >= DEFAULT_MAX_OPEN_RESERVATIONS || (open.length > 0 && Math.random() < 0.3)) {
        const cancelled = acknowledged<Reservation>(await call(client, CANCEL_MINE, { id: pick(open).id }), 'cancelMyReservation');
        if (cancelled) ledger.record(cancelled, false);
        continue;
      }
      for (const itemId of new Set([pick(items), pick(items)]))
        await call(client, SET_LINE, { itemId, quantity: 1 + Math.floor(Math.random() * 3) });
      const result = await call(client, RESERVE, { slotStart: slotNow() });
      const made = acknowledged<Reservation>(result, 'reserve');
      if (made) ledger.record(made, true);
      // The per-customer limit (5 at once, then one a minute) is expected; anything else is not.
      else if (result.errors.some((error) => error.errorType !== 'TooManyRequests')) ledger.refusals += 1;
      if (!made) await sleep(50);
    } catch {
      ledger.unanswered += 1;
      return;
    }
  }
}

async function staffLoop(client: ShopClient, ledger: ReservationLedger, stop: () => boolean): Promise<void> {
  while (!stop()) {
    try {
      const status = Math.random() < 0.5 ? 'Requested' : 'Ready';
      const found = acknowledged<Reservation[]>(await call(client, LIST_OPEN, { status }), 'listReservations') ?? [];
      if (found.length === 0) {
        await sleep(30);
        continue;
      }
      const target = pick(found);
      const roll = Math.random();
      const variables =
        roll < 0.2
          ? { id: target.id, action: 'cancel', reason: 'Out of reach today' }
          : target.status === 'Ready'
            ? { id: target.id, action: 'pickUp', idChecked: true }
            : {
                id: target.id,
                action: 'markReady',
                // Sometimes a line is lowered by one (a broken bottle), its unit going back.
                lowered:
                  roll < 0.5 && target.lines.some((line) => line.quantity > 1)
                    ? [
                        {
                          itemId: target.lines.find((line) => line.quantity > 1)!.itemId,
                          quantity: target.lines.find((line) => line.quantity > 1)!.quantity - 1,
                          note: 'One bottle broken',
                        },
                      ]
                    : null,
              };
      const done = acknowledged<Reservation>(await call(client, ACTION, variables), 'reservationAction');
      if (done) ledger.record(done, false);
    } catch {
      ledger.unanswered += 1;
      return;
    }
  }
}

interface Stored {
  id: string;
  number: string;
  userId: string;
  status: ReservationStatus;
  lines: Array<{ itemId: string; quantity: number; reservedQuantity: number }>;
}

/** The data directory against the starting stock and the ledger, read from the SQLite file. */
function verify(
  dataDir: string,
  items: string[],
  ledger: ReservationLedger,
  customerIds: string[],
): { problems: string[]; reservations: number } {
  const problems: string[] = [];
  const db = new Database(join(dataDir, 'shop.sqlite3'), { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`);
    const rows = db.prepare('SELECT id, number, userId, status, expiresAt, doc FROM _reservations').all() as Array<
      Record<'id' | 'number' | 'userId' | 'status' | 'expiresAt' | 'doc', string>
    >;
    const stored = new Map<string, Stored>();
    for (const row of rows) {
      let doc: Stored;
      try {
        doc = JSON.parse(row.doc) as Stored;
      } catch {
        problems.push(`${row.id}: its record is not JSON`);
        continue;
      }
      stored.set(row.id, doc);
      if (doc.id !== row.id || doc.number !== row.number || doc.userId !== row.userId || doc.status !== row.status)
        problems.push(`${row.id}: its row and its record disagree`);
      if (!isReservationNumber(doc.number)) problems.push(`${row.id}: number ${doc.number}`);
      if (!RESERVATION_STATUSES.includes(doc.status)) problems.push(`${row.id}: status ${doc.status}`);
      if (!Array.isArray(doc.lines) || doc.lines.length === 0) problems.push(`${row.id}: no lines`);
      for (const line of doc.lines ?? [])
        if (!(Number.isInteger(line.quantity) && line.quantity >= 0 && line.quantity <= line.reservedQuantity))
          problems.push(`${row.id}: a line holds ${line.quantity} of ${line.reservedQuantity}`);
    }
    for (const [id, status] of ledger.acknowledged) {
      const found = stored.get(id);
      if (!found) problems.push(`acknowledged reservation ${id} is missing`);
      else if (!LATER[status].includes(found.status)) problems.push(`${id}: acknowledged ${status}, stored ${found.status}`);
    }
    for (const itemId of items) {
      const item = db.prepare('SELECT stock FROM "Item" WHERE id = ?').get(itemId) as { stock: number } | undefined;
      let held = 0;
      let handedOver = 0;
      for (const reservation of stored.values())
        for (const line of reservation.lines)
          if (line.itemId === itemId) {
            if (isOpenStatus(reservation.status)) held += line.quantity;
            else if (reservation.status === 'PickedUp') handedOver += line.quantity;
          }
      const total = (item?.stock ?? Number.NaN) + held + handedOver;
      if (total !== STARTING_STOCK)
        problems.push(`${itemId}: shelf ${item?.stock} + held ${held} + handed over ${handedOver} = ${total}, not ${STARTING_STOCK}`);
    }
    for (const userId of customerIds) {
      const open = [...stored.values()].filter((reservation) => reservation.userId === userId && isOpenStatus(reservation.status)).length;
      if (open > DEFAULT_MAX_OPEN_RESERVATIONS) problems.push(`${userId}: ${open} open reservations`);
    }
    return { problems, reservations: stored.size };
  } finally {
    db.close();
  }
}

test(`${KILLS} kill -9 during reservations keep every bottle counted once`, async () => {
  const dataDir = makeDataDir('reservations');
  const ledger = new ReservationLedger();
  const problems: string[] = [];
  const started = Date.now();

  // Setup: the shop's hours, counted items, and customers with confirmed addresses.
  let server: ShopProcess = await startShopProcess({ dataDir });
  let staff = await (await ShopClient.connect(server.url)).signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  const settings = { id: 'shop', name: 'Patterson Wine & Liquor', weeklyHours: HOURS, pickupPreparationMinutes: 0 };
  const existing = acknowledged(await staff.admin('query { getShopSettings(id: "shop") { id } }'), 'getShopSettings');
  const saved = await staff.admin(
    `mutation Settings($input: ${existing ? 'Update' : 'Create'}ShopSettingsInput!) { ${existing ? 'update' : 'create'}ShopSettings(input: $input) { id } }`,
    { input: settings },
  );
  expect(saved.errors).toEqual([]);
  const items: string[] = [];
  for (let n = 0; n < ITEMS; n++) {
    const made = await staff.admin('mutation Item($input: CreateItemInput!) { createItem(input: $input) { id } }', {
      input: { name: `Crash Red ${n}`, price: 10 + n, stock: STARTING_STOCK, tags: ['wine'] },
    });
    items.push(acknowledged<{ id: string }>(made, 'createItem')!.id);
  }
  const anonymous = await ShopClient.connect(server.url);
  const customers: Array<{ userId: string; token: string }> = [];
  for (let n = 0; n < CUSTOMERS; n++) {
    const signedUp = await anonymous.public(
      'mutation SignUp($e: String, $p: String) { signUp(firstName: "Crash", lastName: "Customer", email: $e, password: $p, confirmPassword: $p) { token userId } }',
      { e: `crash.customer.${n}.${process.pid}@example.com`, p: PASSWORD },
    );
    customers.push(acknowledged<{ userId: string; token: string }>(signedUp, 'signUp')!);
  }
  server.signal('SIGTERM');
  await server.exited;
  // Confirmation links are mailed; with no mail here, the addresses are confirmed in the file.
  const db = new Database(join(dataDir, 'shop.sqlite3'));
  const confirm = db.prepare('UPDATE "User" SET emailConfirmed = 1 WHERE id = ?');
  for (const { userId } of customers) confirm.run(userId);
  db.close();

  let kills = 0;
  let reservations = 0;
  for (let round = 0; round <= KILLS; round += 1) {
    server = await startShopProcess({ dataDir });
    const verification = verify(
      dataDir,
      items,
      ledger,
      customers.map((customer) => customer.userId),
    );
    problems.push(...verification.problems.map((problem) => `after kill ${round}: ${problem}`));
    reservations = verification.reservations;
    if (round === KILLS) break;

    // Sessions are in the database, so the sign-up's tokens still hold after a restart.
    const clients = customers.map(({ token }) => staff.at(server.url).withSession(token));
    staff = staff.at(server.url);
    let killed = false;
    const stop = () => killed;
    const running = [
      ...clients.map((client) => customerLoop(client, items, ledger, stop)),
      ...Array.from({ length: STAFF }, () => staffLoop(staff, ledger, stop)),
    ];
    // On a busy machine the first calls after a restart are slow: the kill waits for the stream to
    // be under way (a few answered calls), then comes at a random moment within it.
    const answeredBefore = ledger.reservesAcknowledged + ledger.actionsAcknowledged;
    const waitUntil = Date.now() + STREAM_WAIT_MS;
    while (ledger.reservesAcknowledged + ledger.actionsAcknowledged < answeredBefore + 3 && Date.now() < waitUntil) await sleep(20);
    await sleep(KILL_AFTER_MS.min + Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
    server.signal('SIGKILL');
    const exit = await server.exited;
    killed = true;
    kills += exit.signal === 'SIGKILL' ? 1 : 0;
    await Promise.all(running);
  }

  printFigures('kill -9 during reservations', {
    kills,
    seconds: ((Date.now() - started) / 1000).toFixed(1),
    reservesAcknowledged: ledger.reservesAcknowledged,
    actionsAcknowledged: ledger.actionsAcknowledged,
    unansweredAtKills: ledger.unanswered,
    reservationsVerified: reservations,
    refused: ledger.refusals,
    problems: problems.length,
  });
  expect(problems).toEqual([]);
  expect(kills).toBe(KILLS);
  // Enough happened for the checks to mean something.
  expect(ledger.reservesAcknowledged).toBeGreaterThan(KILLS * 3);
  expect(ledger.actionsAcknowledged).toBeGreaterThan(KILLS);
  expect(ledger.unanswered).toBeGreaterThanOrEqual(KILLS);
  server.signal('SIGTERM');
  expect((await server.exited).code).toBe(0);
}, 90_000);
