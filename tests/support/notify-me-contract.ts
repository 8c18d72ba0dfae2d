/**
 * NotifyMeService on a store (decision 0328), the contract both stores meet: the local SQLite one
 * (server/reservations/notify-me-service.test.ts) and DynamoDB's on the in-memory fake
 * (amplify/functions/common/dynamo-notify.test.ts). Who may ask about what, the limit, the
 * customer's list, staff's counts, and each asker mailed exactly once though two restocks race.
 */
import { expect, it } from 'vitest';
import { MAX_NOTIFY_REQUESTS, NOTIFY_MESSAGES } from '../../shared/notify-me';
import { confirmEmailFirstMessage } from '../../shared/messages';
import { ROLE_ADMIN } from '../../shared/roles';
import type { MailMessage, Mailer } from '../../server/accounts/mailer';
import { AppError } from '../../server/errors';
import type { NotifyMeService } from '../../server/reservations/notify-me-service';
import type { ReservationCaller } from '../../server/reservations/reservation-service';

export interface NotifyContractTarget {
  /** A service on a fresh store, mailing with `mailer` (null: no SMTP). */
  service(mailer: Mailer | null): Promise<NotifyMeService>;
  customer(confirmed?: boolean): Promise<ReservationCaller & { email: string }>;
  item(stock: number | null): Promise<string>;
  setStock(id: string, stock: number | null): Promise<void>;
}

const admin: ReservationCaller = { userId: 'staff-1', name: 'Staff', type: ROLE_ADMIN };

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error instanceof AppError ? `${error.errorType}: ${error.message}` : String(error)),
  );

/** Keeps what it is given, as an SMTP server would (the API tests use a real one). */
function collectingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (message) => void sent.push(message) };
}

export function notifyMeContract(target: NotifyContractTarget): void {
  it('refuses guests, staff, an unconfirmed address, an item in stock, one not counted and an unknown one', async () => {
    const service = await target.service(collectingMailer());
    const out = await target.item(0);
    expect(await failure(service.notifyMeWhenBack(null, { itemId: out }))).toBe(`Unauthorized: ${NOTIFY_MESSAGES.signIn}`);
    expect(await failure(service.notifyMeWhenBack(admin, { itemId: out }))).toBe(`Unauthorized: ${NOTIFY_MESSAGES.customersOnly}`);
    expect(await failure(service.myNotifyRequests(null))).toBe(`Unauthorized: ${NOTIFY_MESSAGES.signIn}`);
    const unconfirmed = await target.customer(false);
    expect(await failure(service.notifyMeWhenBack(unconfirmed, { itemId: out }))).toBe(
      `ValidationError: ${confirmEmailFirstMessage(unconfirmed.email)}`,
    );
    const who = await target.customer();
    expect(await failure(service.notifyMeWhenBack(who, { itemId: await target.item(4) }))).toBe(
      `ValidationError: ${NOTIFY_MESSAGES.inStock}`,
    );
    expect(await failure(service.notifyMeWhenBack(who, { itemId: await target.item(null) }))).toBe(
      `ValidationError: ${NOTIFY_MESSAGES.notCounted}`,
    );
    expect(await failure(service.notifyMeWhenBack(who, { itemId: 'no-such-item' }))).toBe(
      `ValidationError: ${NOTIFY_MESSAGES.unknownItem}`,
    );
    expect(await failure(service.notifyMeWhenBack(who, { itemId: 42 }))).toBe(`ValidationError: ${NOTIFY_MESSAGES.unknownItem}`);
    expect(await failure(service.notifyDemand(who))).toBe('Unauthorized: Not Authorized');
    expect(await failure(service.notifyDemand(null))).toBe('Unauthorized: Not Authorized');
  });

  it("keeps one request per customer and item, lists the customer's own and counts them for staff", async () => {
    const service = await target.service(collectingMailer());
    const [a, b] = [await target.item(0), await target.item(0)];
    const ann = await target.customer();
    const bob = await target.customer();
    expect(await service.notifyMeWhenBack(ann, { itemId: a })).toBe(true);
    expect(await service.notifyMeWhenBack(ann, { itemId: a })).toBe(true);
    await service.notifyMeWhenBack(ann, { itemId: b });
    await service.notifyMeWhenBack(bob, { itemId: a });
    expect((await service.myNotifyRequests(ann)).map((request) => request.itemId).sort()).toEqual([a, b].sort());
    expect((await service.myNotifyRequests(bob)).map((request) => request.itemId)).toEqual([a]);
    const demand = await service.notifyDemand(admin);
    expect(demand.find((entry) => entry.itemId === a)).toMatchObject({ count: 2, stock: 0 });
    expect(demand.find((entry) => entry.itemId === b)).toMatchObject({ count: 1 });
    expect(await service.cancelNotifyMe(ann, { itemId: a })).toBe(true);
    expect((await service.myNotifyRequests(ann)).map((request) => request.itemId)).toEqual([b]);
    await service.forgetCustomer(bob.userId);
    expect(await service.myNotifyRequests(bob)).toEqual([]);
    expect((await service.notifyDemand(admin)).find((entry) => entry.itemId === a)).toBeUndefined();
  });

  it(`refuses a customer's request past ${MAX_NOTIFY_REQUESTS} open ones`, async () => {
    const service = await target.service(collectingMailer());
    const who = await target.customer();
    for (let n = 0; n < MAX_NOTIFY_REQUESTS; n++) await service.notifyMeWhenBack(who, { itemId: await target.item(0) });
    expect(await failure(service.notifyMeWhenBack(who, { itemId: await target.item(0) }))).toBe(
      `ValidationError: ${NOTIFY_MESSAGES.tooMany(MAX_NOTIFY_REQUESTS)}`,
    );
  });

  it('mails each asker once when the stock is back, though two restocks answer at once', async () => {
    const mailer = collectingMailer();
    const service = await target.service(mailer);
    const wine = await target.item(0);
    const askers = [await target.customer(), await target.customer(), await target.customer()];
    for (const who of askers) await service.notifyMeWhenBack(who, { itemId: wine });
    expect(await service.answerBackInStock([wine])).toBe(0);
    await target.setStock(wine, null);
    expect(await service.answerBackInStock([wine])).toBe(0);
    await target.setStock(wine, 6);
    const sent = await Promise.all([service.answerBackInStock([wine]), service.answerBackInStock([wine, wine])]);
    expect(sent[0] + sent[1]).toBe(3);
    expect(mailer.sent.map((message) => message.to).sort()).toEqual(askers.map((who) => who.email).sort());
    expect(mailer.sent[0]!.subject).toMatch(/^Back in stock: /);
    expect(await service.answerBackInStock([wine])).toBe(0);
    for (const who of askers) expect(await service.myNotifyRequests(who)).toEqual([]);
  });

  it('keeps the requests while the shop sends no mail', async () => {
    const service = await target.service(null);
    const wine = await target.item(0);
    const who = await target.customer();
    await service.notifyMeWhenBack(who, { itemId: wine });
    await target.setStock(wine, 2);
    expect(await service.answerBackInStock([wine])).toBe(0);
    expect((await service.myNotifyRequests(who)).map((request) => request.itemId)).toEqual([wine]);
  });
}
