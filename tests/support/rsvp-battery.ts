/**
 * RSVPs to events through the API (product §12, decisions 0343-0349): the battery both backends run,
 * the local server (server/rsvps/rsvps-api.test.ts) and the emulated cloud (tests/cloud/rsvp.test.ts).
 * The contract (the Rsvp type and its operations, as the RSVP screens use them), the editor's
 * fields as the model-write guard checks them, capacity under a crowd answering at once, the
 * waiting list moving up once, staff's list and check-in, cancelling an event, the role matrix
 * of the operations, and the e-mails through a real loopback SMTP inbox: the confirmation with
 * the event's calendar file, the move up, the cancelled event once per guest and the reminder once.
 */
import { expect, it } from 'vitest';
import { RSVP_MESSAGES, rsvpReminderDueAt } from '../../shared/rsvp-rules';
import { addDays, newYorkTime } from '../../shared/shop-hours';
import { mailsTo } from './confirmation-mail';
import type { SmtpInbox } from './smtp-inbox';

export interface RsvpAnswer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ errorType?: string; message: string }>;
}

export type RsvpCaller = (query: string, variables?: Record<string, unknown>) => Promise<RsvpAnswer>;

export interface RsvpTarget {
  admin: RsvpCaller;
  guest: RsvpCaller;
  /** A new signed-in customer, their address confirmed unless `confirmed` is false. */
  customer(confirmed?: boolean): Promise<{ call: RsvpCaller; email: string }>;
  inbox: () => SmtpInbox;
  /** Runs the reminder job as the schedule does, at `now`. */
  sendReminders(now: Date): Promise<void>;
}

export const RSVP_FIELDS =
  'id eventId eventName eventDate eventTime userId partySize status waitingPosition checkedInAt createdAt updatedAt customerName customerEmail';
const RSVP = `mutation ($eventId: ID!, $partySize: Int!) { rsvp(eventId: $eventId, partySize: $partySize) { ${RSVP_FIELDS} } }`;
const CANCEL_MINE = `mutation ($eventId: ID!) { cancelMyRsvp(eventId: $eventId) { ${RSVP_FIELDS} } }`;
const MINE = `query { myRsvps { ${RSVP_FIELDS} } }`;
const LIST = `query ($eventId: ID!) { eventRsvps(eventId: $eventId) { ${RSVP_FIELDS} } }`;
const CHECK_IN = `mutation ($id: ID!, $checkedIn: Boolean!) { checkInRsvp(id: $id, checkedIn: $checkedIn) { ${RSVP_FIELDS} } }`;
const EVENT_FIELDS = 'id name takesRsvp rsvpCapacity rsvpPartyLimit rsvpWaitingList isTasting rsvpTaken cancelledAt';
const CANCEL_EVENT = `mutation ($id: ID!, $reason: String, $message: String) { cancelEvent(id: $id, reason: $reason, message: $message) { ${EVENT_FIELDS} } }`;
const GET_EVENT = `query ($id: ID!) { getEvent(id: $id) { ${EVENT_FIELDS} } }`;
const CREATE_EVENT = `mutation ($input: CreateEventInput!) { createEvent(input: $input) { ${EVENT_FIELDS} } }`;

export interface Rsvp {
  id: string;
  eventId: string;
  eventName: string;
  eventDate: string;
  eventTime: string | null;
  userId: string;
  partySize: number;
  status: string;
  waitingPosition: number | null;
  checkedInAt: string | null;
  customerName: string | null;
  customerEmail: string | null;
}

interface EventRecord {
  id: string;
  rsvpTaken: number | null;
  cancelledAt: string | null;
}

const ok = async (answer: Promise<RsvpAnswer>) => {
  const body = await answer;
  expect(body.errors).toBeUndefined();
  return body.data!;
};

const refused = async (answer: Promise<RsvpAnswer>) => {
  const body = await answer;
  expect(body.errors?.length).toBeGreaterThan(0);
  return body.errors![0]!;
};

/** A New York day `days` from today. */
export const dayFromToday = (days: number) => addDays(newYorkTime(new Date()).date, days);

let made = 0;

/** Every mail to `to` once sends in flight have had time to land. */

export function rsvpBattery(target: RsvpTarget): void {
  const { admin, guest } = target;

  async function event(fields: Record<string, unknown> = {}): Promise<EventRecord> {
    const input = {
      name: `Tasting ${Date.now()}-${++made}`,
      date: dayFromToday(20),
      time: '19:00',
      description: 'Six wines of the Finger Lakes.',
      takesRsvp: true,
      rsvpCapacity: 10,
      ...fields,
    };
    return (await ok(admin(CREATE_EVENT, { input }))).createEvent as EventRecord;
  }
  const taken = async (id: string) => ((await ok(admin(GET_EVENT, { id }))).getEvent as EventRecord).rsvpTaken ?? 0;
  const answer = async (who: RsvpCaller, eventId: string, partySize: number) => (await ok(who(RSVP, { eventId, partySize }))).rsvp as Rsvp;

  it('a customer answers, changes their party and cancels; the event counts the places', async () => {
    const { id } = await event({ isTasting: true });
    const { call, email } = await target.customer();
    const going = await answer(call, id, 2);
    expect(going).toMatchObject({
      eventId: id,
      partySize: 2,
      status: 'Going',
      waitingPosition: null,
      checkedInAt: null,
      eventTime: '19:00',
    });
    expect(going.eventDate).toBe(dayFromToday(20));
    expect(going.customerEmail).toBeNull();
    expect(await taken(id)).toBe(2);
    const mine = (await ok(call(MINE))).myRsvps as Rsvp[];
    expect(mine.map((rsvp) => [rsvp.id, rsvp.partySize])).toEqual([[going.id, 2]]);
    const changed = await answer(call, id, 4);
    expect(changed).toMatchObject({ id: going.id, partySize: 4, status: 'Going' });
    expect(await taken(id)).toBe(4);
    // The confirmation went once, with the event's calendar file; the change sends none.
    const mails = await mailsTo(target.inbox(), email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("You're coming");
    expect(mails[0]!.attachments).toHaveLength(1);
    expect(mails[0]!.attachments[0]!.filename).toMatch(/\.ics$/);
    expect(mails[0]!.attachments[0]!.content).toContain('BEGIN:VEVENT');
    expect(mails[0]!.attachments[0]!.content).toContain(`UID:event-${id}@`);
    const cancelled = (await ok(call(CANCEL_MINE, { eventId: id }))).cancelMyRsvp as Rsvp;
    expect(cancelled.status).toBe('Cancelled');
    expect(await taken(id)).toBe(0);
    expect((await ok(call(MINE))).myRsvps).toEqual([]);
    expect((await refused(call(CANCEL_MINE, { eventId: id }))).message).toBe(RSVP_MESSAGES.noRsvp);
  });

  it('refuses what the rules refuse, with the messages customers see', async () => {
    const open = await event();
    const { call } = await target.customer();
    expect((await refused(call(RSVP, { eventId: open.id, partySize: 5 }))).message).toBe(RSVP_MESSAGES.partySize(4));
    expect((await refused(call(RSVP, { eventId: open.id, partySize: 0 }))).message).toBe(RSVP_MESSAGES.partySize(4));
    const limited = await event({ rsvpPartyLimit: 2 });
    expect((await refused(call(RSVP, { eventId: limited.id, partySize: 3 }))).message).toBe(RSVP_MESSAGES.partySize(2));
    const plain = await event({ takesRsvp: false, rsvpCapacity: null });
    expect((await refused(call(RSVP, { eventId: plain.id, partySize: 1 }))).message).toBe(RSVP_MESSAGES.notTakingRsvps);
    const started = await event({ date: dayFromToday(-1) });
    expect((await refused(call(RSVP, { eventId: started.id, partySize: 1 }))).message).toBe(RSVP_MESSAGES.closedRefused);
    expect((await refused(call(RSVP, { eventId: 'no-such-event', partySize: 1 }))).message).toBe(RSVP_MESSAGES.noEvent);
    const unconfirmed = await target.customer(false);
    expect((await refused(unconfirmed.call(RSVP, { eventId: open.id, partySize: 1 }))).message).toMatch(
      /^Confirm your email address first/,
    );
    // Full without a waiting list; a guest coming who asks for more than is free keeps their places.
    const small = await event({ rsvpCapacity: 3 });
    const first = await target.customer();
    await answer(first.call, small.id, 2);
    const second = await target.customer();
    expect((await refused(second.call(RSVP, { eventId: small.id, partySize: 2 }))).message).toBe(RSVP_MESSAGES.fullRefused);
    expect((await refused(first.call(RSVP, { eventId: small.id, partySize: 4 }))).message).toBe(RSVP_MESSAGES.onlyLeft(3));
    expect(await taken(small.id)).toBe(2);
    expect(await answer(second.call, small.id, 1)).toMatchObject({ status: 'Going' });
    expect(await taken(small.id)).toBe(3);
  });

  it("the editor's RSVP fields are checked and the server's own are refused", async () => {
    const create = (input: Record<string, unknown>) =>
      refused(admin(CREATE_EVENT, { input: { name: 'Bad', date: dayFromToday(5), description: 'x', ...input } }));
    expect((await create({ takesRsvp: true, rsvpCapacity: 0 })).message).toBe(RSVP_MESSAGES.field('Capacity', 1, 500));
    expect((await create({ takesRsvp: true, rsvpCapacity: 501 })).message).toBe(RSVP_MESSAGES.field('Capacity', 1, 500));
    expect((await create({ takesRsvp: true, rsvpCapacity: 10, rsvpPartyLimit: 21 })).message).toBe(
      RSVP_MESSAGES.field('Places per customer', 1, 20),
    );
    expect((await create({ takesRsvp: true })).message).toBe(RSVP_MESSAGES.capacityRequired);
    expect((await create({ takesRsvp: true, rsvpCapacity: 10, rsvpTaken: 0 })).message).toBe(RSVP_MESSAGES.serverOnly('rsvpTaken'));
    const { id } = await event();
    const update = await refused(
      admin('mutation ($input: UpdateEventInput!) { updateEvent(input: $input) { id } }', { input: { id, rsvpTaken: 0 } }),
    );
    expect(update.message).toBe(RSVP_MESSAGES.serverOnly('rsvpTaken'));
    const cancel = await refused(
      admin('mutation ($input: UpdateEventInput!) { updateEvent(input: $input) { id } }', {
        input: { id, cancelledAt: new Date().toISOString() },
      }),
    );
    expect(cancel.message).toBe(RSVP_MESSAGES.serverOnly('cancelledAt'));
  });

  it('30 customers answering at once for the last 8 places: exactly 8 come, 22 wait in line; a cancel moves the line once', async () => {
    const { id } = await event({ rsvpCapacity: 10, rsvpWaitingList: true });
    const early = await target.customer();
    await answer(early.call, id, 2);
    // Signed up one after another (the cloud's sign-ups are limited per address), answering at once.
    const crowd: Array<{ call: RsvpCaller; email: string }> = [];
    for (let n = 0; n < 30; n++) crowd.push(await target.customer());
    const answers = await Promise.all(crowd.map((who) => answer(who.call, id, 1)));
    expect(answers.filter((rsvp) => rsvp.status === 'Going')).toHaveLength(8);
    expect(answers.filter((rsvp) => rsvp.status === 'Waiting')).toHaveLength(22);
    expect(await taken(id)).toBe(10);
    const list = (await ok(admin(LIST, { eventId: id }))).eventRsvps as Rsvp[];
    expect(list.filter((rsvp) => rsvp.status === 'Going')).toHaveLength(9);
    const line = list.filter((rsvp) => rsvp.status === 'Waiting');
    expect(line.map((rsvp) => rsvp.waitingPosition)).toEqual(Array.from({ length: 22 }, (_, index) => index + 1));
    expect(list.every((rsvp) => rsvp.customerEmail && rsvp.customerName)).toBe(true);
    // The early customer's party of 2 leaves: the first two in line come, each mailed once.
    await ok(early.call(CANCEL_MINE, { eventId: id }));
    expect((await refused(early.call(CANCEL_MINE, { eventId: id }))).message).toBe(RSVP_MESSAGES.noRsvp);
    const after = (await ok(admin(LIST, { eventId: id }))).eventRsvps as Rsvp[];
    const promoted = line.slice(0, 2).map((rsvp) => rsvp.id);
    expect(after.filter((rsvp) => rsvp.status === 'Going').map((rsvp) => rsvp.id)).toEqual(expect.arrayContaining(promoted));
    expect(after.filter((rsvp) => rsvp.status === 'Going')).toHaveLength(10);
    expect(after.filter((rsvp) => rsvp.status === 'Waiting').map((rsvp) => rsvp.waitingPosition)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(await taken(id)).toBe(10);
    for (const rsvp of line.slice(0, 3)) {
      const mails = (await mailsTo(target.inbox(), rsvp.customerEmail!)).filter((mail) => mail.subject.startsWith('A place opened up'));
      expect(mails).toHaveLength(line.slice(0, 2).includes(rsvp) ? 1 : 0);
    }
    // The waiting customer sees their place in line.
    const third = crowd.find((who) => who.email === line[2]!.customerEmail)!;
    expect(((await ok(third.call(MINE))).myRsvps as Rsvp[])[0]).toMatchObject({ status: 'Waiting', waitingPosition: 1 });
  });

  it('role matrix: guests none, a customer only their own, staff the lists, check-in and cancelling', async () => {
    const { id } = await event();
    const owner = await target.customer();
    const other = await target.customer();
    const mine = await answer(owner.call, id, 1);
    expect((await ok(other.call(MINE))).myRsvps).toEqual([]);
    for (const [query, variables] of [
      [RSVP, { eventId: id, partySize: 1 }],
      [CANCEL_MINE, { eventId: id }],
      [MINE, {}],
      [LIST, { eventId: id }],
      [CHECK_IN, { id: mine.id, checkedIn: true }],
      [CANCEL_EVENT, { id }],
    ] as const) {
      const error = await refused(guest(query, variables));
      expect(error.errorType ?? error.message).toMatch(/Unauthorized|Not Authorized/);
    }
    for (const [query, variables] of [
      [LIST, { eventId: id }],
      [CHECK_IN, { id: mine.id, checkedIn: true }],
      [CANCEL_EVENT, { id }],
    ] as const) {
      const error = await refused(other.call(query, variables));
      expect(error.errorType ?? error.message).toMatch(/Unauthorized|Not Authorized/);
    }
    // Staff answer for nobody (decision 0313's rule for customers' own lists).
    for (const [query, variables] of [
      [RSVP, { eventId: id, partySize: 1 }],
      [CANCEL_MINE, { eventId: id }],
      [MINE, {}],
    ] as const) {
      const error = await refused(admin(query, variables));
      expect(error.errorType ?? error.message).toMatch(/Unauthorized|Not Authorized/);
    }
    // The other customer cancelling cancels nothing of the owner's.
    expect((await refused(other.call(CANCEL_MINE, { eventId: id }))).message).toBe(RSVP_MESSAGES.noRsvp);
    expect(await taken(id)).toBe(1);
    const checked = (await ok(admin(CHECK_IN, { id: mine.id, checkedIn: true }))).checkInRsvp as Rsvp;
    expect(checked.checkedInAt).not.toBeNull();
    expect(checked.customerEmail).toBe(owner.email);
    const undone = (await ok(admin(CHECK_IN, { id: mine.id, checkedIn: false }))).checkInRsvp as Rsvp;
    expect(undone.checkedInAt).toBeNull();
    expect((await refused(admin(CHECK_IN, { id: 'r-no-such', checkedIn: true }))).message).toBe(RSVP_MESSAGES.noSuchRsvp);
  });

  it("cancelling an event cancels its RSVPs and mails every guest once with the shop's message, never staff's note, even pressed twice at once", async () => {
    const { id } = await event({ rsvpCapacity: 3, rsvpWaitingList: true });
    const guests = [await target.customer(), await target.customer(), await target.customer()];
    await answer(guests[0]!.call, id, 3);
    expect(await answer(guests[1]!.call, id, 1)).toMatchObject({ status: 'Waiting' });
    const [first, second] = await Promise.all([
      admin(CANCEL_EVENT, { id, reason: 'Supplier owes us for two cases', message: 'The winemaker is ill' }),
      admin(CANCEL_EVENT, { id, reason: 'Supplier owes us for two cases', message: 'The winemaker is ill' }),
    ]);
    expect(first.errors).toBeUndefined();
    expect(second.errors).toBeUndefined();
    const cancelled = first.data!.cancelEvent as EventRecord;
    expect(cancelled.cancelledAt).not.toBeNull();
    for (const who of guests.slice(0, 2)) {
      const mails = (await mailsTo(target.inbox(), who.email)).filter((mail) => mail.subject.startsWith('Cancelled:'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('The winemaker is ill');
      // Staff's note stays with staff (decision 0368).
      expect(mails[0]!.text).not.toContain('Supplier owes us');
      expect((await ok(who.call(MINE))).myRsvps).toEqual([]);
    }
    expect(await taken(id)).toBe(0);
    expect((await refused(guests[2]!.call(RSVP, { eventId: id, partySize: 1 }))).message).toBe(RSVP_MESSAGES.eventCancelled);
    expect((await ok(admin(LIST, { eventId: id }))).eventRsvps).toEqual([]);
  });

  it('deleting an event with RSVPs mails its guests as cancelling does', async () => {
    const { id } = await event();
    const who = await target.customer();
    await answer(who.call, id, 2);
    await ok(admin('mutation ($input: DeleteEventInput!) { deleteEvent(input: $input) { id } }', { input: { id } }));
    const mails = async () => (await mailsTo(target.inbox(), who.email, 1_500)).filter((mail) => mail.subject.startsWith('Cancelled:'));
    expect(await mails()).toHaveLength(1);
    expect((await ok(who.call(MINE))).myRsvps).toEqual([]);
  });

  it('the reminder goes out the day before, once, to guests coming', async () => {
    const date = dayFromToday(3);
    const { id } = await event({ date, time: '18:30', rsvpCapacity: 1, rsvpWaitingList: true });
    const coming = await target.customer();
    const waiting = await target.customer();
    await answer(coming.call, id, 1);
    expect(await answer(waiting.call, id, 1)).toMatchObject({ status: 'Waiting' });
    const due = rsvpReminderDueAt({ date });
    await target.sendReminders(new Date(due - 60_000));
    const reminders = async (email: string) =>
      (await mailsTo(target.inbox(), email)).filter((mail) => mail.subject.startsWith('Tomorrow:'));
    expect(await reminders(coming.email)).toHaveLength(0);
    await Promise.all([target.sendReminders(new Date(due + 60_000)), target.sendReminders(new Date(due + 60_000))]);
    await target.sendReminders(new Date(due + 2 * 60_000));
    const sent = await reminders(coming.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('6:30 PM');
    expect(await reminders(waiting.email)).toHaveLength(0);
  });

  it('answering is rate-limited per customer, as reserving is', async () => {
    const { id } = await event({ rsvpCapacity: 50 });
    const { call } = await target.customer();
    const answers = await Promise.all(Array.from({ length: 14 }, (_, index) => call(RSVP, { eventId: id, partySize: (index % 4) + 1 })));
    const limited = answers.filter((body) => body.errors?.[0]?.errorType === 'TooManyRequests');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.errors![0]!.message).toMatch(/^Too many answers at once/);
  });
}
