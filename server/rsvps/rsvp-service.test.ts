/**
 * RsvpService on the SQLite store (a real data directory), called directly: concurrent calls meet
 * at every await here (over HTTP the local server runs one request's service call through before
 * the next starts), so the write's conditions and the service's deciding again are what keep the
 * capacity (decision 0344) and move the waiting list once (decision 0345).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_USER } from '../../shared/roles';
import { promotions, rsvpStateOf, RSVP_MESSAGES } from '../../shared/rsvp-rules';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import type { ReservationCaller } from '../reservations/reservation-service';
import { RsvpService } from './rsvp-service';
import { SqliteReservationStore } from '../reservations/sqlite-reservation-store';
import { SqliteRsvpStore } from './sqlite-rsvp-store';

/** Tuesday 5 March 2030, 10 AM in New York (EST). */
const NOW = Date.UTC(2030, 2, 5, 15, 0);

let server: TestServer;
let service: RsvpService;
let now = NOW;

beforeAll(async () => {
  server = await startTestServer();
  service = new RsvpService(new SqliteRsvpStore(server.store, new SqliteReservationStore(server.store)), null, null, () => now);
});
afterAll(async () => {
  await server?.stop();
});

let people = 0;
function customer(): ReservationCaller {
  const user = server.store.create('User', {
    email: `guest${++people}@example.com`,
    name: `Guest ${people}`,
    type: ROLE_USER,
    emailConfirmed: true,
  });
  return { userId: user.id, name: String(user.name), type: ROLE_USER };
}
const event = (fields: Record<string, unknown>) =>
  server.store.create('Event', { name: 'Rye night', date: '2030-03-20', time: '19:00', description: 'Rye', takesRsvp: true, ...fields }).id;

describe('RsvpService (calls meeting at every await)', () => {
  it('30 answers at once for the last 8 places: 8 Going, 22 Waiting, never over capacity', async () => {
    const id = event({ rsvpCapacity: 10, rsvpWaitingList: true });
    await service.rsvp(customer(), { eventId: id, partySize: 2 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => service.rsvp(customer(), { eventId: id, partySize: 1 })));
    expect(answers.filter((rsvp) => rsvp.status === 'Going')).toHaveLength(8);
    expect(answers.filter((rsvp) => rsvp.status === 'Waiting')).toHaveLength(22);
    expect(server.store.get('Event', id)!.rsvpTaken).toBe(10);
  });

  it('without a waiting list the rest are told it is full', async () => {
    const id = event({ rsvpCapacity: 5 });
    const answers = await Promise.allSettled(Array.from({ length: 12 }, () => service.rsvp(customer(), { eventId: id, partySize: 1 })));
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(5);
    const reasons = answers.flatMap((answer) => (answer.status === 'rejected' ? [(answer.reason as Error).message] : []));
    expect(reasons).toEqual(Array.from({ length: 7 }, () => RSVP_MESSAGES.fullRefused));
    expect(server.store.get('Event', id)!.rsvpTaken).toBe(5);
  });

  it('two guests leaving at once move the line up once each: nobody is promoted twice, the capacity holds', async () => {
    const id = event({ rsvpCapacity: 2, rsvpWaitingList: true });
    const [a, b] = [customer(), customer()];
    await service.rsvp(a, { eventId: id, partySize: 1 });
    await service.rsvp(b, { eventId: id, partySize: 1 });
    const line = [customer(), customer(), customer()];
    for (const who of line) {
      now += 1_000; // The line's order is when each joined.
      expect((await service.rsvp(who, { eventId: id, partySize: 1 })).status).toBe('Waiting');
    }
    await Promise.all([service.cancelMyRsvp(a, { eventId: id }), service.cancelMyRsvp(b, { eventId: id })]);
    const states = await Promise.all(line.map(async (who) => (await service.myRsvps(who))[0]!));
    expect(states.map((rsvp) => [rsvp.status, rsvp.waitingPosition])).toEqual([
      ['Going', null],
      ['Going', null],
      ['Waiting', 1],
    ]);
    expect(server.store.get('Event', id)!.rsvpTaken).toBe(2);
  });
});

describe('shared/rsvp-rules.ts', () => {
  it('says where an event stands and who moves up', () => {
    const base = { date: '2030-03-20', time: '19:00', takesRsvp: true, rsvpCapacity: 12 };
    expect(rsvpStateOf(base, NOW)).toEqual({ state: 'open', placesLeft: 12, label: '12 places left' });
    expect(rsvpStateOf({ ...base, rsvpTaken: 11 }, NOW).label).toBe('1 place left');
    expect(rsvpStateOf({ ...base, rsvpTaken: 12 }, NOW).label).toBe('Full');
    expect(rsvpStateOf(base, Date.UTC(2030, 2, 20, 23, 0)).label).toBe('Closed');
    expect(rsvpStateOf({ ...base, cancelledAt: '2030-03-01T00:00:00.000Z' }, NOW).state).toBe('cancelled');
    expect(rsvpStateOf({ ...base, takesRsvp: false }, NOW).state).toBe('none');
    const line = [
      { id: 'a', partySize: 3 },
      { id: 'b', partySize: 1 },
      { id: 'c', partySize: 2 },
    ];
    expect(promotions(line, 2).map((rsvp) => rsvp.id)).toEqual(['b']);
    expect(promotions(line, 4).map((rsvp) => rsvp.id)).toEqual(['a', 'b']);
  });
});
