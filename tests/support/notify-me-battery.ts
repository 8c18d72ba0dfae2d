/**
 * "Notify me when it's back" through the API into a real loopback SMTP inbox (decision 0328), the
 * battery both backends run: the local server (server/reservations/notify-me-api.test.ts) and the
 * emulated cloud (tests/cloud/notify-me.test.ts). Who may call what, the refusals, one mail per
 * asker when staff raise the stock (twice at once too), a till stock file raises it, or a cancelled
 * reservation puts it back; one customer hammering ask and cancel (decision 0337).
 */
import { beforeAll, expect, it } from 'vitest';
import { confirmEmailFirstMessage } from '../../shared/messages';
import { NOTIFY_RATE } from '../../server/reservations/notify-me-service';
import { newImportId } from '../../shared/import-chunks';
import { NOTIFY_MESSAGES } from '../../shared/notify-me';
import { mailsTo } from './confirmation-mail';
import { openShopForMail, reserveTwo, type MailCaller } from './reservation-mail-battery';
import type { SmtpInbox } from './smtp-inbox';

export interface NotifyMeTarget {
  admin: MailCaller;
  guest: MailCaller;
  /** A new signed-in customer; `confirmed` false leaves the address unconfirmed. */
  customer(confirmed?: boolean): Promise<{ call: MailCaller; email: string }>;
  inbox: () => SmtpInbox;
}

const ASK = 'mutation ($itemId: ID!) { notifyMeWhenBack(itemId: $itemId) }';
const CANCEL = 'mutation ($itemId: ID!) { cancelNotifyMe(itemId: $itemId) }';
const MINE = 'query { myNotifyRequests { itemId name stock createdAt } }';
const DEMAND = 'query { notifyDemand { itemId name stock count } }';
const CREATE_ITEM = 'mutation ($input: CreateItemInput!) { createItem(input: $input) { id name } }';
const UPDATE_ITEM = 'mutation ($input: UpdateItemInput!) { updateItem(input: $input) { id stock } }';
const STOCK_FILE = `mutation ($importId: String!, $rows: [ItemImportRowInput!]!, $apply: Boolean) {
  importItems(importId: $importId, offset: 0, rows: $rows, apply: $apply, stockOnly: true) { applied appliedRows failure } }`;
const ACTION = 'mutation ($id: ID!, $reason: String) { reservationAction(id: $id, action: "cancel", reason: $reason) { status } }';

export function notifyMeBattery(target: NotifyMeTarget): void {
  beforeAll(() => openShopForMail(target.admin));
  let made = 0;
  const item = async (stock: number | null, upc?: string) =>
    (
      await target.admin(CREATE_ITEM, {
        input: { name: `Notify Barolo ${Date.now()}-${++made}`, price: 40, stock, tags: ['wine'], ...(upc ? { upc } : {}) },
      })
    ).data!.createItem as { id: string; name: string };
  const refusal = async (answer: Promise<{ errors?: Array<{ errorType?: string; message: string }> }>) => (await answer).errors?.[0];
  const demandOf = async (itemId: string) =>
    ((await target.admin(DEMAND)).data!.notifyDemand as Array<{ itemId: string; count: number }>).find((entry) => entry.itemId === itemId);

  it('guests reach nothing, a customer only their own, staff the counts only', async () => {
    const { id } = await item(0);
    for (const [query, variables] of [
      [ASK, { itemId: id }],
      [CANCEL, { itemId: id }],
      [MINE, {}],
      [DEMAND, {}],
    ] as const)
      expect((await refusal(target.guest(query, variables)))?.errorType).toBe('Unauthorized');
    const who = await target.customer();
    expect((await refusal(who.call(DEMAND)))?.errorType).toBe('Unauthorized');
    expect(await refusal(target.admin(ASK, { itemId: id }))).toMatchObject({
      errorType: 'Unauthorized',
      message: NOTIFY_MESSAGES.customersOnly,
    });
  });

  it('refuses an unconfirmed address (as reserving does) and an item in stock', async () => {
    const out = await item(0);
    const unconfirmed = await target.customer(false);
    expect((await refusal(unconfirmed.call(ASK, { itemId: out.id })))?.message).toBe(confirmEmailFirstMessage(unconfirmed.email));
    const who = await target.customer();
    expect((await refusal(who.call(ASK, { itemId: (await item(3)).id })))?.message).toBe(NOTIFY_MESSAGES.inStock);
    expect((await refusal(who.call(ASK, { itemId: (await item(null)).id })))?.message).toBe(NOTIFY_MESSAGES.notCounted);
  });

  it('mails each asker once when staff raise the stock, twice at once, and the requests are gone', async () => {
    const inbox = target.inbox();
    const wine = await item(0);
    const askers = [await target.customer(), await target.customer()];
    for (const who of askers) expect((await who.call(ASK, { itemId: wine.id })).data).toEqual({ notifyMeWhenBack: true });
    expect((await askers[0]!.call(MINE)).data!.myNotifyRequests).toEqual([
      expect.objectContaining({ itemId: wine.id, name: wine.name, stock: 0 }),
    ]);
    expect(await demandOf(wine.id)).toMatchObject({ count: 2 });
    await Promise.all([
      target.admin(UPDATE_ITEM, { input: { id: wine.id, stock: 4 } }),
      target.admin(UPDATE_ITEM, { input: { id: wine.id, stock: 6 } }),
    ]);
    for (const who of askers) {
      const mail = await inbox.next(who.email, 15_000);
      expect(mail.subject).toBe(`Back in stock: ${wine.name}`);
    }
    for (const who of askers) expect(await mailsTo(inbox, who.email)).toHaveLength(1);
    expect((await askers[0]!.call(MINE)).data!.myNotifyRequests).toEqual([]);
    expect(await demandOf(wine.id)).toBeUndefined();
  });

  it("mails an asker when staff's cancelling puts the last bottles back; a cancelled request is not mailed", async () => {
    const inbox = target.inbox();
    const holder = await target.customer();
    const reservation = await reserveTwo(target.admin, holder.call);
    const lines = (await holder.call('query { myReservations { id lines { itemId } } }')).data!.myReservations as Array<{
      id: string;
      lines: Array<{ itemId: string }>;
    }>;
    const itemId = lines.find((entry) => entry.id === reservation.id)!.lines[0]!.itemId;
    // The till counts the 2 held bottles and no more: nothing is offered until the reservation lets them go (decision 0367).
    await target.admin(UPDATE_ITEM, { input: { id: itemId, stock: 2 } });
    const asker = await target.customer();
    const changedMind = await target.customer();
    await asker.call(ASK, { itemId });
    await changedMind.call(ASK, { itemId });
    expect((await changedMind.call(CANCEL, { itemId })).data).toEqual({ cancelNotifyMe: true });
    expect((await target.admin(ACTION, { id: reservation.id, reason: 'Customer called' })).errors).toBeUndefined();
    expect((await inbox.next(asker.email, 15_000)).subject).toMatch(/^Back in stock: /);
    expect(await mailsTo(inbox, changedMind.email)).toHaveLength(0);
  });

  it('mails each asker once when a till stock file raises the item from 0; a dry run mails no one', async () => {
    const inbox = target.inbox();
    const upc = `NOTIFY-TILL-${Date.now()}-${++made}`;
    const wine = await item(0, upc);
    const askers = [await target.customer(), await target.customer()];
    for (const who of askers) expect((await who.call(ASK, { itemId: wine.id })).data).toEqual({ notifyMeWhenBack: true });
    const stockFile = async (apply: boolean) => {
      const body = await target.admin(STOCK_FILE, { importId: newImportId(), rows: [{ row: 2, upc, quantity: '12' }], apply });
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      return body.data!.importItems as { applied: boolean; appliedRows: number[]; failure: string | null };
    };
    expect(await stockFile(false)).toMatchObject({ applied: false, failure: null });
    for (const who of askers) expect(await mailsTo(inbox, who.email)).toHaveLength(0);
    expect(await demandOf(wine.id)).toMatchObject({ count: 2, stock: 0 });

    expect(await stockFile(true)).toMatchObject({ applied: true, appliedRows: [2], failure: null });
    for (const who of askers) {
      const mail = await inbox.next(who.email, 15_000);
      expect(mail.subject).toBe(`Back in stock: ${wine.name}`);
      expect(await mailsTo(inbox, who.email)).toHaveLength(1);
      expect((await who.call(MINE)).data!.myNotifyRequests).toEqual([]);
    }
    expect(await demandOf(wine.id)).toBeUndefined();
  });

  it('one customer hammering ask is refused with the rate-limit error past its burst, cancels stay harmless, and the shop keeps answering', async () => {
    const wine = await item(0);
    const attacker = await target.customer();
    const began = Date.now();
    const asks = await Promise.all(Array.from({ length: 30 }, () => attacker.call(ASK, { itemId: wine.id })));
    // The burst, and one more per interval the flood lasted (the emulated cloud serves it over seconds).
    const refilled = Math.floor((Date.now() - began) / NOTIFY_RATE.intervalMs);
    const granted = asks.filter((body) => body.data?.notifyMeWhenBack === true);
    const refused = asks.filter((body) => body.errors);
    expect(granted.length).toBeGreaterThan(0);
    expect(granted.length).toBeLessThanOrEqual(NOTIFY_RATE.burst + refilled);
    expect(refused.length).toBeGreaterThan(0);
    expect(granted.length + refused.length).toBe(asks.length);
    for (const body of refused) {
      expect(body.errors![0]!.errorType).toBe('TooManyRequests');
      expect(body.errors![0]!.message).toMatch(/^Too many (requests|attempts) at once\. Try again in \d+ seconds?\.$/);
    }
    // Asked once, stored once, however often.
    expect((await attacker.call(MINE)).data!.myNotifyRequests).toEqual([expect.objectContaining({ itemId: wine.id })]);
    expect(await demandOf(wine.id)).toMatchObject({ count: 1 });

    // Cancelling only removes the caller's own request (decision 0337): many at once answer true, leave none.
    const cancels = await Promise.all(Array.from({ length: 30 }, () => attacker.call(CANCEL, { itemId: wine.id })));
    for (const body of cancels) expect(body).toEqual({ data: { cancelNotifyMe: true } });
    expect((await attacker.call(MINE)).data!.myNotifyRequests).toEqual([]);

    // The shop answers others at once: a visitor's read and another customer's ask.
    const started = Date.now();
    expect((await target.guest('query { listItems(limit: 1) { items { id } } }')).errors).toBeUndefined();
    const other = await target.customer();
    expect((await other.call(ASK, { itemId: wine.id })).data).toEqual({ notifyMeWhenBack: true });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
}
